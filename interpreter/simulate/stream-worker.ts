/**
 * A simulation worker thread for streamed aggregates. It stays up for a whole plan: each job
 * names a series (loaded once, then kept) and a slice of runs; run i uses the seed derived from
 * (S, i). With `fold` (the CLI's simulate), it folds the runs into an Accumulator of its own and
 * sends back its state at the end of the slice (and, every `progressMs`, how many runs it has
 * done, for the progress bar); the main thread merges the states (accumulators of disjoint
 * slices merge by addition). Without (tests, benchmarks), it sends back, in chunks, each run's
 * record (and its curve by round when asked), then 'done'.
 *
 * Messages are few because each one costs the main thread far more than its bytes: waking it
 * from its wait took about 35–150 µs of its CPU per message on the 2-core VMs of issue 9.
 *
 * The prepared series comes with the first job of a series only (runner.ts keeps the same count
 * of series as `loaded` here): structured-cloning it cost the main thread about 0.3 ms and this
 * thread 0.5 ms per job.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Program } from '../core.js';
import type { Encounter } from '../model/types.js';
import type { RunResult } from '../run/types.js';
import type { EventType } from '../trace/events.js';
import { runCombat } from '../run/engine.js';
import type { SeriesSpec } from './series.js';
import { runSlice, type RunMessage } from './series-core.js';
import { programOf } from './prepared.js';
import { Accumulator, type AccumulatorJson } from './accumulator.js';
import { KEPT_SERIES, type StreamJob } from './pool-protocol.js';

export type { RunMessage } from './series-core.js';
export type { StreamJob, WorkerMessage } from './pool-protocol.js';

interface Loaded {
  program: Program;
  encounter: Encounter;
  /** Runs a seed, keeping events of these types; a series compiled from its prepared form runs without positions for errors. */
  run: (seed: number, keep: ReadonlySet<EventType>) => RunResult;
}

const loaded = new Map<string, Loaded>();
/** Set by the main thread when the simulation is stopped (Ctrl-C): the slice ends before its next run. */
const stop = (workerData as { stop?: Int32Array } | undefined)?.stop;
const stopped = () => stop !== undefined && Atomics.load(stop, 0) !== 0;

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
    if (loaded.size > KEPT_SERIES) loaded.clear();
    s = await load(job);
    loaded.set(key, s);
  }
  const acc = job.fold ? new Accumulator(job.fold.name, job.fold.sideOf, job.fold.opts) : null;
  let batch: RunMessage[] = [];
  let progress = 0;
  let from = job.from;
  const every = job.progressMs ?? Infinity;
  let lastSent = performance.now();
  const each = acc
    ? (m: RunMessage) => {
        from = m.i + 1;
        acc.add(m.i, m.record, m.curve);
        progress++;
        if (every !== Infinity && performance.now() - lastSent >= every) {
          parentPort!.postMessage({ progress });
          progress = 0;
          lastSent = performance.now();
        }
      }
    : (m: RunMessage) => {
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
      runSlice(current, { ...job, from }, (_p, _e, seed, keep) => current.run(seed, keep).events, each, stopped);
      break;
    } catch (err) {
      if (!(err instanceof Error && 'rerun' in err)) throw err;
      // Positions are lost in the prepared form: run the failing seed again from the checked
      // series, which throws the located error (or, should it run, goes on with it).
      s = await loadChecked(job.series);
      loaded.set(key, s);
    }
  }
  if (acc) {
    parentPort!.postMessage({ progress, folded: acc.toJSON() as AccumulatorJson });
    return;
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
