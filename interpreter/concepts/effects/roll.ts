import { DiceError } from '../../dice/index.js';
import { num, truthy } from '../../compile/evaluator.js';
import type { Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';

/** Roll dice under a label (`<prefix>.<label>`, so it can be pinned) and keep the result in `local.<as>`. */
export default {
  op: 'roll',
  description: 'Roll dice (a labelled roll that can be pinned) and keep the total, the dice and the natural roll.',
  compile(e, cx) {
    const dice = cx.expr(e.dice, 'dice');
    const at = `${cx.ptr}/dice`;
    const modifiers = (e.modifiers ?? []).map((m, i) => ({
      id: m.id,
      value: cx.expr(m.value, `modifiers/${i}/value`),
      when: m.when === undefined ? null : cx.expr(m.when, `modifiers/${i}/when`),
    }));
    // A literal notation without modifiers ("1d20") reads no data: the act's data is not made for it.
    const readsData = (typeof e.dice === 'object' && e.dice !== null) || modifiers.length > 0;
    return (f, eng) => {
      eng.setPrefix(f);
      const data = readsData ? eng.frameData(f) : null;
      const value = dice(data!);
      let mods: Array<{ id: string; value: number }> | null = null;
      if (modifiers.length) {
        mods = [];
        for (const m of modifiers) {
          if (m.when && !truthy(m.when(data!))) continue;
          const v = num(m.value(data!));
          if (v !== 0) mods.push({ id: m.id, value: v });
        }
      }
      if (typeof value !== 'string' && typeof value !== 'number') {
        throw cx.ev.at(at, `roll "${f.prefix}.${e.label}": the dice notation must be a string such as "1d20", got ${describeValue(value)}`);
      }
      let r: { total: number; dice: number[] };
      try {
        eng.rollModifiers = mods;
        r = eng.dice.rollIn(f.prefix, e.label, String(value));
      } catch (err) {
        // A notation computed at run time: point at the expression that built it (with the label).
        if (err instanceof DiceError && !err.pin) throw cx.ev.at(at, err.message);
        throw err;
      }
      eng.rollModifiers = null;
      if (!mods) f.local[e.as] = { total: r.total, dice: r.dice, natural: r.dice[0] ?? r.total };
      else {
        const total = r.total + mods.reduce((a, m) => a + m.value, 0);
        f.local[e.as] = { total, rolled: r.total, dice: r.dice, natural: r.dice[0] ?? r.total };
      }
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'roll' }>>;

/** A value for a message: its JSON when short and not circular (the whole expression data may be). */
function describeValue(v: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(v);
  } catch {
    text = undefined;
  }
  if (text === undefined) return Array.isArray(v) ? 'a list' : typeof v === 'object' && v !== null ? 'an object' : String(v);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
