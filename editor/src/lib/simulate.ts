/**
 * `phasebook simulate` in the editor: many seeded combats of two variants in Web Workers, the
 * CLI's own records, aggregation, comparison and CSV (interpreter/simulate/*, all pure), and
 * the figures the Simulate panel draws. Nothing here touches the DOM or Svelte.
 *
 * - Workers: each gets a contiguous slice of run indices and runs every variant on each index
 *   (run i uses `runSeed(seed, i)`, as in the CLI), so the runs done so far are always paired:
 *   a cancelled simulation compares A and B on the same seeds.
 * - The worker side (`runSimulateJob`) is called by engine.worker.ts; the page side
 *   (`SimulationRun`) starts the workers, collects records by index, and cancels by
 *   terminating them.
 */
import {
  type Core,
  PhasebookError,
  type Diagnostic,
  type Encounter,
  readDocumentText,
  type SourceDocument,
  aggregate,
  compare,
  type Comparison,
  type VariantResult,
  recordOf,
  type CombatRecord,
  formatCsv,
  runSeed,
  wilson,
  type Interval,
} from '../../../interpreter/index.js';
import type { DocText, SimulatedRun, SimulateRequest, SimulateResponse, Variant } from './protocol.js';

export const DEFAULT_RUNS = 500;
export const MAX_RUNS = 20_000;
export const MAX_WORKERS = 4;
/** Runs per message from a worker (progress granularity). */
export const CHUNK = 20;
export const MAX_SEED = 2 ** 32 - 1;

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

// ---------------------------------------------------------------------------------------------
// The worker side.

const internal = (file: string, message: string): Diagnostic => ({ file, line: 1, col: 1, pointer: '', message, severity: 'error' });

/**
 * Run a slice of a simulation with `core` (in the engine worker): load every variant once, then
 * run index i of every variant with the seed runSeed(seed, i), posting records in chunks.
 */
export function runSimulateJob(core: Core, req: SimulateRequest, post: (r: SimulateResponse) => void): void {
  const docs = new Map(req.docs.map((d) => [d.path, d]));
  const source = (path: string): SourceDocument => {
    const d = docs.get(path);
    if (!d) throw new PhasebookError([internal(path, `no document "${path}" in the workspace`)]);
    return readDocumentText(path, d.text);
  };
  const fail = (err: unknown, file: string, prefix = '') =>
    post({
      id: req.id,
      type: 'simulate',
      phase: 'error',
      diagnostics:
        err instanceof PhasebookError ? err.diagnostics : [internal(file, prefix + (err instanceof Error ? err.message : String(err)))],
    });
  let prepared: Array<{ program: ReturnType<Core['program']>; encounter: Encounter }>;
  try {
    prepared = req.variants.map((v) => {
      const program = core.program(source(v.ruleset), v.overlays.map(source));
      return { program, encounter: core.encounter(source(v.encounter), program) };
    });
  } catch (err) {
    fail(err, req.variants[0]?.ruleset ?? '');
    return;
  }
  const first = prepared[0];
  post({
    id: req.id,
    type: 'simulate',
    phase: 'ready',
    sides: first ? first.encounter.sides.map((s) => ({ id: s.id, combatants: s.combatants.map((c) => c.id) })) : [],
  });
  let batch: SimulatedRun[] = [];
  let i = req.from;
  try {
    for (; i < req.to; i++) {
      const seed = runSeed(req.seed, i);
      batch.push({ i, records: prepared.map((p) => recordOf(core.run(p.program, p.encounter, { seed }).events)) });
      if (batch.length >= req.chunk) {
        post({ id: req.id, type: 'simulate', phase: 'chunk', runs: batch });
        batch = [];
      }
    }
  } catch (err) {
    fail(err, req.variants[0]?.ruleset ?? '', `run ${i} (seed ${runSeed(req.seed, i)}): `);
    return;
  }
  if (batch.length) post({ id: req.id, type: 'simulate', phase: 'chunk', runs: batch });
  post({ id: req.id, type: 'simulate', phase: 'done' });
}

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
  variants: Array<{ name: string; variant: Variant }>;
  runs: number;
  seed: number;
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

export interface SimulationResults {
  /** Completed runs (paired: every variant ran each of them). */
  runs: number;
  results: VariantResult[];
  /** The last variant minus the first (B − A), or null with a single variant. */
  comparison: Comparison | null;
}

export class SimulationRun {
  status: SimulationStatus = 'running';
  readonly runs: number;
  readonly seed: number;
  readonly workers: number;
  readonly names: string[];
  readonly key: string;
  readonly startedAt: number;
  endedAt: number | null = null;
  /** Completed run indices (each ran every variant). */
  done = 0;
  diagnostics: Diagnostic[] = [];
  sides: Array<{ id: string; combatants: string[] }> | null = null;

  private readonly records: Array<CombatRecord[] | undefined>;
  private readonly pool: WorkerLike[] = [];
  private finishedWorkers = 0;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly notifyMs: number;
  private lastNotify = -Infinity;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private cache: { done: number; value: SimulationResults } | null = null;

  constructor(opts: SimulationOptions) {
    this.runs = clampRuns(opts.runs);
    this.seed = clampSeed(opts.seed);
    this.names = opts.variants.map((v) => v.name);
    this.key = opts.key ?? '';
    this.now = opts.now ?? (() => performance.now());
    this.notifyMs = opts.notifyMs ?? 200;
    this.records = new Array<CombatRecord[] | undefined>(this.runs);
    this.startedAt = this.now();
    const slices = splitRuns(this.runs, opts.workers);
    this.workers = slices.length;
    const variants = opts.variants.map((v) => v.variant);
    slices.forEach((slice, w) => {
      const worker = opts.createWorker();
      this.pool.push(worker);
      worker.onmessage = (ev) => this.receive(ev.data);
      worker.onerror = (ev) => {
        ev.preventDefault?.();
        this.fail([internal(variants[0]?.ruleset ?? '', `simulation worker failed: ${ev.message || 'unknown error'}`)]);
      };
      worker.postMessage({
        id: w + 1,
        type: 'simulate',
        docs: opts.docs,
        variants,
        seed: this.seed,
        from: slice.from,
        to: slice.to,
        chunk: opts.chunk ?? CHUNK,
      });
    });
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

  /** Combats per second, every variant counted (the CLI's progress bar counts the same way). */
  rate(): number {
    const s = this.elapsedMs() / 1000;
    return s > 0 ? (this.done * this.names.length) / s : 0;
  }

  /** Seconds left at the current rate, or null when unknown. */
  eta(): number | null {
    if (this.status !== 'running' || this.done === 0) return null;
    const perRun = this.elapsedMs() / this.done;
    return ((this.runs - this.done) * perRun) / 1000;
  }

  /** Aggregates of the completed runs (cached until more arrive), or null before any. */
  results(): SimulationResults | null {
    if (this.done === 0 || !this.sides) return null;
    if (this.cache?.done === this.done) return this.cache.value;
    const perVariant: CombatRecord[][] = this.names.map(() => []);
    for (const r of this.records) if (r) r.forEach((rec, v) => perVariant[v]!.push(rec));
    const sideOf = new Map(this.sides.flatMap((s) => s.combatants.map((c) => [c, s.id] as [string, string])));
    const results = perVariant.map((recs, v) => aggregate(this.names[v]!, recs, sideOf));
    const comparison = results.length > 1 ? compare(results[0]!, results[results.length - 1]!) : null;
    const value = { runs: this.done, results, comparison };
    this.cache = { done: this.done, value };
    return value;
  }

  /** The CLI's CSV (`--format csv`) of the completed runs. */
  csv(): string {
    const r = this.results();
    return r ? formatCsv(r.results, r.comparison ? [r.comparison] : []) : formatCsv([], []);
  }

  private receive(msg: SimulateResponse): void {
    if (this.status !== 'running') return;
    switch (msg.phase) {
      case 'ready':
        this.sides ??= msg.sides;
        break;
      case 'chunk':
        for (const run of msg.runs) {
          if (this.records[run.i] === undefined) this.done++;
          this.records[run.i] = run.records;
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

// ---------------------------------------------------------------------------------------------
// Figures for the charts and the table.

/** The CLI's name of a variant: the ids of its ruleset and overlays, joined by " + ". */
export const variantName = (ids: string[]): string => ids.join(' + ');

export interface IntervalSeries {
  label: string;
  intervals: Interval[];
}
export interface IntervalData {
  categories: string[];
  series: IntervalSeries[];
}

export const NO_WINNER = 'no winner';

/** Win rate per side with its 95% interval, one series per variant ("no winner" when any run had none). */
export function winRateData(results: VariantResult[], labels: string[]): IntervalData {
  const sides = [...new Set(results.flatMap((r) => Object.keys(r.sides)))];
  const draws = results.some((r) => r.draws > 0);
  return {
    categories: draws ? [...sides, NO_WINNER] : sides,
    series: results.map((r, v) => ({
      label: labels[v] ?? r.name,
      intervals: [...sides.map((s) => r.sides[s]?.winRate ?? wilson(0, r.runs)), ...(draws ? [wilson(r.draws, r.runs)] : [])],
    })),
  };
}

/** Survival per combatant with its 95% interval, one series per variant. */
export function survivalData(results: VariantResult[], labels: string[]): IntervalData {
  const ids = [...new Set(results.flatMap((r) => Object.keys(r.combatants)))];
  const sideOf = (id: string) => results.map((r) => r.combatants[id]?.side).find((s) => s !== undefined) ?? '';
  return {
    categories: ids.map((id) => `${id} (${sideOf(id)})`),
    series: results.map((r, v) => ({
      label: labels[v] ?? r.name,
      intervals: ids.map((id) => r.combatants[id]?.survival ?? wilson(0, r.runs)),
    })),
  };
}

export type RoundsMode = 'exactly' | 'at-least' | 'at-most';
export const ROUNDS_MODES: Array<{ value: RoundsMode; label: string }> = [
  { value: 'exactly', label: 'exactly' },
  { value: 'at-least', label: 'at least' },
  { value: 'at-most', label: 'at most' },
];

export interface RoundsData {
  /** Every round count from the smallest to the largest seen in any variant. */
  values: number[];
  /** Per variant: the share of its runs that ended in exactly / at least / at most that many rounds. */
  series: Array<{ label: string; fractions: number[]; counts: number[] }>;
}

/** The rounds histogram, AnyDice-style: exactly n, at least n (n or more), at most n (n or fewer). */
export function roundsData(results: VariantResult[], labels: string[], mode: RoundsMode): RoundsData {
  const seen = results.flatMap((r) => r.rounds.histogram.map((h) => h.value));
  if (seen.length === 0) return { values: [], series: results.map((r, v) => ({ label: labels[v] ?? r.name, fractions: [], counts: [] })) };
  const lo = Math.min(...seen);
  const hi = Math.max(...seen);
  const values = Array.from({ length: hi - lo + 1 }, (_, k) => lo + k);
  return {
    values,
    series: results.map((r, v) => {
      const exact = new Map(r.rounds.histogram.map((h) => [h.value, h.count]));
      const counts = values.map((x) => exact.get(x) ?? 0);
      if (mode === 'at-most') for (let k = 1; k < counts.length; k++) counts[k]! += counts[k - 1]!;
      if (mode === 'at-least') for (let k = counts.length - 2; k >= 0; k--) counts[k]! += counts[k + 1]!;
      return { label: labels[v] ?? r.name, counts, fractions: counts.map((c) => (r.runs > 0 ? c / r.runs : 0)) };
    }),
  };
}

export const pct = (x: number, digits = 1): string => `${(x * 100).toFixed(digits)}%`;
export const signedPct = (x: number): string => `${x >= 0 ? '+' : '−'}${(Math.abs(x) * 100).toFixed(1)}%`;
const num = (x: number) => x.toFixed(2);
const signedNum = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(2)}`;
export const intervalText = (i: Interval, f: (x: number) => string = pct): string => `${f(i.estimate)} [${f(i.low)}, ${f(i.high)}]`;

export interface Cell {
  estimate: string;
  /** "[low, high]" (95%). */
  interval: string;
}

export interface NumberRow {
  figure: string;
  subject: string;
  /** One cell per variant (null when the variant lacks this subject). */
  values: Array<Cell | null>;
  /** B − A with its 95% interval (null without a comparison). */
  difference: Cell | null;
  significant: boolean;
}

const cell = (i: Interval, f: (x: number) => string): Cell => ({ estimate: f(i.estimate), interval: `[${f(i.low)}, ${f(i.high)}]` });

/** The numbers under the charts: each figure per variant, and B − A with its interval and significance. */
export function numberRows(r: SimulationResults): NumberRow[] {
  const { results, comparison: c } = r;
  const rows: NumberRow[] = [];
  const diff = (d: (Interval & { significant: boolean }) | undefined, f: (x: number) => string) =>
    d ? { difference: cell(d, f), significant: d.significant } : { difference: null, significant: false };
  const first = results[0];
  if (!first) return rows;
  for (const s of Object.keys(first.sides)) {
    rows.push({
      figure: 'win rate',
      subject: s,
      values: results.map((v) => (v.sides[s] ? cell(v.sides[s].winRate, pct) : null)),
      ...diff(c?.winRate[s], signedPct),
    });
  }
  rows.push({
    figure: 'rounds',
    subject: 'mean',
    values: results.map((v) => cell(v.rounds.meanInterval, num)),
    ...diff(c?.rounds, signedNum),
  });
  for (const s of Object.keys(first.sides)) {
    rows.push({
      figure: 'damage dealt per combat',
      subject: s,
      values: results.map((v) => (v.sides[s] ? cell(v.sides[s].damageDealt.meanInterval, num) : null)),
      ...diff(c?.damageDealt[s], signedNum),
    });
  }
  for (const id of Object.keys(first.combatants)) {
    rows.push({
      figure: 'survival',
      subject: id,
      values: results.map((v) => (v.combatants[id] ? cell(v.combatants[id].survival, pct) : null)),
      ...diff(c?.survival[id], signedPct),
    });
  }
  return rows;
}

/** Consecutive rows of the same figure, as groups (for a table with one header row per figure). */
export function groupRows(rows: NumberRow[]): Array<{ figure: string; rows: NumberRow[] }> {
  const out: Array<{ figure: string; rows: NumberRow[] }> = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last && last.figure === r.figure) last.rows.push(r);
    else out.push({ figure: r.figure, rows: [r] });
  }
  return out;
}

/** A one-sentence summary of interval data, for a chart's aria-label. */
export function describeIntervals(title: string, d: IntervalData): string {
  const parts = d.series.map((s) => `${s.label}: ${d.categories.map((cat, k) => `${cat} ${intervalText(s.intervals[k]!)}`).join(', ')}`);
  return `${title} (estimate [95% interval]). ${parts.join('. ')}.`;
}

export function describeRounds(d: RoundsData, mode: RoundsMode, results: VariantResult[]): string {
  const modeText = ROUNDS_MODES.find((m) => m.value === mode)!.label;
  const parts = d.series.map((s, v) => {
    const r = results[v];
    return `${s.label}: mean ${r ? num(r.rounds.mean) : '?'}, median ${r?.rounds.median ?? '?'}, 90th percentile ${r?.rounds.p90 ?? '?'}`;
  });
  return `Share of runs ending in ${modeText} n rounds, n from ${d.values[0] ?? 0} to ${d.values[d.values.length - 1] ?? 0}. ${parts.join('. ')}. The table below the chart has every value.`;
}

export function csvFileName(seed: number, runs: number): string {
  return `phasebook-simulate-seed${seed}-${runs}runs.csv`;
}
