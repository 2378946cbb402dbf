#!/usr/bin/env node
/**
 * Issue 9, goal 1: what is left of the budget once the documents' expressions and the dice are paid.
 *
 *   node --expose-gc bench/eval-floor.mjs [ose|d20|both] [--seconds S] [--batch MS] [--combats N]
 *
 * Goal 1 asks the interpreter to run at least half as fast as the hand-written baseline driven by
 * the same labelled dice: a combat may take at most twice the same-dice baseline's time. For each
 * benchmark encounter, in one process:
 *
 * 1. Alternating timed batches of the baseline with its fast dice, the baseline with the labelled
 *    dice, and the interpreter's record-only run (as `phasebook simulate` runs): microseconds a
 *    combat of each, and the ratio goal 1 measures.
 * 2. A CPU profile (V8's sampling profiler, 100 µs) of `--combats` interpreter runs, each sample
 *    put in one class by its stack: the dice (a frame of interpreter/dice/), the expressions (a
 *    frame of interpreter/expr/ or an evaluator closure, and everything called from there: derived
 *    values, operators the engine adds such as `distance`), the garbage collector, and the rest —
 *    the engine's own work (turn structure, ordering, declaring, effects' bookkeeping, events).
 *
 * The ceiling is what the ratio would be if the engine's own work and the garbage collector cost
 * nothing and the expressions and dice kept their share of the measured time:
 * `same-dice baseline / (interpreter × (dice + expressions))`. It says how much of goal 1 a faster
 * engine alone can reach, and how much needs fewer or cheaper evaluations.
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadEncounter, loadProgram, run } from '../dist/interpreter/pipeline.js';
import { RECORD_EVENTS } from '../dist/interpreter/simulate/record.js';
import { FastRoller } from '../dist/bench/baseline/common.js';
import { ENCOUNTERS, SameDiceRoller } from './interp-vs-baseline.mjs';
import { gc, median, now } from './lib.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const which = argv.find((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--')) ?? 'both';
const SECONDS = opt('--seconds', 8);
const BATCH_MS = opt('--batch', 300);
const COMBATS = opt('--combats', 2000);
if (!['ose', 'd20', 'both'].includes(which) || ![SECONDS, BATCH_MS, COMBATS].every((x) => x > 0)) {
  process.stderr.write('usage: node --expose-gc bench/eval-floor.mjs [ose|d20|both] [--seconds S] [--batch MS] [--combats N]\n');
  process.exit(1);
}

const CLASSES = ['dice', 'expressions', 'gc', 'engine'];

/** The class of a profile sample, by the frames of its stack (leaf first). */
function classOf(frames) {
  if (frames[0] === '(garbage collector)') return 'gc';
  let expr = false;
  for (const f of frames) {
    if (f.includes('/interpreter/dice/')) return 'dice';
    if (f.includes('/interpreter/expr/') || f.includes('/interpreter/compile/evaluator.js')) expr = true;
  }
  return expr ? 'expressions' : 'engine';
}

async function profileSplit(program, enc) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  for (let s = 1; s <= COMBATS; s++) run(program, enc, { seed: 5_000_000 + s, keep: RECORD_EVENTS });
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n) => (n.callFrame.url ? n.callFrame.url : n.callFrame.functionName);
  const time = Object.fromEntries(CLASSES.map((c) => [c, 0]));
  const exprSelf = new Map();
  const engineFiles = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const frames = [];
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) frames.push(label(byId.get(id)));
    // Samples outside the run (the profiler's own, idle) count for nothing.
    if (
      frames[0] === '(program)' ||
      frames[0] === '(idle)' ||
      !frames.some((f) => f.includes('/interpreter/') || f === '(garbage collector)')
    )
      continue;
    const dt = profile.timeDeltas[i] ?? 0;
    const cls = classOf(frames);
    time[cls] += dt;
    total += dt;
    if (cls === 'engine') {
      const u = byId.get(profile.samples[i]).callFrame.url;
      const k = u.includes('/interpreter/')
        ? u.slice(u.indexOf('/interpreter/') + 13)
        : u || byId.get(profile.samples[i]).callFrame.functionName;
      engineFiles.set(k, (engineFiles.get(k) ?? 0) + dt);
    }
    if (cls === 'expressions') {
      const n = byId.get(profile.samples[i]).callFrame;
      const k = `${n.functionName || '(anonymous)'} ${n.url.split('/').slice(-2).join('/')}:${n.lineNumber + 1}`;
      exprSelf.set(k, (exprSelf.get(k) ?? 0) + dt);
    }
  }
  const top = [...exprSelf].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return {
    split: Object.fromEntries(CLASSES.map((c) => [c, time[c] / total])),
    topInExpressions: top.map(([k, t]) => ({ fn: k, share: Math.round((t / total) * 1000) / 1000 })),
    topEngineFiles: [...engineFiles]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([k, t]) => ({ file: k, share: Math.round((t / total) * 1000) / 1000 })),
  };
}

async function measure(key) {
  const e = ENCOUNTERS[key];
  const program = loadProgram(e.ruleset, e.overlays);
  const enc = loadEncounter(e.encounter, program);
  const base = new e.Baseline(e.load(JSON.parse(readFileSync(e.encounter, 'utf8'))));
  const fast = new FastRoller(1);
  const same = new SameDiceRoller();
  let seed = 1;
  const sides = {
    fast: () => {
      fast.reseed(seed++);
      base.run(fast);
    },
    same: () => {
      same.reseed(seed++);
      base.run(same);
    },
    interpreter: () => run(program, enc, { seed: seed++, keep: RECORD_EVENTS }),
  };
  for (const f of Object.values(sides)) for (let t0 = now(); now() - t0 < 800;) f();
  const tot = { fast: [0, 0], same: [0, 0], interpreter: [0, 0] };
  const ratios = [];
  let spent = 0;
  while (spent < SECONDS * 1000) {
    const batch = {};
    for (const [name, f] of Object.entries(sides)) {
      gc();
      let n = 0;
      const t0 = now();
      let t;
      do {
        for (let k = 0; k < 8; k++) f();
        n += 8;
        t = now();
      } while (t - t0 < BATCH_MS);
      batch[name] = ((t - t0) * 1000) / n;
      tot[name][0] += t - t0;
      tot[name][1] += n;
      spent += t - t0;
    }
    ratios.push(batch.same / batch.interpreter);
  }
  const us = (k) => (tot[k][0] * 1000) / tot[k][1];
  const T = { fast: us('fast'), same: us('same'), interpreter: us('interpreter') };
  const { split, topInExpressions, topEngineFiles } = await profileSplit(program, enc);
  const r = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
  const paid = T.interpreter * (split.dice + split.expressions);
  return {
    name: e.name,
    microsecondsPerCombat: {
      baselineFast: r(T.fast),
      baselineSameDice: r(T.same),
      interpreter: r(T.interpreter),
      allowedByGoal: r(2 * T.same),
    },
    ratio: r(T.same / T.interpreter, 3),
    ratioBatches: { n: ratios.length, median: r(median(ratios), 3), min: r(Math.min(...ratios), 3), max: r(Math.max(...ratios), 3) },
    profiledCombats: COMBATS,
    share: Object.fromEntries(CLASSES.map((c) => [c, r(split[c], 3)])),
    microsecondsByShare: Object.fromEntries(CLASSES.map((c) => [c, r(T.interpreter * split[c])])),
    ceiling: r(T.same / paid, 3),
    /** The functions the expressions' samples were in (self time), as shares of the interpreter's whole time. */
    topInExpressions,
    /** The engine's own samples by the file of their function (self time), as shares of the whole. */
    topEngineFiles,
  };
}

const keys = which === 'both' ? ['ose', 'd20'] : [which];
const out = [];
for (const k of keys) {
  const m = await measure(k);
  out.push(m);
  const u = m.microsecondsPerCombat;
  const b = m.microsecondsByShare;
  const pct = (c) => `${(m.share[c] * 100).toFixed(1)} %`;
  console.log(`${m.name} (record-only)`);
  console.log(
    `  µs a combat: baseline ${u.baselineFast} with fast dice, ${u.baselineSameDice} with the labelled dice; interpreter ${u.interpreter}`,
  );
  console.log(
    `  ratio ${m.ratio} (batches ${m.ratioBatches.median}, ${m.ratioBatches.min}–${m.ratioBatches.max}); goal 1 allows ${u.allowedByGoal} µs a combat`,
  );
  console.log(
    `  the interpreter's time (profile of ${m.profiledCombats} combats): dice ${pct('dice')} (${b.dice} µs), expressions ${pct('expressions')} (${b.expressions} µs), ` +
      `garbage collector ${pct('gc')} (${b.gc} µs), the engine's own work ${pct('engine')} (${b.engine} µs)`,
  );
  console.log(
    `  where the engine's own time is (self, by file): ${m.topEngineFiles.map((t) => `${t.file} ${(t.share * 100).toFixed(1)} %`).join('; ')}`,
  );
  console.log(`  ceiling if the engine's own work and the collector cost nothing: ${m.ceiling}`);
  console.log(
    `  where the expressions' time is (self, share of the whole): ${m.topInExpressions.map((t) => `${t.fn} ${(t.share * 100).toFixed(1)} %`).join('; ')}`,
  );
}
console.log(JSON.stringify({ command: `node --expose-gc bench/eval-floor.mjs ${argv.join(' ')}`.trim(), results: out }, null, 2));
