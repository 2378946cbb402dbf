/**
 * What a referee's intervention must give before it is logged: an amount that is a number, a
 * stat the combatant has, a number for a stat that holds one. A ruling that does not fit is
 * refused in words (the play loop prints it and asks again; the editor shows it), instead of
 * being logged and silently read as 0 (`set ogre hp lots`, an empty amount box, a mistyped stat).
 * Only new interventions are checked: a saved log replays as it was written.
 */
import type { Intervention, TrackerSnapshot } from '../run/host.js';

/** Why `iv` cannot be applied now, or null. Unknown combatants are left to the engine's own message. */
export function refereeProblem(iv: Intervention, snapshot: TrackerSnapshot): string | null {
  if (iv.op !== 'damage' && iv.op !== 'heal' && iv.op !== 'set') return null;
  const c = snapshot.combatants.find((x) => x.id === iv.who);
  if (!c) return null;
  const stat = iv.op === 'set' ? iv.stat : (iv.stat ?? 'hp');
  if (!Object.hasOwn(c.stats, stat)) {
    return `${c.id} has no stat "${stat}"; its stats are ${Object.keys(c.stats).join(', ')}`;
  }
  const now = c.stats[stat];
  if (iv.op === 'set') {
    if (typeof now === 'number' && (typeof iv.value !== 'number' || !Number.isFinite(iv.value)))
      return `${stat} is a number: set ${c.id} ${stat} to a number, not ${JSON.stringify(iv.value)}`;
    return null;
  }
  if (typeof iv.amount !== 'number' || !Number.isFinite(iv.amount))
    return `${iv.op}: the amount is a number, not ${JSON.stringify(iv.amount ?? null)}`;
  if (iv.amount < 0) return `${iv.op}: the amount is 0 or more (${iv.op === 'damage' ? 'heal' : 'damage'} goes the other way)`;
  if (typeof now !== 'number') return `${iv.op}: ${c.id}'s ${stat} is not a number (${JSON.stringify(now)})`;
  return null;
}
