/**
 * The cast of a combat: its combatants (Cmb) and their views, as setup makes them from the
 * encounter. A simulation runs thousands of combats of one encounter one after another; making
 * each view anew (its stats, its getters defined one by one) was the largest self time of a
 * record-only combat. So a combat run to its end by runCombat gives its cast back, and the next
 * combat of the same encounter and ruleset resets it instead: every field set again, in the same
 * order, to what a fresh one holds.
 *
 * A cast is given back only when nothing can tell: no host holds the engine, and every view still
 * has exactly the keys it was made with (keys are never deleted, so the same count is the same
 * keys: a combat that added one, by a `set` of a key the ruleset does not declare, is dropped).
 * A cast is taken again only when its encounter's combatants are the very objects it was made
 * from, their stats with the same keys in the same order, and no getter shadows a stat (a reset
 * would write through it).
 */
import type { CompiledRuleset } from '../compile/types.js';
import type { Encounter } from '../model/types.js';
import type { Engine } from './engine.js';
import type { Cmb } from './types.js';
import { initHistory } from './history.js';

/** What a view's getters find through their hidden link: the engine, the combatant, and the data of its derived values. */
export interface ViewLink {
  eng: Engine;
  c: Cmb;
  /** Shared by all derived getters of the view (a nested one sets the same values), refreshed at each read. */
  data: { actor: Record<string, unknown>; options: unknown; sides: Record<string, unknown>; round: number };
}
const VIEW_LINK = Symbol('view link');
const linkOf = (view: object): ViewLink => (view as { [VIEW_LINK]: ViewLink })[VIEW_LINK];

export interface Cast {
  rs: CompiledRuleset;
  /** Every combatant of the encounter, in listing order (side by side). */
  cmbs: Cmb[];
  /** Each view's number of keys once made (its stats, its fields, its getters). */
  keyCounts: number[];
  /** Each view's stats' defaults that its combatant's stats do not give (made once per cast: the ruleset's, never changed). */
  defaults: StatDefaults[];
  /** Each combatant's stats object and its keys in order when the cast was made (its values are read at each reset). */
  stats: Array<Record<string, unknown> | undefined>;
  statKeys: string[][];
  /** False when a getter shadows a stat or a field: such a cast is never reset. */
  reusable: boolean;
}

/** Casts given back, by encounter (at most a few: a simulation runs one combat at a time per thread). */
const SPARE = new WeakMap<Encounter, Cast[]>();
const SPARE_MAX = 4;

/** The cast of a new combat of `eng`: a spare one of its encounter reset, else one made. */
export function takeCast(eng: Engine): Cast {
  const spare = SPARE.get(eng.encounter);
  while (spare !== undefined && spare.length > 0) {
    const cast = spare.pop()!;
    if (cast.rs === eng.rs && sameCombatants(cast, eng.encounter)) {
      resetCast(cast, eng);
      return cast;
    }
  }
  return makeCast(eng);
}

/** Give the cast of a finished combat back for the next one (runCombat, without a host). */
export function giveBackCast(eng: Engine, cast: Cast): void {
  if (!cast.reusable) return;
  for (let i = 0; i < cast.cmbs.length; i++) if (Object.keys(cast.cmbs[i]!.view).length !== cast.keyCounts[i]) return;
  let spare = SPARE.get(eng.encounter);
  if (spare === undefined) SPARE.set(eng.encounter, (spare = []));
  if (spare.length < SPARE_MAX) spare.push(cast);
}

function sameCombatants(cast: Cast, encounter: Encounter): boolean {
  let i = 0;
  for (const s of encounter.sides) {
    for (const e of s.combatants) {
      if (i >= cast.cmbs.length) return false;
      const c = cast.cmbs[i]!;
      if (c.id !== e.id || c.side !== s.id || cast.stats[i] !== e.stats) return false;
      if (e.stats !== undefined && !sameKeys(e.stats, cast.statKeys[i]!)) return false;
      i++;
    }
  }
  return i === cast.cmbs.length;
}

/** Whether `o` has these keys, in this order, and no other (without making the list of its keys). */
function sameKeys(o: Record<string, unknown>, keys: string[]): boolean {
  let j = 0;
  for (const k in o) if (k !== keys[j++]) return false;
  return j === keys.length;
}

function makeCast(eng: Engine): Cast {
  const rs = eng.rs;
  const defaults = statDefaults(rs);
  const accessors = viewAccessors(rs);
  const cast: Cast = { rs, cmbs: [], keyCounts: [], defaults: [], stats: [], statKeys: [], reusable: true };
  let index = 0;
  for (const s of eng.encounter.sides) {
    for (const e of s.combatants) {
      const view: Record<string, unknown> = {};
      fillView(view, e, s.id, defaults, rs);
      const fields = Object.keys(view).length;
      const c: Cmb = { id: e.id, side: s.id, index: index++, view, slots: {}, out: false, reactions: new Map(), initiative: null };
      // The getters are the same functions for every combatant of every combat of this ruleset:
      // they find their combatant through a hidden link. Closures made per view would give each
      // view its own hidden class (V8 turns such objects into slow dictionaries).
      const data = { actor: view, options: rs.options, sides: eng.sidesMap, round: eng.round };
      Object.defineProperty(view, VIEW_LINK, { value: { eng, c, data } satisfies ViewLink });
      for (let i = 0; i < accessors.length; i++) Object.defineProperty(view, accessors[i]![0], accessors[i]![1]);
      const keys = Object.keys(view).length;
      if (keys !== fields + accessors.length) cast.reusable = false;
      cast.cmbs.push(c);
      cast.keyCounts.push(keys);
      const statKeys = e.stats ? Object.keys(e.stats) : [];
      const own = defaults.keys.map((k, d) => [k, defaults.values[d]] as const).filter(([k]) => !statKeys.includes(k));
      cast.defaults.push({ keys: own.map(([k]) => k), values: own.map(([, v]) => v) });
      cast.stats.push(e.stats);
      cast.statKeys.push(statKeys);
    }
  }
  return cast;
}

/**
 * Every combatant as a fresh one, linked to `eng`: the same values as fillView gives (the stats
 * read again), the keys already there in fillView's order (a store per key, none a new one).
 */
function resetCast(cast: Cast, eng: Engine): void {
  const rs = eng.rs;
  let i = 0;
  for (const s of eng.encounter.sides) {
    for (const e of s.combatants) {
      const { keys, values } = cast.defaults[i]!;
      const statKeys = cast.statKeys[i]!;
      const c = cast.cmbs[i++]!;
      const view = c.view;
      // A fresh view has no position until its stats give one (else 0 below): as if so.
      view.position = 0;
      for (let k = 0; k < keys.length; k++) view[keys[k]!] = values[k];
      const stats = e.stats;
      for (let k = 0; k < statKeys.length; k++) view[statKeys[k]!] = stats![statKeys[k]!];
      setFields(view, e, s.id);
      if (typeof view.position !== 'number') view.position = 0;
      initHistory(view, rs);
      c.slots = {};
      c.out = false;
      if (c.reactions.size) c.reactions.clear();
      c.initiative = null;
      const link = linkOf(view);
      link.eng = eng;
      link.data.sides = eng.sidesMap;
      link.data.round = eng.round;
    }
  }
}

type Combatant = Encounter['sides'][number]['combatants'][number];

/** A view's own fields, as setup has always set them: the stats' defaults, the combatant's stats, then its state. */
function fillView(view: Record<string, unknown>, e: Combatant, side: string, defaults: StatDefaults, rs: CompiledRuleset): void {
  const { keys: defaultKeys, values: defaultValues } = defaults;
  for (let i = 0; i < defaultKeys.length; i++) view[defaultKeys[i]!] = defaultValues[i];
  const stats = e.stats;
  if (stats) {
    const keys = Object.keys(stats);
    for (let i = 0; i < keys.length; i++) view[keys[i]!] = stats[keys[i]!];
  }
  setFields(view, e, side);
  if (typeof view.position !== 'number') view.position = 0;
  initHistory(view, rs);
}

/** A view's own state as a combat starts (after its stats). */
function setFields(view: Record<string, unknown>, e: Combatant, side: string): void {
  view.id = e.id;
  view.name = e.name ?? e.id;
  view.side = side;
  view.tags = e.tags ? [...e.tags] : [];
  view.plan = [];
  view.done = [];
  view.doneLastRound = [];
  view.initiativeAtRoundStart = null;
  view.conditions = [];
  view.moved = 0;
  view.engagedAtRoundStart = false;
  view.initiative = null;
}

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
interface StatDefaults {
  keys: string[];
  values: unknown[];
}
const STAT_DEFAULTS = new WeakMap<CompiledRuleset, StatDefaults>();
function statDefaults(rs: CompiledRuleset): StatDefaults {
  let list = STAT_DEFAULTS.get(rs);
  if (!list) {
    const stats = rs.def.combatant.stats;
    const keys = Object.keys(stats);
    list = { keys, values: keys.map((k) => stats[k]!.default ?? 0) };
    STAT_DEFAULTS.set(rs, list);
  }
  return list;
}
