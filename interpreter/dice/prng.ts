/**
 * Small, well-known, dependency-free random number generation.
 *
 * - `cyrb128`: a fast 128-bit string hash (bryc, public domain; sibling of cyrb53), used to turn
 *   `(seed, label)` into a generator state.
 * - `Sfc32`: Chris Doty-Humphrey's Small Fast Counting generator (from PractRand), 32-bit output,
 *   128-bit state. Passes PractRand/BigCrush for the stream lengths we use (a few draws per label).
 * - `fnv1a32`: FNV-1a, 32-bit; handy for short stable hashes.
 *
 * All arithmetic is 32-bit integer arithmetic (`Math.imul`, `| 0`, `>>> 0`), so results are
 * identical on every JavaScript engine.
 */

/** 128-bit hash of a string as four unsigned 32-bit words. */
export function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** FNV-1a 32-bit hash of a string's UTF-16 code units. */
export function fnv1a32(str: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** sfc32: 128-bit state, 32-bit unsigned outputs. */
export class Sfc32 {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(a: number, b: number, c: number, d: number) {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
  }

  /** Next output as an unsigned 32-bit integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  nextFloat(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [1, sides], without modulo bias (rejection sampling). */
  nextDie(sides: number): number {
    if (sides === 1) return 1;
    // Largest multiple of `sides` not above 2^32; draws at or above it are rejected.
    const limit = 4294967296 - (4294967296 % sides);
    let x = this.nextUint32();
    while (x >= limit) x = this.nextUint32();
    return (x % sides) + 1;
  }
}

/** Outputs discarded after seeding, so that similar labels diverge fully. */
const WARM_UP = 12;

/**
 * The generator for one labelled roll: seeded by hash(seed, label). The seed's decimal form
 * contains no `:`, so `seed:label` is unambiguous.
 */
export function generatorFor(seed: number, label: string): Sfc32 {
  const [a, b, c, d] = cyrb128(`${seed}:${label}`);
  const rng = new Sfc32(a, b, c, d);
  for (let i = 0; i < WARM_UP; i++) rng.nextUint32();
  return rng;
}

/**
 * cyrb128 over `${seed}:${label}` for one seed and many labels: the state after `${seed}:` is
 * computed once, and each label is hashed from it. (Resuming after the prefix a label shares
 * with the label before it, at each `.` or at each character, saved a few characters but cost
 * more in comparing and keeping states than it saved: each character is a few cycles.)
 */
export class LabelHasher {
  /** cyrb128's state after `${seed}:`. */
  private readonly seedState = new Int32Array(4);

  constructor(seed: number) {
    const prefix = `${seed}:`;
    let h1 = 1779033703;
    let h2 = 3144134277;
    let h3 = 1013904242;
    let h4 = 2773480762;
    for (let i = 0; i < prefix.length; i++) {
      const k = prefix.charCodeAt(i);
      h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
      h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
      h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
      h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
    }
    const s = this.seedState;
    s[0] = h1;
    s[1] = h2;
    s[2] = h3;
    s[3] = h4;
  }

  /**
   * Write to `out` (4 words) cyrb128's state after `${seed}:${label}`, before its final mixing.
   * Returns whether `label` contains `#` (which a roll label must not: it marks repeats).
   */
  hash(label: string, out: Int32Array): boolean {
    const s = this.seedState;
    let h1 = s[0]!;
    let h2 = s[1]!;
    let h3 = s[2]!;
    let h4 = s[3]!;
    let bad = false;
    for (let i = 0; i < label.length; i++) {
      const k = label.charCodeAt(i);
      if (k === 35) bad = true;
      h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
      h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
      h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
      h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
    }
    out[0] = h1;
    out[1] = h2;
    out[2] = h3;
    out[3] = h4;
    return bad;
  }
}

/**
 * Go on hashing: cyrb128's state `state` (4 words, updated in place) over `text`'s characters.
 * After `LabelHasher.hash(label, state)`, hashing `#2` gives the state of
 * cyrb128(`${seed}:${label}#2`) before its final mixing, without building that string.
 * Returns whether `text` contains `#`.
 */
export function hashMore(state: Int32Array, text: string): boolean {
  let hash = false;
  let h1 = state[0]!;
  let h2 = state[1]!;
  let h3 = state[2]!;
  let h4 = state[3]!;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    if (k === 35) hash = true;
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  state[0] = h1;
  state[1] = h2;
  state[2] = h3;
  state[3] = h4;
  return hash;
}

/**
 * One roll from a hashed label, without building a string or an object: cyrb128's final mixing
 * of `state`, then sfc32 in local variables (12 draws discarded), then one die per entry of
 * `sides`, written to `out`. The same values as `generatorFor(seed, label).nextDie(s)` for each
 * `s` in turn, when `state` holds the hash of `${seed}:${label}` so far (`LabelHasher`,
 * `hashMore`). Every step is the 32-bit arithmetic of `cyrb128` and `Sfc32` above.
 */
export function rollFromState(state: Int32Array, sides: readonly number[], out: number[]): void {
  let h1 = state[0]!;
  let h2 = state[1]!;
  let h3 = state[2]!;
  let h4 = state[3]!;
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  // sfc32 seeded with (h1, h2, h3, h4), in locals.
  let a = h1 | 0;
  let b = h2 | 0;
  let c = h3 | 0;
  let d = h4 | 0;
  let t: number;
  for (let i = 0; i < WARM_UP; i++) {
    t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
  }
  for (let j = 0; j < sides.length; j++) {
    const s = sides[j]! >>> 0;
    if (s === 1) {
      out[j] = 1;
      continue;
    }
    const limit = limitFor(s);
    let x: number;
    do {
      t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      x = t >>> 0;
    } while (x >= limit);
    out[j] = ((x % s) >>> 0) + 1;
  }
}

/** `dieFromState`'s one-entry arrays, reused (a roll never re-enters itself). */
const ONE_SIDE: number[] = [0];
const ONE_DIE: number[] = [0];

/**
 * `rollFromState` for a notation of one die: the die itself (through reused one-entry arrays, so
 * that the hash's mixing and the generator's steps are written once, in `rollFromState`).
 */
export function dieFromState(state: Int32Array, sides: number): number {
  ONE_SIDE[0] = sides;
  rollFromState(state, ONE_SIDE, ONE_DIE);
  return ONE_DIE[0]!;
}

/** `limitFor(s)` for the sides a notation may have (and a few more), computed once each. */
const limits: number[] = [];

/**
 * The largest multiple of `s` not above 2^32: draws at or above it are rejected, so that
 * `x % s` is unbiased. Both `%` here and in the callers are on unsigned 32-bit integers (`>>> 0`),
 * which the compiler turns into an integer division instead of a floating-point remainder.
 */
function limitFor(s: number): number {
  if (s > 4096) return 4294967296 - (((0 - s) >>> 0) % s);
  let limit = limits[s];
  if (limit === undefined) limits[s] = limit = 4294967296 - (((0 - s) >>> 0) % s);
  return limit;
}
