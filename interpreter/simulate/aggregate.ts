/**
 * Aggregate the records of many combats of one variant, and compare variants.
 */
import type { CombatRecord } from './record.js';
import { meanDifference, proportionDifference, summarize, wilson, type Interval, type Summary } from './stats.js';

export interface VariantResult {
  name: string;
  runs: number;
  draws: number;
  rounds: Summary;
  sides: Record<string, { wins: number; winRate: Interval; damageDealt: Summary; damageTaken: Summary }>;
  combatants: Record<string, { side: string; survival: Interval; kills: number; killShare: number; actedFirst: number; actedFirstRate: number }>;
}

export function aggregate(name: string, records: CombatRecord[], sideOf: Map<string, string>): VariantResult {
  const n = records.length;
  const sides = [...new Set(sideOf.values())];
  const out: VariantResult = { name, runs: n, draws: 0, rounds: summarize(records.map((r) => r.rounds)), sides: {}, combatants: {} };
  out.draws = records.filter((r) => r.winner === null).length;
  for (const s of sides) {
    const wins = records.filter((r) => r.winner === s).length;
    out.sides[s] = {
      wins,
      winRate: wilson(wins, n),
      damageDealt: summarize(records.map((r) => r.damageDealt[s] ?? 0)),
      damageTaken: summarize(records.map((r) => r.damageTaken[s] ?? 0)),
    };
  }
  const killsBySide = new Map<string, number>();
  for (const [c, s] of sideOf) killsBySide.set(s, (killsBySide.get(s) ?? 0) + records.reduce((t, r) => t + (r.kills[c] ?? 0), 0));
  for (const [c, s] of sideOf) {
    const survived = records.filter((r) => r.survived[c]).length;
    const kills = records.reduce((t, r) => t + (r.kills[c] ?? 0), 0);
    const first = records.reduce((t, r) => t + (r.actedFirst[c] ?? 0), 0);
    const acted = records.reduce((t, r) => t + (r.acted[c] ?? 0), 0);
    out.combatants[c] = {
      side: s,
      survival: wilson(survived, n),
      kills,
      killShare: (killsBySide.get(s) ?? 0) > 0 ? kills / killsBySide.get(s)! : 0,
      actedFirst: first,
      actedFirstRate: acted > 0 ? first / acted : 0,
    };
  }
  return out;
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
    c.survival[id] = proportionDifference(Math.round(cb.survival.estimate * b.runs), b.runs, Math.round(ca.survival.estimate * a.runs), a.runs);
  }
  return c;
}
