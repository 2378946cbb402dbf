/**
 * The labelled dice as they were before issue 9 (interpreter/dice at commit 4a1d28f), kept only
 * as a reference: interpreter/dice/labelled-identity.test.ts checks that the new `Dice` gives the
 * same values for the same (seed, label), and bench/dice.mjs times both side by side.
 *
 * Per roll it builds the string `${seed}:${label}` (and `label#n` for repeats), hashes it with
 * cyrb128 into a fresh array, allocates an sfc32 generator and warms it up 12 draws. Pins and
 * host answers are left out: they do not touch the generator. `parseNotation` is passed in (the
 * notation parser did not change), so that the test can use the sources and the bench the build.
 */

/** cyrb128 (bryc, public domain): 128-bit hash of a string as four unsigned 32-bit words. */
export function cyrb128(str) {
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

/** sfc32 (Chris Doty-Humphrey, PractRand): 128-bit state, 32-bit unsigned outputs. */
export class Sfc32 {
  constructor(a, b, c, d) {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
  }

  nextUint32() {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  nextDie(sides) {
    if (sides === 1) return 1;
    const limit = 4294967296 - (4294967296 % sides);
    let x = this.nextUint32();
    while (x >= limit) x = this.nextUint32();
    return (x % sides) + 1;
  }
}

/** The generator for one labelled roll: hash(`${seed}:${label}`), then 12 draws discarded. */
export function generatorFor(seed, label) {
  const [a, b, c, d] = cyrb128(`${seed}:${label}`);
  const rng = new Sfc32(a, b, c, d);
  for (let i = 0; i < 12; i++) rng.nextUint32();
  return rng;
}

/** The old `Dice` without pins: repeats become label#2, label#3…; `reset()` starts a new run. */
export class ReferenceDice {
  constructor(seed, parseNotation) {
    this.seed = seed;
    this.parseNotation = parseNotation;
    this.counters = new Map();
  }

  roll(label, notation) {
    if (typeof label !== 'string' || label === '') throw new Error('a roll needs a non-empty label');
    if (label.includes('#')) throw new Error(`roll label "${label}" must not contain "#"`);
    const parsed = this.parseNotation(notation);
    const n = (this.counters.get(label) ?? 0) + 1;
    this.counters.set(label, n);
    const effective = n === 1 ? label : `${label}#${n}`;
    const sides = parsed.sides;
    const dice = new Array(sides.length);
    if (sides.length > 0) {
      const rng = generatorFor(this.seed, effective);
      for (let i = 0; i < sides.length; i++) dice[i] = rng.nextDie(sides[i]);
    }
    let total = parsed.modifier;
    for (let i = 0; i < dice.length; i++) total += dice[i];
    return { label: effective, notation, dice, sides: sides.slice(), modifier: parsed.modifier, total, pinned: false };
  }

  reset() {
    this.counters.clear();
  }
}
