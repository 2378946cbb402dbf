import type { TieBreak } from '../../model/types.js';
import type { TieBreakDef } from '../ordering.js';

/** Re-rolls of one tie before it falls back on `then`. */
const MAX_REROLLS = 5;

type Reroll = Extract<TieBreak, { reroll: string }>;

/** Each tied actor rolls (`…tie.<id>`); the highest goes first; still tied, they roll again. */
export default {
  name: 'reroll',
  description: 'Tied actors roll the given dice, highest first; a tie again rolls again (then falls back on `then`).',
  phrase: (ties, phraseOf) =>
    `re-roll ${(ties as Reroll).reroll}, highest first; tied again: ${phraseOf((ties as Reroll).then ?? 'simultaneous')}`,
  break(group, ties, env, attempt, again) {
    const t = ties as Reroll;
    if (attempt > MAX_REROLLS) return again(group, t.then ?? 'simultaneous', env);
    const scores = new Map<(typeof group)[number], number>();
    for (const it of group) scores.set(it, env.roll(`${env.label}.tie.${it.id}`, t.reroll, attempt));
    const sorted = [...group].sort((a, b) => scores.get(b)! - scores.get(a)! || a.listing - b.listing);
    const out: (typeof group)[] = [];
    let run: typeof group = [];
    for (const it of sorted) {
      if (run.length && scores.get(run[0]!) !== scores.get(it)) {
        out.push(...(run.length > 1 ? again(run, ties, env, attempt + 1) : [run]));
        run = [];
      }
      run.push(it);
    }
    out.push(...(run.length > 1 ? again(run, ties, env, attempt + 1) : [run]));
    return out;
  },
} satisfies TieBreakDef;
