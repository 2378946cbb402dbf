/**
 * A simulation worker thread: loads the variant's documents once, then runs the combats it is
 * given (run i uses the seed derived from (S, i)) and sends back their records in chunks.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadEncounter, loadProgram, run } from '../pipeline.js';
import { recordOf } from './record.js';
import { runSeed } from './stats.js';

interface Job {
  ruleset: string;
  overlays: string[];
  encounter: string;
  texts: Map<string, string>;
  seed: number;
  from: number;
  to: number;
  chunk: number;
}

const job = workerData as Job;
const program = loadProgram(job.ruleset, job.overlays, job.texts);
const encounter = loadEncounter(job.encounter, program, job.texts.get(job.encounter));
let batch: Array<{ i: number; record: ReturnType<typeof recordOf> }> = [];
for (let i = job.from; i < job.to; i++) {
  batch.push({ i, record: recordOf(run(program, encounter, { seed: runSeed(job.seed, i) }).events) });
  if (batch.length >= job.chunk) {
    parentPort!.postMessage(batch);
    batch = [];
  }
}
if (batch.length) parentPort!.postMessage(batch);
parentPort!.postMessage('done');
