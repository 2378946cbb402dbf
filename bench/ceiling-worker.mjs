/**
 * The machine's ceilings for bench/simulate-parallel.mjs, in a worker thread.
 *
 * - { prepared, seed, from, to }: runs those combats of a prepared series and nothing else — no
 *   pool, no pieces, no messages per run, no folding — and answers with the count. Two of these
 *   started together show how much of 2 × one worker two threads running the engine get: the
 *   engine allocates about 1 MB per combat, so this includes garbage collection (and V8's GC
 *   helper threads, which compete for the same cores).
 * - { spin }: an integer loop of that many steps that allocates nothing, answered with its result.
 *   Two of these started together show what the machine gives two threads of pure CPU work.
 */
import { parentPort } from 'node:worker_threads';
import { runCombat } from '../dist/interpreter/run/engine.js';
import { programOf } from '../dist/interpreter/simulate/prepared.js';
import { runSeed } from '../dist/interpreter/simulate/stats.js';

function spin(n) {
  let x = 0;
  for (let i = 0; i < n; i++) x = (x * 31 + i) | 0;
  return x;
}

let program = null;
parentPort.on('message', (job) => {
  if (job.spin !== undefined) return parentPort.postMessage({ done: job.spin, x: spin(job.spin) });
  program ??= programOf(job.prepared);
  let rounds = 0;
  for (let i = job.from; i < job.to; i++)
    rounds += runCombat(program.compiled, job.prepared.encounter, { seed: runSeed(job.seed, i) }).rounds ?? 0;
  parentPort.postMessage({ done: job.to - job.from, rounds });
});
