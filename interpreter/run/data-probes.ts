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
 */
import type { Data } from '../compile/evaluator.js';
import type { Engine } from './engine.js';

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

export const dataProbeMethods = { actorProbe, baseProbe };
