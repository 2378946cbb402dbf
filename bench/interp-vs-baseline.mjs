/**
 * Benchmark 1: the interpreter against a hand-written TypeScript baseline of the same rules
 * (bench/baseline/*.ts, compiled to dist/bench/baseline), in one process, alternating batches.
 *
 * The baseline is timed twice: with its own fast dice (one sfc32 stream per combat), and with the
 * project's labelled dice and the interpreter's labels (the same-dice baseline, issue 9 goal 1),
 * which separates what the dice cost from what the engine costs.
 *
 * The interpreter is timed twice too: writing its whole trace (`run`, as `phasebook run` does), and
 * keeping only the events a simulation's records read (`keep: RECORD_EVENTS`, as `phasebook
 * simulate` does). The baseline computes no trace, only the outcome (winner, rounds, hit points),
 * which is what the record-only run computes; both ratios are reported.
 *
 * `npm run bench` runs each encounter in a child process of its own (`node --expose-gc
 * bench/interp-vs-baseline.mjs ose|d20 SECONDS EXACT`, JSON on stdout), as a simulation of one
 * ruleset runs: in one process the second encounter's interpreter runs on code whose type feedback
 * the first has made polymorphic (d20 ran ~1,000 combats/s after OSE against 1,300–1,700 alone in
 * the sixth quiet run; the seventh, after the per-name readers, found no difference). `--shared`
 * on bench/run.mjs keeps the one-process measurement.
 *
 * Honesty checks, both printed:
 * - exact replay: the baseline driven by the project's labelled dice (the same dice the
 *   interpreter rolls for the same seed) must end every combat exactly as the interpreter does —
 *   same winner, same number of rounds, same hit points for every combatant;
 * - same distribution: with its own fast dice (one sfc32 stream per combat), the baseline's win
 *   rate, draw rate and mean rounds must agree with the interpreter's within statistical
 *   tolerance (two-proportion z-test, Welch z-test; |z| < 3).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadEncounter, loadProgram, run } from '../dist/interpreter/pipeline.js';
import { Dice } from '../dist/interpreter/dice/index.js';
import { RECORD_EVENTS } from '../dist/interpreter/simulate/record.js';
import { FastRoller, ONCE } from '../dist/bench/baseline/common.js';
import { OseBaseline, loadOse } from '../dist/bench/baseline/ose-phased.js';
import { D20Baseline, loadD20 } from '../dist/bench/baseline/d20.js';
import { ROOT, gc, median, now, twoMeans, twoProportion } from './lib.mjs';

/** Benchmark 1's two encounters. */
export const ENCOUNTERS = {
  ose: {
    title: 'OSE phased round (phased-round + crossbow-speed + two-handed-last), bench/encounters/ose-phased-6v6.json',
    name: 'OSE phased 6v6',
    ruleset: join(ROOT, 'rulesets/ose/ose.json'),
    overlays: ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`)),
    encounter: join(ROOT, 'bench/encounters/ose-phased-6v6.json'),
    Baseline: OseBaseline,
    load: loadOse,
  },
  d20: {
    title: 'd20 SRD by the book, bench/encounters/d20-4v4.json',
    name: 'd20 SRD 4v4',
    ruleset: join(ROOT, 'rulesets/d20-srd/d20-srd.json'),
    overlays: [],
    encounter: join(ROOT, 'bench/encounters/d20-4v4.json'),
    Baseline: D20Baseline,
    load: loadD20,
  },
};

const label = (r, a, b, c) => `${r === ONCE ? 'init' : `r${r}`}.${a}.${b}${c ? `.${c}` : ''}`;

/** A roller that asks the project's Dice for the labelled roll the interpreter makes. */
function labelledRoller(seed) {
  const dice = new Dice(seed);
  return { roll: (spec, r, a, b, c) => dice.roll(label(r, a, b, c), spec.text).total };
}

/**
 * The same labelled dice for the timed same-dice baseline, called the way the engine calls them:
 * the label in two parts (`r2.w-bow-1.shoot` and `attack`, Dice.rollIn). One roller per combat
 * (a new Dice per seed, as the interpreter makes one per combat).
 */
export class SameDiceRoller {
  reseed(seed) {
    this.dice = new Dice(seed);
  }
  roll(spec, r, a, b, c) {
    const round = r === ONCE ? 'init' : `r${r}`;
    return (c ? this.dice.rollIn(`${round}.${a}.${b}`, c, spec.text) : this.dice.rollIn(`${round}.${a}`, b, spec.text)).total;
  }
}

/** Hit points at the end of an interpreter run: the starting value, then each damage event's. */
function finalHp(events, start) {
  const hp = { ...start };
  for (const e of events) if (e.type === 'damage' && e.stat === 'hp') hp[e.target] = e.value;
  return hp;
}

export async function interpVsBaseline({
  name,
  ruleset,
  overlays,
  encounter,
  Baseline,
  load,
  seconds = 10,
  batchMs = 400,
  exactSeeds = 200,
  log = (_line) => {},
}) {
  const program = loadProgram(ruleset, overlays);
  const enc = loadEncounter(encounter, program);
  const tpl = load(JSON.parse(readFileSync(encounter, 'utf8')));
  const base = new Baseline(tpl);
  const sideIds = tpl.sideIds;
  const startHp = Object.fromEntries(tpl.cmbs.map((c) => [c.id, c.hp]));

  // 1. Exact replay with the same labelled dice.
  let identical = 0;
  const mismatches = [];
  const replayRoller = new SameDiceRoller();
  for (let s = 1; s <= exactSeeds; s++) {
    // Every other seed through Dice.roll with the joined label, the others through Dice.rollIn.
    let roller = labelledRoller(s);
    if (s % 2 === 0) {
      replayRoller.reseed(s);
      roller = replayRoller;
    }
    const o = base.run(roller);
    const r = run(program, enc, { seed: s });
    // The record-only run (timed below) must end the same way.
    const rr = run(program, enc, { seed: s, keep: RECORD_EVENTS });
    const bw = o.winner < 0 ? null : sideIds[o.winner];
    const ihp = finalHp(r.events, startHp);
    const rhp = finalHp(rr.events, startHp);
    const bhp = base.finalHp();
    const same =
      bw === r.winner &&
      bw === rr.winner &&
      o.rounds === r.rounds &&
      o.rounds === rr.rounds &&
      Object.keys(ihp).every((k) => ihp[k] === bhp[k] && rhp[k] === bhp[k]);
    if (same) identical++;
    else if (mismatches.length < 5)
      mismatches.push({ seed: s, interpreter: { winner: r.winner, rounds: r.rounds }, baseline: { winner: bw, rounds: o.rounds } });
  }
  log(`  exact replay (labelled dice; full and record-only runs): ${identical}/${exactSeeds} identical`);

  // 2. Warm-up, then alternating timed batches.
  const rng = new FastRoller(1);
  let iSeed = 1_000_000;
  let bSeed = 2_000_000;
  for (let t0 = now(); now() - t0 < 800;) run(program, enc, { seed: iSeed++ });
  for (let t0 = now(); now() - t0 < 800;) run(program, enc, { seed: iSeed++, keep: RECORD_EVENTS });
  for (let t0 = now(); now() - t0 < 800;) {
    rng.reseed(bSeed++);
    base.run(rng);
  }
  const same = new SameDiceRoller();
  for (let t0 = now(), s = 3_000_000; now() - t0 < 800; s++) {
    same.reseed(s);
    base.run(same);
  }
  const interp = { runs: 0, ms: 0, rates: [], wins: 0, draws: 0, rounds: [] };
  const hand = { runs: 0, ms: 0, rates: [], wins: 0, draws: 0, rounds: [] };
  const handSame = { runs: 0, ms: 0, rates: [] };
  const lean = { runs: 0, ms: 0, rates: [] };
  const sameRatios = [];
  const leanRatios = [];
  let lSeed = 1;
  let sSeed = 1;
  iSeed = 1;
  bSeed = 1;
  const ratios = [];
  while (interp.ms < seconds * 1000) {
    gc();
    let n = 0;
    let t0 = now();
    let t;
    do {
      const r = run(program, enc, { seed: iSeed++ });
      n++;
      if (r.winner === sideIds[0]) interp.wins++;
      else if (r.winner === null) interp.draws++;
      interp.rounds.push(r.rounds);
      t = now();
    } while (t - t0 < batchMs);
    interp.runs += n;
    interp.ms += t - t0;
    const iRate = (n * 1000) / (t - t0);
    interp.rates.push(iRate);
    gc();
    n = 0;
    t0 = now();
    do {
      for (let k = 0; k < 16; k++) {
        rng.reseed(bSeed++);
        const o = base.run(rng);
        n++;
        if (o.winner === 0) hand.wins++;
        else if (o.winner < 0) hand.draws++;
        hand.rounds.push(o.rounds);
      }
      t = now();
    } while (t - t0 < batchMs);
    hand.runs += n;
    hand.ms += t - t0;
    const bRate = (n * 1000) / (t - t0);
    hand.rates.push(bRate);
    ratios.push(iRate / bRate);
    gc();
    n = 0;
    t0 = now();
    do {
      for (let k = 0; k < 16; k++) {
        same.reseed(sSeed++);
        base.run(same);
        n++;
      }
      t = now();
    } while (t - t0 < batchMs);
    handSame.runs += n;
    handSame.ms += t - t0;
    const sRate = (n * 1000) / (t - t0);
    handSame.rates.push(sRate);
    sameRatios.push(iRate / sRate);
    gc();
    n = 0;
    t0 = now();
    do {
      run(program, enc, { seed: lSeed++, keep: RECORD_EVENTS });
      n++;
      t = now();
    } while (t - t0 < batchMs);
    lean.runs += n;
    lean.ms += t - t0;
    const lRate = (n * 1000) / (t - t0);
    lean.rates.push(lRate);
    leanRatios.push(lRate / sRate);
  }
  const leanRate = (lean.runs * 1000) / lean.ms;
  const sameRate = (handSame.runs * 1000) / handSame.ms;
  const iRate = (interp.runs * 1000) / interp.ms;
  const bRate = (hand.runs * 1000) / hand.ms;
  const win = twoProportion(interp.wins, interp.runs, hand.wins, hand.runs);
  const draw = twoProportion(interp.draws, interp.runs, hand.draws, hand.runs);
  const rounds = twoMeans(interp.rounds, hand.rounds);
  const Z = 3;
  const sameDistribution = Math.abs(win.z) < Z && Math.abs(draw.z) < Z && Math.abs(rounds.z) < Z;
  const result = {
    name,
    ruleset: [ruleset, ...overlays].map((p) => p.replace(/^.*\/(rulesets|bench)\//, '$1/')),
    encounter: encounter.replace(/^.*\/bench\//, 'bench/'),
    interpreter: {
      ...timed(interp),
    },
    interpreterRecordOnly: {
      keep: 'RECORD_EVENTS (the events a simulation record reads, as phasebook simulate runs)',
      ...timed(lean),
    },
    baseline: {
      ...timed(hand),
    },
    baselineSameDice: {
      dice: "the project's labelled Dice, the interpreter's labels (Dice.rollIn), a new Dice per combat",
      ...timed(handSame),
    },
    ratio: round(iRate / bRate, 4),
    ratioBatches: spread(ratios),
    ratioSameDice: round(iRate / sameRate, 4),
    ratioSameDiceBatches: spread(sameRatios),
    ratioSameDiceRecordOnly: round(leanRate / sameRate, 4),
    ratioSameDiceRecordOnlyBatches: spread(leanRatios),
    /** What the labelled dice cost the hand-written program: its rate with them / with one fast stream. */
    sameDiceBaselineVsFast: round(sameRate / bRate, 4),
    goal: { ratioSameDiceAtLeast: 0.5, met: iRate / sameRate >= 0.5, metRecordOnly: leanRate / sameRate >= 0.5 },
    exactReplay: { seeds: exactSeeds, identical, mismatches },
    distribution: {
      test: 'two-proportion z-test (win, draw), Welch z-test (mean rounds); agree when |z| < 3',
      winRate: { side: sideIds[0], interpreter: round(win.p1, 4), baseline: round(win.p2, 4), z: round(win.z, 2), p: round(win.p, 3) },
      drawRate: { interpreter: round(draw.p1, 4), baseline: round(draw.p2, 4), z: round(draw.z, 2), p: round(draw.p, 3) },
      meanRounds: { interpreter: round(rounds.m1, 3), baseline: round(rounds.m2, 3), z: round(rounds.z, 2), p: round(rounds.p, 3) },
      agree: sameDistribution,
    },
  };
  log(
    `  interpreter ${result.interpreter.combatsPerSecond} combats/s, baseline ${result.baseline.combatsPerSecond} combats/s, ratio ${result.ratio} ` +
      `(batches: median ${result.ratioBatches.median}, ${result.ratioBatches.min}–${result.ratioBatches.max})`,
  );
  log(
    `  same-dice baseline ${result.baselineSameDice.combatsPerSecond} combats/s (${result.sameDiceBaselineVsFast}× the fast one); ` +
      `interpreter / same-dice baseline ${result.ratioSameDice} (batches: median ${result.ratioSameDiceBatches.median}, ` +
      `${result.ratioSameDiceBatches.min}–${result.ratioSameDiceBatches.max})`,
  );
  log(
    `  record-only interpreter ${result.interpreterRecordOnly.combatsPerSecond} combats/s; / same-dice baseline ${result.ratioSameDiceRecordOnly} ` +
      `(batches: median ${result.ratioSameDiceRecordOnlyBatches.median}, ${result.ratioSameDiceRecordOnlyBatches.min}–${result.ratioSameDiceRecordOnlyBatches.max})`,
  );
  log(
    `  distribution: win(${sideIds[0]}) ${result.distribution.winRate.interpreter} vs ${result.distribution.winRate.baseline} (z ${result.distribution.winRate.z}), ` +
      `draws ${result.distribution.drawRate.interpreter} vs ${result.distribution.drawRate.baseline} (z ${result.distribution.drawRate.z}), ` +
      `rounds ${result.distribution.meanRounds.interpreter} vs ${result.distribution.meanRounds.baseline} (z ${result.distribution.meanRounds.z}) → ${sameDistribution ? 'agree' : 'DIFFER'}`,
  );
  return result;
}

const round = (x, d) => Math.round(x * 10 ** d) / 10 ** d;

/** A timed side's totals: combats, seconds, combats per second, the median of its batches. */
const timed = (t) => ({
  combats: t.runs,
  seconds: round(t.ms / 1000, 2),
  combatsPerSecond: round((t.runs * 1000) / t.ms, 1),
  batchMedian: round(median(t.rates), 1),
});

/** The spread of per-batch ratios. */
const spread = (xs) => ({
  n: xs.length,
  median: round(median(xs), 4),
  min: round(Math.min(...xs), 4),
  max: round(Math.max(...xs), 4),
});

// A child process of its own for one encounter: `node --expose-gc bench/interp-vs-baseline.mjs ose|d20 SECONDS EXACT`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [key, seconds, exactSeeds] = process.argv.slice(2);
  const e = ENCOUNTERS[key];
  if (!e) {
    process.stderr.write(`usage: node --expose-gc bench/interp-vs-baseline.mjs ${Object.keys(ENCOUNTERS).join('|')} SECONDS EXACT\n`);
    process.exit(1);
  }
  const log = (line) => process.stderr.write(`${line}\n`);
  const result = await interpVsBaseline({ ...e, seconds: Number(seconds), exactSeeds: Number(exactSeeds), log });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
