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

export const reactionDataMethods = { reactorData, reactorMoverData, reactionData };
