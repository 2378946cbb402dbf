/**
 * Where a pack comes from, on the command line: a .zip, a folder, or an npm package (already in
 * node_modules, or fetched with `npm install --ignore-scripts` into a temporary folder: nothing
 * in it runs, and it is read with the same limits as any folder).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_PACK_LIMITS, MANIFEST_FILE, type PackLimits } from '../limits.js';
import { packError, type PackFiles } from '../files.js';
import { readZip } from '../zip.js';
import { readFolder } from './folder.js';

const NPM_NAME = /^(@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*(@[^\s/]+)?$/;

export function readZipFile(path: string, limits: PackLimits = DEFAULT_PACK_LIMITS): PackFiles {
  const size = statSync(path).size;
  if (size > limits.maxTotalBytes) throw packError(path, null, `refused: a ${size}-byte zip (the limit is ${limits.maxTotalBytes} bytes)`);
  return readZip(new Uint8Array(readFileSync(path)), path, limits);
}

/** node_modules/<name> holding a manifest, looked for from `from` upwards. */
export function findNpmPack(name: string, from = process.cwd()): string | null {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, MANIFEST_FILE))) return candidate;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

export const looksLikeNpmName = (s: string) => NPM_NAME.test(s) && !s.endsWith('.zip');

/** A pack from a path (zip or folder) or an npm name. `fetchNpm` allows going to the registry. */
export function readPackSource(arg: string, opts: { fetchNpm?: boolean; limits?: PackLimits } = {}): PackFiles {
  const limits = opts.limits ?? DEFAULT_PACK_LIMITS;
  if (existsSync(arg)) {
    const st = statSync(arg);
    if (st.isDirectory()) return readFolder(arg, limits);
    if (/\.zip$/i.test(arg)) return readZipFile(arg, limits);
    throw packError(arg, null, 'not a pack: give a folder, a .zip or an npm package name');
  }
  if (!looksLikeNpmName(arg)) throw packError(arg, null, 'no such file or folder, and not an npm package name');
  const bare = arg.replace(/(.)@[^/]*$/, '$1');
  const local = findNpmPack(bare);
  if (local) return { ...readFolder(local, limits), origin: `npm:${bare}` };
  if (!opts.fetchNpm)
    throw packError(
      arg,
      null,
      `no npm package "${bare}" with a ${MANIFEST_FILE} in node_modules (npm install ${bare}, or phasebook pack install ${bare})`,
    );
  const tmp = mkdtempSync(join(tmpdir(), 'phasebook-npm-'));
  try {
    try {
      execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', '--prefix', tmp, arg], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    } catch (err) {
      const msg =
        String((err as { stderr?: Buffer }).stderr ?? '')
          .split('\n')
          .find((l) => /ERR/.test(l)) ?? 'npm install failed';
      throw packError(`npm:${arg}`, null, msg.trim());
    }
    const dir = join(tmp, 'node_modules', bare);
    if (!existsSync(join(dir, MANIFEST_FILE))) throw packError(`npm:${arg}`, null, `the package has no ${MANIFEST_FILE}: not a rule pack`);
    const pf = readFolder(dir, limits);
    return { origin: `npm:${arg}`, files: pf.files };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
