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
 * Two ceilings, measured with the same alternation (bench/ceiling-worker.mjs), 1 thread alone and
 * 2 started together:
 * - the pure-CPU ceiling: an integer loop that allocates nothing, sized to take about as long as
 *   a batch. It is what this machine gives two threads of plain CPU work (two vCPUs that are
 *   hyperthreads of one core, or a host that takes a core away, give less than 2);
 * - the engine's ceiling ("bare threads"): the same slices of combats in a loop, no pool, no
 *   messages per run. The engine allocates about 1 MB per combat: this one includes garbage
 *   collection, and V8's GC helper threads, which compete with the workers for the same cores.
 * The pool's efficiency divided by the engine's ceiling is what the pool itself loses; the
 * engine's ceiling below the pure-CPU one is what the engine's garbage collection loses.
 * "Helper threads' CPU" is the CPU time of the process's threads that existed before any worker
 * started (V8's platform threads: parallel scavenge, concurrent marking and sweeping, and
 * optimizing compilation), per second of a batch of 1 and of 2 workers.
 * "CPU-bound estimate": the worker thread's CPU per combat with 1 worker ÷ the whole process's
 * CPU per combat with 2 (workers, helpers, main thread): the efficiency two free cores would give
 * if CPU were all that counted (with 1 worker the helpers run on the idle core, off the worker's
 * path; with 2 they need the same cores). It depends far less on the machine's load than the
 * wall-clock efficiency does.
 *
 * "Main thread's CPU": the main thread's CPU per combat (from /proc/self/task/<pid>/schedstat, in
 * ns), with 1 and 2 workers, and its share of the whole process's CPU per combat with 2: the
 * main thread gives the workers their pieces and folds what they send back, and with 2 workers
 * on 2 cores every microsecond of it is taken from a worker. The pool folds into the series'
 * Accumulator as `phasebook simulate` does (the workers send every run's record, the main thread
 * folds them); `--fold` makes the workers fold their pieces and send the state instead
 * (SliceOptions.fold, pool12: less main-thread work, lower efficiency in the twelfth quiet run).
 *
 * The pool's workers run with runner.ts's heap limits and V8 flags, as `phasebook simulate` does.
 * To try others: --young MB (young generation of the pool's and the bare workers), and V8
 * flags on node's command line (`node --single-threaded-gc bench/simulate-parallel.mjs`). Not
 * with v8.setFlagsFromString once the process runs: --single-threaded-gc set that way, even
 * before any worker starts, crashed V8 ("Check failed: concurrent_marking_handle_ implies
 * !concurrent_marking_handle_->IsValid()") when the main thread's heap was being marked.
 *
 *   node bench/simulate-parallel.mjs [--pairs 6] [--batch 1200] [--warmup 3] [--encounter ose|d20] [--young MB] [--fold]
 */
import { loadavg } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { prepare } from '../dist/interpreter/simulate/plan.js';
import { WorkerPool, WORKER_HEAP } from '../dist/interpreter/simulate/runner.js';
import { median, now, ROOT, threadTicks } from './lib.mjs';
import { planOf } from './throughput.mjs';

const OSE = ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, `rulesets/ose/overlays/${o}.json`));
export const VARIANTS = {
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

const r3 = (x) => Math.round(x * 1000) / 1000;

/** CPU time (ns) of each thread of this process now, by thread id: finer than threadTicks' 10 ms ticks. */
function threadNs() {
  const out = new Map();
  for (const t of readdirSync('/proc/self/task')) {
    try {
      out.set(t, Number(readFileSync(`/proc/self/task/${t}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // the thread ended
    }
  }
  return out;
}

export async function simulateParallel({
  pairs = 6,
  batch = 1200,
  warmup = 3,
  encounter = 'ose',
  young = null,
  fold = false,
  log = (_line) => {},
} = {}) {
  // The threads before any worker: the main thread and V8's platform (GC helper) threads.
  const helpers = [...threadTicks().keys()].filter((t) => t !== String(process.pid));
  const heap = young === null ? WORKER_HEAP : { ...WORKER_HEAP, maxYoungGenerationSizeMb: young };
  const plan = planOf(VARIANTS[encounter], batch * (pairs + 1));
  const { grid, checked, accs } = prepare(plan);
  const series = grid[0][0];
  const prepared = checked[0][0];
  // The series' Accumulator, as in `phasebook simulate` (it only grows by counts: memory stays flat).
  const acc = accs[0][0];
  const me = String(process.pid);
  const pools = { 1: new WorkerPool(1, { heap }), 2: new WorkerPool(2, { heap }) };
  // The same heap limits as the pool's workers (interpreter/simulate/runner.ts).
  const bare = () => new Worker(new URL('./ceiling-worker.mjs', import.meta.url), { resourceLimits: heap });
  const raw = { 1: [bare()], 2: [bare(), bare()] };
  /** One job to a bare worker; its answer. */
  const ask = (w, job) =>
    new Promise((resolve, reject) => {
      w.once('error', reject);
      w.once('message', (m) => {
        w.off('error', reject);
        resolve(m);
      });
      w.postMessage(job);
    });
  const spinOne = (w, n) => ask(w, { spin: n });
  /** Pure CPU: each of k threads runs n steps; steps per second over all. */
  const spinRate = async (k, n) => {
    const t0 = now();
    await Promise.all(raw[k].map((w) => spinOne(w, n)));
    return (k * n * 1000) / (now() - t0);
  };
  let spinSteps = 1e8;
  const rawSlice = async (k, from, to) => {
    const t0 = now();
    const size = Math.ceil((to - from) / k);
    await Promise.all(
      raw[k].map((w, j) => ask(w, { prepared, seed: plan.seed, from: from + j * size, to: Math.min(to, from + (j + 1) * size) })),
    );
    return ((to - from) * 1000) / (now() - t0);
  };
  const cpu = {};
  const helperCpu = {};
  const perCombat = {};
  const mainUs = {};
  const slice = async (k, from, to) => {
    const n0 = threadNs();
    const t0 = now();
    const c0 = process.cpuUsage();
    const h0 = threadTicks();
    // onProgress as the CLI passes it (its bar), so that the workers send their progress counts.
    await pools[k].runSlice(series, acc, { from, to, seed: plan.seed, curves: false, prepared, fold, onProgress: () => {} });
    const c = process.cpuUsage(c0);
    const ms = now() - t0;
    const h1 = threadTicks();
    const n1 = threadNs();
    let allNs = 0;
    for (const [t, v] of n1) allNs += v - (n0.get(t) ?? 0);
    mainUs[k] = { main: (n1.get(me) - n0.get(me)) / 1e3 / (to - from), all: allNs / 1e3 / (to - from) };
    helperCpu[k] = helpers.reduce((a, t) => a + (h1.get(t) ?? 0) - (h0.get(t) ?? 0), 0) / 100 / (ms / 1000);
    // CPU ms per combat of the worker threads (threads started after this script) and of all threads.
    let workerTicks = 0;
    let allTicks = 0;
    for (const [t, v] of h1) {
      const d = v - (h0.get(t) ?? 0);
      allTicks += d;
      if (t !== String(process.pid) && !helpers.includes(t)) workerTicks += d;
    }
    perCombat[k] = { worker: (workerTicks * 10) / (to - from), all: (allTicks * 10) / (to - from) };
    cpu[k] = ((to - from) * 1e6) / (c.user + c.system);
    return ((to - from) * 1000) / ms;
  };
  const load = [loadavg()[0]];
  try {
    // Warm-up: every worker compiles the series and runs `warmup` batches (not counted). One
    // batch was not enough: V8 was still optimizing the engine's functions on its helper threads,
    // which on 2 busy cores take CPU from the workers (bench/README.md, par11).
    for (let n = 0; n < warmup; n++) {
      await slice(1, 0, batch);
      await slice(2, 0, batch);
      await rawSlice(1, 0, batch);
    }
    const batchMs = (batch * 1000) / (await rawSlice(2, 0, batch));
    // Size the pure-CPU loop to about one batch of one thread (twice the 2-thread batch).
    await spinRate(1, spinSteps);
    spinSteps = Math.max(1e7, Math.round((spinSteps * 2 * batchMs) / (spinSteps / ((await spinRate(1, spinSteps)) / 1000))));
    await spinRate(2, spinSteps);
    const rows = [];
    for (let p = 1; p <= pairs; p++) {
      const from = p * batch;
      // Alternate which goes first, so that a trend in the load falls on both.
      const order = p % 2 ? [1, 2] : [2, 1];
      const rate = {};
      for (const k of order) rate[k] = await slice(k, from, from + batch);
      const bareRate = {};
      for (const k of order) bareRate[k] = await rawSlice(k, from, from + batch);
      const spin = {};
      for (const k of order) spin[k] = await spinRate(k, spinSteps);
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
        cpuCeiling: r3(spin[2] / (2 * spin[1])),
        helperCpuOne: r3(helperCpu[1]),
        helperCpuTwo: r3(helperCpu[2]),
        workerCpuMsOne: r3(perCombat[1].worker),
        allCpuMsTwo: r3(perCombat[2].all),
        cpuBound: r3(perCombat[1].worker / perCombat[2].all),
        mainCpuUsOne: r3(mainUs[1].main),
        mainCpuUsTwo: r3(mainUs[2].main),
        mainShareTwo: r3(mainUs[2].main / mainUs[2].all),
      };
      rows.push(row);
      log(
        `  pair ${p}: 1 worker ${row.one} combats/s, 2 workers ${row.two} combats/s → efficiency ${row.efficiency}; per CPU second ${row.perCpuSecondOne} vs ${row.perCpuSecondTwo} → ${row.cpuEfficiency}; bare threads ${row.bareOne} vs ${row.bareTwo} → engine ceiling ${row.ceiling}, pool ÷ ceiling ${row.ofCeiling}; pure CPU ceiling ${row.cpuCeiling}; helper threads' CPU ${row.helperCpuOne} / ${row.helperCpuTwo} s/s; CPU-bound estimate ${row.cpuBound}; main thread's CPU ${row.mainCpuUsOne} / ${row.mainCpuUsTwo} µs per combat (${(row.mainShareTwo * 100).toFixed(1)} % of the 2-worker CPU)`,
      );
    }
    load.push(loadavg()[0]);
    const totalOne = rows.reduce((a, r) => a + r.one, 0);
    const totalTwo = rows.reduce((a, r) => a + r.two, 0);
    return {
      command: `node bench/simulate-parallel.mjs --pairs ${pairs} --batch ${batch} --warmup ${warmup} --encounter ${encounter}${young === null ? '' : ` --young ${young}`}${fold ? ' --fold' : ''}`,
      heap,
      execArgv: process.execArgv,
      variant: VARIANTS[encounter].name,
      batch,
      rows,
      efficiencyMedian: median(rows.map((r) => r.efficiency)),
      efficiencyOfMeans: Math.round((totalTwo / (2 * totalOne)) * 1000) / 1000,
      cpuEfficiencyMedian: median(rows.map((r) => r.cpuEfficiency)),
      ceilingMedian: median(rows.map((r) => r.ceiling)),
      ofCeilingMedian: median(rows.map((r) => r.ofCeiling)),
      cpuCeilingMedian: median(rows.map((r) => r.cpuCeiling)),
      cpuBoundMedian: median(rows.map((r) => r.cpuBound)),
      workerCpuMsOneMedian: median(rows.map((r) => r.workerCpuMsOne)),
      allCpuMsTwoMedian: median(rows.map((r) => r.allCpuMsTwo)),
      mainCpuUsMedian: { one: median(rows.map((r) => r.mainCpuUsOne)), two: median(rows.map((r) => r.mainCpuUsTwo)) },
      mainShareTwoMedian: median(rows.map((r) => r.mainShareTwo)),
      oneMedian: median(rows.map((r) => r.one)),
      twoMedian: median(rows.map((r) => r.two)),
      bareOneMedian: median(rows.map((r) => r.bareOne)),
      helperCpuMedian: { one: median(rows.map((r) => r.helperCpuOne)), two: median(rows.map((r) => r.helperCpuTwo)) },
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
    warmup: Number(opt('--warmup', '3')),
    encounter: opt('--encounter', 'ose'),
    young: argv.includes('--young') ? Number(opt('--young')) : null,
    fold: argv.includes('--fold'),
    log: (s) => process.stderr.write(`${s}\n`),
  });
  process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
}
