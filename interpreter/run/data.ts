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
    Object.assign(s.view, { id: s.id, standing, total: s.members.length, out: s.members.length - standing, holder: this.holder === s.id });
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

/** The side values whose leader `best.<key>` names. */
const BEST_KEYS = ['damageDealt', 'damageDealtLast', 'downed', 'downedLast', 'standing'] as const;

function summary(this: Engine): NonNullable<Engine['sideSummary']> {
  if (this.sideSummary) return this.sideSummary;
  const standing = this.sides.filter((s) => (s.view.standing as number) > 0);
  const best: Record<string, string | null> = {};
  for (const key of BEST_KEYS) {
    let top: SideState | null = null;
    let unique = false;
    for (const s of this.sides) {
      if (!top || num(s.view[key]) > num(top.view[key])) {
        top = s;
        unique = true;
      } else if (num(s.view[key]) === num(top.view[key])) unique = false;
    }
    best[key] = top && unique && this.sides.length > 1 ? top.id : null;
  }
  this.sideSummary = {
    sideList: this.sides.map((s) => s.view),
    standingSides: standing.length,
    lastStanding: standing.length === 1 ? standing[0]!.id : null,
    best,
  };
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
 * The data of an act's expressions: the shared data's fields and the frame's, in that order, as
 * one literal (the hottest path: the object is made with all its fields, none added after).
 */
function frameData(this: Engine, f: Frame): Data {
  const s = this.summary();
  const view = f.actor.view;
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
    actor: view,
    self: view,
    target: f.target?.view ?? null,
    action: f.action ? f.action.view : null,
    local: f.local,
    reaction: f.reaction,
    event: f.event ?? null,
    distance: this.distance(f.actor, f.target),
  };
}

/** Rolls made by the expressions of this frame are labelled under its prefix. */
function setPrefix(this: Engine, f: Frame): void {
  this.rs.evaluator.ctx.labelPrefix = f.prefix;
}

export const dataMethods = { setView, refreshSideViews, summary, baseData, actorData, base, actData, frameData, setPrefix };
