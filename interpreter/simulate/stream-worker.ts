/**
 * A simulation worker thread for streamed aggregates: loads its series once, runs the combats
 * it is given (run i uses the seed derived from (S, i)) and sends back, in chunks, each run's
 * record (and its curve by round when asked). The main thread folds them into an Accumulator.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { run } from '../pipeline.js';
import { recordOf } from './record.js';
import { runSeed } from './stats.js';
import { loadSeries, type SeriesSpec } from './series.js';
import { curveOf, curveStatOf, startingValues, type RunCurve } from './curves.js';
import type { CombatRecord } from './record.js';

export interface StreamJob {
  series: SeriesSpec;
  seed: number;
  from: number;
  to: number;
  chunk: number;
  curves: boolean;
  curveStat?: string;
}

export interface RunMessage {
  i: number;
  record: CombatRecord;
  curve?: RunCurve;
}

const job = workerData as StreamJob;
const { program, encounter } = loadSeries(job.series);
const stat = job.curves ? curveStatOf(program.resolved.ruleset, job.curveStat) : null;
const start = job.curves ? startingValues(program.resolved.ruleset, encounter, stat) : new Map<string, number>();
let batch: RunMessage[] = [];
for (let i = job.from; i < job.to; i++) {
  const events = run(program, encounter, { seed: runSeed(job.seed, i) }).events;
  batch.push(job.curves ? { i, record: recordOf(events), curve: curveOf(events, start, stat) } : { i, record: recordOf(events) });
  if (batch.length >= job.chunk) {
    parentPort!.postMessage(batch);
    batch = [];
  }
}
if (batch.length) parentPort!.postMessage(batch);
parentPort!.postMessage('done');
