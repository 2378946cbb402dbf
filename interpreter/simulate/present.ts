/**
 * The report of a plan's accumulators, as text, JSON or CSV. Without a sweep, examples or curves
 * it is exactly the report of report.ts; examples and curves add sections (text), keys on each
 * variant (JSON) and rows (CSV); a sweep gives one row per value with 95% intervals.
 */
import { compare, type Comparison, type VariantResult } from './aggregate.js';
import type { Accumulator, Example } from './accumulator.js';
import type { SideCurve } from './curves.js';
import type { Plan } from './plan-types.js';
import { CSV_HEADER, csvRows, formatJson, formatText, toCsv } from './report.js';
import { replayCommand, type SeriesSpec } from './series-core.js';
import type { Interval } from './stats.js';

export interface Meta {
  runs: number;
  seed: number;
  workers?: number;
  ms?: number;
  partial: boolean;
}

type Extended = VariantResult & {
  examples?: Array<Example & { command: string }>;
  curves?: { stat: string | null; sides: SideCurve[] };
};

function resultOf(plan: Plan, acc: Accumulator, series: SeriesSpec): Extended {
  const r: Extended = acc.result();
  if (plan.examples > 0) {
    r.examples = acc.exampleList(plan.seed).map((e) => ({ ...e, command: replayCommand(series, e.runs[0]!.seed) }));
  }
  const curves = acc.curves();
  if (curves) r.curves = { stat: acc.opts.stat ?? null, sides: curves };
  return r;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ci = (i: Interval, f: (x: number) => string = pct) => `${f(i.estimate)} [${f(i.low)}, ${f(i.high)}]`;
const num = (x: number) => x.toFixed(2);
const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function examplesText(r: Extended): string[] {
  if (!r.examples?.length) return [];
  const template = r.examples[0]!.command.replace(/--seed \d+$/, '--seed <seed>');
  const w = Math.max(...r.examples.map((e) => e.outcome.length));
  const out = [`  examples of ${r.name}: run seeds per outcome; replay one exactly with`, `    ${template}`];
  for (const e of r.examples) out.push(`    ${e.outcome.padEnd(w)}  ${e.runs.map((x) => x.seed).join(', ')}`);
  return out;
}

function curvesText(r: Extended): string[] {
  if (!r.curves) return [];
  const stat = r.curves.stat;
  const out = [
    `  curves by round of ${r.name}: standing (share of the side)${stat ? ` and ${stat} of those standing` : ''}, means over all runs`,
  ];
  const sides = r.curves.sides;
  out.push(
    '    round  ' +
      sides
        .map((s) => s.side.padEnd(stat ? 28 : 18))
        .join('')
        .trimEnd(),
  );
  const rounds = Math.max(0, ...sides.map((s) => s.points.length));
  for (let k = 0; k < rounds; k++) {
    const cells = sides.map((s) => {
      const p = s.points[k];
      if (!p) return ''.padEnd(stat ? 28 : 18);
      const cell = `${num(p.standing.estimate)} (${pct(p.survival.estimate)})`.padEnd(18);
      return stat ? `${cell}${num(p.value.estimate).padStart(7)}   ` : cell;
    });
    out.push(`    ${String(k).padStart(5)}  ${cells.join('').trimEnd()}`);
  }
  return out;
}

function extraCsv(r: Extended): string[][] {
  const rows: string[][] = [];
  for (const e of r.examples ?? []) for (const x of e.runs) rows.push([r.name, 'example-seed', e.outcome, String(x.seed), '', '']);
  for (const s of r.curves?.sides ?? []) {
    for (const p of s.points) {
      const at = `${s.side}@${p.round}`;
      rows.push([r.name, 'curve-standing', at, String(p.standing.estimate), String(p.standing.low), String(p.standing.high)]);
      rows.push([r.name, 'curve-survival', at, String(p.survival.estimate), String(p.survival.low), String(p.survival.high)]);
      if (r.curves!.stat)
        rows.push([r.name, `curve-${r.curves!.stat}`, at, String(p.value.estimate), String(p.value.low), String(p.value.high)]);
    }
  }
  return rows;
}

function sweepTable(plan: Plan, rows: Array<{ value: unknown; results: Extended[] }>, k: number): string[] {
  const first = rows[0]!.results[k]!;
  const sides = Object.keys(first.sides);
  const out = ['', `▶ ${first.name}: ${plan.sweep!.target} (win rates and mean rounds with 95% intervals)`];
  const w = Math.max(5, ...rows.map((r) => show(r.value).length));
  out.push(`    ${'value'.padStart(w)}  ${[...sides.map((s) => `${s} won`), 'no winner'].map((h) => h.padEnd(24)).join('')}rounds (mean)`);
  for (const row of rows) {
    const r = row.results[k]!;
    const wins = sides.map((s) => (r.sides[s] ? ci(r.sides[s]!.winRate) : '—').padEnd(24));
    const draws = pct(r.runs ? r.draws / r.runs : 0).padEnd(24);
    out.push(`    ${show(row.value).padStart(w)}  ${wins.join('')}${draws}${ci(r.rounds.meanInterval, num)}`);
  }
  return out;
}

/** The report of a plan. */
export function present(plan: Plan, grid: SeriesSpec[][], accs: Accumulator[][], meta: Meta, format: string): string {
  const rows = accs.map((row, vi) => {
    const results = row.map((acc, k) => resultOf(plan, acc, grid[vi]![k]!));
    return {
      value: plan.sweep ? plan.sweep.values[vi] : undefined,
      results,
      comparisons: results.slice(1).map((r) => compare(results[0]!, r)),
    };
  });
  if (!plan.sweep) {
    const { results, comparisons } = rows[0]!;
    if (format === 'json') return formatJson(results, comparisons, meta);
    if (format === 'csv') return toCsv([CSV_HEADER, ...csvRows(results, comparisons), ...results.flatMap(extraCsv)]);
    const extra = results.flatMap((r) => [...examplesText(r), ...curvesText(r)]);
    return formatText(results, comparisons, meta) + (extra.length ? ['', ...extra].join('\n') + '\n' : '');
  }
  const sweep = { target: plan.sweep.target, values: plan.sweep.values };
  if (format === 'json') {
    return (
      JSON.stringify(
        { meta, sweep, series: rows.map((r) => ({ value: r.value, variants: r.results, comparisons: r.comparisons })) },
        null,
        2,
      ) + '\n'
    );
  }
  if (format === 'csv') {
    const body = rows.flatMap((r) =>
      [...csvRows(r.results, r.comparisons as Comparison[]), ...r.results.flatMap(extraCsv)].map((x) => [
        plan.sweep!.target,
        show(r.value),
        ...x,
      ]),
    );
    return toCsv([['sweep', 'value', ...CSV_HEADER], ...body]);
  }
  const timing =
    meta.workers !== undefined && meta.ms !== undefined ? ` · ${meta.workers} worker(s) · ${(meta.ms / 1000).toFixed(2)} s` : '';
  const partial = meta.partial ? ' · INTERRUPTED: partial results' : '';
  const counts = `${plan.sweep.values.length} values · ${meta.runs} runs per value and variant`;
  const out = [`Sweep ${plan.sweep.target} · ${counts} · seed ${meta.seed}${timing}${partial}`];
  for (let k = 0; k < plan.variants.length; k++) out.push(...sweepTable(plan, rows, k));
  for (const r of rows) {
    const extra = r.results.flatMap((x) => [...examplesText(x), ...curvesText(x)]);
    if (extra.length) out.push('', `at ${plan.sweep.target} = ${show(r.value)}:`, ...extra);
  }
  return out.join('\n') + '\n';
}
