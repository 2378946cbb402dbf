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
// The bundle is what the binary runs (scripts/bundle-cli.mjs); after it `npm run build` writes only its code caches.
const DIST_MAIN = join(ROOT, 'dist', 'interpreter', 'cli.bundle.cjs');

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
  // Waiting for another worker's build: generous, so that a loaded machine never fails a test.
  const deadline = Date.now() + 900_000;
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
      const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
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
}

/**
 * Run the binary in a fresh process, optionally with `input` on its standard input. No time
 * limit: every run of the binary is bounded by its own limits (rounds, steps, reactions), and a
 * loaded machine must not fail a test. Tests never assert wall-clock time.
 */
export function runBinary(...args: string[]): Result {
  return runBinaryWithInput(undefined, ...args);
}

export function runBinaryWithInput(input: string | undefined, ...args: string[]): Result {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    ...(input !== undefined ? { input } : { stdio: ['ignore', 'pipe', 'pipe'] }),
    env: { ...process.env, PHASEBOOK_DEBUG: '' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
