/**
 * A combat's cast (its combatants and views, run/cast.ts) serves the next combat of the same
 * encounter, reset. Nothing of one combat may reach the next: for every shipped sample encounter
 * under each overlay stack, combats A, B, A (and a record-only one) on one reused cast give the
 * traces of fresh casts, byte for byte. A field a reset forgets shows here as B's or the second
 * A's trace differing from its fresh run.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram } from '../interpreter/pipeline.js';
import { Engine } from '../interpreter/run/engine.js';
import { giveBackCast } from '../interpreter/run/cast.js';
import type { Encounter } from '../interpreter/model/types.js';
import type { RunOptions } from '../interpreter/run/types.js';
import { toJsonLines } from '../interpreter/trace/events.js';
import { RECORD_EVENTS } from '../interpreter/simulate/record.js';
import { listVariants, ROOT } from './support/cases.js';

/** An engine with a cast never used before (a copy of the encounter has none spare). */
const fresh = (program: ReturnType<typeof loadProgram>, enc: Encounter, opts: RunOptions): Engine =>
  new Engine(program.compiled, structuredClone(enc), opts);

/** Every combatant as a combat starts: each field, and each view's keys in order with their values (getters read). */
const combatants = (eng: Engine) =>
  eng.cmbs.map((c) => ({
    ...c,
    reactions: [...c.reactions],
    view: Object.keys(c.view).map((k) => [k, structuredClone(c.view[k])]),
  }));

describe('a reused cast runs as a fresh one', () => {
  for (const v of listVariants()) {
    it(v.name, () => {
      const program = loadProgram(
        join(ROOT, v.ruleset),
        v.overlays.map((o) => join(ROOT, o)),
      );
      const enc = loadEncounter(join(ROOT, v.encounter), program);
      const runs: RunOptions[] = [{ seed: 7 }, { seed: 8, rounds: 3 }, { seed: 7 }, { seed: 9, keep: RECORD_EVENTS }, { seed: 7 }];
      let last: Engine | null = null;
      for (const opts of runs) {
        const eng = new Engine(program.compiled, enc, opts);
        if (last !== null && last.cast!.reusable) expect(eng.cast).toBe(last.cast);
        // One engine at a time: an engine made gives the ruleset's evaluator its dice.
        const atStart = combatants(eng);
        const trace = toJsonLines(eng.run().events);
        const other = fresh(program, enc, opts);
        expect(atStart).toEqual(combatants(other));
        expect(trace).toBe(toJsonLines(other.run().events));
        giveBackCast(eng, eng.cast!);
        last = eng;
      }
    });
  }

  it('reads the stats again: an encounter changed in place runs as its fresh copy', () => {
    const v = listVariants()[0]!;
    const program = loadProgram(
      join(ROOT, v.ruleset),
      v.overlays.map((o) => join(ROOT, o)),
    );
    const enc = loadEncounter(join(ROOT, v.encounter), program);
    const first = new Engine(program.compiled, enc, { seed: 3 });
    first.run();
    giveBackCast(first, first.cast!);
    const e = enc.sides[0]!.combatants[0]!;
    const stat = Object.keys(e.stats ?? {}).find((k) => typeof e.stats![k] === 'number')!;
    expect(stat).toBeDefined();
    (e.stats as Record<string, number>)[stat]! += 1;
    const eng = new Engine(program.compiled, enc, { seed: 3 });
    expect(eng.cast).toBe(first.cast);
    const atStart = combatants(eng);
    const trace = toJsonLines(eng.run().events);
    const other = fresh(program, enc, { seed: 3 });
    expect(atStart).toEqual(combatants(other));
    expect(trace).toBe(toJsonLines(other.run().events));
  });

  it('drops a cast whose views gained a key in the combat', () => {
    const v = listVariants()[0]!;
    const program = loadProgram(
      join(ROOT, v.ruleset),
      v.overlays.map((o) => join(ROOT, o)),
    );
    const enc = loadEncounter(join(ROOT, v.encounter), program);
    const first = new Engine(program.compiled, enc, { seed: 5 });
    first.run();
    // As a `set` of a key the ruleset does not declare, or a deck's card, would.
    first.cmbs[0]!.view.drawnCard = 'ace';
    giveBackCast(first, first.cast!);
    const eng = new Engine(program.compiled, enc, { seed: 5 });
    expect(eng.cast).not.toBe(first.cast);
    expect('drawnCard' in eng.cmbs[0]!.view).toBe(false);
    const trace = toJsonLines(eng.run().events);
    expect(trace).toBe(toJsonLines(fresh(program, enc, { seed: 5 }).run().events));
  });
  it("leaves an earlier combat's result as it was when its cast serves the next", () => {
    for (const v of listVariants()) {
      const program = loadProgram(
        join(ROOT, v.ruleset),
        v.overlays.map((o) => join(ROOT, o)),
      );
      const enc = loadEncounter(join(ROOT, v.encounter), program);
      const first = new Engine(program.compiled, enc, { seed: 11 });
      const result = first.run();
      const before = toJsonLines(result.events);
      giveBackCast(first, first.cast!);
      const second = new Engine(program.compiled, enc, { seed: 12 });
      if (first.cast!.reusable) expect(second.cast, v.name).toBe(first.cast);
      second.run();
      // Events hold copies, never a view: the reset and the second combat must not reach them.
      expect(toJsonLines(result.events), v.name).toBe(before);
    }
  });
});
