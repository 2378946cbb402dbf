/**
 * A simulation plan: the variants, an optional sweep, the runs and the seed, and what to keep
 * (examples, curves). It is plain JSON, so a shard carries it and `phasebook merge` can check
 * that its shards belong to the same simulation. Every (sweep value, variant) pair is a series.
 */
import { Accumulator } from './accumulator.js';
import { loadSeries, sidesOf, type SeriesSpec } from './series.js';
import { seriesGrid } from './series-core.js';

export { seriesGrid } from './series-core.js';
import { WorkerPool } from './runner.js';
import { commandLineError } from './sweep.js';
import { curveStatOf } from './curves.js';
import { preparedOf, type PreparedSeries } from './prepared.js';
import type { Plan } from './plan-types.js';

export type { Plan, VariantSpec } from './plan-types.js';

/** Load every series (bad input is reported here, before any worker starts); empty accumulators. */
export function prepare(plan: Plan): { grid: SeriesSpec[][]; accs: Accumulator[][]; checked: PreparedSeries[][] } {
  const grid = seriesGrid(plan);
  const checked: PreparedSeries[][] = grid.map(() => []);
  const accs = grid.map((row, vi) =>
    row.map((s) => {
      const { program, encounter } = loadSeries(s, plan.sweep ? '--sweep' : '--set');
      checked[vi]!.push(preparedOf(program, encounter));
      const stats = program.resolved.ruleset.combatant.stats;
      if (plan.curveStat !== undefined && !Object.prototype.hasOwnProperty.call(stats, plan.curveStat)) {
        throw commandLineError(
          '',
          `--curve-stat: the ruleset has no stat "${plan.curveStat}": there is ${Object.keys(stats)
            .map((x) => `"${x}"`)
            .join(', ')}`,
        );
      }
      const stat = plan.curves ? curveStatOf(program.resolved.ruleset, plan.curveStat) : null;
      return new Accumulator(s.name, sidesOf(encounter), {
        examples: plan.examples,
        curves: plan.curves,
        ...(plan.curves ? { stat } : {}),
      });
    }),
  );
  return { grid, accs, checked };
}

export interface RunPlanOptions {
  /** The slice of run indices [from, to) to run (a shard), default all. */
  from?: number;
  to?: number;
  workers: number;
  signal?: AbortSignal;
  /** Runs done so far over the whole plan. */
  onProgress?: (done: number) => void;
}

export async function runPlan(plan: Plan, o: RunPlanOptions): Promise<{ accs: Accumulator[][]; grid: SeriesSpec[][]; partial: boolean }> {
  const { grid, accs, checked } = prepare(plan);
  const from = o.from ?? 0;
  const to = o.to ?? plan.runs;
  let before = 0;
  let partial = false;
  // One pool for the whole plan: workers start once and keep each series they have loaded.
  const pool = new WorkerPool(o.workers);
  try {
    for (const [vi, row] of grid.entries()) {
      for (const [k, s] of row.entries()) {
        if (o.signal?.aborted) {
          partial = true;
          break;
        }
        const r = await pool.runSlice(s, accs[vi]![k]!, {
          prepared: checked[vi]![k]!,
          from,
          to,
          seed: plan.seed,
          curves: plan.curves,
          ...(plan.curveStat !== undefined ? { curveStat: plan.curveStat } : {}),
          ...(o.signal ? { signal: o.signal } : {}),
          onProgress: (done) => o.onProgress?.(before + done),
        });
        before += to - from;
        if (r.aborted) partial = true;
      }
    }
  } finally {
    await pool.close();
  }
  return { accs, grid, partial };
}

/** The slice of runs of shard i (1-based) of n: contiguous, sizes differing by at most one. */
export function shardSlice(runs: number, index: number, count: number): { from: number; to: number } {
  return { from: Math.floor(((index - 1) * runs) / count), to: Math.floor((index * runs) / count) };
}
