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
