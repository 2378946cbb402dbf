/** Combatants and sides from the encounter, with their stats' defaults and derived stats. */
import { truthy } from '../compile/evaluator.js';
import type { CompiledRuleset } from '../compile/types.js';
import type { Engine } from './engine.js';
import type { Cmb, SideState } from './types.js';
import { initHistory } from './history.js';

function setup(this: Engine): void {
  let index = 0;
  const defaults = statDefaults(this.rs);
  this.encounter.sides.forEach((s, si) => {
    const side: SideState = { id: s.id, index: si, members: [], standing: 0, view: {}, initiative: null };
    for (const e of s.combatants) {
      const view: Record<string, unknown> = {};
      for (const [stat, value] of defaults) view[stat] = value;
      for (const [stat, v] of Object.entries(e.stats ?? {})) view[stat] = v;
      view.id = e.id;
      view.name = e.name ?? e.id;
      view.side = s.id;
      view.tags = [...(e.tags ?? [])];
      view.plan = [];
      view.done = [];
      view.doneLastRound = [];
      view.initiativeAtRoundStart = null;
      view.conditions = [];
      view.moved = 0;
      view.engagedAtRoundStart = false;
      view.initiative = null;
      if (typeof view.position !== 'number') view.position = 0;
      initHistory(view, this.rs);
      const c: Cmb = { id: e.id, side: s.id, index: index++, view, slots: {}, out: false, reactions: new Map(), initiative: null };
      Object.defineProperty(view, 'engaged', { enumerable: true, get: () => this.isEngaged(c) });
      for (const [name, d] of this.rs.derived) {
        // One data object per getter, refreshed at each read (a derived value is read often;
        // the expression only reads the object, and a getter cannot be re-entered without looping).
        const data = { actor: view, options: this.rs.options, sides: this.sidesMap, round: this.round };
        Object.defineProperty(view, name, {
          enumerable: true,
          get: () => {
            data.sides = this.sidesMap;
            data.round = this.round;
            return d(data);
          },
        });
      }
      side.members.push(c);
      this.cmbs.push(c);
      this.byId.set(c.id, c);
    }
    this.sides.push(side);
    this.sideById.set(side.id, side);
    this.sidesMap[side.id] = side.view;
  });
  this.everyone = this.cmbs.map((c) => c.view);
  for (const c of this.cmbs) c.out = truthy(this.rs.out({ actor: c.view, options: this.rs.options }));
  for (const s of this.sides) s.standing = s.members.filter((m) => !m.out).length;
  this.refreshSideViews();
}

/** Each stat with its default, read once per compiled ruleset (every combat of a simulation sets them up). */
const STAT_DEFAULTS = new WeakMap<CompiledRuleset, Array<[string, unknown]>>();
function statDefaults(rs: CompiledRuleset): Array<[string, unknown]> {
  let list = STAT_DEFAULTS.get(rs);
  if (!list) {
    list = Object.entries(rs.def.combatant.stats).map(([stat, sd]) => [stat, sd.default ?? 0] as [string, unknown]);
    STAT_DEFAULTS.set(rs, list);
  }
  return list;
}

export const setupMethods = { setup };
