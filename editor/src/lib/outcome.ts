/**
 * The outcome of an act, read from what came of it in the run, the same way for every ruleset
 * (no ruleset names one: d20's documents add a note "misses", OSE's roll and stop). An act aimed
 * at another combatant that rolled dice HITS when it damaged, downed or put a condition on
 * anyone but its actor, and MISSES when nothing of the kind came of it. Healing alone, acts
 * without a target or without dice have no outcome. Pure: no Svelte, no DOM.
 */
import type { ActNode } from './timeline.js';

export interface Outcome {
  kind: 'hit' | 'miss';
  /** Who was reached (a hit), in the order they were. */
  reached: string[];
  /** One readable word group: "hits orc-1", "misses orc-1". */
  text: string;
}

export function actOutcome(act: ActNode): Outcome | null {
  if (!act.target || act.target === act.actor) return null;
  if (!act.details.some((d) => d.kind === 'roll')) return null;
  const reached: string[] = [];
  let healed = false;
  for (const d of act.details) {
    const who = d.kind === 'damage' || d.kind === 'condition' ? d.target : d.kind === 'down' ? d.combatant : null;
    if (who === null || who === act.actor) continue;
    if (d.kind === 'damage' && d.amount < 0) {
      healed = true;
      continue;
    }
    if (d.kind === 'condition' && d.ended) continue;
    if (!reached.includes(who)) reached.push(who);
  }
  if (reached.length) return { kind: 'hit', reached, text: `hits ${reached.join(', ')}` };
  if (healed) return null;
  return { kind: 'miss', reached, text: `misses ${act.target}` };
}
