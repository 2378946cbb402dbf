/**
 * The label prefix of an act's rolls, `r<round>.<combatant>.<action>`, as one concatenation of two
 * strings kept for reuse: `r<round>` (per round number) and `.<combatant>.<action>` (per action and
 * combatant id, the same in every combat of a ruleset), instead of a template's chain of
 * intermediate strings at every act. The same characters as the template gives.
 */
import type { CAction } from '../compile/types.js';
import type { Cmb } from './types.js';

/** `r<n>` by round number. */
const ROUNDS: string[] = [];
/** `.<combatant id>.<action id>` by action, then combatant id. */
const TAILS = new WeakMap<CAction, Map<string, string>>();

export function actPrefix(round: number, c: Cmb, action: CAction): string {
  let head = Number.isInteger(round) && round >= 0 && round < 1000 ? ROUNDS[round] : `r${round}`;
  if (head === undefined) head = ROUNDS[round] = `r${round}`;
  let byCmb = TAILS.get(action);
  if (byCmb === undefined) TAILS.set(action, (byCmb = new Map()));
  let tail = byCmb.get(c.id);
  if (tail === undefined) byCmb.set(c.id, (tail = `.${c.id}.${action.def.id}`));
  return head + tail;
}
