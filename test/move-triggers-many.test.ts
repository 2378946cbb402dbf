/**
 * Move triggers find their reactors in two ways (concepts/triggers/move.ts): as the bits of a
 * number up to `moveReactorMask.bits` combatants, as a list above. These scenes, generated here,
 * run lurking archers against advancing fighters (OSE's lurking overlay: a `during` move
 * trigger): one scene both ways must give the same trace, and a fight of more than 30 must find
 * every reactor, those listed past the 30th too.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { moveReactorMask } from '../interpreter/concepts/triggers/move.js';
import type { TraceEvent } from '../interpreter/trace/events.js';
import { ROOT } from './support/cases.js';

const DEFAULT_BITS = moveReactorMask.bits;
const program = loadProgram(
  join(ROOT, 'rulesets/ose/ose.json'),
  ['phased-round', 'lurking'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`)),
);

interface Geometry {
  fighter: (i: number) => { position: number; speed: number };
  archer: (i: number) => number;
}

/** Fighters (listed first) advancing on lurking archers (listed after them). */
function scene(archers: number, fighters: number, g: Geometry) {
  const south = [];
  const north = [];
  const script = [];
  for (let i = 0; i < fighters; i++) south.push({ id: `f${i}`, stats: { hp: 1000, ...g.fighter(i) }, tags: ['one-handed'] });
  for (let i = 0; i < archers; i++) {
    north.push({ id: `a${i}`, stats: { hp: 20, range: 50, position: g.archer(i) }, tags: ['missile'] });
    script.push({ round: 1, combatant: `a${i}`, action: 'lurk' });
  }
  const enc = {
    kind: 'encounter',
    id: `lurkers-${archers}-${fighters}`,
    name: 'Lurking archers against advancing fighters',
    ruleset: 'ose',
    sides: [
      { id: 'south', combatants: south },
      { id: 'north', combatants: north },
    ],
    script,
  };
  return loadEncounter(join(ROOT, `${enc.id}.json`), program, JSON.stringify(enc));
}

function trace(enc: ReturnType<typeof scene>, bits: number, seed: number, rounds = 2): TraceEvent[] {
  moveReactorMask.bits = bits;
  try {
    return run(program, enc, { seed, rounds }).events;
  } finally {
    moveReactorMask.bits = DEFAULT_BITS;
  }
}

/** The reactions of a trace: who shot at whom, in order. */
const reactions = (events: TraceEvent[]) => events.flatMap((e) => (e.type === 'act' && e.reaction ? [`${e.combatant}>${e.target}`] : []));

/** Archers at 0, 5, 10 and 15 ft behind the line; fighters spread out, at three speeds. */
const SPREAD: Geometry = {
  fighter: (i) => ({ position: 80 + 7 * i, speed: 40 + (i % 3) * 10 }),
  archer: (i) => -(i % 4) * 5,
};
/** Every archer at 0, every fighter coming within range in its first move. */
const CLOSE: Geometry = { fighter: (i) => ({ position: 80 + i, speed: 40 }), archer: () => 0 };

afterEach(() => {
  moveReactorMask.bits = DEFAULT_BITS;
});

describe('move triggers: bit mask and list', () => {
  it('one scene gives the same trace both ways', () => {
    const enc = scene(12, 12, SPREAD);
    expect(DEFAULT_BITS).toBeGreaterThanOrEqual(24);
    for (const seed of [1, 2, 3]) {
      const masked = trace(enc, DEFAULT_BITS, seed);
      const listed = trace(enc, 0, seed);
      // Not a vacuous comparison: reactions during moves, to more than one mover.
      const shots = reactions(masked);
      expect(shots.length).toBeGreaterThanOrEqual(6);
      expect(new Set(shots.map((s) => s.split('>')[1])).size).toBeGreaterThan(1);
      expect(listed).toEqual(masked);
    }
  });

  it('more than 30 combatants: every lurker shoots once, those listed past the 30th too', () => {
    const archers = 17;
    const enc = scene(archers, 17, CLOSE);
    // 34 combatants: the archers are listed 18th to 34th.
    expect(17 + archers).toBeGreaterThan(DEFAULT_BITS);
    const shots = reactions(trace(enc, DEFAULT_BITS, 1, 1));
    const shooters = shots.map((s) => s.split('>')[0]);
    // All fighters move at once and come within range in the same tick: the first mover is
    // shot by every archer, in listing order, each once (the shot is its action for the round).
    expect(shooters).toEqual(Array.from({ length: archers }, (_, i) => `a${i}`));
    expect(new Set(shots.map((s) => s.split('>')[1]))).toEqual(new Set(['f0']));
  });

  it('more than 30 combatants, spread out: archers at one spot shoot together, in listing order', () => {
    const archers = 17;
    const shots = reactions(trace(scene(archers, 17, SPREAD), DEFAULT_BITS, 2));
    // Every archer comes within reach of some fighter's move and shoots once.
    expect(shots.map((s) => s.split('>')[0]).sort()).toEqual(Array.from({ length: archers }, (_, i) => `a${i}`).sort());
    // Archers standing at one spot (i % 4) see the same fighter come within range in the same
    // tick: they shoot it together, one after another in listing order.
    for (let spot = 0; spot < 4; spot++) {
      const here = shots.filter((s) => Number(s.split('>')[0]!.slice(1)) % 4 === spot);
      expect(new Set(here.map((s) => s.split('>')[1])).size).toBe(1);
      const order = here.map((s) => Number(s.split('>')[0]!.slice(1)));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      const first = shots.indexOf(here[0]!);
      expect(shots.slice(first, first + here.length)).toEqual(here);
    }
  });
});
