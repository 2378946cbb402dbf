/**
 * Benchmark 4: combats per second through `phasebook simulate`'s worker pool
 * (interpreter/simulate/runner.ts, the code the CLI's simulate command runs: the main thread
 * checks the series once and each worker compiles the checked program it is sent), on 1 worker
 * and on all workers, and the parallel efficiency = rate(k) / (k × rate(1)).
 *
 * Two rates per run: wall (from starting the workers to the last record, so including each
 * worker's start-up: loading its modules and compiling the program) and steady (records per
 * second between the first and the last batch a worker sends back, start-up excluded).
 * The records of both runs must be identical (run i always uses the seed derived from (S, i)).
 * bench/simulate-parallel.mjs measures the steady state alone, in alternating batches.
 */
import { availableParallelism } from 'node:os';
import { prepare } from '../dist/interpreter/simulate/plan.js';
import { WorkerPool } from '../dist/interpreter/simulate/runner.js';
import { now } from './lib.mjs';

/** A one-variant plan of the benchmark's documents. */
export const planOf = (variant, runs) => ({ variants: [variant], sweep: null, sets: [], runs, seed: 1, examples: 0, curves: false });

async function once(variant, runs, workers) {
  const plan = planOf(variant, runs);
  const { grid, checked } = prepare(plan);
  const records = new Array(runs);
  // Keeps every record by run index (the CLI folds them into an Accumulator instead).
  const keep = { add: (i, record) => void (records[i] = record) };
  const t0 = now();
  /** @type {number | null} */
  let first = null;
  let firstDone = 0;
  let last = t0;
  let lastDone = 0;
  const pool = new WorkerPool(workers);
  try {
    await pool.runSlice(grid[0][0], keep, {
      from: 0,
      to: runs,
      seed: plan.seed,
      curves: false,
      prepared: checked[0][0],
      onProgress: (done) => {
        const t = now();
        if (first === null) {
          first = t;
          firstDone = done;
        }
        last = t;
        lastDone = done;
      },
    });
  } finally {
    await pool.close();
  }
  const wallMs = now() - t0;
  const steadyRate = lastDone > firstDone ? ((lastDone - firstDone) * 1000) / (last - first) : null;
  return { records, wallMs, steadyRate, startupMs: first === null ? null : first - t0 };
}

export async function throughput({ variant, runs = 4000, log = (_line) => {} }) {
  const all = Math.max(1, availableParallelism());
  const one = await once(variant, runs, 1);
  log(
    `  1 worker: ${runs} combats in ${(one.wallMs / 1000).toFixed(2)} s → ${((runs * 1000) / one.wallMs).toFixed(0)} combats/s wall, ${one.steadyRate?.toFixed(0)} steady`,
  );
  const many = await once(variant, runs, all);
  log(
    `  ${all} workers: ${runs} combats in ${(many.wallMs / 1000).toFixed(2)} s → ${((runs * 1000) / many.wallMs).toFixed(0)} combats/s wall, ${many.steadyRate?.toFixed(0)} steady`,
  );
  const same =
    one.records.length === many.records.length && one.records.every((r, i) => JSON.stringify(r) === JSON.stringify(many.records[i]));
  const wall1 = (runs * 1000) / one.wallMs;
  const wallK = (runs * 1000) / many.wallMs;
  const result = {
    variant: variant.name,
    runs,
    workersAll: all,
    oneWorker: {
      seconds: round(one.wallMs / 1000, 2),
      combatsPerSecondWall: round(wall1, 1),
      combatsPerSecondSteady: round(one.steadyRate, 1),
      startupMs: round(one.startupMs, 0),
    },
    allWorkers: {
      workers: all,
      seconds: round(many.wallMs / 1000, 2),
      combatsPerSecondWall: round(wallK, 1),
      combatsPerSecondSteady: round(many.steadyRate, 1),
      startupMs: round(many.startupMs, 0),
    },
    speedupWall: round(wallK / wall1, 3),
    efficiencyWall: round(wallK / (all * wall1), 3),
    efficiencySteady: one.steadyRate && many.steadyRate ? round(many.steadyRate / (all * one.steadyRate), 3) : null,
    identicalRecords: same,
  };
  log(
    `  speed-up ${result.speedupWall}× on ${all} workers: parallel efficiency ${result.efficiencyWall} (wall), ${result.efficiencySteady} (steady); records identical: ${same}`,
  );
  return result;
}

const round = (x, d) => (x === null || x === undefined ? null : Math.round(x * 10 ** d) / 10 ** d);
