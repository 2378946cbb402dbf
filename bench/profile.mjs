#!/usr/bin/env node
/**
 * Where the interpreter's time goes: CPU profile (V8 sampling profiler, 100 µs) of many combats of
 * a benchmark encounter, after a warm-up; prints the top functions by self and inclusive time.
 *
 *   node bench/profile.mjs ose|d20 [combats=1500] [top=25] [--simulate]
 *   node bench/profile.mjs scaling N [combats] [top]   — benchmark 3's encounter of N combatants,
 *                                                       4 rounds a combat; also µs per combatant-round
 *
 * --simulate keeps only the events a simulation's records read (RECORD_EVENTS), as `phasebook simulate` does.
 * (`node --cpu-prof` gives the same profile as a file for Chrome DevTools; this prints a summary.)
 */
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { loadEncounter, loadProgram, run } from '../dist/interpreter/pipeline.js';
import { RECORD_EVENTS } from '../dist/interpreter/simulate/record.js';
import { ROOT } from './lib.mjs';
import { generateEncounter, SCALING_OVERLAYS } from './scaling.mjs';

const simulate = process.argv.includes('--simulate');
const args = process.argv.slice(2).filter((a) => a !== '--simulate');
const which = args[0] ?? 'ose';
const size = which === 'scaling' ? Number(args[1] ?? 1000) : 0;
const [combats = which === 'scaling' ? '3' : '1500', top = '25'] = which === 'scaling' ? args.slice(2) : args.slice(1);
const OSE = ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`));
let program;
let enc;
const opts = simulate ? { keep: RECORD_EVENTS } : {};
if (which === 'scaling') {
  program = loadProgram(join(ROOT, 'rulesets/ose/ose.json'), SCALING_OVERLAYS);
  const warm = loadEncounter('warm.json', program, JSON.stringify(generateEncounter(100)));
  for (let i = 0; i < 30; i++) run(program, warm, { seed: 100000 + i, rounds: 4 });
  enc = loadEncounter(`scaling-${size}.json`, program, JSON.stringify(generateEncounter(size)));
  opts.rounds = 4;
  run(program, enc, { seed: 99999, rounds: 2 });
} else {
  program =
    which === 'ose' ? loadProgram(join(ROOT, 'rulesets/ose/ose.json'), OSE) : loadProgram(join(ROOT, 'rulesets/d20-srd/d20-srd.json'));
  enc = loadEncounter(join(ROOT, which === 'ose' ? 'bench/encounters/ose-phased-6v6.json' : 'bench/encounters/d20-4v4.json'), program);
  for (let i = 0; i < 300; i++) run(program, enc, { seed: 100000 + i, ...opts });
}
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const t0 = performance.now();
let rounds = 0;
for (let i = 0; i < Number(combats); i++) rounds += run(program, enc, { seed: i + 1, ...opts }).rounds;
const ms = performance.now() - t0;
const { profile } = await session.post('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
const self = new Map();
const incl = new Map();
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  let id = profile.samples[i];
  const k = name(byId.get(id));
  self.set(k, (self.get(k) ?? 0) + dt);
  const seen = new Set();
  for (; id !== undefined; id = parent.get(id)) {
    const kk = name(byId.get(id));
    if (seen.has(kk)) continue;
    seen.add(kk);
    incl.set(kk, (incl.get(kk) ?? 0) + dt);
  }
}
// Per combatant-round (scaling): microseconds of each function's time, the samples scaled to the measured time.
const perCr = (t) => (size ? `  ${((((t / total) * ms) / (rounds * size)) * 1000).toFixed(2).padStart(7)} µs` : '');
const list = (m) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(top))
    .map(([k, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}%${perCr(t)}  ${k}`)
    .join('\n');
const head = size
  ? `scaling n=${size}: ${combats} combats, ${rounds} rounds, ${(ms / rounds).toFixed(1)} ms/round, ${((ms * 1000) / (rounds * size)).toFixed(1)} µs per combatant-round`
  : `${which}: ${combats} combats, ${((Number(combats) * 1000) / ms).toFixed(0)} combats/s under the profiler`;
console.log(`${head}\n\nself time\n${list(self)}\n\ninclusive time\n${list(incl)}`);
