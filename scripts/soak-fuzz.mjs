#!/usr/bin/env node
/**
 * The long soak of the fuzzer: many more mutated documents than `npm test` runs (test/fuzz.test.ts
 * runs 20 000), in chunks, on several processes at once. Each chunk is the same test with other
 * documents (FUZZ_START, FUZZ_DOCS), so a failure is reproduced exactly like one of npm test:
 *   FUZZ_SEED=<seed> FUZZ_START=<index> FUZZ_DOCS=1 npx vitest run test/fuzz.test.ts
 *
 *   node scripts/soak-fuzz.mjs [--docs 1000000] [--from 0] [--chunk 20000] [--workers K] [--seed S]
 *
 * Prints one line per chunk and a summary (documents, ran, refused, failures, documents per
 * second); exits 1 if any chunk failed. Timings here are figures for bench/README.md, never a test.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const total = arg('docs', 1_000_000);
const chunk = arg('chunk', 20_000);
const workers = arg('workers', Math.max(1, availableParallelism()));
const seed = arg('seed', 20_261_123);
const from = arg('from', 0);
for (const [k, v] of Object.entries({ total, chunk, workers, seed, from })) {
  if (!Number.isSafeInteger(v) || v < (k === 'seed' || k === 'from' ? 0 : 1)) {
    console.error(`soak-fuzz: --${k === 'total' ? 'docs' : k} must be a whole number, got ${v}`);
    process.exit(1);
  }
}

const chunks = [];
for (let start = from; start < from + total; start += chunk) chunks.push({ start, docs: Math.min(chunk, from + total - start) });

const sum = { docs: 0, ran: 0, refused: 0, failures: 0, failedChunks: [] };
const t0 = Date.now();

function runChunk(c) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', 'test/fuzz.test.ts', '--reporter=dot'], {
      cwd: ROOT,
      env: { ...process.env, FUZZ_SEED: String(seed), FUZZ_START: String(c.start), FUZZ_DOCS: String(c.docs) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const m = /fuzz: (\d+) documents \(seed \d+, from \d+\): (\d+) ran, (\d+) refused, (\d+) failures/.exec(out);
      const line = m ? m[0] : `chunk from ${c.start}: no summary (exit ${code})`;
      if (m) {
        sum.docs += Number(m[1]);
        sum.ran += Number(m[2]);
        sum.refused += Number(m[3]);
        sum.failures += Number(m[4]);
      }
      if (code !== 0) {
        sum.failedChunks.push(c.start);
        const why = out
          .split('\n')
          .filter((l) => /FUZZ_SEED=|unlocated:|exception:|unbounded:/.test(l))
          .slice(0, 6)
          .join('\n');
        console.log(`${line}  FAILED\n${why}`);
      } else console.log(`${line}  (${((Date.now() - t0) / 1000).toFixed(0)} s elapsed)`);
      resolve();
    });
  });
}

const queue = [...chunks];
await Promise.all(
  Array.from({ length: Math.min(workers, chunks.length) }, async () => {
    for (let c = queue.shift(); c; c = queue.shift()) await runChunk(c);
  }),
);

const s = (Date.now() - t0) / 1000;
console.log(
  `soak: ${sum.docs} documents (seed ${seed}, from ${from}, ${workers} processes): ${sum.ran} ran, ${sum.refused} refused, ${sum.failures} failures; ` +
    `${s.toFixed(0)} s, ${(sum.docs / s).toFixed(0)} documents/s`,
);
if (sum.failedChunks.length) {
  console.log(`failed chunks (FUZZ_START): ${sum.failedChunks.join(', ')}`);
  process.exit(1);
}
