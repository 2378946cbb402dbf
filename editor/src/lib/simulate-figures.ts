/**
 * The figures the Simulate panel draws and tabulates, from the CLI's reports (VariantResult,
 * examples, curves): win rates, survival, the rounds histogram, the numbers table, the sweep
 * lines (each figure against the swept value, a series per variant, with 95% intervals), the
 * curves by round, and which example run stands behind a bar or a point. Pure: no DOM.
 */
import { type Example, type Comparison, type VariantResult, wilson, type Interval } from '../../../interpreter/index.js';
import type { SeriesResult, SimulationResults, ValueRow } from './simulate.js';

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
export function numberRows(r: { results: VariantResult[]; comparison: Comparison | null }): NumberRow[] {
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

// ---------------------------------------------------------------------------------------------
// Sweeps: each figure against the swept value.

/** How a sweep value is written (as the CLI's report writes it). */
export const showValue = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

export interface LineFigure {
  /** A stable id: "win-party", "rounds", "standing-bandits"… */
  id: string;
  title: string;
  /** Proportions (0…1, drawn as %) or plain numbers. */
  percent: boolean;
  /** The x axis: sweep values, or rounds. */
  x: string[];
  xTitle: string;
  series: IntervalSeries[];
}

/** The sides of a simulation, in encounter order (the first series that has them). */
const sidesOf = (r: SimulationResults): string[] => Object.keys(r.rows[0]?.variants[0]?.result.sides ?? {});

/** The share of a side still standing at the end: the last point of its survival curve. */
function standingAtEnd(s: SeriesResult, side: string): Interval | null {
  const c = s.curves?.sides.find((x) => x.side === side);
  const last = c?.points[c.points.length - 1];
  return last ? last.survival : null;
}

const NONE: Interval = { estimate: NaN, low: NaN, high: NaN };

/**
 * The sweep's lines: per side its win rate, the mean number of rounds, and per side the share
 * still standing at the end; x = the swept values, one series per variant.
 */
export function sweepFigures(r: SimulationResults, labels: string[], target: string): LineFigure[] {
  const x = r.rows.map((row) => showValue(row.value));
  const variants = r.rows[0]?.variants.length ?? 0;
  const line = (id: string, title: string, percent: boolean, f: (s: SeriesResult) => Interval | null): LineFigure => ({
    id,
    title,
    percent,
    x,
    xTitle: target,
    series: Array.from({ length: variants }, (_, v) => ({
      label: labels[v] ?? '',
      intervals: r.rows.map((row) => (row.variants[v] ? (f(row.variants[v]) ?? NONE) : NONE)),
    })),
  });
  const sides = sidesOf(r);
  return [
    ...sides.map((side) => line(`win-${side}`, `${side} won`, true, (s) => s.result.sides[side]?.winRate ?? wilson(0, s.result.runs))),
    line('rounds', 'rounds (mean)', false, (s) => s.result.rounds.meanInterval),
    ...sides.map((side) => line(`standing-${side}`, `${side} still standing at the end (share)`, true, (s) => standingAtEnd(s, side))),
  ];
}

export type CurveMeasure = 'survival' | 'standing' | 'value';

/** The curves by round of one row (one sweep value): a figure per side, a series per variant. */
export function curveFigures(row: ValueRow, labels: string[], measure: CurveMeasure): LineFigure[] {
  const first = row.variants[0]?.curves;
  if (!first) return [];
  const stat = first.stat;
  const rounds = Math.max(0, ...row.variants.flatMap((v) => v.curves?.sides.map((s) => s.points.length) ?? []));
  const x = Array.from({ length: rounds }, (_, k) => String(k));
  return first.sides.map((side) => ({
    id: `curve-${side.side}`,
    title:
      measure === 'survival'
        ? `${side.side}: share still standing`
        : measure === 'standing'
          ? `${side.side}: combatants still standing`
          : `${side.side}: ${stat ?? 'stat'} left on those standing`,
    percent: measure === 'survival',
    x,
    xTitle: 'after round (0: before round 1)',
    series: row.variants.map((v, k) => {
      const points = v.curves?.sides.find((s) => s.side === side.side)?.points ?? [];
      // A combat that ended keeps its final state: past the last point, the curve stays level.
      const last = points[points.length - 1];
      return {
        label: labels[k] ?? v.result.name,
        intervals: x.map((_, r) => {
          const p = points[r] ?? last;
          return p ? p[measure] : NONE;
        }),
      };
    }),
  }));
}

/** A one-sentence summary of a line figure, for its aria-label. */
export function describeLines(f: LineFigure): string {
  const fmt = (i: Interval) => (Number.isNaN(i.estimate) ? 'none' : intervalText(i, f.percent ? pct : (x) => x.toFixed(2)));
  const parts = f.series.map((s) => `${s.label}: ${f.x.map((x, k) => `${x} ${fmt(s.intervals[k]!)}`).join(', ')}`);
  return `${f.title} against ${f.xTitle} (estimate [95% interval]). ${parts.join('. ')}.`;
}

// ---------------------------------------------------------------------------------------------
// The combat behind a bar.

/** What a bar or a point stands for: who won (null: no winner; undefined: any), in which round (undefined: any). */
export interface OutcomeWanted {
  winner?: string | null;
  round?: number;
}

/** The first example run (smallest run index) with that outcome, or null when none was kept. */
export function exampleFor(examples: Example[], want: OutcomeWanted): { outcome: string; run: number; seed: number } | null {
  let best: { outcome: string; run: number; seed: number } | null = null;
  for (const e of examples) {
    if (want.winner !== undefined && e.winner !== want.winner) continue;
    if (want.round !== undefined ? e.round !== want.round : e.round !== null && want.winner !== undefined) continue;
    const r = e.runs[0];
    if (r && (!best || r.run < best.run)) best = { outcome: e.outcome, run: r.run, seed: r.seed };
  }
  return best;
}
