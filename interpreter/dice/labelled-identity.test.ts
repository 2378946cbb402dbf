/**
 * The labelled dice were made cheaper (issue 9): hashing per prefix, counting repeats without a
 * Map of strings, the generator in local variables. The values must not change: for the same
 * (seed, label) the same dice as before. bench/dice-reference.mjs keeps the old algorithm as it
 * was; every roll here is compared with it.
 */
import { describe, expect, it } from 'vitest';
import { Dice, DiceError, dieFromState, generatorFor, LabelHasher, parseNotation, rollFromState } from './index.js';
import { ReferenceDice } from '../../bench/dice-reference.mjs';

const ACTORS = ['fighter', 'w-bow-1', 'r-xbow-2', 'orc-archer', 'chieftain', 'Ωmega', 'a'];
const ACTIONS = ['attack', 'shoot', 'charge', 'cast.spell', 'move'];
const NAMES = ['attack', 'damage', 'save', 'd20', 'roll', 'crit.confirm'];
const NOTATIONS = ['1d20', '1d6', '2d4+1', '1d8+1d6', '3d6-2', 'd%', '1d1', '5', '2D', '1d1000'];
const SEEDS = [0, 1, 2, 7, 42, 999_983, -1, -123_456, 2 ** 31, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];

/** A deterministic stream of small integers (an LCG), to pick labels and notations. */
function picker(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % n;
  };
}

/** One combat's worth of rolls: [prefix, name, notation], with shared prefixes and repeats. */
function script(seed: number, length: number): [string, string, string][] {
  const pick = picker(seed);
  const out: [string, string, string][] = [];
  for (let i = 0; i < length; i++) {
    const round = 1 + pick(6);
    const prefix = pick(7) === 0 ? 'init' : `r${round}.${ACTORS[pick(ACTORS.length)]}.${ACTIONS[pick(ACTIONS.length)]}`;
    out.push([prefix, NAMES[pick(NAMES.length)]!, NOTATIONS[pick(NOTATIONS.length)]!]);
  }
  return out;
}

function same(a: { label: string; dice: number[]; total: number }, b: { label: string; dice: number[]; total: number }) {
  return a.label === b.label && a.total === b.total && a.dice.length === b.dice.length && a.dice.every((d, i) => d === b.dice[i]);
}

describe('labelled dice: the same values as the old algorithm', () => {
  it('gives the same dice for every (seed, label) of many combats, through roll and rollIn', () => {
    let compared = 0;
    let repeats = 0;
    for (const seed of SEEDS) {
      for (let combat = 0; combat < 25; combat++) {
        const rolls = script(seed * 31 + combat, 120);
        const viaRoll = new Dice(seed);
        const viaParts = new Dice(seed);
        const old = new ReferenceDice(seed, parseNotation);
        for (const [prefix, name, notation] of rolls) {
          const want = old.roll(`${prefix}.${name}`, notation);
          const a = viaRoll.roll(`${prefix}.${name}`, notation);
          const b = viaParts.rollIn(prefix, name, notation);
          if (!same(a, want) || !same(b, want)) {
            expect({ seed, label: want.label, roll: a.dice, rollIn: b.dice }).toEqual({
              seed,
              label: want.label,
              roll: want.dice,
              rollIn: want.dice,
            });
          }
          if (want.label.includes('#')) repeats++;
          compared++;
        }
      }
    }
    expect(compared).toBe(SEEDS.length * 25 * 120);
    // The scripts repeat labels, so `label#n` is covered too.
    expect(repeats).toBeGreaterThan(1000);
  });

  it('keeps the same values across reset(), mixing roll and rollIn on one Dice', () => {
    const dice = new Dice(5);
    const old = new ReferenceDice(5, parseNotation);
    for (let run = 0; run < 4; run++) {
      for (const [i, [prefix, name, notation]] of script(run, 200).entries()) {
        const want = old.roll(`${prefix}.${name}`, notation);
        const got = i % 2 === 0 ? dice.roll(`${prefix}.${name}`, notation) : dice.rollIn(prefix, name, notation);
        expect(same(got, want)).toBe(true);
      }
      dice.reset();
      old.reset();
    }
  });

  it('gives the same dice for labels of every length and for unusual characters', () => {
    const pick = picker(99);
    for (let n = 0; n < 2000; n++) {
      const length = 1 + pick(60);
      let label = '';
      for (let i = 0; i < length; i++) {
        const c = pick(5) === 0 ? '.' : String.fromCharCode(pick(3) === 0 ? 0x20 + pick(0x5e) : 0x3b1 + pick(40));
        label += c === '#' ? '.' : c;
      }
      const seed = pick(1_000_000) - 500_000;
      const want = new ReferenceDice(seed, parseNotation).roll(label, '4d6');
      expect(new Dice(seed).roll(label, '4d6').dice).toEqual(want.dice);
    }
  });

  it('counts repeats apart even when many labels are rolled (the counter grows)', () => {
    const dice = new Dice(3);
    const old = new ReferenceDice(3, parseNotation);
    for (let i = 0; i < 3000; i++) {
      const label = `x${i % 700}`;
      const got = dice.roll(label, '1d6');
      const want = old.roll(label, '1d6');
      expect(got.label).toBe(want.label);
      expect(got.dice).toEqual(want.dice);
    }
  });

  it('gives the same dice when several Dice roll in turn', () => {
    const seeds = [1, 2, -9, 2 ** 40];
    const dice = seeds.map((s) => new Dice(s));
    const old = seeds.map((s) => new ReferenceDice(s, parseNotation));
    const pick = picker(4);
    for (const [prefix, name, notation] of script(8, 2000)) {
      const k = pick(seeds.length);
      const want = old[k]!.roll(`${prefix}.${name}`, notation);
      const got = pick(2) === 0 ? dice[k]!.roll(`${prefix}.${name}`, notation) : dice[k]!.rollIn(prefix, name, notation);
      expect(same(got, want)).toBe(true);
    }
  });

  it('gives the same dice for labels that extend, shorten or share long prefixes', () => {
    const long = 'r12.' + 'very-long-actor-name-'.repeat(5);
    const labels: string[] = [];
    for (let cut = 1; cut < long.length; cut += 7) labels.push(long.slice(0, cut));
    for (let cut = long.length; cut > 0; cut -= 5) labels.push(long.slice(0, cut) + '.x');
    for (let i = 0; i < 40; i++) labels.push(`${long}${i}.attack`, `${long.slice(0, 60 + (i % 10))}${i}`);
    for (const seed of [3, -77]) {
      const dice = new Dice(seed);
      const old = new ReferenceDice(seed, parseNotation);
      for (const label of [...labels, ...labels]) {
        const dot = label.lastIndexOf('.');
        const want = old.roll(label, '2d6');
        const got =
          dot > 0 && label.length % 2 === 0 ? dice.rollIn(label.slice(0, dot), label.slice(dot + 1), '2d6') : dice.roll(label, '2d6');
        expect(same(got, want)).toBe(true);
      }
    }
  });

  it('draws each die as the old generator does, for every number of sides up to 1000 and a few larger', () => {
    const hasher = new LabelHasher(11);
    const state = new Int32Array(4);
    const out = [0, 0, 0];
    for (const s of [...Array.from({ length: 1000 }, (_, i) => i + 1), 4095, 4096, 4097, 65_537, 2 ** 31 - 1, 2 ** 31, 3 * 2 ** 30]) {
      const label = `die.${s}`;
      const gen = generatorFor(11, label);
      const want = [gen.nextDie(s), gen.nextDie(7), gen.nextDie(s)];
      hasher.hash(label, state);
      rollFromState(state, [s, 7, s], out);
      expect(out).toEqual(want);
      expect(dieFromState(state, s)).toBe(want[0]);
    }
  });

  it('refuses "#" in either part of a label given to rollIn, as roll does', () => {
    const dice = new Dice(1);
    expect(() => dice.rollIn('r1.a#b', 'attack', '1d20')).toThrow(DiceError);
    expect(() => dice.rollIn('r1.a', 'att#ack', '1d20')).toThrow(/must not contain "#"/);
    expect(() => dice.roll('r1.a.att#ack', '1d20')).toThrow(/must not contain "#"/);
    // A refused label leaves no trace: the next roll of a good label is its first.
    expect(dice.rollIn('r1.a', 'attack', '1d20').label).toBe('r1.a.attack');
  });
});
