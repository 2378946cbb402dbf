import type { Fn } from '../../compile/evaluator.js';
import { joinPointer } from '../../diagnostics.js';
import type { Effect } from '../../model/types.js';
import type { Frame } from '../../run/types.js';
import type { EffectDef } from '../types.js';

/** Procedures may call procedures; this bounds the nesting at run time. */
export const MAX_CALL_DEPTH = 16;

/**
 * The frames of the procedure calls in progress, innermost last: a frame's calls in progress are
 * its entries here. Effects run synchronously and every call leaves in its `finally`, so the list
 * is a stack whatever engine runs. Kept off the frame itself: a field added to a frame when it
 * first calls a procedure gave frames two more hidden classes (every frame read in the engine saw
 * four where two are made) and a property store allocated outside the object.
 */
const inProgress: Frame[] = [];

/** How many calls are in progress on `f`. */
function callsOn(f: Frame): number {
  let n = 0;
  for (let i = 0; i < inProgress.length; i++) if (inProgress[i] === f) n++;
  return n;
}

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
    // A literal that is not an object or array is its own value (never an operator, no steps):
    // stored as it is, without an evaluation. Values are stored in the order written.
    const literals = entries.map(([, v]) => v);
    const fns: Array<Fn | null> = entries.map(([k, v]) =>
      typeof v !== 'object' || v === null ? null : cx.ev.compile(v, joinPointer(ptr, 'with', k)),
    );
    // The act's data is made only for values that read it (a call without `with`, or with literals only, reads none).
    const readsData = fns.some((fn) => fn !== null);
    return (f, eng) => {
      eng.setPrefix(f);
      const data = readsData ? eng.frameData(f) : null;
      const local = f.local;
      for (let i = 0; i < fns.length; i++) {
        const fn = fns[i]!;
        local[names[i]!] = fn === null ? literals[i] : fn(data!);
      }
      // A frame's calls in progress are at most all the calls in progress: the count is needed only when those reach the bound.
      if (inProgress.length >= MAX_CALL_DEPTH && callsOn(f) + 1 > MAX_CALL_DEPTH)
        throw cx.ev.at(`${ptr}/procedure`, `procedure "${e.procedure}" calls itself more than ${MAX_CALL_DEPTH} deep`);
      inProgress.push(f);
      try {
        for (let i = 0; i < body.length; i++) body[i]!(f, eng);
      } finally {
        inProgress.pop();
      }
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'call' }>>;
