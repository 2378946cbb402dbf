import type { Fn } from '../../compile/evaluator.js';
import { joinPointer } from '../../diagnostics.js';
import type { Effect } from '../../model/types.js';
import type { EffectDef } from '../types.js';

/** Procedures may call procedures; this bounds the nesting at run time. */
export const MAX_CALL_DEPTH = 16;

/** Run a procedure of the ruleset, with arguments in `local`. */
export default {
  op: 'call',
  description: "Run one of the ruleset's procedures, passing values it reads as local.<name>.",
  compile(e, cx) {
    const body = cx.procedures.get(e.procedure);
    const ptr = cx.ptr;
    if (!body)
      throw cx.ev.at(
        `${ptr}/procedure`,
        `unknown procedure "${e.procedure}"; procedures are ${[...cx.procedures.keys()].join(', ') || '(none)'}`,
      );
    const entries = Object.entries(e.with ?? {});
    const names = entries.map(([k]) => k);
    const fns: Fn[] = entries.map(([k, v]) => cx.ev.compile(v, joinPointer(ptr, 'with', k)));
    return (f, eng) => {
      eng.setPrefix(f);
      const data = eng.frameData(f);
      const local = f.local;
      for (let i = 0; i < fns.length; i++) local[names[i]!] = fns[i]!(data);
      f.calls = (f.calls ?? 0) + 1;
      if (f.calls > MAX_CALL_DEPTH)
        throw cx.ev.at(`${ptr}/procedure`, `procedure "${e.procedure}" calls itself more than ${MAX_CALL_DEPTH} deep`);
      try {
        for (const eff of body) eff(f, eng);
      } finally {
        f.calls--;
      }
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'call' }>>;
