/**
 * Simulation results as text (a readable table with small terminal histograms), JSON, or CSV.
 */
import type { Comparison, VariantResult } from './aggregate.js';
import type { Interval } from './stats.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ci = (i: Interval, f: (x: number) => string = pct) => `${f(i.estimate)} [${f(i.low)}, ${f(i.high)}]`;
const num = (x: number) => x.toFixed(2);
const signedPct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
const signedNum = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;

function histogram(r: VariantResult, width = 30): string[] {
  const max = Math.max(...r.rounds.histogram.map((h) => h.count), 1);
  return r.rounds.histogram.map(
    (h) =>
      `    ${String(h.value).padStart(3)} │${'█'.repeat(Math.max(h.count > 0 ? 1 : 0, Math.round((h.count / max) * width)))} ${h.count}`,
  );
}

/** Without workers and ms (`--no-timing`), the header leaves out the two figures that vary from run to run. */
export function formatText(
  results: VariantResult[],
  comparisons: Comparison[],
  meta: { runs: number; seed: number; workers?: number; ms?: number; partial: boolean },
): string {
  const out: string[] = [];
  const timing =
    meta.workers !== undefined && meta.ms !== undefined ? ` · ${meta.workers} worker(s) · ${(meta.ms / 1000).toFixed(2)} s` : '';
  out.push(
    `Simulation · ${meta.runs} runs per variant · seed ${meta.seed}${timing}${meta.partial ? ' · INTERRUPTED: partial results' : ''}`,
  );
  for (const r of results) {
    out.push('', `▶ ${r.name}  (${r.runs} combats${r.draws ? `, ${r.draws} without a winner` : ''})`);
    out.push('  win rate (95% interval):');
    for (const [s, v] of Object.entries(r.sides)) out.push(`    ${s.padEnd(16)} ${ci(v.winRate)}`);
    out.push(`  rounds: mean ${ci(r.rounds.meanInterval, num)}, median ${r.rounds.median}, 90th percentile ${r.rounds.p90}`);
    out.push(...histogram(r));
    out.push('  damage per combat:        dealt            taken');
    for (const [s, v] of Object.entries(r.sides))
      out.push(`    ${s.padEnd(16)} ${num(v.damageDealt.mean).padStart(10)}  ${num(v.damageTaken.mean).padStart(14)}`);
    out.push('  combatants:               survival                kill share  first in its steps');
    for (const [c, v] of Object.entries(r.combatants)) {
      out.push(
        `    ${`${c} (${v.side})`.padEnd(24)} ${ci(v.survival).padEnd(24)} ${pct(v.killShare).padStart(8)}  ${pct(v.actedFirstRate).padStart(8)}`,
      );
    }
  }
  for (const c of comparisons) {
    out.push('', `Δ ${c.b}  minus  ${c.a}  (95% intervals; * = significant)`);
    for (const [s, d] of Object.entries(c.winRate))
      out.push(
        `    win rate ${s.padEnd(16)} ${signedPct(d.estimate)} [${signedPct(d.low)}, ${signedPct(d.high)}]${d.significant ? ' *' : ''}`,
      );
    out.push(
      `    rounds (mean)             ${signedNum(c.rounds.estimate)} [${signedNum(c.rounds.low)}, ${signedNum(c.rounds.high)}]${c.rounds.significant ? ' *' : ''}`,
    );
    for (const [s, d] of Object.entries(c.damageDealt))
      out.push(
        `    damage dealt ${s.padEnd(12)} ${signedNum(d.estimate)} [${signedNum(d.low)}, ${signedNum(d.high)}]${d.significant ? ' *' : ''}`,
      );
    for (const [id, d] of Object.entries(c.survival))
      if (d.significant) out.push(`    survival ${id.padEnd(16)} ${signedPct(d.estimate)} [${signedPct(d.low)}, ${signedPct(d.high)}] *`);
  }
  return out.join('\n') + '\n';
}

export function formatJson(results: VariantResult[], comparisons: Comparison[], meta: object): string {
  return JSON.stringify({ meta, variants: results, comparisons }, null, 2) + '\n';
}

/** One row per variant and figure: easy to pivot in a spreadsheet. */
export function formatCsv(results: VariantResult[], comparisons: Comparison[]): string {
  return toCsv([CSV_HEADER, ...csvRows(results, comparisons)]);
}

export const CSV_HEADER = ['variant', 'figure', 'subject', 'estimate', 'low', 'high'];
const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
export const toCsv = (rows: string[][]) => rows.map((r) => r.map(q).join(',')).join('\n') + '\n';

/** The rows of formatCsv, without the header. */
export function csvRows(results: VariantResult[], comparisons: Comparison[]): string[][] {
  const rows: string[][] = [];
  for (const r of results) {
    for (const [s, v] of Object.entries(r.sides)) {
      rows.push([r.name, 'win-rate', s, String(v.winRate.estimate), String(v.winRate.low), String(v.winRate.high)]);
      rows.push([
        r.name,
        'damage-dealt-mean',
        s,
        String(v.damageDealt.mean),
        String(v.damageDealt.meanInterval.low),
        String(v.damageDealt.meanInterval.high),
      ]);
      rows.push([
        r.name,
        'damage-taken-mean',
        s,
        String(v.damageTaken.mean),
        String(v.damageTaken.meanInterval.low),
        String(v.damageTaken.meanInterval.high),
      ]);
    }
    rows.push([r.name, 'rounds-mean', '', String(r.rounds.mean), String(r.rounds.meanInterval.low), String(r.rounds.meanInterval.high)]);
    rows.push([r.name, 'rounds-median', '', String(r.rounds.median), '', '']);
    rows.push([r.name, 'rounds-p90', '', String(r.rounds.p90), '', '']);
    for (const h of r.rounds.histogram) rows.push([r.name, 'rounds-histogram', String(h.value), String(h.count), '', '']);
    for (const [c, v] of Object.entries(r.combatants)) {
      rows.push([r.name, 'survival', c, String(v.survival.estimate), String(v.survival.low), String(v.survival.high)]);
      rows.push([r.name, 'kill-share', c, String(v.killShare), '', '']);
      rows.push([r.name, 'acted-first-rate', c, String(v.actedFirstRate), '', '']);
    }
  }
  for (const c of comparisons) {
    const name = `${c.b} minus ${c.a}`;
    for (const [s, d] of Object.entries(c.winRate))
      rows.push([name, 'win-rate-difference', s, String(d.estimate), String(d.low), String(d.high)]);
    rows.push([name, 'rounds-mean-difference', '', String(c.rounds.estimate), String(c.rounds.low), String(c.rounds.high)]);
  }
  return rows;
}
