/**
 * Installed packs (Node): `phasebook-packs/<author>/<name>/` in the project folder, with the
 * files the pack was installed from (only those taken: manifest, documents, text), and
 * `phasebook-lock.json` beside it giving each pack's exact version, integrity (sha-512) and
 * source, so that a campaign replays with exactly the same rules.
 *
 * An install checks everything in memory first — limits, manifest, every document, the
 * dependency graph of the installed packs plus the new ones, presets — and writes nothing
 * unless all of it passes. It then writes into a staging folder inside phasebook-packs/ and
 * renames each pack into place, and the lock file last (written whole, then renamed).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PhasebookError, type Diagnostic } from '../../diagnostics.js';
import { Core } from '../../core.js';
import { packageRoot, schemaValidator } from '../../pipeline.js';
import { createSchemaValidator, type SchemaValidator } from '../../validate/index.js';
import { LANGUAGE_VERSION } from '../../migrate/version.js';
import { canonicalBytes } from '../integrity.js';
import { packError, type PackFile, type PackFiles } from '../files.js';
import { checkPack } from '../check.js';
import { dependencyOrder, mergePacks, type PackSet } from '../graph.js';
import { loadPack, type LoadContext, type LoadedPack } from '../load.js';
import { packLabel } from '../manifest.js';
import { MANIFEST_FILE } from '../limits.js';
import { readFolder } from './folder.js';
import { writeWhole } from '../../write-whole.js';

export const PACKS_DIR = 'phasebook-packs';
export const LOCK_FILE = 'phasebook-lock.json';

export interface LockEntry {
  version: string;
  integrity: string;
  source: string;
  dependencies?: Record<string, string>;
}
export interface LockFile {
  lockfileVersion: 1;
  language: string;
  packs: Record<string, LockEntry>;
}

let manifestValidator: SchemaValidator | null = null;
let context: LoadContext | null = null;
export function nodeContext(): LoadContext {
  manifestValidator ??= createSchemaValidator([
    JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'pack.schema.json'), 'utf8')) as object,
  ]);
  context ??= { core: new Core(schemaValidator()), manifestValidator };
  return context;
}

export function integrity(files: readonly PackFile[]): string {
  return `sha512-${createHash('sha512').update(canonicalBytes(files)).digest('base64')}`;
}

export const packDir = (root: string, id: string) => join(root, PACKS_DIR, ...id.split('/'));

export function readLock(root: string): LockFile {
  const path = join(root, LOCK_FILE);
  if (!existsSync(path)) return { lockfileVersion: 1, language: LANGUAGE_VERSION, packs: {} };
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as LockFile;
    if (v.lockfileVersion !== 1 || typeof v.packs !== 'object') throw new Error('unknown lockfileVersion');
    return v;
  } catch (err) {
    throw packError(path, null, `a damaged lock file (${err instanceof Error ? err.message : String(err)})`);
  }
}

export interface InstalledPack {
  pack: LoadedPack;
  lock: LockEntry;
  integrity: string;
}

/** The installed packs, each read back with the same checks as an install, and its integrity compared with the lock. */
export function installedPacks(root: string): { set: PackSet; entries: InstalledPack[]; problems: Diagnostic[] } {
  const lock = readLock(root);
  const entries: InstalledPack[] = [];
  const problems: Diagnostic[] = [];
  for (const [id, entry] of Object.entries(lock.packs).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const dir = packDir(root, id);
    try {
      const pack = loadPack(readFolder(dir), nodeContext());
      const sum = integrity(pack.files);
      if (sum !== entry.integrity)
        problems.push({
          file: dir,
          line: 1,
          col: 1,
          pointer: '',
          message: `${id} was changed after it was installed (integrity differs from ${LOCK_FILE}); reinstall it`,
          severity: 'warning',
        });
      entries.push({ pack, lock: entry, integrity: sum });
    } catch (err) {
      if (!(err instanceof PhasebookError)) throw err;
      problems.push(...err.diagnostics);
    }
  }
  return { set: new Map(entries.map((e) => [e.pack.manifest.id, e.pack])), entries, problems };
}

/** The folders of the systems shipped with the package (`rulesets/<folder>/phasebook-pack.json`), by pack id. */
let shippedDirs: Map<string, string> | null = null;
const shippedLoaded = new Map<string, LoadedPack>();

/**
 * A system shipped with Phasebook (`rulesets/<folder>/`), by its pack id: available without an install, as
 * in the editor. Only its manifest's id is read until it is asked for; an installed pack of the
 * same id is used instead (callers ask the installed packs first).
 */
export function shippedPack(id: string): LoadedPack | undefined {
  if (!shippedDirs) {
    shippedDirs = new Map();
    const dir = join(packageRoot(), 'rulesets');
    for (const name of existsSync(dir) ? readdirSync(dir).sort() : []) {
      const manifest = join(dir, name, MANIFEST_FILE);
      if (!existsSync(manifest)) continue;
      const m = JSON.parse(readFileSync(manifest, 'utf8')) as { id?: unknown };
      if (typeof m.id === 'string') shippedDirs.set(m.id, join(dir, name));
    }
  }
  const folder = shippedDirs.get(id);
  if (folder === undefined) return undefined;
  let pack = shippedLoaded.get(id);
  if (!pack) shippedLoaded.set(id, (pack = loadPack(readFolder(folder), nodeContext())));
  return pack;
}

/** `set` with the shipped systems its packs depend on (transitively) and it lacks. */
export function withShippedDependencies(set: PackSet): PackSet {
  const queue = [...set.values()];
  while (queue.length) {
    const p = queue.shift()!;
    for (const dep of Object.keys(p.manifest.dependencies ?? {})) {
      if (set.has(dep)) continue;
      const q = shippedPack(dep);
      if (q) {
        set.set(dep, q);
        queue.push(q);
      }
    }
  }
  return set;
}

export interface InstallResult {
  installed: Array<{ pack: LoadedPack; integrity: string; replaced?: string }>;
  warnings: Diagnostic[];
}

/** Check packs against the installed ones, in memory. Throws PhasebookError; writes nothing. */
export function planInstall(root: string, sources: PackFiles[]): { incoming: LoadedPack[]; set: PackSet; warnings: Diagnostic[] } {
  const ctx = nodeContext();
  const incoming = sources.map((s) => loadPack(s, ctx));
  const newIds = mergePacks(incoming); // two incoming packs with one id: refused
  const { set: installed } = installedPacks(root);
  const kept = [...installed.values()].filter((p) => !newIds.has(p.manifest.id));
  const set = withShippedDependencies(mergePacks(kept, incoming));
  dependencyOrder(set);
  const errors = incoming.flatMap((p) => checkPack(set, p, ctx.core));
  if (errors.length) throw new PhasebookError(errors);
  return { incoming, set, warnings: incoming.flatMap((p) => p.warnings) };
}

function writeFiles(dir: string, files: readonly PackFile[]): void {
  for (const f of files) {
    const path = join(dir, ...f.path.split('/'));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, f.bytes, { flag: 'wx' });
  }
}

function writeLock(root: string, lock: LockFile): void {
  writeWhole(join(root, LOCK_FILE), JSON.stringify(lock, null, 2) + '\n');
}

export function install(root: string, sources: PackFiles[]): InstallResult {
  const { incoming, warnings } = planInstall(root, sources);
  const lock = readLock(root);
  const base = join(root, PACKS_DIR);
  const staging = join(base, `.staging-${randomBytes(6).toString('hex')}`);
  mkdirSync(staging, { recursive: true });
  const installed: InstallResult['installed'] = [];
  try {
    incoming.forEach((p, i) => writeFiles(join(staging, String(i)), p.files));
    incoming.forEach((p, i) => {
      const target = packDir(root, p.manifest.id);
      mkdirSync(dirname(target), { recursive: true });
      const old = lock.packs[p.manifest.id]?.version;
      if (existsSync(target)) renameSync(target, join(staging, `old-${i}`));
      renameSync(join(staging, String(i)), target);
      const sum = integrity(p.files);
      lock.packs[p.manifest.id] = {
        version: p.manifest.version,
        integrity: sum,
        source: p.origin,
        ...(p.manifest.dependencies ? { dependencies: p.manifest.dependencies } : {}),
      };
      installed.push({ pack: p, integrity: sum, ...(old ? { replaced: old } : {}) });
    });
    lock.language = LANGUAGE_VERSION;
    lock.packs = Object.fromEntries(Object.entries(lock.packs).sort(([a], [b]) => (a < b ? -1 : 1)));
    writeLock(root, lock);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { installed, warnings };
}

/** Remove an installed pack; refused while another installed pack depends on it. */
export function remove(root: string, id: string): LockEntry {
  const lock = readLock(root);
  const entry = lock.packs[id];
  if (!entry) throw packError(id, null, `not installed (phasebook pack list shows what is)`);
  const users = Object.entries(lock.packs).filter(([other, e]) => other !== id && e.dependencies && id in e.dependencies);
  if (users.length) {
    const [other, e] = users[0]!;
    throw packError(id, null, `${other} ${e.version} needs ${id} ${e.dependencies![id]}; remove ${other} first`);
  }
  const target = packDir(root, id);
  const trash = join(root, PACKS_DIR, `.removing-${randomBytes(6).toString('hex')}`);
  if (existsSync(target)) renameSync(target, trash);
  delete lock.packs[id];
  writeLock(root, lock);
  rmSync(trash, { recursive: true, force: true });
  return entry;
}

export { packLabel };
