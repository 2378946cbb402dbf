/**
 * Expression data: what `round`, `sides`, `actor`, `target`, … mean in an expression, built
 * from the engine's state. The side-level summary is cached until something changes.
 */
import type { Data } from '../compile/evaluator.js';
import { num } from '../compile/evaluator.js';
import type { Engine } from './engine.js';
import type { Cmb, Frame, SideState } from './types.js';

function setView(this: Engine, c: Cmb, key: string, value: unknown): void {
  c.view[key] = value;
  if (key === 'position') this.touchLine();
}

function refreshSideViews(this: Engine): void {
  this.sideSummary = null;
  for (const s of this.sides) {
    const standing = s.standing;
    // As Object.assign(view, {id, standing, total, out, holder}): the same keys in the same order, no literal.
    const view = s.view;
    view.id = s.id;
    view.standing = standing;
    view.total = s.members.length;
    view.out = s.members.length - standing;
    view.holder = this.holder === s.id;
    s.view.members ??= s.members.map((m) => m.view);
    if (s.view.damageDealt === undefined) {
      s.view.damageDealt = 0;
      s.view.damageDealtLast = 0;
      s.view.damageTaken = 0;
      s.view.damageTakenLast = 0;
      s.view.downed = 0;
      s.view.downedLast = 0;
    }
  }
}

/**
 * One key's race for `best.<key>`: the side leading on it alone (higher than every other side),
 * or null. Fed each side's value in order (the first of equal values stays on top).
 */
class Lead {
  top: SideState | null = null;
  topValue = 0;
  unique = false;
  reset(): void {
    this.top = null;
    this.topValue = 0;
    this.unique = false;
  }
  see(s: SideState, value: number): void {
    if (this.top === null || value > this.topValue) {
      this.top = s;
      this.topValue = value;
      this.unique = true;
    } else if (value === this.topValue) this.unique = false;
  }
  leader(many: boolean): string | null {
    return this.top !== null && this.unique && many ? this.top.id : null;
  }
}

/** The races of bestOf: reset at each call (bestOf runs to its end without calling out: nothing else uses them meanwhile). */
const dealt = new Lead();
const dealtLast = new Lead();
const downed = new Lead();
const downedLast = new Lead();
const standingLead = new Lead();

/**
 * `best`: the leader on each key, in one pass over the sides. Each value is read by name (one
 * load site per key, not one keyed load over five names). `prev` (the last summary's) is given
 * again when it holds the same leaders (expressions only read it): no object made.
 */
function bestOf(sides: SideState[], prev: Record<string, string | null> | null): Record<string, string | null> {
  dealt.reset();
  dealtLast.reset();
  downed.reset();
  downedLast.reset();
  standingLead.reset();
  for (let i = 0; i < sides.length; i++) {
    const s = sides[i]!;
    const v = s.view;
    dealt.see(s, num(v.damageDealt));
    dealtLast.see(s, num(v.damageDealtLast));
    downed.see(s, num(v.downed));
    downedLast.see(s, num(v.downedLast));
    standingLead.see(s, num(v.standing));
  }
  const many = sides.length > 1;
  const a = dealt.leader(many);
  const b = dealtLast.leader(many);
  const c = downed.leader(many);
  const d = downedLast.leader(many);
  const e = standingLead.leader(many);
  if (
    prev !== null &&
    prev.damageDealt === a &&
    prev.damageDealtLast === b &&
    prev.downed === c &&
    prev.downedLast === d &&
    prev.standing === e
  )
    return prev;
  return { damageDealt: a, damageDealtLast: b, downed: c, downedLast: d, standing: e };
}

/**
 * Side-level values of the expression data, recomputed only after something changed (one loop,
 * `best` as one literal). When they come out as they were (most damage changes no leader and
 * downs no one), the previous summary is given again: the same objects hold the same values, and
 * expressions only read them. `sideList` holds the side views, which never change: one array
 * for the whole combat.
 */
function summary(this: Engine): NonNullable<Engine['sideSummary']> {
  if (this.sideSummary) return this.sideSummary;
  const sides = this.sides;
  const prev = this.keptSummary;
  let standingSides = 0;
  let standingOne: SideState | null = null;
  for (let i = 0; i < sides.length; i++) {
    const s = sides[i]!;
    if ((s.view.standing as number) > 0) {
      standingSides++;
      standingOne = s;
    }
  }
  const lastStanding = standingSides === 1 ? standingOne!.id : null;
  const best = bestOf(sides, prev === null ? null : prev.best);
  if (
    prev !== null &&
    prev.standingSides === standingSides &&
    prev.lastStanding === lastStanding &&
    prev.sideList.length === sides.length &&
    prev.best === best
  )
    return (this.sideSummary = prev);
  let sideList = prev?.sideList;
  if (sideList === undefined || sideList.length !== sides.length) {
    sideList = new Array<unknown>(sides.length);
    for (let i = 0; i < sides.length; i++) sideList[i] = sides[i]!.view;
  }
  this.sideSummary = { sideList, standingSides, lastStanding, best };
  this.keptSummary = this.sideSummary;
  return this.sideSummary;
}

/** Expression data shared by every evaluation: round, phase, options, sides, … */
function baseData(this: Engine): Data {
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
  };
}

/** The data of a combatant's select, out and cannotAct (the shared data's fields, then `actor`: one literal, one allocation). */
function actorData(this: Engine, actor: Record<string, unknown>): Data {
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
    actor,
  };
}

/** The shared data plus `extra`. */
function base(this: Engine, extra: Data): Data {
  return Object.assign(this.baseData(), extra);
}

/** The shared data plus an actor, an action and a target, in that order (as base({actor, action, target}), one literal). */
function actData(this: Engine, actor: unknown, action: unknown, target: unknown): Data {
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
    actor,
    action,
    target,
  };
}

/**
 * Whether `d`, data made earlier, holds in each shared field (round to pass, not the actor's or
 * the frame's own) what a new literal would hold now; `s` is the engine's summary().
 */
export function sharedFieldsHold(eng: Engine, d: Data, s: NonNullable<Engine['sideSummary']>): boolean {
  return (
    d.round === eng.round &&
    d.phase === (eng.phase ?? null) &&
    d.step === (eng.step ?? null) &&
    d.options === eng.rs.options &&
    d.holder === eng.holder &&
    d.sides === eng.sidesMap &&
    d.sideList === s.sideList &&
    d.standingSides === s.standingSides &&
    d.lastStanding === s.lastStanding &&
    d.best === s.best &&
    d.everyone === eng.everyone &&
    d.encounter === eng.encounterState &&
    d.lastActor === (eng.lastActor?.view ?? null) &&
    d.pass === eng.passes.n + 1
  );
}

/**
 * The data of an act's expressions: the shared data's fields and the frame's, in that order, as
 * one literal (the hottest path: the object is made with all its fields, none added after).
 *
 * An act evaluates many expressions over the same frame (requires, each effect's amounts…), most
 * of them before anything changes. The object made for the last frame is given again when each
 * of its fields still holds what a new literal would hold (compared one by one, so a write to it
 * or any change of state makes a new one): the same object as a fresh one, field for field, in
 * the same order. Expressions only read their data.
 */
function frameData(this: Engine, f: Frame): Data {
  const s = this.summary();
  const view = f.actor.view;
  const target = f.target?.view ?? null;
  const action = f.action ? f.action.view : null;
  const event = f.event ?? null;
  const distance = this.distance(f.actor, f.target);
  // The last frame's object, or the one this act's frame was last given (an act's frame keeps its
  // own: the acts of a group interleave their evaluations, requires for each, then effects for each).
  const own = (f as KeepsData).made;
  const d = f === this.lastFrame ? this.lastFrameData : own === undefined ? null : own;
  if (
    d !== null &&
    sharedFieldsHold(this, d, s) &&
    d.actor === view &&
    d.self === view &&
    d.target === target &&
    d.action === action &&
    d.local === f.local &&
    d.reaction === f.reaction &&
    d.event === event &&
    Object.is(d.distance, distance)
  )
    return d;
  const made: Data = {
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
    actor: view,
    self: view,
    target,
    action,
    local: f.local,
    reaction: f.reaction,
    event,
    distance,
  };
  this.lastFrame = f;
  this.lastFrameData = made;
  if (own !== undefined) (f as KeepsData).made = made;
  return made;
}

/** A frame that keeps the data frameData last gave for it (an act's frame, run/steps.ts: made with `made: null`). */
export interface KeepsData extends Frame {
  made?: Data | null;
}

/** Rolls made by the expressions of this frame are labelled under its prefix. */
function setPrefix(this: Engine, f: Frame): void {
  this.rs.evaluator.ctx.labelPrefix = f.prefix;
}

export const dataMethods = { setView, refreshSideViews, summary, baseData, actorData, base, actData, frameData, setPrefix };
