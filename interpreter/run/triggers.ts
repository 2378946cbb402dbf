/**
 * Reactions out of turn. The kinds of trigger (act, move, damage) and who may react are
 * registered in concepts/triggers; this file plays one reaction.
 */
import { num, truthy, type Data } from '../compile/evaluator.js';
import { alwaysTrue } from '../compile/constants.js';
import type { CAction, CTrigger } from '../compile/types.js';
import { actTriggers, moveTriggers } from '../concepts/triggers/index.js';
import type { Engine } from './engine.js';
import type { Cmb, Frame } from './types.js';
import { DEFAULT_LIMITS } from './types.js';
import { reactionDataMethods } from './reaction-data.js';

/**
 * Reactions to a move, at `timing` (before, during, after). False when nothing was done that
 * could change anything: no reaction was tried past roll-free checks, no expression rolled.
 */
function fireMoveTriggers(this: Engine, timing: string, mover: Cmb, action: CAction, eventSeq: number, fired: Set<string> | null): boolean {
  return moveTriggers.fire(this, timing, mover, action, eventSeq, fired);
}

/** Reactions to an act, at `timing` (before, after). */
function fireActTriggers(this: Engine, timing: string, actor: Cmb, action: CAction, actSeq: number, target: Cmb | null): void {
  actTriggers.fire(this, timing, actor, action, actSeq, target);
}

/** Who may react to `t` set off by `by`. */
function reactorsFor(this: Engine, t: CTrigger, by: Cmb): Cmb[] {
  const out: Cmb[] = [];
  const includes = t.reactors.includes;
  for (const o of this.cmbs) if (o !== by && !o.out && includes(o, by)) out.push(o);
  return out;
}

/** The frame a reaction's effects run in: the reactor acting on the one who set it off. */
function reactionFrame(eng: Engine, t: CTrigger, reactor: Cmb, by: Cmb, depth: number, event: Record<string, unknown>): Frame {
  return {
    actor: reactor,
    target: by,
    action: t.perform,
    local: {},
    reaction: {},
    defer: null,
    prefix: `r${eng.round}.${reactor.id}.${t.def.id}`,
    depth: depth + 1,
    event,
  };
}

function react(
  this: Engine,
  t: CTrigger,
  reactor: Cmb,
  by: Cmb,
  eventSeq: number,
  depth: number,
  event: Record<string, unknown> = {},
): boolean {
  const maxDepth = this.rs.limits.reactionDepth ?? DEFAULT_LIMITS.reactionDepth;
  // A roll-free `when` first, when the checks it skips are roll-free too and none of them could
  // throw for the depth (the usual case): most reactors considered are out of reach, and the
  // limit (often a derived value) and `requires` are then not evaluated. Evaluating writes no
  // state, so the answer and every later roll are the same.
  let data: Data | null = null;
  if (t.whenFirst && this.reactionDepth < maxDepth) {
    // Asked over a reused object (reactionProbe); a reactor that passes gets data of its own, the
    // same fields: nothing was written since.
    const distance = this.distance(reactor, by);
    const action = t.perform?.view ?? null;
    if (!truthy(t.when(this.reactionProbe(reactor.view, by.view, distance, action, event)))) return false;
    data = this.reactionData(reactor.view, by.view, distance, action, event);
  }
  if (t.perRound) {
    const limit = num(t.perRound(this.reactorData(reactor.view)));
    if ((reactor.reactions.get(t.def.id) ?? 0) >= limit) return false;
  }
  if (!this.canSpend(reactor, t.uses)) return false;
  if (this.reactionDepth >= maxDepth)
    throw this.rs.evaluator.at(
      t.ptr,
      `reactions nested deeper than ${maxDepth} (limits.reactionDepth): trigger "${t.def.id}" keeps setting itself off`,
    );
  let f: Frame | null = null;
  if (
    t.perform &&
    !alwaysTrue(t.perform.requires) &&
    !truthy(t.perform.requires(this.frameData((f = reactionFrame(this, t, reactor, by, depth, event)))))
  )
    return false;
  let wanted = true;
  if (data === null) {
    data = this.reactionData(reactor.view, by.view, this.distance(reactor, by), t.perform?.view ?? null, event);
    wanted = truthy(t.when(data));
  }
  if (t.def.decide) {
    // An optional reaction is the reactor's choice: a labelled decision whose default is `when`.
    if (
      this.decide(`r${this.round}.${reactor.id}.${t.def.id}.${by.id}`, ['react', 'pass'], wanted ? 'react' : 'pass', reactor.id) !== 'react'
    )
      return false;
  } else if (!wanted) return false;
  f ??= reactionFrame(this, t, reactor, by, depth, event);
  for (const [k, fn] of t.with) f.reaction[k] = fn(data);
  this.spend(reactor, t.uses);
  reactor.reactions.set(t.def.id, (reactor.reactions.get(t.def.id) ?? 0) + 1);
  this.countAct();
  if (t.perform) (reactor.view.done as string[]).push(t.perform.def.id);
  let actSeq = eventSeq;
  if (t.perform || t.uses.length) {
    actSeq = this.emit('act', {
      combatant: reactor.id,
      action: t.perform?.def.id ?? t.def.id,
      target: by.id,
      reaction: { trigger: t.def.id, to: eventSeq, by: by.id },
    }).seq;
  }
  this.reactionDepth++;
  try {
    // A reaction's act can itself be reacted to; reactionDepth bounds the chain.
    if (t.perform) this.fireActTriggers('before', reactor, t.perform, actSeq, by);
    if (!reactor.out) {
      if (t.perform) this.runEffects(t.perform.effects, f);
      this.runEffects(t.effects, f);
    }
    if (t.perform) this.fireActTriggers('after', reactor, t.perform, actSeq, by);
  } finally {
    this.reactionDepth--;
  }
  this.checkEnd();
  return true;
}

export const triggerMethods = { fireMoveTriggers, fireActTriggers, reactorsFor, react, ...reactionDataMethods };
