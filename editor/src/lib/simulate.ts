/**
 * `phasebook simulate` in the editor: many seeded combats of one or two variants, optionally at
 * every value of a sweep, in Web Workers. Both sides run the CLI's own code: the worker loads
 * each series with `loadSeriesWith` and runs it with `runSlice` (interpreter/simulate/
 * series-core.ts), and the page folds every run into the CLI's `Accumulator`, whose report,
 * examples, curves and CSV are the CLI's. Nothing here touches the DOM or Svelte.
 *
 * - Workers: each gets a contiguous slice of run indices and runs every series on each index
 *   (run i uses `runSeed(seed, i)`, as in the CLI), so the runs done so far are always paired:
 *   a cancelled simulation compares every series on the same seeds.
 * - The worker side (`runSimulateJob`, simulate-job.ts) is called by engine.worker.ts; the page side
 *   (`SimulationRun`) starts the workers, folds their runs, and cancels by terminating them.
 * - A finished (or cancelled) simulation is plain JSON (`toJSON`, `SimulationRun.restore`): the
 *   plan and the accumulators, so it survives a reload.
 */
import {
  type Diagnostic,
  Accumulator,
  type AccumulatorJson,
  type Example,
  compare,
  type Comparison,
  type VariantResult,
  type SideCurve,
  type Plan,
  present,
  seriesGrid,
  type SeriesSpec,
  type Sweep,
} from '../../../interpreter/index.js';
import type { DocText, SimulateRequest, SimulateResponse } from './protocol.js';
import { internal } from './simulate-job.js';

export const DEFAULT_RUNS = 500;
export const MAX_RUNS = 20_000;
/** Runs × sweep values × variants: more would keep the page busy for many minutes. */
export const MAX_COMBATS = 400_000;
export const MAX_WORKERS = 4;
/** Runs per message from a worker (progress granularity). */
export const CHUNK = 20;
export const MAX_SEED = 2 ** 32 - 1;
/** Example runs kept per outcome (the CLI's --examples). */
export const EXAMPLES = 3;

export function clampRuns(n: number): number {
  if (!Number.isFinite(n)) return DEFAULT_RUNS;
  return Math.min(MAX_RUNS, Math.max(1, Math.trunc(n)));
}

export function clampSeed(n: number): number {
  if (!Number.isFinite(n)) return 1;
  return Math.min(MAX_SEED, Math.max(0, Math.trunc(n)));
}

/** `navigator.hardwareConcurrency` workers, at most MAX_WORKERS, never more than runs. */
export function workerCount(hardwareConcurrency: number | undefined, runs: number): number {
  return Math.max(1, Math.min(MAX_WORKERS, hardwareConcurrency && hardwareConcurrency > 0 ? hardwareConcurrency : 2, runs));
}

/** Contiguous slices of 0…runs − 1, one per worker (as the CLI's pool splits them). */
export function splitRuns(runs: number, workers: number): Array<{ from: number; to: number }> {
  const k = Math.max(1, Math.min(workers, runs));
  const per = Math.ceil(runs / k);
  const out: Array<{ from: number; to: number }> = [];
  for (let w = 0; w < k; w++) {
    const from = w * per;
    const to = Math.min(runs, from + per);
    if (from < to) out.push({ from, to });
  }
  return out;
}

/** A plan as the editor makes it: the CLI's Plan (curves always kept, EXAMPLES examples per outcome). */
export function editorPlan(
  variants: Array<{ name: string; ruleset: string; overlays: string[]; encounter: string }>,
  sweep: Sweep | null,
  runs: number,
  seed: number,
): Plan {
  return { variants, sweep, sets: [], runs: clampRuns(runs), seed: clampSeed(seed), examples: EXAMPLES, curves: true };
}

/** Every series of a plan, value-major: index = value × variants + variant. */
export const flatSeries = (plan: Plan): SeriesSpec[] => seriesGrid(plan).flat();

// ---------------------------------------------------------------------------------------------
// The page side.

/** What SimulationRun needs of a Worker (a real one, or a fake in tests). */
export interface WorkerLike {
  postMessage(msg: SimulateRequest): void;
  terminate(): void;
  onmessage: ((ev: MessageEvent<SimulateResponse>) => void) | null;
  onerror: ((ev: ErrorEvent) => void) | null;
}

export interface SimulationOptions {
  docs: DocText[];
  plan: Plan;
  workers: number;
  createWorker: () => WorkerLike;
  chunk?: number;
  /** Minimum time between two progress notifications while running (ms). */
  notifyMs?: number;
  now?: () => number;
  /** Anything identifying what was simulated (to tell when the documents changed since). */
  key?: string;
}

export type SimulationStatus = 'running' | 'done' | 'cancelled' | 'failed';

/** One variant at one sweep value: the CLI's report of it, its example runs and its curves. */
export interface SeriesResult {
  result: VariantResult;
  examples: Example[];
  curves: { stat: string | null; sides: SideCurve[] } | null;
  spec: SeriesSpec;
}

export interface ValueRow {
  /** The sweep value (undefined without a sweep). */
  value: unknown;
  variants: SeriesResult[];
  /** Each later variant minus the first (B − A). */
  comparison: Comparison | null;
}

export interface SimulationResults {
  /** Completed runs (paired: every series ran each of them). */
  runs: number;
  rows: ValueRow[];
}

/** A simulation saved as JSON (what survives a reload). */
export interface SavedSimulation {
  format: 1;
  plan: Plan;
  key: string;
  status: Exclude<SimulationStatus, 'running'>;
  done: number;
  workers: number;
  elapsedMs: number;
  diagnostics: Diagnostic[];
  accs: AccumulatorJson[] | null;
}

export class SimulationRun {
  status: SimulationStatus = 'running';
  readonly plan: Plan;
  readonly series: SeriesSpec[];
  readonly workers: number;
  readonly key: string;
  readonly startedAt: number;
  endedAt: number | null = null;
  /** Completed run indices (each ran every series). */
  done = 0;
  diagnostics: Diagnostic[] = [];
  /** One per series, made when the first worker has loaded them. */
  accs: Accumulator[] | null = null;

  private readonly pool: WorkerLike[] = [];
  private finishedWorkers = 0;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly notifyMs: number;
  private lastNotify = -Infinity;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private cache: { done: number; value: SimulationResults } | null = null;

  constructor(opts: SimulationOptions | { saved: SavedSimulation; now?: () => number }) {
    this.now = opts.now ?? (() => performance.now());
    this.startedAt = this.now();
    if ('saved' in opts) {
      const s = opts.saved;
      this.plan = s.plan;
      this.series = flatSeries(s.plan);
      this.key = s.key;
      this.status = s.status;
      this.done = s.done;
      this.workers = s.workers;
      this.diagnostics = s.diagnostics;
      this.accs = s.accs ? s.accs.map((j) => Accumulator.fromJSON(j)) : null;
      this.startedAt -= s.elapsedMs;
      this.endedAt = this.now();
      this.notifyMs = 0;
      return;
    }
    this.plan = opts.plan;
    this.series = flatSeries(opts.plan);
    this.key = opts.key ?? '';
    this.notifyMs = opts.notifyMs ?? 200;
    const slices = splitRuns(this.plan.runs, opts.workers);
    this.workers = slices.length;
    slices.forEach((slice, w) => {
      const worker = opts.createWorker();
      this.pool.push(worker);
      worker.onmessage = (ev) => this.receive(ev.data);
      worker.onerror = (ev) => {
        ev.preventDefault?.();
        this.fail([internal(this.series[0]?.ruleset ?? '', `simulation worker failed: ${ev.message || 'unknown error'}`)]);
      };
      worker.postMessage({
        id: w + 1,
        type: 'simulate',
        docs: opts.docs,
        series: this.series,
        seed: this.plan.seed,
        from: slice.from,
        to: slice.to,
        chunk: opts.chunk ?? CHUNK,
        curves: this.plan.curves,
      });
    });
  }

  /** A saved simulation, shown again (not running). */
  static restore(saved: SavedSimulation): SimulationRun {
    return new SimulationRun({ saved });
  }

  get runs(): number {
    return this.plan.runs;
  }
  get seed(): number {
    return this.plan.seed;
  }
  get names(): string[] {
    return this.plan.variants.map((v) => v.name);
  }

  /** Called on progress (throttled) and when the run ends. Returns the unsubscriber. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Stop now: terminate the workers; the runs done so far stay. */
  cancel(): void {
    if (this.status === 'running') this.stop('cancelled');
  }

  elapsedMs(): number {
    return (this.endedAt ?? this.now()) - this.startedAt;
  }

  /** Combats per second, every series counted (the CLI's progress bar counts the same way). */
  rate(): number {
    const s = this.elapsedMs() / 1000;
    return s > 0 ? (this.done * this.series.length) / s : 0;
  }

  /** Seconds left at the current rate, or null when unknown. */
  eta(): number | null {
    if (this.status !== 'running' || this.done === 0) return null;
    return ((this.runs - this.done) * this.elapsedMs()) / this.done / 1000;
  }

  /** The report of the completed runs (cached until more arrive), or null before any. */
  results(): SimulationResults | null {
    if (this.done === 0 || !this.accs) return null;
    if (this.cache?.done === this.done) return this.cache.value;
    const k = this.plan.variants.length;
    const values = this.plan.sweep ? this.plan.sweep.values : [undefined];
    const rows = values.map((value, vi) => {
      const variants = this.plan.variants.map((_, v) => {
        const acc = this.accs![vi * k + v]!;
        const curves = acc.curves();
        return {
          result: acc.result(),
          examples: acc.exampleList(this.plan.seed),
          curves: curves ? { stat: acc.opts.stat ?? null, sides: curves } : null,
          spec: this.series[vi * k + v]!,
        };
      });
      const comparison = variants.length > 1 ? compare(variants[0]!.result, variants[variants.length - 1]!.result) : null;
      return { value, variants, comparison };
    });
    const value = { runs: this.done, rows };
    this.cache = { done: this.done, value };
    return value;
  }

  /** The CLI's report (`--format csv` or `json`) of the completed runs. */
  report(format: 'csv' | 'json'): string {
    if (!this.accs) return '';
    const k = this.plan.variants.length;
    const grid = seriesGrid(this.plan);
    const accs = grid.map((row, vi) => row.map((_, v) => this.accs![vi * k + v]!));
    return present(this.plan, grid, accs, { runs: this.done, seed: this.plan.seed, partial: this.done < this.plan.runs }, format);
  }

  toJSON(): SavedSimulation | null {
    if (this.status === 'running') return null;
    return {
      format: 1,
      plan: this.plan,
      key: this.key,
      status: this.status,
      done: this.done,
      workers: this.workers,
      elapsedMs: this.elapsedMs(),
      diagnostics: this.diagnostics,
      accs: this.accs ? (this.accs.map((a) => a.toJSON()) as AccumulatorJson[]) : null,
    };
  }

  private receive(msg: SimulateResponse): void {
    if (this.status !== 'running') return;
    switch (msg.phase) {
      case 'ready':
        this.accs ??= msg.series.map(
          (s, n) =>
            new Accumulator(this.series[n]!.name, s.sideOf, {
              examples: this.plan.examples,
              curves: this.plan.curves,
              ...(this.plan.curves ? { stat: s.stat } : {}),
            }),
        );
        break;
      case 'chunk':
        for (const run of msg.runs) {
          run.series.forEach((m, n) => this.accs?.[n]?.add(m.i, m.record, m.curve));
          this.done++;
        }
        this.notify(false);
        break;
      case 'done':
        if (++this.finishedWorkers === this.pool.length) this.stop('done');
        break;
      case 'error':
        this.fail(msg.diagnostics);
        break;
    }
  }

  private fail(diagnostics: Diagnostic[]): void {
    if (this.status !== 'running') return;
    this.diagnostics = diagnostics;
    this.stop('failed');
  }

  private stop(status: SimulationStatus): void {
    for (const w of this.pool) {
      w.onmessage = null;
      w.onerror = null;
      w.terminate();
    }
    this.status = status;
    this.endedAt = this.now();
    this.notify(true);
  }

  private notify(force: boolean): void {
    const t = this.now();
    if (!force && t - this.lastNotify < this.notifyMs) {
      this.notifyTimer ??= setTimeout(() => {
        this.notifyTimer = null;
        this.notify(true);
      }, this.notifyMs);
      return;
    }
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    this.lastNotify = t;
    for (const fn of this.listeners) fn();
  }
}

/** The CLI's name of a variant: the ids of its ruleset and overlays, joined by " + ". */
export const variantName = (ids: string[]): string => ids.join(' + ');

export function reportFileName(seed: number, runs: number, ext: string): string {
  return `phasebook-simulate-seed${seed}-${runs}runs.${ext}`;
}
