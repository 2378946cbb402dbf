/**
 * Expression data written again into one object per engine, for evaluations that take a boolean
 * or a number from it and keep nothing of it (as reaction-data.ts reactionProbe does for a
 * reaction's first `when`): a combatant's `out`, its cannotAct, a performing step's select, a
 * fallen one's need of a turn, slot counts, the end conditions, a phase's `when`.
 *
 * The object is made by the literal a new one would come from (actorData's, baseData's), and
 * every later call writes each of its fields again, in the same order, with what that literal
 * would hold now: the caller sees the same keys, order and values as in a new object. Nothing
 * keeps it: each caller truthy()s or num()s what the expression gives and drops the data (an
 * expression cannot store its data; `{"var": ""}` gives it back only to that caller). An
 * evaluation starts no other over the same object (a derived value reads data of its own,
 * run/cast.ts). A caller that reuses it across a loop (the turn queue's scan, a performing step's
 * selects) sets `actor` before each evaluation, as it did with an object of its own, and any call
 * in between writes the state that holds anyway (a scan changes nothing the fields hold).

 *
 * Each probe (and cmb-items.ts's item data, reaction-data.ts's reactionProbe) writes the shared
 * fields in code of its own rather than through one helper, on purpose: a store site then only
 * ever sees one object layout (actorData's, baseData's, frameData's, actData's), where one
 * helper's stores would see five.
 */
import type { Data } from '../compile/evaluator.js';
import type { CAction } from '../compile/types.js';
import type { Engine } from './engine.js';
import type { Cmb } from './types.js';

/** actorData(actor), written into the engine's one actor probe. */
function actorProbe(this: Engine, actor: Record<string, unknown>): Data {
  const p = this.actorProbeData;
  if (p === null) return (this.actorProbeData = this.actorData(actor));
  const s = this.summary();
  p.round = this.round;
  p.phase = this.phase ?? null;
  p.step = this.step ?? null;
  p.options = this.rs.options;
  p.holder = this.holder;
  p.sides = this.sidesMap;
  p.sideList = s.sideList;
  p.standingSides = s.standingSides;
  p.lastStanding = s.lastStanding;
  p.best = s.best;
  p.everyone = this.everyone;
  p.encounter = this.encounterState;
  p.lastActor = this.lastActor?.view ?? null;
  p.pass = this.passes.n + 1;
  p.actor = actor;
  return p;
}

/** baseData(), written into the engine's one base probe. */
function baseProbe(this: Engine): Data {
  const p = this.baseProbeData;
  if (p === null) return (this.baseProbeData = this.baseData());
  const s = this.summary();
  p.round = this.round;
  p.phase = this.phase ?? null;
  p.step = this.step ?? null;
  p.options = this.rs.options;
  p.holder = this.holder;
  p.sides = this.sidesMap;
  p.sideList = s.sideList;
  p.standingSides = s.standingSides;
  p.lastStanding = s.lastStanding;
  p.best = s.best;
  p.everyone = this.everyone;
  p.encounter = this.encounterState;
  p.lastActor = this.lastActor?.view ?? null;
  p.pass = this.passes.n + 1;
  return p;
}

/** A policy frame's local and reaction: empty, only ever read (nothing writes to a probe's fields' objects). */
const EMPTY_LOCAL: Record<string, unknown> = {};
const EMPTY_REACTION: Record<string, unknown> = {};

/**
 * frameData of a policy frame (actor `c`, its `target`, `action`, an empty local and reaction, no
 * event), written into the engine's one policy probe: the default policy's `when`s and
 * `requires`, and a target picker trying enemies against an action's `requires`. A caller that
 * reuses it across entries or enemies sets the frame's fields again before each evaluation.
 */
function policyProbe(this: Engine, c: Cmb, target: Cmb | null, action: CAction): Data {
  const p = this.policyProbeData;
  if (p === null) {
    // Made by frameData's literal; its last-frame memo is left as it was (this frame is never asked again).
    const lastFrame = this.lastFrame;
    const lastFrameData = this.lastFrameData;
    const made = this.frameData({
      actor: c,
      target,
      action,
      local: EMPTY_LOCAL,
      reaction: EMPTY_REACTION,
      defer: null,
      prefix: '',
      depth: 0,
    });
    this.lastFrame = lastFrame;
    this.lastFrameData = lastFrameData;
    return (this.policyProbeData = made);
  }
  const s = this.summary();
  p.round = this.round;
  p.phase = this.phase ?? null;
  p.step = this.step ?? null;
  p.options = this.rs.options;
  p.holder = this.holder;
  p.sides = this.sidesMap;
  p.sideList = s.sideList;
  p.standingSides = s.standingSides;
  p.lastStanding = s.lastStanding;
  p.best = s.best;
  p.everyone = this.everyone;
  p.encounter = this.encounterState;
  p.lastActor = this.lastActor?.view ?? null;
  p.pass = this.passes.n + 1;
  p.actor = c.view;
  p.self = c.view;
  p.target = target?.view ?? null;
  p.action = action.view;
  p.local = EMPTY_LOCAL;
  p.reaction = EMPTY_REACTION;
  p.event = null;
  p.distance = this.distance(c, target);
  return p;
}

export const dataProbeMethods = { actorProbe, baseProbe, policyProbe };
