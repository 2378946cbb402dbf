/**
 * Folding in the workers (issue 9, goal 4; bench/README.md pool12): each worker of the CLI's pool
 * folds the runs of its pieces into an Accumulator of its own and sends back the state, which
 * the main thread merges. The report must be byte for byte the one of folding every run in one
 * place, whatever the number of workers, the pieces and the shards — with a sweep, examples and
 * curves, whose merges are the ones most easily got wrong (examples keep the K first runs of
 * each outcome, curves carry ended runs into later rounds). A stopped slice merges what the
 * workers had folded, and nothing twice. The workers are dist/'s (npm run build).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { run } from '../interpreter/pipeline.js';
import { prepare } from '../interpreter/simulate/plan.js';
import type { Plan } from '../interpreter/simulate/plan-types.js';
import { loadSeries } from '../interpreter/simulate/series.js';
import { runSlice } from '../interpreter/simulate/series-core.js';
import { WorkerPool } from '../interpreter/simulate/runner.js';
import { Accumulator } from '../interpreter/simulate/accumulator.js';
import { present } from '../interpreter/simulate/present.js';
import { ROOT } from './support/cases.js';

const R = (p: string) => join(ROOT, p);
const RUNS = 150;

const PLAN: Plan = {
  variants: [
    {
      name: 'ose',
      ruleset: R('rulesets/ose/ose.json'),
      overlays: [R('rulesets/ose/overlays/phased-round.json')],
      encounter: R('docs/examples/bandits.json'),
    },
    {
      name: 'crossbow',
      ruleset: R('rulesets/ose/ose.json'),
      overlays: [R('rulesets/ose/overlays/phased-round.json'), R('rulesets/ose/overlays/crossbow-speed.json')],
      encounter: R('docs/examples/bandits.json'),
    },
  ],
  sweep: { kind: 'count', path: '/sides/bandits/combatants/bandit', values: [3, 5], target: 'count:/sides/bandits/combatants/bandit' },
  sets: [],
  runs: RUNS,
  seed: 11,
  examples: 3,
  curves: true,
};

/** The reports a plan's accumulators give (text, JSON, CSV), without timing. */
const reports = (accs: Accumulator[][]) => {
  const { grid } = prepare(PLAN);
  return ['text', 'json', 'csv'].map((f) => present(PLAN, grid, accs, { runs: RUNS, seed: PLAN.seed, partial: false }, f));
};

/** Every run folded in this process, one after another: the reference. */
function inProcess(): Accumulator[][] {
  const { grid, accs } = prepare(PLAN);
  grid.forEach((row, vi) =>
    row.forEach((s, k) => {
      const loaded = loadSeries(s);
      const acc = accs[vi]![k]!;
      runSlice(
        loaded,
        { seed: PLAN.seed, from: 0, to: RUNS, curves: true },
        (p, e, seed, keep) => run(p, e, { seed, keep }).events,
        (m) => acc.add(m.i, m.record, m.curve),
      );
    }),
  );
  return accs;
}

/** The plan's runs [from, to) on a pool of `workers`, folded there (or, `records`, sent run by run). */
async function viaPool(workers: number, from = 0, to = RUNS, records = false): Promise<Accumulator[][]> {
  const { grid, accs, checked } = prepare(PLAN);
  const pool = new WorkerPool(workers);
  try {
    for (const [vi, row] of grid.entries()) {
      for (const [k, s] of row.entries()) {
        const acc = accs[vi]![k]!;
        const target = records ? { add: acc.add.bind(acc) } : acc;
        let progress = 0;
        const r = await pool.runSlice(s, target, {
          from,
          to,
          seed: PLAN.seed,
          curves: true,
          prepared: checked[vi]![k]!,
          fold: !records,
          onProgress: (n) => (progress = n),
        });
        expect(r).toEqual({ done: to - from, aborted: false });
        expect(acc.runs).toBe(to - from);
        expect(progress).toBe(to - from);
      }
    }
  } finally {
    await pool.close();
  }
  return accs;
}

describe('workers fold their pieces, the main thread merges them', () => {
  it('1, 2 and 3 workers, and workers sending every record, give the report of one pass in process, byte for byte', async () => {
    const expected = reports(inProcess());
    // The plan is not trivial: examples and curves of both sweep values are in the report.
    expect(expected[1]).toContain('"examples"');
    expect(expected[1]).toContain('"curves"');
    for (const workers of [1, 2, 3]) expect(reports(await viaPool(workers))).toEqual(expected);
    expect(reports(await viaPool(2, 0, RUNS, true))).toEqual(expected);
  });

  it('shards of uneven sizes, each on its own pool, merged through JSON, give the same report', async () => {
    const expected = reports(inProcess());
    const cuts = [0, 17, 90, RUNS];
    const shards = [];
    for (let s = 0; s < 3; s++) shards.push(await viaPool(s + 1, cuts[s], cuts[s + 1]));
    const merged = shards[2]!.map((row) => row.map((a) => Accumulator.fromJSON(JSON.parse(JSON.stringify(a.toJSON())))));
    for (const shard of [shards[0]!, shards[1]!])
      shard.forEach((row, vi) =>
        row.forEach((a, k) => merged[vi]![k]!.merge(Accumulator.fromJSON(JSON.parse(JSON.stringify(a.toJSON()))))),
      );
    expect(reports(merged)).toEqual(expected);
  });

  it('a stopped slice holds exactly the runs the workers folded, each once; the pool then runs a full slice', async () => {
    const { grid, accs, checked } = prepare(PLAN);
    const pool = new WorkerPool(2);
    try {
      const controller = new AbortController();
      const acc = accs[0]![0]!;
      // Stopped when the first piece is in: the other worker is in the middle of its own.
      const r = await pool.runSlice(grid[0]![0]!, acc, {
        from: 0,
        to: 2000,
        seed: PLAN.seed,
        curves: true,
        prepared: checked[0]![0]!,
        fold: true,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      });
      expect(r.aborted).toBe(true);
      expect(r.done).toBeGreaterThan(0);
      expect(r.done).toBeLessThan(2000);
      expect(acc.runs).toBe(r.done);
      const res = acc.result();
      expect(Object.values(res.sides).reduce((n, s) => n + s.wins, 0) + res.draws).toBe(r.done);
      expect(res.rounds.n).toBe(r.done);
      // Afterwards the same pool (its stop flag cleared) runs a whole slice into a fresh accumulator.
      const again = accs[0]![1]!;
      const full = await pool.runSlice(grid[0]![1]!, again, {
        from: 0,
        to: RUNS,
        seed: PLAN.seed,
        curves: true,
        prepared: checked[0]![1]!,
        fold: true,
      });
      expect(full).toEqual({ done: RUNS, aborted: false });
      expect(JSON.stringify(again.result())).toBe(JSON.stringify(inProcess()[0]![1]!.result()));
    } finally {
      await pool.close();
    }
  });

  it("an accumulator's saved state (a shard file) is the same bytes whatever order its runs were folded in", () => {
    const { grid } = prepare(PLAN);
    const s = grid[1]![1]!;
    const loaded = loadSeries(s);
    const { accs } = prepare(PLAN);
    const fold = (acc: Accumulator, from: number, to: number) =>
      runSlice(
        loaded,
        { seed: PLAN.seed, from, to, curves: true },
        (p, e, seed, keep) => run(p, e, { seed, keep }).events,
        (m) => acc.add(m.i, m.record, m.curve),
      );
    const inOrder = accs[1]![1]!;
    fold(inOrder, 0, RUNS);
    // The later half folded first, as a worker's piece can arrive before an earlier one's.
    const later = Accumulator.fromJSON(JSON.parse(JSON.stringify(inOrder.toJSON())));
    const [a, b] = [prepare(PLAN).accs[1]![1]!, prepare(PLAN).accs[1]![1]!];
    fold(a, RUNS / 2, RUNS);
    fold(b, 0, RUNS / 2);
    a.merge(b);
    expect(JSON.stringify(a.toJSON())).toBe(JSON.stringify(inOrder.toJSON()));
    expect(JSON.stringify(later.toJSON())).toBe(JSON.stringify(inOrder.toJSON()));
    // Not trivial: more than one outcome kept examples, first met in different orders by the two folds.
    expect([...a.examples.keys()]).not.toEqual([...inOrder.examples.keys()]);
  });
});
