/**
 * A tick of a move that changed nothing ends the move (run/movement.ts, `moveShortcut`): every
 * later tick would start from the same state and do the same nothing. Played both ways, every
 * shipped sample under every overlay stack and a scene of lurking archers (a `during` trigger
 * asked every tick) must give the same trace, event for event; and the shortcut must be taken.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { moveShortcut } from '../interpreter/run/movement.js';
import { Engine } from '../interpreter/run/engine.js';
import type { TraceEvent } from '../interpreter/trace/events.js';
import { listVariants, ROOT } from './support/cases.js';
import { lurkers } from './support/scenes.js';

const SEEDS = [1, 2, 3, 4, 5];

function both(program: ReturnType<typeof loadProgram>, enc: ReturnType<typeof loadEncounter>, seed: number, rounds?: number) {
  const opts = { seed, ...(rounds !== undefined ? { rounds } : {}) };
  const short: TraceEvent[] = run(program, enc, opts).events;
  moveShortcut.stillTickEnds = false;
  try {
    return { short, long: run(program, enc, opts).events };
  } finally {
    moveShortcut.stillTickEnds = true;
  }
}

afterEach(() => {
  moveShortcut.stillTickEnds = true;
  vi.restoreAllMocks();
});

describe('a tick that changed nothing ends the move', () => {
  it('every sample under every overlay stack gives the same trace both ways', () => {
    const differ: string[] = [];
    for (const v of listVariants()) {
      const program = loadProgram(
        join(ROOT, v.ruleset),
        v.overlays.map((o) => join(ROOT, o)),
      );
      const enc = loadEncounter(join(ROOT, v.encounter), program);
      for (const seed of SEEDS) {
        const { short, long } = both(program, enc, seed);
        if (JSON.stringify(short) !== JSON.stringify(long)) differ.push(`${v.name} seed ${seed}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('lurking archers react the same both ways', () => {
    const { program, enc } = lurkers();
    let reactions = 0;
    for (const seed of SEEDS) {
      const { short, long } = both(program, enc, seed, 3);
      expect(short).toEqual(long);
      reactions += short.filter((e) => e.type === 'act' && e.reaction).length;
    }
    expect(reactions).toBeGreaterThan(0);
  });

  it('is taken: movers that have arrived do not wait out the move tick by tick', () => {
    const program = loadProgram(
      join(ROOT, 'rulesets/ose/ose.json'),
      ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`)),
    );
    const enc = loadEncounter(join(ROOT, 'bench/encounters/ose-phased-6v6.json'), program);
    const ticks = vi.spyOn(Engine.prototype, 'integrateTick');
    run(program, enc, { seed: 1 });
    const withShortcut = ticks.mock.calls.length;
    ticks.mockClear();
    moveShortcut.stillTickEnds = false;
    run(program, enc, { seed: 1 });
    expect(withShortcut).toBeLessThan(ticks.mock.calls.length);
  });
});
