import type { Orderable, OrderEnv } from '../ordering.js';

/**
 * Who goes first among the tied, picked one at a time by labelled decisions (`…tie.1`,
 * `…tie.2`, …) asked of `by` (the referee when not given); the last one left goes last.
 * Shared by the referee and side tie-breaks (not a tie-break of its own).
 */
export function pickInTurn<T extends Orderable>(group: T[], env: OrderEnv, by?: string): T[][] {
  const out: T[][] = [];
  let rest = [...group];
  for (let pick = 1; rest.length > 1; pick++) {
    const options = rest.map((x) => x.id);
    const chosen = env.decide(`${env.label}.tie.${pick}`, options, options[0]!, by);
    const idx = Math.max(0, options.indexOf(chosen));
    out.push([rest[idx]!]);
    rest = rest.filter((_, i) => i !== idx);
  }
  out.push(rest);
  return out;
}
