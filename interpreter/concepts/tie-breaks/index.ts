/**
 * The tie-breaks, one file each. A document writes one by name (`"ties": "referee"`) or as an
 * object keyed by its name (`"ties": { "reroll": "1d6" }`).
 * A new tie-break: one file here and one line in this table (and its form in schemas/ruleset.schema.json).
 */
import type { TieBreak } from '../../model/types.js';
import type { BreakTie, Orderable, OrderEnv, TieBreakDef } from '../ordering.js';
import simultaneous from './simultaneous.js';
import referee from './referee.js';
import reroll from './reroll.js';
import side from './side.js';

export const TIE_BREAKS: Record<string, TieBreakDef> = Object.fromEntries([simultaneous, referee, reroll, side].map((t) => [t.name, t]));

/** The definition of a tie-break as written: its name, or the key of its object form. */
export function tieBreakOf(ties: TieBreak): TieBreakDef | undefined {
  if (typeof ties === 'string') return Object.hasOwn(TIE_BREAKS, ties) ? TIE_BREAKS[ties] : undefined;
  for (const key of Object.keys(ties)) if (Object.hasOwn(TIE_BREAKS, key)) return TIE_BREAKS[key];
  return undefined;
}

/** Order a tied group by its tie-break. */
export const breakTie: BreakTie = <T extends Orderable>(group: T[], ties: TieBreak, env: OrderEnv, attempt = 1): T[][] => {
  const def = tieBreakOf(ties);
  if (!def) throw new Error(`unknown tie-break ${JSON.stringify(ties)}`);
  return def.break(group, ties, env, attempt, breakTie);
};

/** A tie-break as a referee would say it ("the referee decides who goes first"), for the editor's views. */
export function describeTieBreak(ties: TieBreak | undefined): string {
  const t = ties ?? 'simultaneous';
  return tieBreakOf(t)?.phrase(t, describeTieBreak) ?? 'unknown tie-break';
}
