/** Combatants and sides from the encounter, with their stats' defaults and derived stats. */
import { truthy } from '../compile/evaluator.js';
import type { Engine } from './engine.js';
import type { SideState } from './types.js';
import { takeCast } from './cast.js';

function setup(this: Engine): void {
  // The combatants and their views (run/cast.ts): made, or a finished combat's reset.
  const cast = takeCast(this);
  this.cast = cast;
  let index = 0;
  const sides = this.encounter.sides;
  for (let si = 0; si < sides.length; si++) {
    const s = sides[si]!;
    const side: SideState = { id: s.id, index: si, members: [], standing: 0, view: {}, initiative: null };
    for (let k = 0; k < s.combatants.length; k++) {
      const c = cast.cmbs[index++]!;
      side.members.push(c);
      this.cmbs.push(c);
      this.byId.set(c.id, c);
    }
    this.sides.push(side);
    this.sideById.set(side.id, side);
    this.sidesMap[side.id] = side.view;
  }
  this.everyone = this.cmbs.map((c) => c.view);
  for (const c of this.cmbs) c.out = truthy(this.rs.out({ actor: c.view, options: this.rs.options }));
  for (const s of this.sides) s.standing = s.members.filter((m) => !m.out).length;
  this.refreshSideViews();
}

export const setupMethods = { setup };
