/**
 * Side and encounter state (`state`) and moments (`moments`): effects that run once at round
 * start, round end or a phase's end — for each standing combatant, once per side, or once for
 * the encounter — instead of every combatant performing bookkeeping as an action.
 * A side's or the encounter's effects run in the frame of a stand-in actor: the side (its id),
 * or "encounter"; `actor` reads that stand-in, and the `state` effect finds the side by it.
 */
import { truthy } from '../compile/evaluator.js';
import type { CompiledRuleset } from '../compile/types.js';
import type { Engine } from './engine.js';
import { frame, type Cmb } from './types.js';

/** Every side's and the encounter's values, at their defaults (once, when the engine is made). */
function initState(this: Engine): void {
  const { side, encounter } = stateDefaults(this.rs);
  for (const s of this.sides) {
    const values: Record<string, unknown> = {};
    for (let i = 0; i < side.length; i++) values[side[i]![0]] = side[i]![1];
    s.view.state = values;
  }
  for (let i = 0; i < encounter.length; i++) this.encounterState[encounter[i]![0]] = encounter[i]![1];
}

type Defaults = Array<[string, unknown]>;
/** The side's and the encounter's state keys with their defaults, read once per compiled ruleset (every combat sets them). */
const STATE_DEFAULTS = new WeakMap<CompiledRuleset, { side: Defaults; encounter: Defaults }>();
function stateDefaults(rs: CompiledRuleset): { side: Defaults; encounter: Defaults } {
  let known = STATE_DEFAULTS.get(rs);
  if (!known) {
    const st = rs.def.state;
    const list = (o: Record<string, { default?: unknown }> | undefined): Defaults =>
      Object.entries(o ?? {}).map(([k, d]) => [k, d.default ?? 0]);
    known = { side: list(st?.side), encounter: list(st?.encounter) };
    STATE_DEFAULTS.set(rs, known);
  }
  return known;
}

function standIn(id: string, side: string): Cmb {
  const view = { id, name: id, side, tags: [], conditions: [] };
  return { id, side, index: -1, view, slots: {}, out: false, reactions: new Map(), initiative: null };
}

/** Run the moments of `when` ("round-start", "round-end", "phase:<id>"). */
function runMoments(this: Engine, when: string): void {
  const list = this.rs.moments.get(when);
  if (!list) return;
  for (const m of list) {
    const prefix = `r${this.round}.${m.def.id}`;
    const actors =
      m.def.for === 'each'
        ? this.cmbs.filter((c) => !c.out)
        : m.def.for === 'side'
          ? this.sides.map((s) => standIn(s.id, s.id))
          : [standIn('encounter', '')];
    for (const actor of actors) {
      const f = frame(actor, null, null, m.def.for === 'encounter' ? prefix : `${prefix}.${actor.id}`);
      if (m.when && !truthy(m.when(this.frameData(f)))) continue;
      this.runEffects(m.effects, f);
    }
  }
}

export const momentMethods = { initState, runMoments };
