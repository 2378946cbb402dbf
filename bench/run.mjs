#!/usr/bin/env node
/**
 * `npm run bench`: Phasebook's benchmarks. Prints a table and the JSON, and writes the JSON to
 * bench/results/<timestamp>.json and bench/results/latest.json. See bench/README.md.
 *
 *   node --expose-gc bench/run.mjs [--quick] [--only dice,interp,expr,scaling,throughput,startup] [--exact N] [--shared]
 *
 * --only also takes `session` (benchmark 6, the auto-mode session's overhead).
 * --quick runs every benchmark briefly (a smoke test; its figures are not the reported ones).
 * --exact N replays N seeds (default 200) in benchmark 1's exact-replay check.
 * --shared runs benchmark 1's two encounters in this process, one after the other, instead of a
 *   child process each (the measurement of runs before 2026-11-24's seventh; see bench/README).
 * Needs `npm run build` and the compiled baselines (tsc -p bench/tsconfig.json) first.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { ENCOUNTERS, interpVsBaseline } from './interp-vs-baseline.mjs';
import { expressions } from './expressions.mjs';
import { scaling } from './scaling.mjs';
import { throughput } from './throughput.mjs';
import { sessionOverhead } from './session-overhead.mjs';
import { diceBench } from './dice.mjs';
import { ROOT, fmt, slope } from './lib.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.includes('--only') ? new Set(args[args.indexOf('--only') + 1].split(',')) : null;
const want = (k) => !only || only.has(k);
const log = (s) => process.stderr.write(`${s}\n`);

function git(...a) {
  try {
    return execFileSync('git', a, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

const started = new Date();
const results = {
  command: `node --expose-gc bench/run.mjs${args.length ? ` ${args.join(' ')}` : ''}`,
  quick,
  started: started.toISOString(),
  environment: {
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    loadAverageAtStart: loadavg().map((x) => Math.round(x * 100) / 100),
    gcExposed: typeof globalThis.gc === 'function',
    commit: git('rev-parse', '--short', 'HEAD'),
    uncommittedChanges: (git('status', '--porcelain', '--', 'interpreter', 'bench') ?? '').split('\n').filter(Boolean).length,
  },
};

if (want('dice')) {
  log('0. labelled dice: this build against the old algorithm (bench/dice-reference.mjs)');
  results.dice = await diceBench({ seconds: quick ? 1 : 6, log });
}

if (want('interp')) {
  log('1. interpreter vs hand-written baseline');
  results.interpreterVsBaseline = [];
  const exact = args.includes('--exact') ? Number(args[args.indexOf('--exact') + 1]) : quick ? 40 : 200;
  const common = { seconds: quick ? 1.5 : 11, exactSeeds: exact, log };
  const shared = args.includes('--shared');
  results.interpreterVsBaselineProcesses = shared ? 'one, both encounters in turn' : 'a child process per encounter';
  for (const key of ['ose', 'd20']) {
    const e = ENCOUNTERS[key];
    log(` ${e.title}`);
    if (shared) {
      results.interpreterVsBaseline.push(await interpVsBaseline({ ...e, ...common }));
      continue;
    }
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', join(ROOT, 'bench/interp-vs-baseline.mjs'), key, String(common.seconds), String(common.exactSeeds)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 },
    );
    results.interpreterVsBaseline.push(JSON.parse(out));
  }
}

if (want('expr')) {
  log('2. compiled JSON Logic vs json-logic-js');
  results.expressions = await expressions({ seeds: quick ? 5 : 20, seconds: quick ? 1 : 7, log });
}

if (want('scaling')) {
  log('3. scaling: time per round against the number of combatants');
  const sizes = quick ? [10, 100, 1000] : [10, 100, 1000, 10000];
  const s = await scaling({ sizes, rounds: 4, minMs: quick ? 400 : 2000, log });
  // The log-log slope n·log n would show over the same sizes.
  const ref = slope(
    sizes.map((n) => Math.log(n)),
    sizes.map((n) => Math.log(n * Math.log(n))),
  );
  s.nLogNExponent = Math.round(ref * 1000) / 1000;
  s.goal = { exponentAtMost: s.nLogNExponent, met: s.exponent <= s.nLogNExponent };
  log(`  exponent ${s.exponent} (n log n over these sizes: ${s.nLogNExponent}) → ${s.goal.met ? 'met' : 'NOT met'}`);
  results.scaling = s;
}

if (want('throughput')) {
  log('4. throughput: phasebook simulate worker pool');
  results.throughput = await throughput({
    variant: {
      name: 'ose + phased-round + crossbow-speed + two-handed-last',
      ruleset: join(ROOT, 'rulesets/ose/ose.json'),
      overlays: ENCOUNTERS.ose.overlays,
      encounter: join(ROOT, 'bench/encounters/ose-phased-6v6.json'),
    },
    runs: quick ? 600 : 6000,
    log,
  });
}

if (want('session')) {
  log('6. session in auto mode vs plain runCombat, OSE phased 6v6');
  const ose = {
    ruleset: join(ROOT, 'rulesets/ose/ose.json'),
    overlays: ENCOUNTERS.ose.overlays,
    encounter: join(ROOT, 'bench/encounters/ose-phased-6v6.json'),
  };
  results.sessionOverhead = await sessionOverhead({ name: 'OSE phased 6v6', ...ose, pairs: quick ? 6 : 40, log });
}

results.environment.loadAverageAtEnd = loadavg().map((x) => Math.round(x * 100) / 100);
results.seconds = Math.round((Date.now() - started.getTime()) / 100) / 10;
results.goals = {
  ...(results.interpreterVsBaseline
    ? Object.fromEntries(results.interpreterVsBaseline.map((r) => [`interpreter ≥ 0.5× same-dice baseline (${r.name})`, r.goal.met]))
    : {}),
  ...(results.dice ? { 'labelled dice ≥ 3× cheaper per roll': results.dice.goal.met } : {}),
  ...(results.expressions ? { 'compiled expressions ≥ 20× json-logic-js': results.expressions.goal.met } : {}),
  ...(results.scaling ? { 'time per round no worse than n log n': results.scaling.goal.met } : {}),
  ...(results.sessionOverhead ? { 'auto-mode session overhead ≤ 5%': results.sessionOverhead.goal.met } : {}),
};

// ---------------------------------------------------------------- table
const rows = [];
const row = (bench, what, value, goal = '') => rows.push([bench, what, value, goal]);
if (results.dice) {
  const d = results.dice;
  row('0 labelled dice', 'old / new ns per roll (CPU time)', `${d.oldNsPerRoll} / ${d.newNsPerRoll} ns`);
  row(
    '',
    'cheaper (batches median, min–max)',
    `${d.cheaper}× (${d.batches.median}, ${d.batches.min}–${d.batches.max})`,
    `≥ 3×: ${d.goal.met ? 'met' : 'NOT met'}; ${d.identicalRolls} rolls identical`,
  );
}
for (const r of results.interpreterVsBaseline ?? []) {
  row(`1 ${r.name}`, 'interpreter', `${fmt(r.interpreter.combatsPerSecond, 1)} combats/s`);
  row('', 'hand-written baseline, fast dice', `${fmt(r.baseline.combatsPerSecond, 1)} combats/s`);
  row(
    '',
    'hand-written baseline, labelled dice',
    `${fmt(r.baselineSameDice.combatsPerSecond, 1)} combats/s (${r.sameDiceBaselineVsFast}× fast)`,
  );
  row(
    '',
    'ratio to fast baseline (batches median, min–max)',
    `${r.ratio} (${r.ratioBatches.median}, ${r.ratioBatches.min}–${r.ratioBatches.max})`,
  );
  row(
    '',
    'ratio to same-dice baseline (batches median, min–max)',
    `${r.ratioSameDice} (${r.ratioSameDiceBatches.median}, ${r.ratioSameDiceBatches.min}–${r.ratioSameDiceBatches.max})`,
    `≥ 0.5: ${r.goal.met ? 'met' : 'NOT met'}`,
  );
  row('', 'interpreter, record-only (as simulate)', `${fmt(r.interpreterRecordOnly.combatsPerSecond, 1)} combats/s`);
  row(
    '',
    'record-only / same-dice baseline (batches)',
    `${r.ratioSameDiceRecordOnly} (${r.ratioSameDiceRecordOnlyBatches.median}, ${r.ratioSameDiceRecordOnlyBatches.min}–${r.ratioSameDiceRecordOnlyBatches.max})`,
    `≥ 0.5: ${r.goal.metRecordOnly ? 'met' : 'NOT met'}`,
  );
  row('', 'exact replay, labelled dice', `${r.exactReplay.identical}/${r.exactReplay.seeds} identical`);
  const d = r.distribution;
  row('', `win rate ${d.winRate.side}`, `${d.winRate.interpreter} vs ${d.winRate.baseline} (z ${d.winRate.z})`);
  row('', 'draw rate', `${d.drawRate.interpreter} vs ${d.drawRate.baseline} (z ${d.drawRate.z})`);
  row(
    '',
    'mean rounds',
    `${d.meanRounds.interpreter} vs ${d.meanRounds.baseline} (z ${d.meanRounds.z})`,
    d.agree ? 'same distribution' : 'DIFFERENT',
  );
}
if (results.expressions) {
  const e = results.expressions;
  row(
    '2 expressions',
    'expressions (timed / dice excluded)',
    `${e.expressions} (${e.timedExpressions} / ${e.excludedDice}), ${e.pairs} pairs, ${e.disagreeingPairs} disagree`,
  );
  row('', 'compiled', `${fmt(e.compiled.evaluationsPerSecond)} evals/s`);
  row('', 'json-logic-js', `${fmt(e.jsonLogic.evaluationsPerSecond)} evals/s`);
  row(
    '',
    'speed-up (per expression median, min)',
    `${e.speedup}× (${e.perExpression.median}×, ${e.perExpression.min.speedup}×)`,
    `≥ 20×: ${e.goal.met ? 'met' : 'NOT met'}`,
  );
}
if (results.scaling) {
  const s = results.scaling;
  for (const r of s.rows) row(r === s.rows[0] ? '3 scaling' : '', `n = ${fmt(r.n)}`, `${r.msPerRound} ms/round (${r.rounds} rounds)`);
  row(
    '',
    'log-log slope (pairwise)',
    `${s.exponent} (${s.pairs.map((p) => p.exponent).join(', ')})`,
    `≤ ${s.nLogNExponent}: ${s.goal.met ? 'met' : 'NOT met'}`,
  );
}
if (results.throughput) {
  const t = results.throughput;
  row(
    '4 throughput',
    '1 worker',
    `${fmt(t.oneWorker.combatsPerSecondWall, 1)} combats/s (steady ${fmt(t.oneWorker.combatsPerSecondSteady, 1)})`,
  );
  row(
    '',
    `${t.allWorkers.workers} workers`,
    `${fmt(t.allWorkers.combatsPerSecondWall, 1)} combats/s (steady ${fmt(t.allWorkers.combatsPerSecondSteady, 1)})`,
  );
  row(
    '',
    'parallel efficiency',
    `${t.efficiencyWall} wall, ${t.efficiencySteady} steady`,
    t.identicalRecords ? 'records identical' : 'RECORDS DIFFER',
  );
}
if (results.sessionOverhead) {
  const o = results.sessionOverhead;
  row(
    '6 session',
    'auto session / plain runCombat time',
    `${o.ratio.median} (${o.ratio.min}–${o.ratio.max}), overhead ${o.overheadPercent} %`,
  );
  row('', 'same trace', `${o.sameTrace.identical}/${o.sameTrace.of} seeds`, `≤ 5 %: ${o.goal.met ? 'met' : 'NOT met'}`);
}
const widths = [0, 1, 2, 3].map((i) =>
  Math.max(...rows.map((r) => r[i].length), ['benchmark', 'measure', 'value', 'goal / check'][i].length),
);
const line = (r) =>
  r
    .map((c, i) => c.padEnd(widths[i]))
    .join('  ')
    .trimEnd();
const table = [
  line(['benchmark', 'measure', 'value', 'goal / check']),
  widths.map((w) => '-'.repeat(w)).join('  '),
  ...rows.map(line),
].join('\n');
process.stdout.write(
  `\n${table}\n\nload average ${results.environment.loadAverageAtStart.join(' ')} → ${results.environment.loadAverageAtEnd.join(' ')} on ${results.environment.cores} cores; ${results.seconds} s\n\n`,
);
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);

mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const stamp = started.toISOString().replace(/[:.]/g, '-');
const text = `${JSON.stringify(results, null, 2)}\n`;
writeFileSync(join(ROOT, 'bench/results', `${stamp}${quick ? '-quick' : ''}.json`), text);
if (!quick && !only && !args.includes('--exact')) writeFileSync(join(ROOT, 'bench/results/latest.json'), text);
log(
  `wrote bench/results/${stamp}${quick ? '-quick' : ''}.json${!quick && !only && !args.includes('--exact') ? ' and bench/results/latest.json' : ''}`,
);
