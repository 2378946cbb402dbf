/**
 * The machine's own ceiling for bench/simulate-parallel.mjs: a worker thread that runs combats of
 * a prepared series and nothing else — no pool, no pieces, no messages per run, no folding. Given
 * { prepared, seed, from, to }, it runs them and answers with the count. Two of these started
 * together show how much of 2 × one worker this machine gives two threads running the engine.
 */
import { parentPort } from 'node:worker_threads';
import { runCombat } from '../dist/interpreter/run/engine.js';
import { programOf } from '../dist/interpreter/simulate/prepared.js';
import { runSeed } from '../dist/interpreter/simulate/stats.js';

let program = null;
parentPort.on('message', (job) => {
  program ??= programOf(job.prepared);
  let rounds = 0;
  for (let i = job.from; i < job.to; i++)
    rounds += runCombat(program.compiled, job.prepared.encounter, { seed: runSeed(job.seed, i) }).rounds ?? 0;
  parentPort.postMessage({ done: job.to - job.from, rounds });
});
