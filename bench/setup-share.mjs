#!/usr/bin/env node
/**
 * The fixed cost of a combat: CPU per `new Engine` (setup: views, sides, state, dice) against
 * CPU per whole record-only combat (RunOptions.keep as a simulation runs it), in alternating
 * batches in one process; prints the median share of the eight batch pairs and its range.
 *
 *   node bench/setup-share.mjs d20|ose [--dist DIR]
 *
 * The share is the most a cheaper setup can win on the simulation's path (its GC comes on top).
 * A build with run/cast.js (alloc8) gives each engine's cast back, as its runCombat does after a
 * combat, so each `new Engine` resets the last one's combatants as a simulation's combats do.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib.mjs';

const args = process.argv.slice(2);
const which = args[0] === 'ose' ? 'ose' : 'd20';
const at = args.indexOf('--dist');
const dist = at >= 0 ? resolve(args[at + 1]) : join(ROOT, 'dist');
const load = (f) => import(pathToFileURL(join(dist, 'interpreter', f)).href);
const [{ loadEncounter, loadProgram, run }, { Engine }, { simulatedEvents }] = await Promise.all([
  load('pipeline.js'),
  load('run/engine.js'),
  load('simulate/series-core.js'),
]);
const giveBack = await load('run/cast.js').then(
  (m) => (eng) => m.giveBackCast(eng, eng.cast),
  () => () => {},
);
const keep = simulatedEvents(false);
const OSE = ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`));
const program =
  which === 'ose' ? loadProgram(join(ROOT, 'rulesets/ose/ose.json'), OSE) : loadProgram(join(ROOT, 'rulesets/d20-srd/d20-srd.json'));
const enc = loadEncounter(join(ROOT, which === 'ose' ? 'bench/encounters/ose-phased-6v6.json' : 'bench/encounters/d20-4v4.json'), program);
for (let i = 0; i < 600; i++) run(program, enc, { seed: 100000 + i, keep });
const cpu = (f, n) => {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) f(i);
  const c = process.cpuUsage(t0);
  return (c.user + c.system) / n;
};
const pairs = [];
for (let b = 0; b < 8; b++) {
  const setup = cpu((i) => giveBack(new Engine(program.compiled, enc, { seed: i, keep })), 3000);
  const combat = cpu((i) => run(program, enc, { seed: i, keep }), 300);
  pairs.push({ setup, combat, share: setup / combat });
}
pairs.sort((a, b) => a.share - b.share);
const m = pairs[4];
const pct = (x) => `${(100 * x).toFixed(2)}%`;
console.log(
  `${which} (${dist}): setup ${m.setup.toFixed(1)} µs, combat ${m.combat.toFixed(0)} µs CPU; ` +
    `setup's share ${pct(m.share)} (range ${pct(pairs[0].share)}–${pct(pairs[7].share)})`,
);
