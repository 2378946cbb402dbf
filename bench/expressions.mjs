/**
 * Benchmark 2: the project's compiled JSON Logic (compileExpression) against json-logic-js's
 * apply, on the rulesets' own expressions with the data the engine really gives them.
 *
 * - Expressions: every expression the compiler is asked for when each base ruleset
 *   (rulesets/<id>/<id>.json, no overlays) is loaded — requires, select, when, formula, derived
 *   values, sort keys, effect amounts, durations, `with` arguments, end conditions… — recorded by
 *   wrapping Evaluator.compile. Expressions containing `roll` or `sharedRoll` are excluded.
 * - Data: while each ruleset's sample encounter runs (SEEDS seeds), every evaluation of every
 *   expression may be sampled (reservoir of DATA_PER_EXPR per expression, seeded); a sample is a
 *   deep, plain copy of the data object (getters such as `engaged` and derived values
 *   materialised). An expression never evaluated in those runs gets data sampled from the same
 *   ruleset's other expressions.
 * - Both evaluators must give the same result on every pair (compared as JSON); pairs that
 *   differ are reported and left out of the timing.
 * - Timing: passes over all pairs, alternating the two evaluators, until each has run for
 *   SECONDS; the compiled side resets its step counter before each evaluation, as the engine does.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import jsonLogic from 'json-logic-js';
import { loadEncounter, loadProgram, run } from '../dist/interpreter/pipeline.js';
import { Evaluator } from '../dist/interpreter/compile/evaluator.js';
import { compileExpression, createEvalContext, mathFunctions } from '../dist/interpreter/expr/index.js';
import { gc, median, now, ROOT } from './lib.mjs';

for (const [name, fn] of Object.entries(mathFunctions)) jsonLogic.add_operation(name, fn);

const DATA_PER_EXPR = 4;

function usesDice(expr) {
  if (Array.isArray(expr)) return expr.some(usesDice);
  if (expr && typeof expr === 'object') return Object.keys(expr).some((k) => k === 'roll' || k === 'sharedRoll' || usesDice(expr[k]));
  return false;
}

/** A small seeded generator for reservoir sampling. */
function lcg(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

/** Record the expressions each ruleset compiles and sample the data they are evaluated on. */
function collect(seeds) {
  const rulesets = readdirSync(join(ROOT, 'rulesets')).sort();
  const exprs = [];
  const original = Evaluator.prototype.compile;
  let current = null;
  let snapshotting = false;
  const rand = lcg(12345);
  Evaluator.prototype.compile = function (expr, pointer) {
    const fn = original.call(this, expr, pointer);
    if (!current) return fn;
    const rec = { ruleset: current, pointer, expr, seen: 0, data: [] };
    exprs.push(rec);
    return (data) => {
      if (!snapshotting) {
        rec.seen++;
        const slot = rec.data.length < DATA_PER_EXPR ? rec.data.length : Math.floor(rand() * rec.seen);
        if (slot < DATA_PER_EXPR) {
          snapshotting = true;
          try {
            rec.data[slot] = JSON.parse(JSON.stringify(data));
          } finally {
            snapshotting = false;
          }
        }
      }
      return fn(data);
    };
  };
  const perRuleset = {};
  try {
    for (const id of rulesets) {
      current = id;
      const program = loadProgram(join(ROOT, 'rulesets', id, `${id}.json`));
      current = null; // only the ruleset's own expressions
      const encDir = join(ROOT, 'rulesets', id, 'encounters');
      let runs = 0;
      for (const f of readdirSync(encDir)) {
        const enc = loadEncounter(join(encDir, f), program);
        for (let s = 1; s <= seeds; s++) {
          run(program, enc, { seed: s });
          runs++;
        }
      }
      perRuleset[id] = { runs };
    }
  } finally {
    Evaluator.prototype.compile = original;
  }
  return { exprs, perRuleset };
}

/**
 * The timed (expression, data) pairs, each with its compiled closure (by `compile`, this
 * checkout's compileExpression unless another build's is given), and what was left out.
 */
export function collectPairs({ seeds = 20, compile = compileExpression } = {}) {
  const { exprs, perRuleset } = collect(seeds);
  const pool = {};
  for (const e of exprs) (pool[e.ruleset] ??= []).push(...e.data);
  const rand = lcg(777);
  const pairs = [];
  let excluded = 0;
  let borrowed = 0;
  let mismatched = 0;
  const mismatches = [];
  for (const e of exprs) {
    perRuleset[e.ruleset].expressions = (perRuleset[e.ruleset].expressions ?? 0) + 1;
    if (usesDice(e.expr)) {
      excluded++;
      continue;
    }
    let data = e.data;
    if (data.length === 0) {
      borrowed++;
      const p = pool[e.ruleset];
      data = Array.from({ length: DATA_PER_EXPR }, () => p[Math.floor(rand() * p.length)]);
    }
    const compiled = compile(e.expr, { file: e.ruleset, pointer: e.pointer });
    for (const d of data) {
      const ctx = createEvalContext();
      let a;
      let b;
      try {
        a = JSON.stringify(compiled(d, ctx)) ?? 'undefined';
      } catch {
        a = `error`;
      }
      try {
        b = JSON.stringify(jsonLogic.apply(e.expr, d)) ?? 'undefined';
      } catch {
        b = `error`;
      }
      if (a !== b) {
        mismatched++;
        if (mismatches.length < 5) mismatches.push({ ruleset: e.ruleset, pointer: e.pointer, compiled: a, jsonLogic: b });
        continue;
      }
      pairs.push({ ruleset: e.ruleset, pointer: e.pointer, expr: e.expr, compiled, data: d });
    }
  }
  const kept = new Set(pairs.map((p) => `${p.ruleset}${p.pointer}`)).size;
  return { exprs, perRuleset, pairs, excluded, borrowed, mismatched, mismatches, kept };
}

export async function expressions({ seeds = 20, seconds = 6, log = (_line) => {} } = {}) {
  const { exprs, perRuleset, pairs, excluded, borrowed, mismatched, mismatches, kept } = collectPairs({ seeds });
  log(
    `  ${exprs.length} expressions in ${Object.keys(perRuleset).length} rulesets; ${excluded} roll dice (excluded); ${borrowed} never evaluated in the sample runs (data borrowed); ${kept} timed on ${pairs.length} (expression, data) pairs; ${mismatched} pairs disagree`,
  );

  // Alternating passes over all pairs.
  const ctx = createEvalContext();
  let sink = 0;
  const passCompiled = () => {
    for (let i = 0; i < pairs.length; i++) {
      const p = pairs[i];
      ctx.steps = 0;
      if (p.compiled(p.data, ctx) !== undefined) sink++;
    }
  };
  const passJsonLogic = () => {
    for (let i = 0; i < pairs.length; i++) {
      const p = pairs[i];
      if (jsonLogic.apply(p.expr, p.data) !== undefined) sink++;
    }
  };
  for (let i = 0; i < 20; i++) {
    passCompiled();
    passJsonLogic();
  }
  const c = { evals: 0, ms: 0 };
  const j = { evals: 0, ms: 0 };
  const ratios = [];
  while (c.ms < seconds * 1000 || j.ms < seconds * 1000) {
    gc();
    let t0 = now();
    let reps = 0;
    do {
      passCompiled();
      reps++;
    } while (now() - t0 < 200);
    let dt = now() - t0;
    c.evals += reps * pairs.length;
    c.ms += dt;
    const cRate = (reps * pairs.length) / dt;
    gc();
    t0 = now();
    reps = 0;
    do {
      passJsonLogic();
      reps++;
    } while (now() - t0 < 200);
    dt = now() - t0;
    j.evals += reps * pairs.length;
    j.ms += dt;
    ratios.push(cRate / ((reps * pairs.length) / dt));
  }

  // Per expression: each expression on its data, in short timed loops (for the spread). Each
  // side is timed three times, alternating, and the fastest kept: a GC pause or a preempted slice
  // in a 1 ms window would otherwise decide the figure.
  const byExpr = new Map();
  for (const p of pairs) {
    const k = `${p.ruleset}${p.pointer}`;
    if (!byExpr.has(k)) byExpr.set(k, []);
    byExpr.get(k).push(p);
  }
  const speedups = [];
  const perRulesetSpeed = {};
  const time = (ps, f) => {
    let reps = 0;
    const t0 = now();
    let t;
    do {
      for (let r = 0; r < 20; r++) for (const p of ps) f(p);
      reps += 20;
      t = now();
    } while (t - t0 < 1);
    return (t - t0) / reps;
  };
  const evalCompiled = (p) => {
    ctx.steps = 0;
    sink += p.compiled(p.data, ctx) === undefined ? 0 : 1;
  };
  const evalJsonLogic = (p) => {
    sink += jsonLogic.apply(p.expr, p.data) === undefined ? 0 : 1;
  };
  for (const [k, ps] of byExpr) {
    let tc = Infinity;
    let tj = Infinity;
    for (let trial = 0; trial < 3; trial++) {
      tc = Math.min(tc, time(ps, evalCompiled));
      tj = Math.min(tj, time(ps, evalJsonLogic));
    }
    const s = tj / tc;
    speedups.push({ k, s });
    const r = ps[0].ruleset;
    (perRulesetSpeed[r] ??= []).push(s);
  }
  speedups.sort((a, b) => a.s - b.s);
  const geo = Math.exp(speedups.reduce((a, x) => a + Math.log(x.s), 0) / speedups.length);
  const speedup = c.evals / c.ms / (j.evals / j.ms);
  const result = {
    expressions: exprs.length,
    excludedDice: excluded,
    borrowedData: borrowed,
    timedExpressions: kept,
    pairs: pairs.length,
    disagreeingPairs: mismatched,
    mismatches,
    sampleRunsPerRuleset: perRuleset,
    compiled: { evaluations: c.evals, seconds: round(c.ms / 1000, 2), evaluationsPerSecond: Math.round((c.evals * 1000) / c.ms) },
    jsonLogic: { evaluations: j.evals, seconds: round(j.ms / 1000, 2), evaluationsPerSecond: Math.round((j.evals * 1000) / j.ms) },
    speedup: round(speedup, 2),
    speedupBatches: {
      n: ratios.length,
      median: round(median(ratios), 2),
      min: round(Math.min(...ratios), 2),
      max: round(Math.max(...ratios), 2),
    },
    perExpression: {
      geometricMean: round(geo, 2),
      median: round(median(speedups.map((x) => x.s)), 2),
      min: { speedup: round(speedups[0].s, 2), expression: speedups[0].k },
      max: { speedup: round(speedups[speedups.length - 1].s, 2), expression: speedups[speedups.length - 1].k },
      below20x: speedups.filter((x) => x.s < 20).length,
    },
    perRuleset: Object.fromEntries(
      Object.entries(perRulesetSpeed).map(([r, xs]) => [r, { expressions: xs.length, medianSpeedup: round(median(xs), 2) }]),
    ),
    goal: { speedupAtLeast: 20, met: speedup >= 20 },
    sink: sink > 0,
  };
  log(
    `  compiled ${fmt(result.compiled.evaluationsPerSecond)} evals/s, json-logic-js ${fmt(result.jsonLogic.evaluationsPerSecond)} evals/s → ${result.speedup}× (per expression: median ${result.perExpression.median}×, min ${result.perExpression.min.speedup}×, max ${result.perExpression.max.speedup}×)`,
  );
  return result;
}

const round = (x, d) => Math.round(x * 10 ** d) / 10 ** d;
const fmt = (x) => x.toLocaleString('en-US');
