/**
 * Running the real `phasebook` binary from tests: build dist/ once (when missing or older than
 * the sources — test files run in parallel workers, so the build is serialised with a lock
 * directory), then spawn `node bin/phasebook.js …` in a fresh process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';

export const ROOT = join(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'bin', 'phasebook.js');
const DIST_MAIN = join(ROOT, 'dist', 'interpreter', 'cli', 'main.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Build dist/ when it is missing or older than the sources; nobody spawns the binary while tsc writes. */
export function ensureBuilt(): void {
  const lock = join(tmpdir(), `phasebook-build-${createHash('sha1').update(ROOT).digest('hex').slice(0, 12)}.lock`);
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 300_000) rmdirSync(lock); // left behind by a killed run
      } catch {
        /* gone meanwhile */
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for the build lock ${lock}`);
      sleep(200);
    }
  }
  try {
    const stale = !existsSync(DIST_MAIN) || statSync(DIST_MAIN).mtimeMs < newestSource(join(ROOT, 'interpreter'));
    if (stale) {
      const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', timeout: 170_000 });
      if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}\n${r.stderr}`);
    }
  } finally {
    rmdirSync(lock);
  }
}

export interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Wall time of the process, in ms. */
  ms: number;
}

/** Run the binary in a fresh process. */
export function runBinary(...args: string[]): Result {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000, env: { ...process.env, PHASEBOOK_DEBUG: '' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - t0 };
}
