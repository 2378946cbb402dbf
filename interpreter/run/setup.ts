/** Combatants and sides from the encounter, with their stats' defaults and derived stats. */
import { truthy } from '../compile/evaluator.js';
import type { CompiledRuleset } from '../compile/types.js';
import type { Engine } from './engine.js';
import type { Cmb, SideState } from './types.js';
import { initHistory } from './history.js';

function setup(this: Engine): void {
  let index = 0;
  const rs = this.rs;
  const { keys: defaultKeys, values: defaultValues } = statDefaults(rs);
  const accessors = viewAccessors(rs);
  const sides = this.encounter.sides;
  for (let si = 0; si < sides.length; si++) {
    const s = sides[si]!;
    const side: SideState = { id: s.id, index: si, members: [], standing: 0, view: {}, initiative: null };
    for (const e of s.combatants) {
      const view: Record<string, unknown> = {};
      for (let i = 0; i < defaultKeys.length; i++) view[defaultKeys[i]!] = defaultValues[i];
      const stats = e.stats;
      if (stats) {
        const keys = Object.keys(stats);
        for (let i = 0; i < keys.length; i++) view[keys[i]!] = stats[keys[i]!];
      }
      view.id = e.id;
      view.name = e.name ?? e.id;
      view.side = s.id;
      view.tags = e.tags ? [...e.tags] : [];
      view.plan = [];
      view.done = [];
      view.doneLastRound = [];
      view.initiativeAtRoundStart = null;
      view.conditions = [];
      view.moved = 0;
      view.engagedAtRoundStart = false;
      view.initiative = null;
      if (typeof view.position !== 'number') view.position = 0;
      initHistory(view, rs);
      const c: Cmb = { id: e.id, side: s.id, index: index++, view, slots: {}, out: false, reactions: new Map(), initiative: null };
      // The getters are the same functions for every combatant of every combat of this ruleset:
      // they find their combatant through a hidden link. Closures made per view would give each
      // view its own hidden class (V8 turns such objects into slow dictionaries).
      const data = { actor: view, options: rs.options, sides: this.sidesMap, round: this.round };
      Object.defineProperty(view, VIEW_LINK, { value: { eng: this, c, data } satisfies ViewLink });
      for (let i = 0; i < accessors.length; i++) Object.defineProperty(view, accessors[i]![0], accessors[i]![1]);
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

/** What a view's getters find through their hidden link: the engine, the combatant, and the data of its derived values. */
interface ViewLink {
  eng: Engine;
  c: Cmb;
  /** Shared by all derived getters of the view (a nested one sets the same values), refreshed at each read. */
  data: { actor: Record<string, unknown>; options: unknown; sides: Record<string, unknown>; round: number };
}
const VIEW_LINK = Symbol('view link');
const linkOf = (view: object): ViewLink => (view as { [VIEW_LINK]: ViewLink })[VIEW_LINK];

/** `engaged` and the derived values as property descriptors, made once per compiled ruleset. */
const ACCESSORS = new WeakMap<CompiledRuleset, Array<[string, PropertyDescriptor]>>();
function viewAccessors(rs: CompiledRuleset): Array<[string, PropertyDescriptor]> {
  let list = ACCESSORS.get(rs);
  if (list) return list;
  list = [
    [
      'engaged',
      {
        enumerable: true,
        get(this: object) {
          const link = linkOf(this);
          return link.eng.isEngaged(link.c);
        },
      },
    ],
  ];
  for (const [name, d] of rs.derived) {
    list.push([
      name,
      {
        enumerable: true,
        get(this: object) {
          const link = linkOf(this);
          link.data.sides = link.eng.sidesMap;
          link.data.round = link.eng.round;
          return d(link.data);
        },
      },
    ]);
  }
  ACCESSORS.set(rs, list);
  return list;
}

/** Each stat with its default, read once per compiled ruleset (every combat of a simulation sets them up): names and values side by side. */
const STAT_DEFAULTS = new WeakMap<CompiledRuleset, { keys: string[]; values: unknown[] }>();
function statDefaults(rs: CompiledRuleset): { keys: string[]; values: unknown[] } {
  let list = STAT_DEFAULTS.get(rs);
  if (!list) {
    const stats = rs.def.combatant.stats;
    const keys = Object.keys(stats);
    list = { keys, values: keys.map((k) => stats[k]!.default ?? 0) };
    STAT_DEFAULTS.set(rs, list);
  }
  return list;
}

export const setupMethods = { setup };
