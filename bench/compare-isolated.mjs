#!/usr/bin/env node
/**
 * Two builds of the interpreter, each in a process of its own, side by side: combats per CPU
 * second on the two benchmark encounters. The parent keeps one child process per build and asks
 * them in turn (never both at once) to run a batch of combats on the same seeds; each child times
 * its batch by its own CPU time and also sends each combat's outcome (winner, rounds), which the
 * parent compares: the same seeds must end the same way in both builds.
 *
 *   node bench/compare-isolated.mjs --old <build>/dist [--new DIR] [--rounds 12] [--batch 400] [--warmup 600] [--pairs 1] [--simulate [--curves]]
 *
 * --pairs N: N pairs of fresh child processes, one after the other, each pair running all the
 * rounds; the figure is then the median of the pairs' speedups (with their range) beside the
 * pooled one. One process of the same build can run 20–30 % faster or slower than the next (V8
 * settles each process's hot code its own way: measured 942–1,686 combats per CPU second for
 * six processes of one build), so a single pair can flatter or wrong either build.
 *
 * --simulate: each child runs its own build's simulation path per combat, as a simulate worker
 * does — its series-core runSlice when the build has one (a build with RunOptions.keep then runs
 * record-only, keeping what its recordOf reads), else its run() with seed runSeed(1, i) and its
 * recordOf — and sends each combat's whole record (and curve with --curves) as JSON, which the
 * parent compares seed by seed between the builds.
 *
 * Why not compare-builds.mjs: with two builds loaded in one process, each build's objects take
 * their own hidden classes, and the engine's megamorphic property loads (a `var` read over
 * expression data of many shapes) then share V8's one stub cache with the other build's. Per-round
 * ratios spread 0.2–6× there, and the two orders of the same pair disagree (this build measured
 * 0.6× of 4a1d28f one way and 1.5× slower the other way round, while each alone in a process ran
 * 2.3–2.6× faster). A simulation runs one build per process (a worker per thread), so this is
 * the figure a user sees. Build an old tree as compare-builds.mjs's comment says.
 */
import { fork } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, ROOT } from './lib.mjs';

const OSE = ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`));
const CASES = [
  { name: 'OSE phased 6v6', rs: join(ROOT, 'rulesets/ose/ose.json'), ov: OSE, enc: join(ROOT, 'bench/encounters/ose-phased-6v6.json') },
  { name: 'd20 SRD 4v4', rs: join(ROOT, 'rulesets/d20-srd/d20-srd.json'), ov: [], enc: join(ROOT, 'bench/encounters/d20-4v4.json') },
];

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else await parent();

/**
 * The build's simulation of combats [from, from + count) of series seed 1: a function giving
 * each combat's record (and curve) as JSON, by the path a simulate worker of that build takes.
 */
async function simulator(dist, curves, run) {
  const at = (f) => pathToFileURL(join(dist, 'interpreter/simulate', f)).href;
  const SEED = 1;
  let core = null;
  try {
    core = await import(at('series-core.js'));
  } catch {
    // Builds before series-core.js: the worker ran run() and reduced its events itself.
  }
  if (core?.runSlice) {
    // Its runSlice hands its runEvents the events to keep when the build has RunOptions.keep.
    const runEvents = (p, e, seed, keep) => run(p, e, keep ? { seed, keep } : { seed }).events;
    return (loaded, from, count, out) => {
      core.runSlice(loaded, { seed: SEED, from, to: from + count, curves }, runEvents, (m) => (out[m.i - from] = JSON.stringify(m)));
    };
  }
  const [{ recordOf }, { runSeed }, cv] = await Promise.all([import(at('record.js')), import(at('stats.js')), import(at('curves.js'))]);
  return ({ program, encounter }, from, count, out) => {
    const stat = curves ? cv.curveStatOf(program.resolved.ruleset) : null;
    const start = curves ? cv.startingValues(program.resolved.ruleset, encounter, stat) : null;
    for (let i = from; i < from + count; i++) {
      const events = run(program, encounter, { seed: runSeed(SEED, i) }).events;
      out[i - from] = JSON.stringify(
        curves ? { i, record: recordOf(events), curve: cv.curveOf(events, start, stat) } : { i, record: recordOf(events) },
      );
    }
  };
}

/** A child: one build; runs what it is asked, times it by its own CPU. */
async function child(dist, mode) {
  const { loadEncounter, loadProgram, run } = await import(pathToFileURL(join(dist, 'interpreter/pipeline.js')).href);
  const loaded = CASES.map((c) => {
    const program = loadProgram(c.rs, c.ov);
    return { program, enc: loadEncounter(c.enc, program) };
  });
  const simulate = mode ? await simulator(dist, mode === 'curves', run) : null;
  process.on('message', (/** @type {{ case: number, warmup?: number, from: number, count: number }} */ m) => {
    const { program, enc } = loaded[m.case];
    if (m.warmup) {
      if (simulate) simulate({ program, encounter: enc }, 900000, m.warmup, new Array(m.warmup));
      else for (let s = 0; s < m.warmup; s++) run(program, enc, { seed: 900000 + s });
    }
    const outcomes = new Array(m.count);
    globalThis.gc?.();
    const c0 = process.cpuUsage();
    if (simulate) simulate({ program, encounter: enc }, m.from, m.count, outcomes);
    else
      for (let i = 0; i < m.count; i++) {
        const r = run(program, enc, { seed: m.from + i });
        outcomes[i] = `${r.winner}/${r.rounds}`;
      }
    const c = process.cpuUsage(c0);
    process.send({ ms: (c.user + c.system) / 1000, outcomes });
  });
  process.send({ ready: true });
}

async function parent() {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const oldDist = resolve(opt('--old', '/tmp/old/dist'));
  const newDist = resolve(opt('--new', join(ROOT, 'dist')));
  const rounds = Number(opt('--rounds', 12));
  const batch = Number(opt('--batch', 400));
  const warmup = Number(opt('--warmup', 600));
  const mode = args.includes('--simulate') ? (args.includes('--curves') ? 'curves' : 'records') : '';
  const self = fileURLToPath(import.meta.url);
  const start = (dist) =>
    new Promise((ok) => {
      const p = fork(self, ['--child', dist, ...(mode ? [mode] : [])], { execArgv: ['--expose-gc'] });
      p.once('message', () => ok(p));
    });
  const ask = (p, m) =>
    new Promise((ok) => {
      p.once('message', ok);
      p.send(m);
    });
  const pairs = Math.max(1, Number(opt('--pairs', 1)));
  const out = {
    command: `node bench/compare-isolated.mjs ${args.join(' ')}`.trim(),
    old: oldDist,
    new: newDist,
    mode: mode
      ? `simulate (${mode}: each build's own worker path, whole records compared)`
      : 'run (full trace; winner and rounds compared)',
    batch,
    rounds,
    pairs,
    combats: [],
  };
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  for (let ci = 0; ci < CASES.length; ci++) {
    const per = { old: [], new: [] };
    const ratios = [];
    const pairSpeedups = [];
    let differ = 0;
    for (let pair = 0; pair < pairs; pair++) {
      // Fresh processes for each pair, started one after the other.
      const builds = { old: await start(oldDist), new: await start(newDist) };
      for (const p of Object.values(builds)) await ask(p, { case: ci, warmup, from: 800000, count: 1 });
      const mine = { old: [], new: [] };
      for (let r = 0; r < rounds; r++) {
        const from = 1 + r * batch;
        // The order alternates from round to round.
        const order = r % 2 === 0 ? ['old', 'new'] : ['new', 'old'];
        const got = {};
        for (const k of order) got[k] = await ask(builds[k], { case: ci, from, count: batch });
        for (const k of order) mine[k].push(got[k].ms);
        for (let i = 0; i < batch; i++) if (got.old.outcomes[i] !== got.new.outcomes[i]) differ++;
      }
      for (const p of Object.values(builds)) p.kill();
      for (const k of ['old', 'new']) per[k].push(...mine[k]);
      ratios.push(...mine.old.map((t, i) => t / mine.new[i]));
      pairSpeedups.push(sum(mine.old) / sum(mine.new));
    }
    const runs = rounds * batch * pairs;
    const rate = (k) => Math.round((runs * 1000) / sum(per[k]));
    const res = {
      name: CASES[ci].name,
      old: rate('old'),
      new: rate('new'),
      speedup: round(sum(per.old) / sum(per.new), 2),
      perRound: { median: round(median(ratios), 3), min: round(Math.min(...ratios), 3), max: round(Math.max(...ratios), 3) },
      ...(pairs > 1
        ? {
            perPair: {
              median: round(median(pairSpeedups), 2),
              min: round(Math.min(...pairSpeedups), 2),
              max: round(Math.max(...pairSpeedups), 2),
            },
          }
        : {}),
      combats: runs,
      outcomesDiffer: differ,
    };
    out.combats.push(res);
    const pairText = res.perPair
      ? `; per pair of processes: median ${res.perPair.median}×, ${res.perPair.min}–${res.perPair.max} (${pairs} pairs)`
      : '';
    process.stderr.write(
      `${res.name}: old ${res.old} combats per CPU second, new ${res.new} → ${res.speedup}× (per round: median ${res.perRound.median}, ` +
        `${res.perRound.min}–${res.perRound.max}${pairText}); ${res.combats} seeds, ${differ} ${mode ? 'records differed' : 'ended differently'}\n`,
    );
  }
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

function round(x, d = 1) {
  return Math.round(x * 10 ** d) / 10 ** d;
}
