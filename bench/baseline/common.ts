/**
 * What the hand-written baselines share: dice specs parsed once, the roller they draw dice
 * from, a small seeded generator, and a port of the engine's battle-line movement.
 *
 * The baselines do NOT use the interpreter: no JSON Logic, no events, no labels, no Maps keyed
 * by strings. They hard-code one ruleset each, as a programmer would who wrote that one game
 * by hand. The roller is the one seam: the benchmark's fast path draws every die from one sfc32
 * stream per combat (same distribution, different dice); the exact-replay check plugs in the
 * project's labelled dice so that a baseline combat and an interpreter combat with the same seed
 * see the very same dice and must end the same way.
 */

/** `NdS+K`, parsed once at load. */
export interface DiceSpec {
  readonly text: string;
  readonly count: number;
  readonly sides: number;
  readonly mod: number;
}

export function parseDice(text: string): DiceSpec {
  const m = /^\s*(\d*)d(\d+)\s*(?:([+-])\s*(\d+))?\s*$/.exec(text);
  if (!m) throw new Error(`baseline: unsupported dice notation ${JSON.stringify(text)}`);
  const count = m[1] === '' || m[1] === undefined ? 1 : Number(m[1]);
  const mod = m[3] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4]);
  return { text, count, sides: Number(m[2]), mod };
}

export const D6: DiceSpec = parseDice('1d6');
export const D20: DiceSpec = parseDice('1d20');
export const D100: DiceSpec = parseDice('1d100');

/** Round number used for rolls made once per combat (labels `init.…`). */
export const ONCE = -1;

/**
 * Where dice come from. The label parts are only read by the labelled roller; they are always
 * strings the caller already holds (ids, constants), so the fast path builds no strings.
 * Label = `r<round>.<a>.<b>[.<c>]`, or `init.<a>.<b>[.<c>]` when round is ONCE.
 */
export interface Roller {
  roll(spec: DiceSpec, round: number, a: string, b: string, c: string): number;
}

/** sfc32 (the same generator the project uses), one stream per combat. */
export class FastRoller implements Roller {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;
  constructor(seed: number) {
    this.reseed(seed);
  }
  reseed(seed: number): void {
    // splitmix32 expands the seed into the 128-bit state.
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.next();
  }
  private next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }
  /** Uniform 1..sides without modulo bias. */
  die(sides: number): number {
    const limit = 4294967296 - (4294967296 % sides);
    let x = this.next();
    while (x >= limit) x = this.next();
    return (x % sides) + 1;
  }
  roll(spec: DiceSpec): number {
    let t = spec.mod;
    for (let i = 0; i < spec.count; i++) t += this.die(spec.sides);
    return t;
  }
}

/** Something standing on the battle line. */
export interface Body {
  pos: number;
  moved: number;
  out: boolean;
  side: number;
  /** The mover of this body in the current tick (scratch for integrateTick). */
  tm: Mover | null;
}

export interface Mover {
  c: Body;
  target: Body;
  toward: boolean;
  left: number;
  per: number;
  from: number;
  stopWithin: number;
  stopAtEnemies: boolean;
  blocks: boolean;
  active: boolean;
  base: number;
  v: number;
}

export const MOVE_TICKS = 20;
export const REACH = 5;
const EPS = 1e-9;
const round2 = (x: number) => Math.round(x * 100) / 100;

export function mover(c: Body, target: Body, toward: boolean, distance: number, stopAtEnemies: boolean): Mover {
  const dist = Math.max(0, distance);
  return {
    c,
    target,
    toward,
    left: dist,
    per: dist / MOVE_TICKS,
    from: c.pos,
    stopWithin: 5,
    stopAtEnemies,
    blocks: true,
    active: true,
    base: 0,
    v: 0,
  };
}

/**
 * The moves of one group, together, in MOVE_TICKS ticks: the same rule as the engine (every
 * mover goes at its speed toward or away from its target, stops within 5 ft of it, follows a
 * target that moves away, and a mover that stops at enemies stops where an enemy other than its
 * target stands within reach). Positions are rounded to 1/100 ft after each tick, as the engine
 * does, so that the same dice give the same fight.
 */
export function simulateMoves(ms: Mover[], everyone: readonly Body[], scratch: Mover[]): void {
  let moving = ms.length;
  for (let tick = 0; tick < MOVE_TICKS && moving > 0; tick++) {
    scratch.length = 0;
    for (let i = 0; i < ms.length; i++) {
      const m = ms[i]!;
      if (!m.active) continue;
      if (m.c.out || m.target.out || m.left <= EPS) {
        m.active = false;
        moving--;
        continue;
      }
      scratch.push(m);
    }
    integrateTick(scratch);
    for (let i = 0; i < scratch.length; i++) {
      const m = scratch[i]!;
      if (m.stopAtEnemies && blockedAt(m, ms, everyone)) {
        m.active = false;
        moving--;
      }
    }
  }
}

function blockedAt(m: Mover, ms: Mover[], everyone: readonly Body[]): boolean {
  const p = m.c.pos;
  for (let i = 0; i < everyone.length; i++) {
    const o = everyone[i]!;
    if (o.side === m.c.side || o.out || o === m.target) continue;
    if (Math.abs(o.pos - p) > REACH) continue;
    let om: Mover | undefined;
    for (let j = 0; j < ms.length; j++)
      if (ms[j]!.c === o) {
        om = ms[j];
        break;
      }
    if (!om || om.blocks) return true;
  }
  return false;
}

function integrateTick(ms: Mover[]): void {
  for (let i = 0; i < ms.length; i++) ms[i]!.c.tm = ms[i]!;
  let remaining = 1;
  for (let pass = 0; pass < ms.length * 2 + 2 && remaining > EPS; pass++) {
    for (let i = 0; i < ms.length; i++) {
      const m = ms[i]!;
      const dir = m.target.pos >= m.c.pos ? 1 : -1;
      m.base = m.left > EPS ? (m.toward ? dir : -dir) * m.per : 0;
    }
    for (let i = 0; i < ms.length; i++) {
      const m = ms[i]!;
      let vm = m.base;
      if (m.toward && vm !== 0) {
        const dir = Math.sign(vm);
        const gap = Math.abs(m.target.pos - m.c.pos) - m.stopWithin;
        if (gap <= EPS) {
          const tm = m.target.tm;
          const tv = (tm ? tm.base : 0) * dir;
          vm = tv > 0 ? dir * Math.min(m.per, tv) : 0;
        }
      }
      m.v = vm;
    }
    let tau = remaining;
    for (let i = 0; i < ms.length; i++) {
      const m = ms[i]!;
      const vm = m.v;
      if (!m.toward || vm === 0) continue;
      const dir = Math.sign(vm);
      const gap = Math.abs(m.target.pos - m.c.pos) - m.stopWithin;
      const tm = m.target.tm;
      const vt = tm ? tm.v : 0;
      const rate = dir * (vm - vt);
      if (gap > EPS && rate > EPS) tau = Math.min(tau, gap / rate);
    }
    for (let i = 0; i < ms.length; i++) {
      const m = ms[i]!;
      const d = Math.min(Math.abs(m.v * tau), m.left) * Math.sign(m.v);
      if (d === 0) continue;
      m.c.pos = m.c.pos + d;
      m.left -= Math.abs(d);
      m.c.moved = m.c.moved + Math.abs(d);
    }
    remaining -= tau;
  }
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i]!;
    m.c.pos = round2(m.c.pos);
    m.c.moved = round2(m.c.moved);
    m.c.tm = null;
  }
}

/** Outcome of one combat: winner side index (-1: none) and rounds, as the engine reports them. */
export interface Outcome {
  winner: number;
  rounds: number;
  reason: 'eliminated' | 'round-limit';
}

export const MAX_ROUNDS = 50;

/** Thrown (a shared instance, no stack) when the end condition holds mid-round. */
export const ENDED = { ended: true } as const;
