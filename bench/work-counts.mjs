#!/usr/bin/env node
/**
 * How much work one combat of each benchmark encounter is, by counts, not by the clock: expression
 * evaluations (in all, and by the rule they come from), trace events by type, dice rolls, rounds.
 * Counts are the same on every machine and under any load, so they show where an engine change
 * cuts work (or why one ruleset costs more per combat than another) without timing anything.
 *
 *   node bench/work-counts.mjs [--combats 200] [--top 15] [--dist DIR] [--json]
 *
 * --dist measures another build (e.g. /tmp/old/dist, made as compare-builds.mjs says). An
 * evaluation is one call of a compiled rule expression from the engine (a derived value read
 * inside another expression counts too); the expression's own operators are not counted.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const combats = Number(opt('--combats', 200));
const top = Number(opt('--top', 15));
const dist = resolve(opt('--dist', join(ROOT, 'dist')));
const load = (file) => import(pathToFileURL(join(dist, file)).href);
const { Evaluator } = await load('interpreter/compile/evaluator.js');
const { loadEncounter, loadProgram, run } = await load('interpreter/pipeline.js');

// Count each compiled expression's calls by its pointer in the resolved ruleset.
let counts = new Map();
const compile = Evaluator.prototype.compile;
Evaluator.prototype.compile = function counted(expr, pointer) {
  const fn = compile.call(this, expr, pointer);
  return (data) => {
    counts.set(pointer, (counts.get(pointer) ?? 0) + 1);
    return fn(data);
  };
};

const OSE = ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`));
const cases = [
  { name: 'OSE phased 6v6', rs: join(ROOT, 'rulesets/ose/ose.json'), ov: OSE, enc: join(ROOT, 'bench/encounters/ose-phased-6v6.json') },
  { name: 'd20 SRD 4v4', rs: join(ROOT, 'rulesets/d20-srd/d20-srd.json'), ov: [], enc: join(ROOT, 'bench/encounters/d20-4v4.json') },
];
const per = (n) => Math.round((n / combats) * 10) / 10;
const out = { command: `node bench/work-counts.mjs ${args.join(' ')}`.trim(), dist, combats, encounters: [] };
for (const c of cases) {
  const program = loadProgram(c.rs, c.ov);
  const enc = loadEncounter(c.enc, program);
  counts = new Map();
  const events = new Map();
  let rounds = 0;
  for (let seed = 1; seed <= combats; seed++) {
    const r = run(program, enc, { seed });
    rounds += r.rounds;
    for (const e of r.events) events.set(e.type, (events.get(e.type) ?? 0) + 1);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const eventTotal = [...events.values()].reduce((a, b) => a + b, 0);
  out.encounters.push({
    name: c.name,
    perCombat: { rounds: per(rounds), evaluations: per(total), events: per(eventTotal), rolls: per(events.get('roll') ?? 0) },
    evaluations: [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([pointer, n]) => ({ pointer, perCombat: per(n) })),
    events: [...events].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([type, n]) => ({ type, perCombat: per(n) })),
  });
}

if (args.includes('--json')) {
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
} else {
  for (const e of out.encounters) {
    const p = e.perCombat;
    console.log(`${e.name}: per combat ${p.rounds} rounds, ${p.evaluations} expression evaluations, ${p.events} events, ${p.rolls} rolls`);
    for (const x of e.evaluations.slice(0, top)) console.log(`  ${String(x.perCombat).padStart(7)}  ${x.pointer}`);
    console.log(`  events: ${e.events.map((x) => `${x.type} ${x.perCombat}`).join(', ')}`);
  }
  console.log(`(${combats} combats each, seeds 1–${combats}; ${dist})`);
}
