import type { InitiativeScope } from '../types.js';

/** Each combatant rolls its own initiative (labelled `init.<id>…`). */
export default {
  name: 'combatant',
  description: 'Each combatant has its own initiative.',
  roll(eng) {
    const once = eng.rs.initiative.rolls.kept;
    for (const c of eng.cmbs) {
      const value = eng.initiativeValue(`init.${c.id}`, { actor: c.view }, once);
      c.initiative = value;
      c.view.initiative = value;
      eng.emit('initiative', { who: c.id, scope: 'combatant', value });
    }
  },
} satisfies InitiativeScope;
