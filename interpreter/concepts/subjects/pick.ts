import { TARGET_PICKERS } from '../targets/index.js';
import type { SubjectKind } from '../types.js';

/**
 * A third combatant found the way a policy finds a target, seen from the one acting:
 * `{"pick": "weakest-ally"}`, `{"pick": "nearest-enemy"}`… Nobody found: the effect does nothing.
 */
export default {
  name: 'pick',
  description:
    'A combatant found by a target picker, from the one acting: {"pick": "weakest-ally"} (the ally with the fewest hp, the actor included), {"pick": "nearest-enemy"}, … When it finds no one, the effect does nothing.',
  compile(spec, cx, field) {
    const name = String(spec);
    const picker = Object.hasOwn(TARGET_PICKERS, name) ? TARGET_PICKERS[name] : undefined;
    if (!picker)
      throw cx.ev.at(`${cx.ptr}/${field}/pick`, `unknown target picker "${name}"; they are ${Object.keys(TARGET_PICKERS).join(', ')}`);
    return (f, eng) => (picker.pickFor && f.action ? picker.pickFor(eng, f.actor, f.action) : picker.pick(eng, f.actor));
  },
} satisfies SubjectKind;
