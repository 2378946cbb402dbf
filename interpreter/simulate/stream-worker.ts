/**
 * A simulation worker thread for streamed aggregates. It stays up for a whole plan: each job
 * names a series (loaded once, then kept) and a slice of runs; run i uses the seed derived from
 * (S, i). It sends back, in chunks, each run's record (and its curve by round when asked), then
 * 'done'. The main thread folds them into an Accumulator.
 */
import { parentPort } from 'node:worker_threads';
import type { Program } from '../core.js';
import type { Encounter } from '../model/types.js';
import type { RunResult } from '../run/types.js';
import type { EventType } from '../trace/events.js';
import { runCombat } from '../run/engine.js';
import type { SeriesSpec } from './series.js';
import { runSlice, type RunMessage } from './series-core.js';
import { programOf, type PreparedSeries } from './prepared.js';

export type { RunMessage } from './series-core.js';

export interface StreamJob {
  series: SeriesSpec;
  seed: number;
  from: number;
  to: number;
  chunk: number;
  curves: boolean;
  curveStat?: string;
  /** The series as the main thread checked it (compiled here, not read and checked again). */
  prepared?: PreparedSeries;
}

interface Loaded {
  program: Program;
  encounter: Encounter;
  /** Runs a seed, keeping events of these types; a series compiled from its prepared form runs without positions for errors. */
  run: (seed: number, keep: ReadonlySet<EventType>) => RunResult;
}

const loaded = new Map<string, Loaded>();

/** The series the long way (read, check, compile), with the pipeline's located errors. */
async function loadChecked(series: SeriesSpec): Promise<Loaded> {
  const [{ loadSeries }, { run }] = await Promise.all([import('./series.js'), import('../pipeline.js')]);
  const { program, encounter } = loadSeries(series);
  return { program, encounter, run: (seed, keep) => run(program, encounter, { seed, keep }) };
}

async function load(job: StreamJob): Promise<Loaded> {
  if (!job.prepared) return loadChecked(job.series);
  const program = programOf(job.prepared);
  const encounter = job.prepared.encounter;
  return {
    program,
    encounter,
    run: (seed, keep) => {
      try {
        return runCombat(program.compiled, encounter, { seed, keep });
      } catch (err) {
        // Positions are lost in the prepared form: the checked series says where the error is.
        throw Object.assign(new Error('rerun'), { rerun: err });
      }
    },
  };
}

async function perform(job: StreamJob): Promise<void> {
  const key = JSON.stringify(job.series);
  let s = loaded.get(key);
  if (!s) {
    if (loaded.size > 64) loaded.clear();
    s = await load(job);
    loaded.set(key, s);
  }
  let batch: RunMessage[] = [];
  let from = job.from;
  const each = (m: RunMessage) => {
    from = m.i + 1;
    batch.push(m);
    if (batch.length >= job.chunk) {
      parentPort!.postMessage(batch);
      batch = [];
    }
  };
  for (;;) {
    try {
      const current = s;
      runSlice(current, { ...job, from }, (_p, _e, seed, keep) => current.run(seed, keep).events, each);
      break;
    } catch (err) {
      if (!(err instanceof Error && 'rerun' in err)) throw err;
      // Positions are lost in the prepared form: run the failing seed again from the checked
      // series, which throws the located error (or, should it run, goes on with it).
      s = await loadChecked(job.series);
      loaded.set(key, s);
    }
  }
  if (batch.length) parentPort!.postMessage(batch);
  parentPort!.postMessage('done');
}

// Jobs one after another (a load may wait for an import).
let queue = Promise.resolve();
parentPort!.on('message', (job: StreamJob) => {
  queue = queue.then(() => perform(job));
  // An error of a job is the worker's error, as when perform was synchronous.
  queue.catch((err: unknown) => {
    setImmediate(() => {
      throw err;
    });
  });
});
