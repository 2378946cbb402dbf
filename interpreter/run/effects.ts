/**
 * What effects do to the world: damage (with the reactions it sets off), who is out of the
 * fight, and the bookkeeping the effect ops of concepts/effects share.
 */
import { num, truthy } from '../compile/evaluator.js';
import type { CEffect, Moment } from '../compile/types.js';
import { damageTriggers } from '../concepts/triggers/index.js';
import type { Engine } from './engine.js';
import type { Cmb, Frame } from './types.js';

function runEffects(this: Engine, effects: CEffect[], f: Frame): void {
  for (const e of effects) e(f, this);
}

/** The effect's subject: its actor (`self`) or its target. */
function subject(this: Engine, f: Frame, who: 'self' | 'target'): Cmb | null {
  return who === 'self' ? f.actor : f.target;
}

/** `own-turn` means the turn of whoever started the effect. */
function ownTurn(this: Engine, m: Moment, f: Frame): Moment {
  return m === 'own-turn' ? { turnOf: f.actor.id } : m;
}

/** Damage dealt: the stat goes down, the sides keep count, and damage triggers fire. */
function applyDamage(this: Engine, target: Cmb, amount: number, stat: string, by: Cmb): void {
  const wasOut = target.out;
  const value = num(target.view[stat]) - amount;
  this.setView(target, stat, value);
  this.emit('damage', { target: target.id, amount, stat, value, by: by.id });
  const bySide = this.sideById.get(by.side)!;
  const tSide = this.sideById.get(target.side)!;
  if (by.side !== target.side) bySide.view.damageDealt = num(bySide.view.damageDealt) + amount;
  tSide.view.damageTaken = num(tSide.view.damageTaken) + amount;
  this.sideSummary = null;
  this.recheckOut(target);
  if (!wasOut && target.out && by.side !== target.side) {
    bySide.view.downed = num(bySide.view.downed) + 1;
    this.sideSummary = null;
  }
  damageTriggers.fire(this, target, amount, stat, by, this.seq - 1);
}

/** Whether `c` is out of the fight now (the ruleset's `out`); a fall is a `down` event. */
function recheckOut(this: Engine, c: Cmb): void {
  const out = truthy(this.rs.out(this.actorProbe(c.view)));
  if (out && !c.out) {
    c.out = true;
    this.sideById.get(c.side)!.standing--;
    this.touchLine();
    this.emit('down', { combatant: c.id });
  } else if (!out && c.out) {
    c.out = false;
    this.sideById.get(c.side)!.standing++;
    this.touchLine();
  }
  this.refreshSideViews();
}

export const effectMethods = { runEffects, subject, ownTurn, applyDamage, recheckOut };
