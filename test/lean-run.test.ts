/**
 * A record-only run (RunOptions.keep, issue 9): a simulation keeps only the events its reducers
 * read. For every golden case and every shipped sample encounter under its overlay stacks, over
 * many seeds, the kept events are the full trace filtered to their types (seq and every field the
 * same), and the record and the curve of the lean run are those of the full run.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import type { Program } from '../interpreter/core.js';
import type { Encounter } from '../interpreter/model/types.js';
import type { RunOptions } from '../interpreter/run/types.js';
import type { EventType, TraceEvent } from '../interpreter/trace/events.js';
import { RECORD_EVENTS, recordOf } from '../interpreter/simulate/record.js';
import { CURVE_EVENTS, curveOf, curveStatOf, startingValues } from '../interpreter/simulate/curves.js';
import { simulatedEvents } from '../interpreter/simulate/series-core.js';
import { listCases, listVariants, ROOT } from './support/cases.js';

const SEEDS = 12;
const R = (p: string) => join(ROOT, p);

const only = (events: readonly TraceEvent[], keep: ReadonlySet<EventType>) => events.filter((e) => keep.has(e.type));

/** The full run and the lean runs of one seed agree. */
function agree(program: Program, encounter: Encounter, opts: RunOptions): void {
  let full: ReturnType<typeof run>;
  try {
    full = run(program, encounter, opts);
  } catch (err) {
    // A pin that another seed cannot honour: the lean run fails alike.
    expect(() => run(program, encounter, { ...opts, keep: simulatedEvents(true) })).toThrow((err as Error).message);
    return;
  }
  const stat = curveStatOf(program.resolved.ruleset);
  const start = startingValues(program.resolved.ruleset, encounter, stat);
  for (const curves of [false, true]) {
    const keep = simulatedEvents(curves);
    const lean = run(program, encounter, { ...opts, keep });
    expect(JSON.stringify(lean.events)).toBe(JSON.stringify(only(full.events, keep)));
    expect([lean.winner, lean.reason, lean.rounds]).toEqual([full.winner, full.reason, full.rounds]);
    expect(recordOf(lean.events)).toEqual(recordOf(full.events));
    if (curves) expect(curveOf(lean.events, start, stat)).toEqual(curveOf(full.events, start, stat));
  }
}

describe('record-only runs', () => {
  it('keep exactly what recordOf and curveOf read', () => {
    expect([...RECORD_EVENTS].sort()).toEqual(['act', 'combat.end', 'combat.start', 'damage', 'down', 'step.start']);
    expect([...CURVE_EVENTS].sort()).toEqual(['combat.end', 'combat.start', 'damage', 'down', 'round.start']);
    expect([...simulatedEvents(true)].sort()).toEqual([...new Set([...RECORD_EVENTS, ...CURVE_EVENTS])].sort());
  });

  it('golden cases: the kept events, record and curve of the full run, at their seed and others', () => {
    const cases = listCases();
    expect(cases.length).toBeGreaterThan(20);
    for (const c of cases) {
      const program = loadProgram(
        R(c.spec.ruleset),
        (c.spec.with ?? []).map((w) => R(w)),
      );
      const encounter = loadEncounter(c.encounterPath, program);
      const pinned = {
        rolls: new Map(Object.entries(c.spec.rolls ?? {}).map(([k, v]) => [k, String(v)])),
        choices: new Map(Object.entries(c.spec.choices ?? {})),
        ...(c.spec.rounds !== undefined ? { rounds: c.spec.rounds } : {}),
      };
      agree(program, encounter, { seed: c.spec.seed ?? 1, ...pinned });
      for (let seed = 1; seed <= 3; seed++) agree(program, encounter, { seed: seed * 7919, ...pinned });
    }
  });

  it('shipped samples under their overlays: the same over many seeds', () => {
    const all = listVariants();
    expect(all.length).toBeGreaterThan(10);
    for (const s of all) {
      const program = loadProgram(R(s.ruleset), s.overlays.map(R));
      const encounter = loadEncounter(R(s.encounter), program);
      for (let seed = 1; seed <= SEEDS; seed++) agree(program, encounter, { seed });
    }
  });

  it('keeping nothing still plays the same combat', () => {
    const program = loadProgram(R('rulesets/d20-srd/d20-srd.json'));
    const encounter = loadEncounter(R('bench/encounters/d20-4v4.json'), program);
    for (let seed = 1; seed <= 5; seed++) {
      const full = run(program, encounter, { seed });
      const none = run(program, encounter, { seed, keep: new Set() });
      expect(none.events).toEqual([]);
      expect([none.winner, none.reason, none.rounds]).toEqual([full.winner, full.reason, full.rounds]);
    }
  });
});
