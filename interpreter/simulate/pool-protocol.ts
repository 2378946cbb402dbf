/**
 * What the main thread (runner.ts) and a simulation worker (stream-worker.ts) send each other.
 * A module of its own: the worker's module starts listening when imported.
 */
import type { AccumulatorJson, SeriesOptions } from './accumulator.js';
import type { PreparedSeries } from './prepared.js';
import type { RunMessage } from './series-core.js';
import type { SeriesSpec } from './series.js';

export interface StreamJob {
  series: SeriesSpec;
  seed: number;
  from: number;
  to: number;
  chunk: number;
  curves: boolean;
  curveStat?: string;
  /** The series as the main thread checked it (compiled here, not read and checked again); with the first job of a series only. */
  prepared?: PreparedSeries;
  /** Fold the runs in the worker and send back the state (stream-worker.ts); `chunk` is then unused. */
  fold?: FoldSpec;
  /** A folding worker sends how many runs it has done at most this often (ms); none without. */
  progressMs?: number;
}

/** The accumulator a worker folds its runs into: the main thread's, empty. */
export interface FoldSpec {
  name: string;
  sideOf: Array<[string, string]>;
  opts: SeriesOptions;
}

/** What a worker sends: records and 'done' (without `fold`), or progress counts and, last, its folded state. */
export type WorkerMessage = RunMessage[] | 'done' | { progress: number; folded?: AccumulatorJson };

/** The series a worker keeps loaded at most (then it forgets them all at once); runner.ts counts the same. */
export const KEPT_SERIES = 64;
