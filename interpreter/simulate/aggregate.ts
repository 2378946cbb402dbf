/**
 * Aggregate the records of many combats of one variant (see accumulator.ts), and compare variants.
 */
import type { CombatRecord } from './record.js';
import { meanDifference, proportionDifference, type Interval, type Summary } from './stats.js';
import { Accumulator } from './accumulator.js';

export interface VariantResult {
  name: string;
  runs: number;
  draws: number;
  rounds: Summary;
  sides: Record<string, { wins: number; winRate: Interval; damageDealt: Summary; damageTaken: Summary }>;
  combatants: Record<
    string,
    { side: string; survival: Interval; kills: number; killShare: number; actedFirst: number; actedFirstRate: number }
  >;
}

/** Aggregate kept records (the editor's way): the same streamed statistics, fed in run order. */
export function aggregate(name: string, records: CombatRecord[], sideOf: Map<string, string>): VariantResult {
  const acc = new Accumulator(name, [...sideOf], { examples: 0, curves: false });
  records.forEach((r, i) => acc.add(i, r));
  return acc.result();
}

export interface Comparison {
  a: string;
  b: string;
  winRate: Record<string, Interval & { significant: boolean }>;
  rounds: Interval & { significant: boolean };
  damageDealt: Record<string, Interval & { significant: boolean }>;
  survival: Record<string, Interval & { significant: boolean }>;
}

/** B − A for every figure, with 95% intervals. */
export function compare(a: VariantResult, b: VariantResult): Comparison {
  const c: Comparison = { a: a.name, b: b.name, winRate: {}, rounds: meanDifference(b.rounds, a.rounds), damageDealt: {}, survival: {} };
  for (const s of Object.keys(a.sides)) {
    const sa = a.sides[s]!;
    const sb = b.sides[s];
    if (!sb) continue;
    c.winRate[s] = proportionDifference(sb.wins, b.runs, sa.wins, a.runs);
    c.damageDealt[s] = meanDifference(sb.damageDealt, sa.damageDealt);
  }
  for (const id of Object.keys(a.combatants)) {
    const ca = a.combatants[id]!;
    const cb = b.combatants[id];
    if (!cb) continue;
    c.survival[id] = proportionDifference(
      Math.round(cb.survival.estimate * b.runs),
      b.runs,
      Math.round(ca.survival.estimate * a.runs),
      a.runs,
    );
  }
  return c;
}
