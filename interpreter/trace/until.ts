/** The time a condition has left, in words: what the tracker, `status` and the timeline show. */

/** 1st, 2nd, 3rd, 4th… */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The time left of a condition that ends at `ends` (a moment as `describeMoment` writes it:
 * round-start, round-end, combat-end, phase:<id>, turn:<id>, turn-end:<id>) once that moment has
 * come `remaining` more times. `nameOf` names a combatant; `round`, the round now, turns a count
 * of rounds into the round it ends in ("until the end of round 3").
 */
export function untilText(ends: string, remaining: number, nameOf: (id: string) => string = (id) => id, round?: number): string {
  const n = Math.max(1, remaining);
  const colon = ends.indexOf(':');
  const kind = colon < 0 ? ends : ends.slice(0, colon);
  const id = colon < 0 ? '' : ends.slice(colon + 1);
  const nth = n === 1 ? 'turn' : `${ordinal(n)} turn from now`;
  switch (kind) {
    case 'combat-end':
      return 'until the end of the fight';
    case 'round-end':
      if (round !== undefined) return `until the end of round ${round + n - 1}`;
      return n === 1 ? 'until the end of the round' : `until the end of the ${ordinal(n)} round from now`;
    case 'round-start':
      if (round !== undefined) return `until the start of round ${round + n}`;
      return n === 1 ? 'until the next round' : `until the start of the ${ordinal(n)} round from now`;
    case 'phase':
      return `until phase ${id} starts${n === 1 ? '' : ` for the ${ordinal(n)} time`}`;
    case 'turn':
      return `until ${nameOf(id)}'s ${nth}`;
    case 'turn-end':
      return `until the end of ${nameOf(id)}'s ${nth}`;
    default:
      return `until ${ends}${n === 1 ? '' : ` (${n} times)`}`;
  }
}
