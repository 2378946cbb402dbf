/**
 * Steps and groups: a step selects declarations (or performs an action for everyone it
 * selects), orders them, and plays them group by group. A group of several is simultaneous.
 */
import { truthy, type Data } from '../compile/evaluator.js';
import { alwaysFalse, alwaysTrue } from '../compile/constants.js';
import type { CStep } from '../compile/types.js';
import { firstGroup, type Orderable, type OrderEnv } from './ordering.js';
import { actPrefix } from './act-prefix.js';
import type { Engine } from './engine.js';
import { pauseByHost } from './host-ops.js';
import { actorDataFor } from './turn-queue.js';
import type { Cmb, Decl, Frame } from './types.js';

function playStep(this: Engine, step: CStep, members: Set<Cmb>): void {
  const ended = this.endedTurn;
  // Made at the first item (most steps of a turn select nothing).
  let items: Decl[] | null = null;
  if (step.perform) {
    // In listing order: a turn of one needs no look at everyone (one who fled, out for good, has left the list).
    if (members.size === 1) {
      for (const c of members) if (!c.out || this.cmbs.includes(c)) items = performFor(this, step, c, items, null);
    } else {
      // One data object for the selects of the whole loop, its actor set for each (the loop
      // changes nothing its other fields hold: it only gathers; expressions only read their data).
      const shared: { data: Data | null } = { data: null };
      for (const c of this.cmbs) if (members.has(c)) items = performFor(this, step, c, items, shared);
    }
  } else {
    // The declarations waiting in this phase (no closure, no copy when there are none).
    const phase = this.phase;
    const decls = this.decls;
    const always = alwaysTrue(step.select);
    // The selects' data: one object for the loop, its actor, action and target set for each
    // declaration (the loop only gathers: nothing its other fields hold changes meanwhile).
    let data: Data | null = null;
    for (let i = 0; i < decls.length; i++) {
      const d = decls[i]!;
      if (d.done || d.held || d.phase !== phase || !members.has(d.c) || ended.has(d.c)) continue;
      if (!always) {
        const target = d.target?.view ?? null;
        if (data === null) data = this.actData(d.c.view, d.action.view, target);
        else {
          data.actor = d.c.view;
          data.action = d.action.view;
          data.target = target;
        }
        if (!truthy(step.select(data))) continue;
      }
      (items ??= []).push(d);
    }
  }
  if (items === null) return;
  for (const d of items) d.done = true;
  this.step = step.def.id;
  this.emit('step.start');
  if (this.opts.host) pauseByHost(this, 'step', null);
  let reversed = false;
  if (step.choice && this.holder) {
    reversed =
      this.decide(`r${this.round}.${this.phase}.${step.choice.def.id}`, ['first', 'second'], step.choice.def.default, this.holder) ===
      'second';
  }
  // One act and keys without effects (a turn of one): it is the group, with nothing to order.
  if (items.length === 1 && step.order.builtinKeys) {
    this.playGroup(items);
    return;
  }
  // No keys and simultaneous ties: one group, everyone in listing order (the ordering's own
  // answer, made without it: it computes nothing, rolls nothing, asks nothing).
  if (step.order.keys.length === 0 && step.order.ties === 'simultaneous') {
    this.playGroup(byListing(items));
    return;
  }
  this.playOrdered(step, items, reversed);
}

/** `items` sorted in place by their combatants' listing, stably (equal ones keep their order), as the ordering sorts them. */
function byListing(items: Decl[]): Decl[] {
  for (let i = 1; i < items.length; i++) {
    const x = items[i]!;
    const at = x.c.index;
    let j = i - 1;
    while (j >= 0 && items[j]!.c.index > at) {
      items[j + 1] = items[j]!;
      j--;
    }
    items[j + 1] = x;
  }
  return items;
}

/**
 * A step that performs an action: `c` (a member) is selected for it, added to `items` (made when
 * null). Its select reads `shared.data` with c as actor (made at the first select), or, with no
 * `shared`, data of its own.
 */
function performFor(eng: Engine, step: CStep, c: Cmb, items: Decl[] | null, shared: { data: Data | null } | null): Decl[] | null {
  if (eng.endedTurn.has(c) || (c.out && !step.def.includeOut)) return items;
  if (!alwaysTrue(step.select)) {
    const data = shared === null ? eng.actorProbe(c.view) : (shared.data = actorDataFor(eng, shared.data, c));
    if (!truthy(step.select(data))) return items;
  }
  const action = step.perform!;
  // Two literals rather than a spread: the fallen one's act is allowed (allowOut, last, as before).
  const d: Decl = c.out
    ? { seq: eng.declSeq++, c, action, target: c, phase: eng.phase!, initiative: null, done: false, allowOut: true }
    : { seq: eng.declSeq++, c, action, target: c, phase: eng.phase!, initiative: null, done: false };
  (items ??= []).push(d);
  return items;
}

/**
 * Order, play the first group, and order the rest again: an act may change initiative (a
 * reaction, a delay) or end a turn (a hold). One ordering environment serves the whole step (its
 * label reads the round, the phase and the step, which a group played in between restores).
 */
function playOrdered(this: Engine, step: CStep, items: Decl[], reversed: boolean): void {
  let env: OrderEnv | undefined;
  // What is left to play, compacted in place after each group (a copy: `items` is kept whole).
  const remaining = items.slice();
  // Left out because their turn ended (a hold) before they were played.
  let dropped: Decl[] | null = null;
  for (let guard = 0; remaining.length && guard < items.length + 1; guard++) {
    let group: Decl[];
    // One act left and keys without effects: it is the next group, with nothing to compute.
    if (remaining.length === 1 && step.order.builtinKeys) group = [remaining[0]!];
    else {
      const orderables: Orderable[] = new Array<Orderable>(remaining.length);
      for (let i = 0; i < remaining.length; i++) orderables[i] = this.orderable(remaining[i]!.c, remaining[i]!);
      env ??= this.orderEnv(`r${this.round}.${this.phase}.${step.def.id}`, reversed, new Map());
      const first = firstGroup(orderables, step.order, env);
      group = new Array<Decl>(first.length);
      for (let j = 0; j < first.length; j++) group[j] = remaining[orderables.indexOf(first[j]!)]!;
    }
    this.playGroup(group);
    // The rest: not in the group just played, and not of a turn that ended meanwhile.
    const ended = this.endedTurn;
    let k = 0;
    for (let i = 0; i < remaining.length; i++) {
      const d = remaining[i]!;
      if (group.includes(d)) continue;
      if (ended.has(d.c)) (dropped ??= []).push(d);
      else remaining[k++] = d;
    }
    remaining.length = k;
  }
  // Declarations of a turn that ended early (a hold) wait for the resumed turn.
  if (dropped) {
    for (const d of dropped) {
      if (this.endedTurn.has(d.c)) {
        d.done = false;
        d.held = true;
      }
    }
  }
}

/**
 * An act of a group: its frame, with its declaration and its act event's number once emitted
 * (one object per act: the frame is the act's entry in the group's list).
 */
export interface Act extends Frame {
  d: Decl;
  actSeq: number;
  /** The data frameData last gave for this frame (run/data.ts), null before. */
  made: Data | null;
}

/** Play one group of acts. A group of several is simultaneous: their damage lands together. */
function playGroup(this: Engine, group: Decl[]): void {
  // First decide who can act at all; only those form the simultaneous group.
  // Someone holding its action may step in before these acts.
  if (this.holds.size) for (const d of group) if (!d.c.out) this.offerResume(d.c);
  // A contested step-in that tied: this group and the holder's acts are one (hold-modes/contested).
  const tie = this.tieWindow ? this.takeTie(group) : null;
  const within = tie ?? this.tieWindow;
  // Who acts (at most the group: made at its size, cut to those who act).
  const live = new Array<Act>(group.length);
  let n = 0;
  for (const d of group) {
    const f = this.frameFor(d, null);
    const reason = this.cannotAct(d, f);
    if (reason) this.emit('skip', { combatant: d.c.id, action: d.action.def.id, reason });
    else if (
      d.action.abort &&
      this.decide(
        `r${this.round}.${d.c.id}.${d.action.def.id}.abort`,
        ['act', 'abort'],
        truthy(d.action.abort(this.frameData(f))) ? 'abort' : 'act',
        d.c.id,
      ) === 'abort'
    ) {
      this.emit('skip', { combatant: d.c.id, action: d.action.def.id, reason: 'aborted' });
    } else live[n++] = f;
  }
  live.length = n;
  const simultaneous = live.length > 1 || within !== null;
  const groupId = within ? within.group : simultaneous ? `g${++this.groupCounter}` : undefined;
  const defer: Frame['defer'] = within ? within.defer : simultaneous ? [] : null;
  for (let i = 0; i < live.length; i++) {
    const f = live[i]!;
    const d = f.d;
    f.defer = defer;
    this.spend(d.c, d.action.uses);
    this.countAct();
    const act = this.emitAct(d.c.id, d.action.def.id, f.target?.id ?? null, groupId ? groupId : undefined);
    (d.c.view.done as string[]).push(d.action.def.id);
    f.actSeq = act.seq;
  }
  // Reactions before the acts (a braced spear against a charge).
  for (const l of live) this.fireActTriggers('before', l.d.c, l.d.action, l.actSeq, l.target);
  // Moves of the group happen at the same time.
  let moving: Act[] | null = null;
  for (const l of live) if (l.d.action.movement && !l.d.c.out) (moving ??= []).push(l);
  if (moving) this.simulateMoves(moving);
  for (const l of live) {
    if (l.d.c.out && !simultaneous && !l.d.allowOut) {
      this.emit('skip', { combatant: l.d.c.id, action: l.d.action.def.id, reason: 'interrupted: out of the fight' });
      continue;
    }
    if (l.target && l.target.out && !l.d.action.targetKind.evenIfTargetOut && !simultaneous) continue;
    this.runEffects(l.d.action.effects, l);
  }
  if (defer && defer.length && (tie || !within)) {
    for (const x of defer) this.applyDamage(x.target, x.amount, x.stat, x.by);
  }
  for (const l of live) this.recordAct(l.d.c, l.d.action);
  for (const l of live) this.fireActTriggers('after', l.d.c, l.d.action, l.actSeq, l.target);
  this.checkEnd();
  if (this.actsAfter.size) this.resumeAfterGroup(group);
}

/** The frame of a declared act: its target now (an enemy who fell is replaced by the nearest). */
function frameFor(this: Engine, d: Decl, defer: Frame['defer']): Act {
  const target = d.action.targetKind.atAct(this, d.c, d.target);
  return {
    actor: d.c,
    target,
    action: d.action,
    local: {},
    reaction: {},
    defer,
    prefix: actPrefix(this.round, d.c, d.action),
    depth: 0,
    d,
    actSeq: 0,
    made: null,
  };
}

/** Why this declared act cannot happen now, or null. */
function cannotAct(this: Engine, d: Decl, f: Frame): string | null {
  if (d.c.out && !d.allowOut) return 'out of the fight';
  if (!alwaysFalse(this.rs.cannotAct) && truthy(this.rs.cannotAct(this.actorProbe(d.c.view)))) return 'cannot act now';
  if (!this.canSpend(d.c, d.action.uses)) return `no ${d.action.uses.filter((s) => (d.c.slots[s] ?? 0) <= 0).join(', ')} left this round`;
  if (d.action.targetKind.needsTarget && !f.target) return 'no target';
  if (!alwaysTrue(d.action.requires) && !truthy(d.action.requires(this.frameData(f)))) return 'not allowed now (requires)';
  return null;
}

export const stepMethods = { playStep, playOrdered, playGroup, frameFor, cannotAct };
