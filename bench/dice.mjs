#!/usr/bin/env node
/**
 * Microbenchmark: the labelled dice of this build against the old algorithm
 * (bench/dice-reference.mjs), side by side in one process, alternating batches.
 *
 *   node --expose-gc bench/dice.mjs [--seconds 6]
 *
 * The workload is real: the (label, notation) sequences the interpreter rolls in the two
 * benchmark encounters (seeds 1–20 each), replayed with a fresh `Dice` per combat and seed, as
 * the engine does. The engine holds each label in two parts (`r2.fighter.attack` and
 * `damage`): the old dice got `prefix + '.' + name`, built afresh for each roll; the new ones get
 * the parts (`Dice.rollIn`). Before timing, both implementations must give the same dice for every roll.
 * Times are this process's CPU time (process.cpuUsage), not wall time: the machine is shared.
 */
import { join } from 'node:path';
import { loadEncounter, loadProgram, run } from '../dist/interpreter/pipeline.js';
import { Dice, parseNotation } from '../dist/interpreter/dice/index.js';
import { ReferenceDice } from './dice-reference.mjs';
import { gc, median, now, ROOT } from './lib.mjs';

/** This process's CPU time in ms: steadier than wall time on a shared machine. */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const OSE = ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`));
const CASES = [
  { ruleset: join(ROOT, 'rulesets/ose/ose.json'), overlays: OSE, encounter: join(ROOT, 'bench/encounters/ose-phased-6v6.json') },
  { ruleset: join(ROOT, 'rulesets/d20-srd/d20-srd.json'), overlays: [], encounter: join(ROOT, 'bench/encounters/d20-4v4.json') },
];

/** The roll sequences of real combats: [[label, notation], …] per combat, labels without #n. */
export function rollSequences(seeds = 20) {
  const out = [];
  for (const c of CASES) {
    const program = loadProgram(c.ruleset, c.overlays);
    const enc = loadEncounter(c.encounter, program);
    for (let s = 1; s <= seeds; s++) {
      const rolls = run(program, enc, { seed: s }).events.filter((x) => x.type === 'roll');
      out.push(rolls.map((x) => [x.label.replace(/#\d+$/, ''), x.expr]));
    }
  }
  return out;
}

export async function diceBench({ seconds = 6, batchMs = 200, log = (_line) => {} } = {}) {
  const seqs = rollSequences();
  const rolls = seqs.reduce((a, s) => a + s.length, 0);
  // Same dice for every roll of every sequence, under several seeds.
  let compared = 0;
  for (const seed of [1, 2, 77, -5, 2 ** 40]) {
    for (const seq of seqs) {
      const a = new Dice(seed);
      const b = new ReferenceDice(seed, parseNotation);
      for (const [l, n] of seq) {
        const x = a.roll(l, n);
        const y = b.roll(l, n);
        if (x.label !== y.label || x.total !== y.total || x.dice.join() !== y.dice.join()) {
          throw new Error(`dice differ for seed ${seed}, label ${y.label}: ${x.dice} vs ${y.dice}`);
        }
        compared++;
      }
    }
  }
  log(`  ${compared} rolls compared: identical`);
  // [prefix, last part, notation]: the label is put together at each roll.
  const split = seqs.map((seq) =>
    seq.map(([l, n]) => {
      const dot = l.lastIndexOf('.');
      return [l.slice(0, dot), l.slice(dot + 1), n];
    }),
  );
  let sink = 0;
  let seedBase = 1;
  const passes = {
    new: () => {
      for (const seq of split) {
        const d = new Dice(seedBase++);
        for (let i = 0; i < seq.length; i++) sink += d.rollIn(seq[i][0], seq[i][1], seq[i][2]).total;
      }
    },
    old: () => {
      for (const seq of split) {
        const d = new ReferenceDice(seedBase++, parseNotation);
        for (let i = 0; i < seq.length; i++) sink += d.roll(seq[i][0] + '.' + seq[i][1], seq[i][2]).total;
      }
    },
  };
  for (let i = 0; i < 30; i++) for (const f of Object.values(passes)) f();
  const t = { new: 0, old: 0 };
  const n = { new: 0, old: 0 };
  const ratios = [];
  while (t.old < seconds * 1000) {
    const rate = {};
    for (const [k, f] of Object.entries(passes)) {
      gc();
      const w0 = now();
      const t0 = cpu();
      let m = 0;
      do {
        f();
        m++;
      } while (now() - w0 < batchMs);
      const dt = cpu() - t0;
      t[k] += dt;
      n[k] += m;
      rate[k] = (m * rolls) / dt;
    }
    ratios.push(rate.new / rate.old);
  }
  const nsPerRoll = (k) => (t[k] * 1e6) / (n[k] * rolls);
  const result = {
    command: 'node --expose-gc bench/dice.mjs',
    workload: `${seqs.length} combats' roll sequences (OSE phased 6v6 and d20 4v4, seeds 1–20), ${rolls} rolls a pass`,
    identicalRolls: compared,
    oldNsPerRoll: round(nsPerRoll('old')),
    newNsPerRoll: round(nsPerRoll('new')),
    cheaper: round(nsPerRoll('old') / nsPerRoll('new'), 2),
    batches: { n: ratios.length, median: round(median(ratios), 2), min: round(Math.min(...ratios), 2), max: round(Math.max(...ratios), 2) },
    goal: { cheaperAtLeast: 3, met: nsPerRoll('old') / nsPerRoll('new') >= 3 },
    sink: sink > 0,
  };
  log(
    `  old ${result.oldNsPerRoll} ns/roll, new ${result.newNsPerRoll} ns/roll → ${result.cheaper}× cheaper ` +
      `(batch pairs: median ${result.batches.median}, ${result.batches.min}–${result.batches.max})`,
  );
  return result;
}

const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const seconds = args.includes('--seconds') ? Number(args[args.indexOf('--seconds') + 1]) : 6;
  const r = await diceBench({ seconds, log: (s) => process.stderr.write(`${s}\n`) });
  process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
}
