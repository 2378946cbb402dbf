/**
 * Movement on the battle line. The moves of one group happen at the same time, in ticks:
 * two movers closing on each other meet where their speeds say; a move stops within reach of an
 * enemy who blocks; reactions fire before, during and after a move (concepts/triggers/move.ts).
 */
import { num } from '../compile/evaluator.js';
import type { Engine } from './engine.js';
import type { Cmb, Mover } from './types.js';
import type { Act } from './steps.js';

/** Movement is simulated in this many ticks, so simultaneous moves meet where their speeds say. */
const MOVE_TICKS = 20;
/** The `fired` of every mover when no trigger fires during a move (never written: see simulateMoves). */
const NO_FIRED: Set<string> = new Set();
const round2 = (x: number) => Math.round(x * 100) / 100;
/**
 * Whether a tick that changed nothing ends the move (simulateMoves). Always, but for a test that
 * plays scenes both ways (test/move-still-ticks.test.ts): the traces must be the same.
 */
export const moveShortcut = { stillTickEnds: true, loneMover: true, clearance: true };
/** Farther than this from 0, a place rounded to hundredths may move by more than 0.005: no clearance is kept. */
const CLEAR_PLACES = 1e6;

/** The first mover of each combatant of a group's moves, by its listing index (Cmb.index; undefined for one not moving). */
type MoverOf = Array<Mover | undefined>;

/** The movers of a tick in which no one moves (never written). */
const NO_MOVERS: Mover[] = [];

/** Whether a moving mover stops before this tick: it or its target is out, or its move is spent (it then no longer moves). */
function stops(m: Mover): boolean {
  if (m.c.out || !m.target || m.target.out || m.left <= 1e-9) {
    m.moving = false;
    return true;
  }
  return false;
}

function simulateMoves(this: Engine, moves: Act[]): void {
  // At most one mover per move: made at that size, cut to those made.
  const ms = new Array<Mover>(moves.length);
  let made = 0;
  // A mover's `fired` is only read by `during` triggers: without any, every mover shares one empty set.
  const duringTriggers = this.rs.triggersAt.move?.during !== undefined;
  for (const f of moves) {
    const d = f.d;
    const actSeq = f.actSeq;
    const mv = d.action.movement!;
    // Reactions before the move (a fighting withdrawal gives the foe an immediate attack).
    this.fireMoveTriggers('before', d.c, d.action, actSeq, null);
    if (d.c.out) continue;
    const dist = Math.max(0, num(mv.distance(this.frameData(f))));
    ms[made++] = {
      c: d.c,
      toward: mv.toward,
      target: f.target,
      left: dist,
      per: dist / MOVE_TICKS,
      from: d.c.view.position as number,
      stopWithin: mv.stopWithin,
      stopAtEnemies: mv.stopAtEnemies,
      blocks: mv.blocks,
      actSeq,
      fired: duringTriggers ? new Set() : NO_FIRED,
      action: d.action,
      moving: true,
      base: 0,
      v: 0,
      tm: null,
      pos: 0,
      moved: 0,
      tpos: 0,
      clear: 0,
    };
  }
  ms.length = made;
  // The mover of each combatant (the first, should one combatant move twice in one group), by its listing index.
  let top = 0;
  for (const m of ms) top = Math.max(top, m.c.index);
  const moverOf: MoverOf = new Array<Mover | undefined>(top + 1);
  let count = 0;
  for (const m of ms) {
    if (moverOf[m.c.index] !== undefined) continue;
    moverOf[m.c.index] = m;
    count++;
  }
  const distinct = count === ms.length;
  // How fast a mover and an enemy may close on each other in a tick: a mover goes at most `per` a
  // tick (integrateTick's velocities never exceed it), and its place is rounded to hundredths
  // (0.005 at most) once a tick; both may move, with margin. A combatant with two movers may go
  // farther: then no clearance is kept (NaN).
  let fastest = 0;
  for (const m of ms) fastest = Math.max(fastest, m.per);
  const closing = distinct && moveShortcut.clearance ? 2 * fastest + 0.02 : NaN;
  let moving = ms.length;
  // The movers of a tick, in listing order of ms: every mover at first (all are moving), then
  // a new array only when one of them has stopped (emptying one by its length is a call into
  // the runtime); while nobody stops, each tick's movers are the last tick's, the same array.
  let tick: Mover[] = ms;
  for (let t = 0; t < MOVE_TICKS && moving > 0; t++) {
    // Every mover's step is planned from the positions at the start of the tick, then all
    // steps happen together: two movers closing on each other meet where their speeds say.
    if (ms.length === 1) {
      const m = ms[0]!;
      if (m.moving && stops(m)) moving--;
      tick = m.moving ? ms : NO_MOVERS;
    } else {
      for (const m of ms) if (m.moving && stops(m)) moving--;
      let same = true;
      for (const m of tick) if (!m.moving) same = false;
      if (!same) {
        tick = [];
        for (const m of ms) if (m.moving) tick.push(m);
      }
    }
    // Whether this tick left everything as it found it: no one moved, stopped or reacted.
    let still =
      tick.length === 1 && moveShortcut.loneMover && tick[0]!.target !== tick[0]!.c
        ? !integrateLone(tick[0]!)
        : distinct
          ? !this.integrateTick(tick, moverOf)
          : !this.integrateTickShared(tick);
    this.touchLine();
    // The battle line as the tick left it: a reaction that moves someone, downs or brings back
    // anyone bumps its version, and every clearance is dropped (below).
    const line = this.lineVersion;
    for (const m of tick) {
      if (m.stopAtEnemies && m.clear > 0 && this.lineVersion === line) m.clear--;
      else if (m.stopAtEnemies && this.blockedAt(m, moverOf, closing) && m.moving) {
        m.moving = false;
        moving--;
        still = false;
      }
      if (duringTriggers && this.fireMoveTriggers('during', m.c, m.action, m.actSeq, m.fired)) still = false;
    }
    if (this.lineVersion !== line) for (const m of ms) m.clear = 0;
    // Every later tick would start from the very state this one started from and do the same
    // nothing (a tick reads only places, what is left of each move, who stands and who reacted):
    // the movers that have arrived wait out the move here instead of tick by tick.
    if (still && moveShortcut.stillTickEnds) break;
  }
  for (const m of ms) {
    if (m.c.view.position === m.from) continue;
    this.emit('move', {
      combatant: m.c.id,
      from: m.from,
      to: m.c.view.position as number,
      distance: round2(Math.abs((m.c.view.position as number) - m.from)),
    });
  }
  for (const m of ms) this.fireMoveTriggers('after', m.c, m.action, m.actSeq, null);
}

/**
 * One tick of simultaneous movement, integrated exactly: every mover goes at its speed
 * (its move spread over the ticks) toward or away from its target; time advances to the next
 * moment a mover reaches stopWithin of its target, and velocities are recomputed. A mover that
 * has reached a target moving away follows it, as fast as it can.
 *
 * This is the form for movers that are all different combatants (always, unless a script
 * declares two moves of one combatant into one group): each mover finds the mover of its
 * target once per tick instead of searching for it in every pass.
 *
 * True when the tick changed something: a mover stepped (even too little to show once rounded),
 * or a place or distance moved was written back other than it was read.
 */
function integrateTick(this: Engine, ms: Mover[], moverOf: MoverOf): boolean {
  const EPS = 1e-9;
  const n = ms.length;
  // The mover of each target in this tick: the movers of the tick are those still moving. (Looked
  // up, not marked on the combatants: a field written on some would split their hidden class.)
  for (const m of ms) {
    const tm = moverOf[m.target!.index];
    m.tm = tm !== undefined && tm.moving ? tm : null;
  }
  // Places are read once and kept on the movers while the tick is integrated, then written back:
  // only the movers move, and a target that does not move this tick stays where it is.
  for (const m of ms) {
    m.pos = m.c.view.position as number;
    m.moved = m.c.view.moved as number;
    m.tpos = m.tm ? 0 : (m.target!.view.position as number);
  }
  let remaining = 1;
  let stepped = false;
  for (let pass = 0; pass < n * 2 + 2 && remaining > EPS; pass++) {
    for (let i = 0; i < n; i++) {
      const m = ms[i]!;
      const dir = (m.tm ? m.tm.pos : m.tpos) >= m.pos ? 1 : -1;
      m.base = m.left > EPS ? (m.toward ? dir : -dir) * m.per : 0;
    }
    for (let i = 0; i < n; i++) {
      const m = ms[i]!;
      let vm = m.base;
      if (m.toward && vm !== 0) {
        const dir = Math.sign(vm);
        const gap = Math.abs((m.tm ? m.tm.pos : m.tpos) - m.pos) - m.stopWithin;
        if (gap <= EPS) {
          const tv = (m.tm ? m.tm.base : 0) * dir; // the target's speed away from us
          vm = tv > 0 ? dir * Math.min(m.per, tv) : 0;
        }
      }
      m.v = vm;
    }
    // The next moment a mover closes on its target.
    let tau = remaining;
    for (let i = 0; i < n; i++) {
      const m = ms[i]!;
      const vm = m.v;
      if (!m.toward || vm === 0) continue;
      const dir = Math.sign(vm);
      const gap = Math.abs((m.tm ? m.tm.pos : m.tpos) - m.pos) - m.stopWithin;
      const vt = m.tm ? m.tm.v : 0;
      const rate = dir * (vm - vt);
      if (gap > EPS && rate > EPS) tau = Math.min(tau, gap / rate);
    }
    for (let i = 0; i < n; i++) {
      const m = ms[i]!;
      const d = Math.min(Math.abs(m.v * tau), m.left) * Math.sign(m.v);
      if (d === 0) continue;
      m.pos = m.pos + d;
      m.left -= Math.abs(d);
      m.moved = num(m.moved) + Math.abs(d);
      stepped = true;
    }
    remaining -= tau;
  }
  for (const m of ms) {
    const view = m.c.view;
    const pos = round2(m.pos);
    const moved = round2(num(m.moved));
    if (!stepped && !(Object.is(pos, view.position) && Object.is(moved, view.moved))) stepped = true;
    view.position = pos;
    view.moved = moved;
  }
  return stepped;
}

/**
 * integrateTick for the one mover of a tick (most ticks: a group's lone mover, or the last still
 * moving) whose target is someone else: that target does not move in this tick. The same
 * arithmetic in the same order, with no mover of the target (its speed 0).
 */
function integrateLone(m: Mover): boolean {
  const EPS = 1e-9;
  const view = m.c.view;
  const tpos = m.target!.view.position as number;
  let pos = view.position as number;
  let moved: number = view.moved as number;
  let remaining = 1;
  let stepped = false;
  for (let pass = 0; pass < 4 && remaining > EPS; pass++) {
    const dir = tpos >= pos ? 1 : -1;
    let v = m.left > EPS ? (m.toward ? dir : -dir) * m.per : 0;
    let tau = remaining;
    if (m.toward && v !== 0) {
      const gap = Math.abs(tpos - pos) - m.stopWithin;
      if (gap <= EPS) v = 0;
      else {
        // The target stands still: the mover closes at its own speed.
        const rate = Math.sign(v) * v;
        if (rate > EPS) tau = Math.min(tau, gap / rate);
      }
    }
    const d = Math.min(Math.abs(v * tau), m.left) * Math.sign(v);
    if (d !== 0) {
      pos = pos + d;
      m.left -= Math.abs(d);
      moved = num(moved) + Math.abs(d);
      stepped = true;
    }
    remaining -= tau;
  }
  const p = round2(pos);
  const mv = round2(num(moved));
  if (!stepped && !(Object.is(p, view.position) && Object.is(mv, view.moved))) stepped = true;
  view.position = p;
  view.moved = mv;
  return stepped;
}

/** integrateTick for a group in which one combatant has several movers (velocities looked up by combatant). */
function integrateTickShared(this: Engine, ms: Mover[]): boolean {
  const pos = (c: Cmb) => c.view.position as number;
  const EPS = 1e-9;
  let remaining = 1;
  let stepped = false;
  for (let pass = 0; pass < ms.length * 2 + 2 && remaining > EPS; pass++) {
    const base = new Map<Cmb, number>();
    for (const m of ms) {
      const dir = pos(m.target!) >= pos(m.c) ? 1 : -1;
      base.set(m.c, m.left > EPS ? (m.toward ? dir : -dir) * m.per : 0);
    }
    const v = new Map<Mover, number>();
    for (const m of ms) {
      let vm = base.get(m.c)!;
      if (m.toward && vm !== 0) {
        const dir = Math.sign(vm);
        const gap = Math.abs(pos(m.target!) - pos(m.c)) - m.stopWithin;
        if (gap <= EPS) {
          const tv = (base.get(m.target!) ?? 0) * dir;
          vm = tv > 0 ? dir * Math.min(m.per, tv) : 0;
        }
      }
      v.set(m, vm);
    }
    let tau = remaining;
    for (const m of ms) {
      const vm = v.get(m)!;
      if (!m.toward || vm === 0) continue;
      const dir = Math.sign(vm);
      const gap = Math.abs(pos(m.target!) - pos(m.c)) - m.stopWithin;
      const vt = [...v].find(([o]) => o.c === m.target)?.[1] ?? 0;
      const rate = dir * (vm - vt);
      if (gap > EPS && rate > EPS) tau = Math.min(tau, gap / rate);
    }
    for (const m of ms) {
      const d = Math.min(Math.abs(v.get(m)! * tau), m.left) * Math.sign(v.get(m)!);
      if (d === 0) continue;
      m.c.view.position = pos(m.c) + d;
      m.left -= Math.abs(d);
      m.c.view.moved = num(m.c.view.moved) + Math.abs(d);
      stepped = true;
    }
    remaining -= tau;
  }
  for (const m of ms) {
    const view = m.c.view;
    const p = round2(pos(m.c));
    const moved = round2(num(view.moved));
    if (!stepped && !(Object.is(p, view.position) && Object.is(moved, view.moved))) stepped = true;
    view.position = p;
    view.moved = moved;
  }
  return stepped;
}

/**
 * Crossing paths stops a move: the mover is within reach of an enemy that can block — one
 * standing still, or moving with a move that blocks (a sprint never does). Its own target it
 * simply follows.
 */
function blockedAt(this: Engine, m: Mover, moverOf: MoverOf, closing = NaN): boolean {
  m.clear = 0;
  const line = this.line();
  // The mover's place, read once: nothing in the scan moves anyone.
  const pos = m.c.view.position as number;
  if (line) return line.someEnemyWithin(m.c.side, pos, this.rs.reach, (o) => blocks(o, m, moverOf));
  const side = m.c.side;
  const reach = this.rs.reach;
  const cmbs = this.cmbs;
  // The nearest enemy that could block (every one but the target), for the clearance below.
  let nearest = Infinity;
  let placed = typeof pos === 'number' && Math.abs(pos) < CLEAR_PLACES;
  for (let i = 0; i < cmbs.length; i++) {
    const o = cmbs[i]!;
    if (o.side === side || o.out || o === m.target) continue;
    const at = o.view.position as number;
    const d = Math.abs(at - pos);
    if (!(typeof at === 'number' && Math.abs(at) < CLEAR_PLACES)) placed = false;
    if (d < nearest) nearest = d;
    if (d > reach) continue;
    if (blocks(o, m, moverOf)) return true;
  }
  // Clearance: every enemy but the target was farther than reach, and in each tick to come the
  // mover and an enemy close by at most `closing`; the ticks in which none can be within reach are
  // not asked again (while the battle line moves only by this move's steps: simulateMoves).
  if (placed && nearest > reach) {
    const ticks = Math.floor((nearest - reach) / closing) - 1;
    if (ticks > 0) m.clear = ticks;
  }
  return false;
}

/** Whether enemy `o` within reach stops mover `m`: not its own target; one standing still, or moving with a move that blocks. */
function blocks(o: Cmb, m: Mover, moverOf: MoverOf): boolean {
  if (o === m.target) return false;
  const om = moverOf[o.index];
  return !om || om.blocks;
}

export const movementMethods = { simulateMoves, integrateTick, integrateTickShared, blockedAt };
