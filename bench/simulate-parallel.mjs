#!/usr/bin/env node
/**
 * Parallel efficiency of `phasebook simulate` on 2 workers, steady state (issue 9, goal 4: at
 * least 0.85). Two worker pools of the CLI (interpreter/simulate/runner.ts), one of 1 worker and
 * one of 2, are started and warmed up (each worker has compiled the series and run a batch);
 * then they run the same slices of runs in alternating batches, so that both see the same
 * machine load. Efficiency of a pair = rate(2 workers) / (2 × rate(1 worker)); the figure is
 * the median over the pairs, and the ratio of the total rates. On a loaded machine (more runnable
 * threads than cores) 2 workers cannot get 2 cores, so the script also reports the CPU cost:
 * combats per CPU second of the whole process (workers and main thread) with 2 workers ÷ with 1,
 * which says what the pool itself costs (messages, folding, idle tails), whatever the load.
 *
 * The machine's ceiling: the same slices also go, in the same alternation, to bare worker threads
 * (bench/ceiling-worker.mjs: the engine in a loop, no pool, no messages per run), 1 alone and 2
 * started together. Their ratio is what this machine gives two threads running the engine at
 * all (two vCPUs that are hyperthreads of one core, or a host that takes a core away, give less
 * than 2); the pool's efficiency divided by it is what the pool itself loses.
 *
 *   node bench/simulate-parallel.mjs [--pairs 6] [--batch 1200] [--encounter ose|d20]
 */
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { prepare } from '../dist/interpreter/simulate/plan.js';
import { WorkerPool } from '../dist/interpreter/simulate/runner.js';
import { median, now, ROOT } from './lib.mjs';
import { planOf } from './throughput.mjs';

const OSE = ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, `rulesets/ose/overlays/${o}.json`));
const VARIANTS = {
  ose: {
    name: 'ose phased 6v6',
    ruleset: join(ROOT, 'rulesets/ose/ose.json'),
    overlays: OSE,
    encounter: join(ROOT, 'bench/encounters/ose-phased-6v6.json'),
  },
  d20: {
    name: 'd20 4v4',
    ruleset: join(ROOT, 'rulesets/d20-srd/d20-srd.json'),
    overlays: [],
    encounter: join(ROOT, 'bench/encounters/d20-4v4.json'),
  },
};

export async function simulateParallel({ pairs = 6, batch = 1200, encounter = 'ose', log = (_line) => {} } = {}) {
  const plan = planOf(VARIANTS[encounter], batch * (pairs + 1));
  const { grid, checked } = prepare(plan);
  const series = grid[0][0];
  const prepared = checked[0][0];
  const sink = { add: () => {} };
  const pools = { 1: new WorkerPool(1), 2: new WorkerPool(2) };
  // The same heap limits as the pool's workers (interpreter/simulate/runner.ts).
  const bare = () =>
    new Worker(new URL('./ceiling-worker.mjs', import.meta.url), {
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 512 },
    });
  const raw = { 1: [bare()], 2: [bare(), bare()] };
  const rawSlice = async (k, from, to) => {
    const t0 = now();
    const size = Math.ceil((to - from) / k);
    await Promise.all(
      raw[k].map(
        (w, j) =>
          new Promise((resolve, reject) => {
            w.once('message', resolve);
            w.once('error', reject);
            w.postMessage({ prepared, seed: plan.seed, from: from + j * size, to: Math.min(to, from + (j + 1) * size) });
          }),
      ),
    );
    return ((to - from) * 1000) / (now() - t0);
  };
  const cpu = {};
  const slice = async (k, from, to) => {
    const t0 = now();
    const c0 = process.cpuUsage();
    await pools[k].runSlice(series, sink, { from, to, seed: plan.seed, curves: false, prepared });
    const c = process.cpuUsage(c0);
    cpu[k] = ((to - from) * 1e6) / (c.user + c.system);
    return ((to - from) * 1000) / (now() - t0);
  };
  const load = [loadavg()[0]];
  try {
    // Warm-up: every worker compiles the series and runs a batch (not counted).
    await slice(1, 0, batch);
    await slice(2, 0, batch);
    await rawSlice(1, 0, batch);
    await rawSlice(2, 0, batch);
    const rows = [];
    for (let p = 1; p <= pairs; p++) {
      const from = p * batch;
      // Alternate which goes first, so that a trend in the load falls on both.
      const order = p % 2 ? [1, 2] : [2, 1];
      const rate = {};
      for (const k of order) rate[k] = await slice(k, from, from + batch);
      const bareRate = {};
      for (const k of order) bareRate[k] = await rawSlice(k, from, from + batch);
      const ceiling = bareRate[2] / (2 * bareRate[1]);
      const row = {
        one: Math.round(rate[1]),
        two: Math.round(rate[2]),
        efficiency: Math.round((rate[2] / (2 * rate[1])) * 1000) / 1000,
        perCpuSecondOne: Math.round(cpu[1]),
        perCpuSecondTwo: Math.round(cpu[2]),
        cpuEfficiency: Math.round((cpu[2] / cpu[1]) * 1000) / 1000,
        bareOne: Math.round(bareRate[1]),
        bareTwo: Math.round(bareRate[2]),
        ceiling: Math.round(ceiling * 1000) / 1000,
        ofCeiling: Math.round((rate[2] / (2 * rate[1]) / ceiling) * 1000) / 1000,
      };
      rows.push(row);
      log(
        `  pair ${p}: 1 worker ${row.one} combats/s, 2 workers ${row.two} combats/s → efficiency ${row.efficiency}; per CPU second ${row.perCpuSecondOne} vs ${row.perCpuSecondTwo} → ${row.cpuEfficiency}; bare threads ${row.bareOne} vs ${row.bareTwo} → machine ceiling ${row.ceiling}, pool ÷ ceiling ${row.ofCeiling}`,
      );
    }
    load.push(loadavg()[0]);
    const totalOne = rows.reduce((a, r) => a + r.one, 0);
    const totalTwo = rows.reduce((a, r) => a + r.two, 0);
    return {
      command: `node bench/simulate-parallel.mjs --pairs ${pairs} --batch ${batch} --encounter ${encounter}`,
      variant: VARIANTS[encounter].name,
      batch,
      rows,
      efficiencyMedian: median(rows.map((r) => r.efficiency)),
      efficiencyOfMeans: Math.round((totalTwo / (2 * totalOne)) * 1000) / 1000,
      cpuEfficiencyMedian: median(rows.map((r) => r.cpuEfficiency)),
      ceilingMedian: median(rows.map((r) => r.ceiling)),
      ofCeilingMedian: median(rows.map((r) => r.ofCeiling)),
      loadAverage: { start: load[0], end: load[1] },
      goal: { efficiencyAtLeast: 0.85 },
    };
  } finally {
    await Promise.all([pools[1].close(), pools[2].close(), ...[...raw[1], ...raw[2]].map((w) => w.terminate())]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
  const r = await simulateParallel({
    pairs: Number(opt('--pairs', '6')),
    batch: Number(opt('--batch', '1200')),
    encounter: opt('--encounter', 'ose'),
    log: (s) => process.stderr.write(`${s}\n`),
  });
  process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
}
