/**
 * Shortcuts of a move (run/movement.ts, concepts/triggers/move.ts), each played both ways:
 * - `moveShortcut.loneMover`: the one mover of a tick is integrated by a form of its own;
 * - `moveShortcut.clearance`: a mover found far from every enemy that could block it is not asked
 *   again in the ticks in which none can have come within reach;
 * - `duringShortcut.noneWithin`: a `during` trigger with a literal `within` skips a tick in which
 *   no one stands within it of the mover.
 * Every shipped sample under every overlay stack, the two benchmark encounters, d20's with strikes
 * readied against movers, and a scene of lurking archers (a `during` trigger asked every tick)
 * must give the same trace, event for event, with and without each; and each must be taken.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { moveShortcut } from '../interpreter/run/movement.js';
import { duringShortcut } from '../interpreter/concepts/triggers/move.js';
import { REACTOR_KINDS } from '../interpreter/concepts/triggers/index.js';
import { Engine } from '../interpreter/run/engine.js';
import type { TraceEvent } from '../interpreter/trace/events.js';
import { listVariants, ROOT } from './support/cases.js';
import { lurkers } from './support/scenes.js';

const SEEDS = [1, 2, 3, 4, 5];
type Program = ReturnType<typeof loadProgram>;
type Enc = ReturnType<typeof loadEncounter>;

/** The trace with every shortcut, and without the one `off` turns off. */
function both(program: Program, enc: Enc, seed: number, off: () => () => void, rounds?: number) {
  const opts = { seed, ...(rounds !== undefined ? { rounds } : {}) };
  const short: TraceEvent[] = run(program, enc, opts).events;
  const restore = off();
  try {
    return { short, long: run(program, enc, opts).events };
  } finally {
    restore();
  }
}

const WAYS: Array<[string, () => () => void]> = [
  [
    'lone mover',
    () => {
      moveShortcut.loneMover = false;
      return () => (moveShortcut.loneMover = true);
    },
  ],
  [
    'clearance',
    () => {
      moveShortcut.clearance = false;
      return () => (moveShortcut.clearance = true);
    },
  ],
  [
    'no one within',
    () => {
      duringShortcut.noneWithin = false;
      return () => (duringShortcut.noneWithin = true);
    },
  ],
];

function bench(which: 'ose' | 'd20') {
  const program =
    which === 'ose'
      ? loadProgram(
          join(ROOT, 'rulesets/ose/ose.json'),
          ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`)),
        )
      : loadProgram(join(ROOT, 'rulesets/d20-srd/d20-srd.json'));
  const enc = loadEncounter(
    join(ROOT, which === 'ose' ? 'bench/encounters/ose-phased-6v6.json' : 'bench/encounters/d20-4v4.json'),
    program,
  );
  return { program, enc };
}

/** d20's benchmark fight in which three of the party ready an attack in each of the first rounds (a `during` trigger, within 5). */
function readied() {
  const { program } = bench('d20');
  const enc = JSON.parse(readFileSync(join(ROOT, 'bench/encounters/d20-4v4.json'), 'utf8')) as Record<string, unknown>;
  enc.script = [1, 2, 3].flatMap((round) => ['fighter', 'rogue', 'cleric'].map((combatant) => ({ round, combatant, action: 'ready' })));
  return { program, enc: loadEncounter(join(ROOT, 'readied.json'), program, JSON.stringify(enc)) };
}

/**
 * Two lines of fighters closing on each other at many speeds (OSE, phased round): movers pass
 * enemies other than their targets, and moves are stopped by them. `k` varies places and speeds.
 */
function melee(k: number) {
  const program = loadProgram(
    join(ROOT, 'rulesets/ose/ose.json'),
    ['phased-round'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`)),
  );
  let x = 12345 + k * 7919;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  const side = (id: string, from: number, dir: number) => ({
    id,
    combatants: Array.from({ length: 7 }, (_, i) => ({
      id: `${id}${i}`,
      stats: { hp: 25 + next(20), position: from + dir * (next(90) + (next(4) === 0 ? 0.37 : 0)), speed: 10 + 10 * next(12) },
      tags: ['one-handed'],
    })),
  });
  const enc = {
    kind: 'encounter',
    id: `melee-${k}`,
    name: 'Melee',
    ruleset: 'ose',
    sides: [side('south', 30, 1), side('north', -30, -1)],
  };
  return { program, enc: loadEncounter(join(ROOT, `melee-${k}.json`), program, JSON.stringify(enc)) };
}

afterEach(() => {
  moveShortcut.loneMover = true;
  moveShortcut.clearance = true;
  duringShortcut.noneWithin = true;
  vi.restoreAllMocks();
});

describe.each(WAYS)('a move with and without the shortcut: %s', (_name, off) => {
  it('every sample under every overlay stack gives the same trace both ways', () => {
    const differ: string[] = [];
    for (const v of listVariants()) {
      const program = loadProgram(
        join(ROOT, v.ruleset),
        v.overlays.map((o) => join(ROOT, o)),
      );
      const enc = loadEncounter(join(ROOT, v.encounter), program);
      for (const seed of SEEDS) {
        const { short, long } = both(program, enc, seed, off);
        if (JSON.stringify(short) !== JSON.stringify(long)) differ.push(`${v.name} seed ${seed}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('the benchmark encounters give the same traces both ways', () => {
    for (const which of ['ose', 'd20'] as const) {
      const { program, enc } = bench(which);
      for (let seed = 1; seed <= 40; seed++) {
        const { short, long } = both(program, enc, seed, off);
        expect(short).toEqual(long);
      }
    }
  });

  it('strikes readied against movers go off the same both ways', () => {
    const { program, enc } = readied();
    let strikes = 0;
    for (const seed of SEEDS) {
      const { short, long } = both(program, enc, seed, off);
      expect(short).toEqual(long);
      strikes += short.filter(
        (e) => e.type === 'act' && (e.reaction as { trigger?: string } | undefined)?.trigger === 'readied-strike',
      ).length;
    }
    expect(strikes).toBeGreaterThan(0);
  });

  it('two lines of fighters closing at many speeds move the same both ways', () => {
    let stopped = 0;
    for (let k = 0; k < 12; k++) {
      const { program, enc } = melee(k);
      for (const seed of SEEDS) {
        const { short, long } = both(program, enc, seed, off, 4);
        expect(short).toEqual(long);
        stopped += short.filter((e) => e.type === 'move').length;
      }
    }
    expect(stopped).toBeGreaterThan(0);
  });

  it('lurking archers react the same both ways', () => {
    const { program, enc } = lurkers();
    let reactions = 0;
    for (const seed of SEEDS) {
      const { short, long } = both(program, enc, seed, off, 3);
      expect(short).toEqual(long);
      reactions += short.filter((e) => e.type === 'act' && e.reaction).length;
    }
    expect(reactions).toBeGreaterThan(0);
  });
});

describe('the shortcuts are taken', () => {
  it('a lone mover is not integrated by the general form', () => {
    const { program, enc } = bench('d20');
    const ticks = vi.spyOn(Engine.prototype, 'integrateTick');
    run(program, enc, { seed: 1 });
    const withShortcut = ticks.mock.calls.length;
    ticks.mockClear();
    moveShortcut.loneMover = false;
    run(program, enc, { seed: 1 });
    expect(withShortcut).toBeLessThan(ticks.mock.calls.length);
  });

  it('a mover far from every enemy is not asked whether one blocks it, tick by tick', () => {
    const { program, enc } = bench('ose');
    const scans = vi.spyOn(Engine.prototype, 'blockedAt');
    for (let seed = 1; seed <= 5; seed++) run(program, enc, { seed });
    const withShortcut = scans.mock.calls.length;
    const blocked = scans.mock.results.filter((r) => r.value === true).length;
    scans.mockClear();
    moveShortcut.clearance = false;
    for (let seed = 1; seed <= 5; seed++) run(program, enc, { seed });
    expect(withShortcut).toBeLessThan(scans.mock.calls.length / 2);
    // Every move stopped by an enemy is still stopped.
    expect(scans.mock.results.filter((r) => r.value === true).length).toBe(blocked);
    expect(blocked).toBeGreaterThan(0);
  });

  it('reactors beyond a literal `within` are not looked for one by one', () => {
    const { program, enc } = bench('d20');
    const includes = vi.spyOn(REACTOR_KINDS.enemies!, 'includes');
    run(program, enc, { seed: 1 });
    const withShortcut = includes.mock.calls.length;
    includes.mockClear();
    duringShortcut.noneWithin = false;
    run(program, enc, { seed: 1 });
    expect(withShortcut).toBeLessThan(includes.mock.calls.length);
  });
});
