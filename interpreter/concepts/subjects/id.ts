import type { SubjectKind } from '../types.js';

/**
 * A third combatant named by an expression over the effect's variables: its id (or the
 * combatant itself, as `everyone`'s elements are). Naming no one (null, an unknown id): the
 * effect does nothing.
 */
export default {
  name: 'id',
  description:
    'A combatant named by an expression over the effect\'s variables, giving its id (or a combatant, such as an element of everyone): {"id": {"var": "actor.guarding"}}. When it names no one, the effect does nothing.',
  compile(spec, cx, field) {
    const fn = cx.expr(spec, `${field}/id`);
    return (f, eng) => {
      eng.setPrefix(f);
      const v = fn(eng.frameData(f));
      const id = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as { id?: unknown }).id : v;
      return typeof id === 'string' ? (eng.byId.get(id) ?? null) : null;
    };
  },
} satisfies SubjectKind;
