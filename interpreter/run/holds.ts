/**
 * Holding a turn (the `hold` effect): the holder's turn ends now and resumes later, the way its
 * mode says (concepts/hold-modes); a hold still unused when the round ends expires the way its
 * expiry says (concepts/hold-expiry).
 */
import type { HoldSpec } from '../compile/types.js';
import type { Engine } from './engine.js';
import type { Cmb, Frame } from './types.js';

/** The `hold` effect: the actor stops its turn now and resumes later. */
function hold(this: Engine, f: Frame, h: HoldSpec): void {
  const c = f.actor;
  this.holds.set(c, h);
  this.endedTurn.add(c);
  for (const d of this.decls) if (d.c === c && !d.done) d.held = true;
  h.mode.start(this, f, h);
}

/** Left out of the turn queue until something resumes it. */
function heldIndefinitely(this: Engine, c: Cmb): boolean {
  const h = this.holds.get(c);
  // A hold carried into a new round does not keep its holder out of that round's turns.
  return h !== undefined && !h.mode.replaysTurn && !this.carriedHolds.has(c);
}

/** Before someone acts, a combatant holding its action may step in. */
function offerResume(this: Engine, next: Cmb): void {
  for (const [c, h] of [...this.holds]) {
    if (!h.mode.beforeAct || c === next || c.out || this.inResume.has(c)) continue;
    h.mode.beforeAct(this, c, next, h);
  }
}

/** The holder plays its turn now, inside the current one. */
function resume(this: Engine, c: Cmb): void {
  this.holds.delete(c);
  // A hold carried over from the last round, taken now, is the holder's turn of this round.
  if (this.carriedHolds.delete(c)) this.turnPlayed.add(c);
  this.endedTurn.delete(c);
  this.resuming.add(c);
  this.inResume.add(c);
  for (const d of this.decls) if (d.c === c) d.held = false;
  try {
    this.playTurn(new Set([c]), [c.id]);
  } finally {
    this.inResume.delete(c);
  }
}

/**
 * Waiters come back together at the very end of the round: they declare what they will do
 * only now, and the steps order their new declarations like any others (ties simultaneous).
 */
function resumeAtRoundEnd(this: Engine): void {
  // Nobody holds (the usual round): no copy of the holds to filter.
  if (this.holds.size === 0) return;
  const waiting = [...this.holds].filter(([c, h]) => h.mode.resumesAtRoundEnd && !c.out).map(([c]) => c);
  if (waiting.length === 0) return;
  for (const c of waiting) {
    this.holds.delete(c);
    this.endedTurn.delete(c);
    this.resuming.add(c);
    for (const d of this.decls) if (d.c === c) d.held = false;
  }
  this.playTurn(
    new Set(waiting),
    waiting.map((c) => c.id),
  );
}

/** Still holding when the round ends: each hold expires the way it says. */
function expireHolds(this: Engine): void {
  if (this.holds.size === 0) return;
  for (const [c, h] of [...this.holds]) {
    this.holds.delete(c);
    if (!c.out) h.expiry.expire(this, c, h);
  }
}

/** A turn begins: a hold its members carried over from the last round and never took is lost. */
function loseCarriedHolds(this: Engine, members: Iterable<Cmb>): void {
  if (this.carriedHolds.size === 0) return;
  for (const c of members) {
    if (!this.carriedHolds.delete(c)) continue;
    this.holds.delete(c);
    this.emit('note', { combatant: c.id, text: 'the held action is lost: its own turn has come' });
  }
}

export const holdMethods = { hold, heldIndefinitely, offerResume, resume, resumeAtRoundEnd, expireHolds, loseCarriedHolds };
