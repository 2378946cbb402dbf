/**
 * A simulation worker thread for streamed aggregates. It stays up for a whole plan: each job
 * names a series (loaded once, then kept) and a slice of runs; run i uses the seed derived from
 * (S, i). It sends back, in chunks, each run's record (and its curve by round when asked), then
 * 'done'. The main thread folds them into an Accumulator.
 */
import { parentPort } from 'node:worker_threads';
import { run, type Program } from '../pipeline.js';
import type { Encounter } from '../model/types.js';
import { loadSeries, type SeriesSpec } from './series.js';
import { runSlice, type RunMessage } from './series-core.js';

export type { RunMessage } from './series-core.js';

export interface StreamJob {
  series: SeriesSpec;
  seed: number;
  from: number;
  to: number;
  chunk: number;
  curves: boolean;
  curveStat?: string;
}

const loaded = new Map<string, { program: Program; encounter: Encounter }>();

function perform(job: StreamJob): void {
  const key = JSON.stringify(job.series);
  let s = loaded.get(key);
  if (!s) {
    if (loaded.size > 64) loaded.clear();
    s = loadSeries(job.series);
    loaded.set(key, s);
  }
  let batch: RunMessage[] = [];
  runSlice(
    s,
    job,
    (p, e, seed) => run(p, e, { seed }).events,
    (m) => {
      batch.push(m);
      if (batch.length >= job.chunk) {
        parentPort!.postMessage(batch);
        batch = [];
      }
    },
  );
  if (batch.length) parentPort!.postMessage(batch);
  parentPort!.postMessage('done');
}

parentPort!.on('message', (job: StreamJob) => perform(job));
