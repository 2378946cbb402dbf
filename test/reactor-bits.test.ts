/**
 * Act and damage triggers find their reactors as move triggers do (concepts/triggers/
 * reactor-bits.ts): as the bits of a number up to `moveReactorMask.bits` combatants, as
 * reactorsFor's list above. Every sample under each overlay stack and the d20 benchmark
 * encounter must give the same trace both ways; the d20 sample has readied attacks (an act
 * trigger whose reactors are the enemies) that go off, so a wrong reactor would show there.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { moveReactorMask } from '../interpreter/concepts/triggers/move.js';
import type { TraceEvent } from '../interpreter/trace/events.js';
import { listVariants, ROOT } from './support/cases.js';

const DEFAULT_BITS = moveReactorMask.bits;

afterEach(() => {
  moveReactorMask.bits = DEFAULT_BITS;
});

function both(program: ReturnType<typeof loadProgram>, enc: ReturnType<typeof loadEncounter>, seed: number): [TraceEvent[], TraceEvent[]] {
  moveReactorMask.bits = DEFAULT_BITS;
  const masked = run(program, enc, { seed }).events;
  moveReactorMask.bits = 0;
  try {
    return [masked, run(program, enc, { seed }).events];
  } finally {
    moveReactorMask.bits = DEFAULT_BITS;
  }
}

describe('act and damage triggers: bit mask and list', () => {
  it('the d20 sample and benchmark encounters give the same trace both ways, with enemies reacting to acts', () => {
    const program = loadProgram(join(ROOT, 'rulesets/d20-srd/d20-srd.json'));
    let readied = 0;
    for (const file of ['rulesets/d20-srd/encounters/sample.json', 'bench/encounters/d20-4v4.json']) {
      const enc = loadEncounter(join(ROOT, file), program);
      for (let seed = 1; seed <= 20; seed++) {
        const [masked, listed] = both(program, enc, seed);
        expect(JSON.stringify(masked), `${file} seed ${seed}`).toBe(JSON.stringify(listed));
        for (const e of masked) if (e.type === 'act' && e.reaction?.trigger === 'readied-attack') readied++;
      }
    }
    expect(readied).toBeGreaterThan(0);
  });

  it('every sample under each overlay stack gives the same trace both ways', () => {
    for (const v of listVariants()) {
      const program = loadProgram(
        join(ROOT, v.ruleset),
        v.overlays.map((o) => join(ROOT, o)),
      );
      const enc = loadEncounter(join(ROOT, v.encounter), program);
      for (let seed = 1; seed <= 3; seed++) {
        const [masked, listed] = both(program, enc, seed);
        expect(JSON.stringify(masked), `${v.name} seed ${seed}`).toBe(JSON.stringify(listed));
      }
    }
  });
});
