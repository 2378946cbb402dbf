#!/usr/bin/env node
/**
 * What garbage collection costs `phasebook simulate`'s workers, by young-generation size, in one
 * process (issue 9, goal 4: parallel efficiency). For each size, bare worker threads
 * (bench/ceiling-worker.mjs: the engine in a loop, no pool) with that young generation run the
 * same slices of combats, 1 thread alone and 2 started together, the sizes in rotating order in
 * every round so that all see the same machine load; a pure-CPU loop (no allocation) gives the
 * machine's own ceiling in the same rounds. CPU time is the whole process's (/proc/self/task):
 * the worker threads, and V8's platform threads that run the parallel scavenge and the
 * concurrent marking and sweeping ("helpers"), per combat.
 *
 *   node [--single-threaded-gc] bench/simulate-gc.mjs [--young 4,8,16,32] [--rounds 5] [--batch 600] [--warmup 4] [--encounter ose|d20]
 *
 * V8 flags are process-wide: compare them by running this script with and without, alternately.
 */
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { prepare } from '../dist/interpreter/simulate/plan.js';
import { WORKER_HEAP } from '../dist/interpreter/simulate/runner.js';
import { median, now, threadTicks } from './lib.mjs';
import { planOf } from './throughput.mjs';
import { VARIANTS } from './simulate-parallel.mjs';

const r3 = (x) => Math.round(x * 1000) / 1000;

export async function simulateGc({
  young = [4, 8, 16, 32],
  rounds = 5,
  batch = 600,
  warmup = 4,
  encounter = 'ose',
  log = (_l) => {},
} = {}) {
  const helpers = new Set([...threadTicks().keys()].filter((t) => t !== String(process.pid)));
  const plan = planOf(VARIANTS[encounter], 1e9);
  const { checked } = prepare(plan);
  const prepared = checked[0][0];
  const mk = (y) =>
    new Worker(new URL('./ceiling-worker.mjs', import.meta.url), { resourceLimits: { ...WORKER_HEAP, maxYoungGenerationSizeMb: y } });
  const sets = young.map((y) => ({ y, 1: [mk(y)], 2: [mk(y), mk(y)] }));
  const ask = (w, job) =>
    new Promise((resolve, reject) => {
      const fail = (err) => reject(err);
      w.once('error', fail);
      w.once('message', (m) => {
        w.off('error', fail);
        resolve(m);
      });
      w.postMessage(job);
    });
  /** k threads share [from, to); wall ms, CPU s of all threads and of the helpers. */
  const timed = async (ws, jobOf) => {
    const a = threadTicks();
    const t0 = now();
    await Promise.all(ws.map((w, j) => ask(w, jobOf(j))));
    const ms = now() - t0;
    const b = threadTicks();
    let cpu = 0;
    let help = 0;
    for (const [t, v] of b) {
      const d = v - (a.get(t) ?? 0);
      cpu += d;
      if (helpers.has(t)) help += d;
    }
    return { ms, cpu: cpu / 100, help: help / 100 };
  };
  const combats = (ws, from, to) =>
    timed(ws, (j) => {
      const size = Math.ceil((to - from) / ws.length);
      return { prepared, seed: plan.seed, from: from + j * size, to: Math.min(to, from + (j + 1) * size) };
    });
  let next = 0;
  let batchMs = 0;
  // Warm-up: every worker compiles the series and runs `warmup` batches, until V8 has stopped
  // optimizing the engine's functions on its helper threads (bench/README.md, par11).
  for (let n = 0; n < warmup; n++)
    for (const s of sets) for (const k of [1, 2]) batchMs = Math.max(batchMs, (await combats(s[k], next, (next += batch))).ms);
  const spinWs = sets[0];
  await timed(spinWs[1], () => ({ spin: 1e8 }));
  const one = await timed(spinWs[1], () => ({ spin: 1e8 }));
  // The pure-CPU loop takes about as long as a batch of combats on one thread.
  const spinSteps = Math.max(1e7, Math.round((1e8 * batchMs) / one.ms));
  const rows = sets.map(() => []);
  const spinRows = [];
  const load = [loadavg()[0]];
  for (let r = 0; r < rounds; r++) {
    for (let n = 0; n < sets.length; n++) {
      const i = (n + r) % sets.length;
      const s = sets[i];
      const from = next;
      next += batch;
      const order = (r + n) % 2 ? [2, 1] : [1, 2];
      const got = {};
      for (const k of order) got[k] = await combats(s[k], from, from + batch);
      rows[i].push({
        efficiency: got[1].ms / (2 * got[2].ms),
        cpuPerCombatOne: (got[1].cpu * 1000) / batch,
        cpuPerCombatTwo: (got[2].cpu * 1000) / batch,
        helperShareOne: got[1].help / got[1].cpu,
        helperShareTwo: got[2].help / got[2].cpu,
        oneRate: (batch * 1000) / got[1].ms,
      });
    }
    const sp = {};
    for (const k of r % 2 ? [2, 1] : [1, 2]) sp[k] = await timed(spinWs[k], () => ({ spin: spinSteps }));
    spinRows.push(sp[1].ms / sp[2].ms);
    log(
      `  round ${r + 1}: ${sets.map((s, i) => `young ${s.y}: eff ${r3(rows[i].at(-1).efficiency)} cpu ms/combat ${r3(rows[i].at(-1).cpuPerCombatOne)}/${r3(rows[i].at(-1).cpuPerCombatTwo)}`).join('; ')}; pure CPU ${r3(spinRows.at(-1))}`,
    );
  }
  load.push(loadavg()[0]);
  await Promise.all(sets.flatMap((s) => [...s[1], ...s[2]]).map((w) => w.terminate()));
  const m = (xs, k) => r3(median(xs.map((x) => x[k])));
  return {
    command:
      `node ${process.execArgv.join(' ')} bench/simulate-gc.mjs --young ${young.join(',')} --rounds ${rounds} --batch ${batch} --warmup ${warmup} --encounter ${encounter}`.replace(
        / +/g,
        ' ',
      ),
    execArgv: process.execArgv,
    pureCpuCeilingMedian: r3(median(spinRows)),
    bySize: sets.map((s, i) => ({
      youngMb: s.y,
      efficiencyMedian: m(rows[i], 'efficiency'),
      ofPureCpuCeiling: r3(median(rows[i].map((x, r) => x.efficiency / spinRows[r]))),
      oneWorkerRateMedian: Math.round(median(rows[i].map((x) => x.oneRate))),
      cpuMsPerCombatOne: m(rows[i], 'cpuPerCombatOne'),
      cpuMsPerCombatTwo: m(rows[i], 'cpuPerCombatTwo'),
      helperShareOne: m(rows[i], 'helperShareOne'),
      helperShareTwo: m(rows[i], 'helperShareTwo'),
    })),
    loadAverage: { start: load[0], end: load[1] },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
  const r = await simulateGc({
    young: opt('--young', '4,8,16,32').split(',').map(Number),
    rounds: Number(opt('--rounds', '5')),
    batch: Number(opt('--batch', '600')),
    warmup: Number(opt('--warmup', '4')),
    encounter: opt('--encounter', 'ose'),
    log: (s) => process.stderr.write(`${s}\n`),
  });
  process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
}
