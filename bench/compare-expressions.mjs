#!/usr/bin/env node
/**
 * Benchmark 2's expression pairs (bench/expressions.mjs: the rulesets' expressions with the data
 * the engine gives them) under two builds' compiled closures, compiled and run as the engine
 * does (with its outer names). CPU-timed (process.cpuUsage), alternating batches of --batch-ms,
 * the order swapped every round; prints the overall ratio (second build / first) and the
 * per-round ratios' median and quartiles. Run it with the same build twice for the noise (A/A).
 *
 *   node --expose-gc bench/compare-expressions.mjs OLD_DIST NEW_DIST [--seconds 15] [--batch-ms 30]
 *
 * (Builds: see the comment at the top of compare-builds.mjs.) Needs this checkout's dist/ for
 * collecting the pairs.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { collectPairs } from './expressions.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const [oldDir, newDir] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!oldDir || !newDir) throw new Error('usage: compare-expressions.mjs OLD_DIST NEW_DIST [--seconds 15] [--batch-ms 30]');
const seconds = Number(opt('--seconds', 15));
const batchMs = Number(opt('--batch-ms', 30));

const load = async (dist) => ({
  dist,
  expr: await import(pathToFileURL(join(dist, 'interpreter/expr/index.js')).href),
  names: (await import(pathToFileURL(join(dist, 'interpreter/compile/evaluator.js')).href)).OUTER_NAMES,
});
const builds = [await load(resolve(oldDir)), await load(resolve(newDir))];
const { pairs } = collectPairs({ seeds: 20 });

/** One pass over every pair with a build's closures (compiled once per expression). */
function passOf(b) {
  const ctx = b.expr.createEvalContext();
  ctx.outerNames = b.names;
  const compiled = new Map();
  const list = pairs.map((p) => {
    let fn = compiled.get(p.expr);
    if (!fn) compiled.set(p.expr, (fn = b.expr.compileExpression(p.expr, { file: p.ruleset, pointer: p.pointer, outerNames: b.names })));
    return { fn, data: p.data };
  });
  return () => {
    let sink = 0;
    for (const p of list) {
      ctx.steps = 0;
      if (p.fn(p.data, ctx) !== undefined) sink++;
    }
    return sink;
  };
}

const passes = builds.map(passOf);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
for (let i = 0; i < 30; i++) for (const f of passes) f();
const batch = (f) => {
  globalThis.gc?.();
  const t0 = cpuMs();
  let n = 0;
  do {
    f();
    n++;
  } while (cpuMs() - t0 < batchMs);
  return { n, ms: cpuMs() - t0 };
};
const total = [
  { n: 0, ms: 0 },
  { n: 0, ms: 0 },
];
const ratios = [];
const start = cpuMs();
for (let round = 0; cpuMs() - start < seconds * 1000; round++) {
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  const r = [];
  for (const i of order) {
    r[i] = batch(passes[i]);
    total[i].n += r[i].n;
    total[i].ms += r[i].ms;
  }
  ratios.push(r[1].n / r[1].ms / (r[0].n / r[0].ms));
}
ratios.sort((a, b) => a - b);
const q = (p) => Math.round(ratios[Math.floor(p * (ratios.length - 1))] * 1000) / 1000;
const perSecond = (t) => Math.round((t.n * pairs.length * 1000) / t.ms);
const out = {
  command: `node --expose-gc bench/compare-expressions.mjs ${args.join(' ')}`,
  old: builds[0].dist,
  new: builds[1].dist,
  pairs: pairs.length,
  rounds: ratios.length,
  oldPerCpuSecond: perSecond(total[0]),
  newPerCpuSecond: perSecond(total[1]),
  overall: Math.round((perSecond(total[1]) / perSecond(total[0])) * 1000) / 1000,
  perRound: { median: q(0.5), p25: q(0.25), p75: q(0.75), min: q(0), max: q(1) },
};
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
