/**
 * The expression data of a reaction (triggers.ts, concepts/triggers): the shared data's fields
 * (data.ts's baseData) and the reaction's, in the order `base({...})` gives them, each as one
 * literal: the object is made with all its fields, none added after (no Object.assign).
 */
import type { Data } from '../compile/evaluator.js';
import type { Engine } from './engine.js';

/** base({ reactor, actor: reactor }): a trigger's limit. */
function reactorData(this: Engine, reactor: unknown): Data {
  const s = this.summary();
  return {
    round: this.round,
    phase: this.phase ?? null,
    step: this.step ?? null,
    options: this.rs.options,
    holder: this.holder,
    sides: this.sidesMap,
    sideList: s.sideList,
    standingSides: s.standingSides,
    lastStanding: s.lastStanding,
    best: s.best,
    everyone: this.everyone,
    encounter: this.encounterState,
    lastActor: this.lastActor?.view ?? null,
    pass: this.passes.n + 1,
    reactor,
    actor: reactor,
  };
}

/** base({ reactor, actor: reactor, mover }): a move trigger's `within`. */
function reactorMoverData(this: Engine, reactor: unknown, mover: unknown): Data {
  const s = this.summary();
  return {
    round: this.round,
    phase: this.phase ?? null,
    step: this.step ?? null,
    options: this.rs.options,
    holder: this.holder,
    sides: this.sidesMap,
    sideList: s.sideList,
    standingSides: s.standingSides,
    lastStanding: s.lastStanding,
    best: s.best,
    everyone: this.everyone,
    encounter: this.encounterState,
    lastActor: this.lastActor?.view ?? null,
    pass: this.passes.n + 1,
    reactor,
    actor: reactor,
    mover,
  };
}

/** base({ reactor, actor: reactor, mover: by, target: by, distance, action, event }): a trigger's `when` and `with`. */
function reactionData(this: Engine, reactor: unknown, by: unknown, distance: unknown, action: unknown, event: unknown): Data {
  const s = this.summary();
  return {
    round: this.round,
    phase: this.phase ?? null,
    step: this.step ?? null,
    options: this.rs.options,
    holder: this.holder,
    sides: this.sidesMap,
    sideList: s.sideList,
    standingSides: s.standingSides,
    lastStanding: s.lastStanding,
    best: s.best,
    everyone: this.everyone,
    encounter: this.encounterState,
    lastActor: this.lastActor?.view ?? null,
    pass: this.passes.n + 1,
    reactor,
    actor: reactor,
    mover: by,
    target: by,
    distance,
    action,
    event,
  };
}

/**
 * reactionData's fields written into one object that is used again: for a `when` evaluated first
 * and alone (triggers.ts), whose data is dropped as soon as the answer is known — most reactors
 * considered are out of reach, and that answer needs no object of its own. Only for an
 * evaluation that keeps nothing of its data and starts no other (no reaction is played inside
 * it): the next call overwrites every field, in the same order.
 */
function reactionProbe(this: Engine, reactor: unknown, by: unknown, distance: unknown, action: unknown, event: unknown): Data {
  const p = this.probeData;
  if (p === null) return (this.probeData = this.reactionData(reactor, by, distance, action, event));
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
  p.reactor = reactor;
  p.actor = reactor;
  p.mover = by;
  p.target = by;
  p.distance = distance;
  p.action = action;
  p.event = event;
  return p;
}

export const reactionDataMethods = { reactorData, reactorMoverData, reactionData, reactionProbe };
