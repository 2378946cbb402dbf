/**
 * Record identity (issue 9): the same seed gives identical records whichever way the runs are
 * made — in this process, on worker threads that read and check the documents themselves, or on
 * worker threads given the series as the main thread checked it (compiled there, not checked
 * again), on one worker or on two. The workers are dist/'s (npm run build).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { runSeed } from '../interpreter/simulate/stats.js';
import { recordOf, type CombatRecord } from '../interpreter/simulate/record.js';
import { WorkerPool } from '../interpreter/simulate/runner.js';
import { preparedOf } from '../interpreter/simulate/prepared.js';
import type { Accumulator } from '../interpreter/simulate/accumulator.js';
import type { SeriesSpec } from '../interpreter/simulate/series.js';
import { ROOT } from './support/cases.js';

const R = (p: string) => join(ROOT, p);
const RUNS = 60;
const SEED = 424242;

const CASES: Array<{ name: string; ruleset: string; overlays: string[]; encounter: string }> = [
  {
    name: 'OSE phased 6v6',
    ruleset: R('rulesets/ose/ose.json'),
    overlays: ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => R(`rulesets/ose/overlays/${o}.json`)),
    encounter: R('bench/encounters/ose-phased-6v6.json'),
  },
  { name: 'd20 4v4', ruleset: R('rulesets/d20-srd/d20-srd.json'), overlays: [], encounter: R('bench/encounters/d20-4v4.json') },
];

/** Records of runs [0, RUNS) through a worker pool, by run index. */
async function viaWorkers(series: SeriesSpec, workers: number, prepared: ReturnType<typeof preparedOf> | undefined) {
  const records: CombatRecord[] = [];
  const acc = { add: (i: number, record: CombatRecord) => (records[i] = record) } as unknown as Accumulator;
  const pool = new WorkerPool(workers);
  try {
    const r = await pool.runSlice(series, acc, { from: 0, to: RUNS, seed: SEED, curves: false, ...(prepared ? { prepared } : {}) });
    expect(r).toEqual({ done: RUNS, aborted: false });
  } finally {
    await pool.close();
  }
  return records;
}

describe('same seed, identical records', () => {
  for (const c of CASES) {
    it(`${c.name}: in process, on workers that check the documents, on workers given the checked series`, async () => {
      const program = loadProgram(c.ruleset, c.overlays);
      const encounter = loadEncounter(c.encounter, program);
      const here = Array.from({ length: RUNS }, (_, i) => recordOf(run(program, encounter, { seed: runSeed(SEED, i) }).events));
      // The runs differ from one another (the records are not all the same by construction).
      expect(new Set(here.map((r) => JSON.stringify(r))).size).toBeGreaterThan(RUNS / 2);
      const series: SeriesSpec = { name: c.name, ruleset: c.ruleset, overlays: c.overlays, encounter: c.encounter, patches: [] };
      const checkedAgain = await viaWorkers(series, 1, undefined);
      const prepared = await viaWorkers(series, 2, preparedOf(program, encounter));
      expect(checkedAgain).toEqual(here);
      expect(prepared).toEqual(here);
    });
  }

  it('a run that fails on the prepared form is run again from the documents, the long way', async () => {
    // A prepared series that throws (an expression step budget of 1) stands for a rules error
    // met on a worker, which has no positions: the worker loads the series from its files (where
    // the error, if real, would be reported with file and place) and runs the seed again.
    const program = loadProgram(CASES[1]!.ruleset);
    const encounter = loadEncounter(CASES[1]!.encounter, program);
    const prepared = preparedOf(program, encounter);
    const broken = { ...prepared, ruleset: { ...prepared.ruleset, limits: { ...(prepared.ruleset.limits ?? {}), expressionSteps: 1 } } };
    const series: SeriesSpec = { name: 'd20', ruleset: CASES[1]!.ruleset, overlays: [], encounter: CASES[1]!.encounter, patches: [] };
    // The checked series is fine, so the rerun goes through: the records are the good ones.
    const records = await viaWorkers(series, 1, broken);
    const here = Array.from({ length: RUNS }, (_, i) => recordOf(run(program, encounter, { seed: runSeed(SEED, i) }).events));
    expect(records).toEqual(here);
  });
});
