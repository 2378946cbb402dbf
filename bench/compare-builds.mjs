#!/usr/bin/env node
/**
 * The interpreter of this checkout against another build of it (e.g. the last commit), in one
 * process, alternating batches: combats per second on the two benchmark encounters, time per
 * round of the generated encounter at a few sizes, and compiled-expression evaluations per second
 * on benchmark 2's pairs (both builds' compileExpression, and json-logic-js for reference). Used
 * to measure engine changes.
 *
 *   git archive HEAD interpreter schemas tsconfig.json package.json | tar -x -C /tmp/old
 *   ln -s "$PWD/node_modules" /tmp/old/node_modules && (cd /tmp/old && npx tsc -p tsconfig.json)
 *   node --expose-gc bench/compare-builds.mjs --old /tmp/old/dist [--seconds 8] [--sizes 100,1000]
 *                 [--new DIR] [--cpu] [--session] [--no-combats] [--no-expressions] [--batch-ms 300 | --batch N]
 *
 * --cpu times batches by CPU time instead of wall time; --session also runs each build's
 * auto-mode session (nobody asked) and gives its time over the plain run's, per round of
 * batches; a batch is N combats, or as many as the old plain run makes in --batch-ms (measured
 * in the warm-up); --sizes '' skips the scaling part, --no-expressions the expressions part, --no-combats the combats.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import jsonLogic from 'json-logic-js';
import { generateEncounter, SCALING_OVERLAYS } from './scaling.mjs';
import { collectPairs } from './expressions.mjs';
import { gc, median, now, ROOT } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const oldDist = resolve(opt('--old', '/tmp/old/dist'));
const seconds = Number(opt('--seconds', 8));
const sizes = opt('--sizes', '100,1000').split(',').filter(Boolean).map(Number);
const useCpu = args.includes('--cpu');
const withSession = args.includes('--session');
const withExpressions = !args.includes('--no-expressions');
const withCombats = !args.includes('--no-combats');
const batchMs = Number(opt('--batch-ms', 300));
const load = async (dist) => import(pathToFileURL(join(dist, 'interpreter/pipeline.js')).href);
// --new DIR: another build in place of this checkout's dist/ (e.g. to swap the roles of two builds).
const newDist = resolve(opt('--new', join(ROOT, 'dist')));
const builds = { old: await load(oldDist), new: await load(newDist) };
const OSE = ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`));
const cases = [
  { name: 'OSE phased 6v6', rs: join(ROOT, 'rulesets/ose/ose.json'), ov: OSE, enc: join(ROOT, 'bench/encounters/ose-phased-6v6.json') },
  { name: 'd20 SRD 4v4', rs: join(ROOT, 'rulesets/d20-srd/d20-srd.json'), ov: [], enc: join(ROOT, 'bench/encounters/d20-4v4.json') },
];
const out = {
  command: `node --expose-gc bench/compare-builds.mjs ${args.join(' ')}`.trim(),
  old: oldDist,
  new: newDist,
  combats: [],
  scaling: [],
  expressions: null,
};
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
// --cpu: time batches by this process's CPU time (process.cpuUsage) instead of wall time, on a
// loaded machine where waiting for a core is not the code's cost.
const clock = useCpu ? cpuMs : now;
for (const c of withCombats ? cases : []) {
  // Contenders: each build's plain run, and with --session each build's auto-mode session
  // (nobody is asked) on the same program. One round runs a batch of each, on the same seeds, in
  // an order that rotates from round to round; the ratios are per round.
  const contenders = [];
  for (const [k, b] of Object.entries(builds)) {
    const program = b.loadProgram(c.rs, c.ov);
    const enc = b.loadEncounter(c.enc, program);
    contenders.push({ key: k, go: (seed) => b.run(program, enc, { seed }), runs: 0, ms: 0, per: [] });
    if (withSession) contenders.push({ key: `${k}Session`, go: (seed) => b.openSession(program, enc, { seed }), runs: 0, ms: 0, per: [] });
  }
  // Warm-up, and a batch size of about `batchMs` of the plain old run (by the clock in use).
  let batch = Number(opt('--batch', 0));
  for (const x of contenders) {
    const t0 = clock();
    let s = 900000;
    while (clock() - t0 < 600) x.go(s++);
    if (x.key === 'old' && !batch) batch = Math.max(5, Math.round(((s - 900000) * batchMs) / 600));
  }
  let seed = 1;
  let turn = 0;
  while (contenders[0].ms < seconds * 1000) {
    for (let i = 0; i < contenders.length; i++) {
      const x = contenders[(i + turn) % contenders.length];
      gc();
      const t0 = clock();
      for (let s = seed; s < seed + batch; s++) x.go(s);
      const ms = clock() - t0;
      x.runs += batch;
      x.ms += ms;
      x.per.push(ms);
    }
    seed += batch;
    turn++;
  }
  const by = Object.fromEntries(contenders.map((x) => [x.key, x]));
  const rate = (x) => round((x.runs * 1000) / x.ms);
  /** Per round: time of `a` / time of `b` (below 1: `a` is faster). */
  const ratio = (a, b) => {
    const rs = by[a].per.map((t, i) => t / by[b].per[i]);
    // Also the ratio of each side's 10th-percentile batch: on a loaded machine the quick batches are
    // the ones least disturbed by others.
    const p10 = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 10)];
    return {
      median: round(median(rs), 3),
      min: round(Math.min(...rs), 3),
      max: round(Math.max(...rs), 3),
      p10: round(p10(by[a].per) / p10(by[b].per), 3),
    };
  };
  const r = { name: c.name, rounds: turn, batch, old: rate(by.old), new: rate(by.new) };
  r.speedup = round(r.new / r.old, 2);
  const sp = ratio('old', 'new');
  r.speedupPerRound = sp;
  let line = `${c.name}: old ${r.old} combats/s, new ${r.new} combats/s → ${r.speedup}× (per round: median ${sp.median}, ${sp.min}–${sp.max})`;
  if (withSession) {
    r.oldSession = rate(by.oldSession);
    r.newSession = rate(by.newSession);
    r.sessionOverNewRun = ratio('newSession', 'new');
    r.sessionOverOldRun = ratio('newSession', 'old');
    r.oldSessionOverOldRun = ratio('oldSession', 'old');
    line +=
      `\n  auto session time / plain run time, per round (median, min–max): new ${fmtRatio(r.sessionOverNewRun)}; ` +
      `new session / old run ${fmtRatio(r.sessionOverOldRun)}; old ${fmtRatio(r.oldSessionOverOldRun)}`;
  }
  out.combats.push(r);
  process.stderr.write(`${line}\n`);
}
for (const n of sizes) {
  const r = { n };
  for (const [k, b] of Object.entries(builds)) {
    const program = b.loadProgram(join(ROOT, 'rulesets/ose/ose.json'), SCALING_OVERLAYS);
    const enc = b.loadEncounter(`scaling-${n}.json`, program, JSON.stringify(generateEncounter(n)));
    b.run(program, enc, { seed: 999, rounds: 2 });
    gc();
    let ms = 0;
    let rounds = 0;
    for (let s = 1; ms < 1500 || rounds < 4; s++) {
      const t0 = now();
      rounds += b.run(program, enc, { seed: s, rounds: 4 }).rounds;
      ms += now() - t0;
    }
    r[k] = round(ms / rounds, 2);
  }
  r.speedup = round(r.old / r.new, 2);
  out.scaling.push(r);
  process.stderr.write(`n=${n}: old ${r.old} ms/round, new ${r.new} ms/round → ${r.speedup}×\n`);
}
if (withExpressions) {
  // Expressions: the same pairs, compiled by each build.
  const oldExpr = await import(pathToFileURL(join(oldDist, 'interpreter/expr/index.js')).href);
  const newExpr = await import(pathToFileURL(join(newDist, 'interpreter/expr/index.js')).href);
  // Compiled and run as the engine does (compile/evaluator.ts): with its outer names, so loop
  // bodies may read actor, target… from outside the loop.
  const names = async (dist) => (await import(pathToFileURL(join(dist, 'interpreter/compile/evaluator.js')).href)).OUTER_NAMES;
  const [oldNames, newNames] = [await names(oldDist), await names(newDist)];
  const { pairs } = collectPairs({ seeds: 20, compile: (e, o) => newExpr.compileExpression(e, { ...o, outerNames: newNames }) });
  const oldFns = new Map();
  for (const p of pairs) {
    if (!oldFns.has(p.expr))
      oldFns.set(p.expr, oldExpr.compileExpression(p.expr, { file: p.ruleset, pointer: p.pointer, outerNames: oldNames }));
  }
  const oldPairs = pairs.map((p) => ({ compiled: oldFns.get(p.expr), data: p.data }));
  const ctxNew = newExpr.createEvalContext();
  const ctxOld = oldExpr.createEvalContext();
  ctxNew.outerNames = newNames;
  ctxOld.outerNames = oldNames;
  let sink = 0;
  const passes = {
    new: () => {
      for (const p of pairs) {
        ctxNew.steps = 0;
        if (p.compiled(p.data, ctxNew) !== undefined) sink++;
      }
    },
    old: () => {
      for (const p of oldPairs) {
        ctxOld.steps = 0;
        if (p.compiled(p.data, ctxOld) !== undefined) sink++;
      }
    },
    jsonLogic: () => {
      for (const p of pairs) if (jsonLogic.apply(p.expr, p.data) !== undefined) sink++;
    },
  };
  const t = { new: 0, old: 0, jsonLogic: 0 };
  const n = { new: 0, old: 0, jsonLogic: 0 };
  for (let i = 0; i < 20; i++) for (const f of Object.values(passes)) f();
  while (t.old < seconds * 1000) {
    for (const [k, f] of Object.entries(passes)) {
      gc();
      const t0 = now();
      do {
        f();
        n[k]++;
      } while (now() - t0 < 200);
      t[k] += now() - t0;
    }
  }
  const rate = (k) => (n[k] * pairs.length * 1000) / t[k];
  out.expressions = {
    pairs: pairs.length,
    oldPerSecond: Math.round(rate('old')),
    newPerSecond: Math.round(rate('new')),
    jsonLogicPerSecond: Math.round(rate('jsonLogic')),
    speedup: round(rate('new') / rate('old'), 2),
    oldVsJsonLogic: round(rate('old') / rate('jsonLogic'), 2),
    newVsJsonLogic: round(rate('new') / rate('jsonLogic'), 2),
    sink: sink > 0,
  };
  process.stderr.write(
    `expressions: old ${out.expressions.oldPerSecond}/s (${out.expressions.oldVsJsonLogic}× json-logic-js), new ${out.expressions.newPerSecond}/s (${out.expressions.newVsJsonLogic}×) → ${out.expressions.speedup}×\n`,
  );
}
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);

function fmtRatio(r) {
  return `${r.median} (${r.min}–${r.max}; p10 batches ${r.p10})`;
}

function round(x, d = 1) {
  return Math.round(x * 10 ** d) / 10 ** d;
}
