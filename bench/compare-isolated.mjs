#!/usr/bin/env node
/**
 * Two builds of the interpreter, each in a process of its own, side by side: combats per CPU
 * second on the two benchmark encounters. The parent keeps one child process per build and asks
 * them in turn (never both at once) to run a batch of combats on the same seeds; each child times
 * its batch by its own CPU time and also sends each combat's outcome (winner, rounds), which the
 * parent compares: the same seeds must end the same way in both builds.
 *
 *   node bench/compare-isolated.mjs --old <build>/dist [--new DIR] [--rounds 12] [--batch 400] [--warmup 600]
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

if (process.argv[2] === '--child') await child(process.argv[3]);
else await parent();

/** A child: one build; runs what it is asked, times it by its own CPU. */
async function child(dist) {
  const { loadEncounter, loadProgram, run } = await import(pathToFileURL(join(dist, 'interpreter/pipeline.js')).href);
  const loaded = CASES.map((c) => {
    const program = loadProgram(c.rs, c.ov);
    return { program, enc: loadEncounter(c.enc, program) };
  });
  process.on('message', (/** @type {{ case: number, warmup?: number, from: number, count: number }} */ m) => {
    const { program, enc } = loaded[m.case];
    if (m.warmup) for (let s = 0; s < m.warmup; s++) run(program, enc, { seed: 900000 + s });
    const outcomes = new Array(m.count);
    globalThis.gc?.();
    const c0 = process.cpuUsage();
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
  const self = fileURLToPath(import.meta.url);
  const start = (dist) =>
    new Promise((ok) => {
      const p = fork(self, ['--child', dist], { execArgv: ['--expose-gc'] });
      p.once('message', () => ok(p));
    });
  const ask = (p, m) =>
    new Promise((ok) => {
      p.once('message', ok);
      p.send(m);
    });
  const builds = { old: await start(oldDist), new: await start(newDist) };
  const out = {
    command: `node bench/compare-isolated.mjs ${args.join(' ')}`.trim(),
    old: oldDist,
    new: newDist,
    batch,
    rounds,
    combats: [],
  };
  for (let ci = 0; ci < CASES.length; ci++) {
    for (const p of Object.values(builds)) await ask(p, { case: ci, warmup, from: 800000, count: 1 });
    const per = { old: [], new: [] };
    let differ = 0;
    for (let r = 0; r < rounds; r++) {
      const from = 1 + r * batch;
      // The order alternates from round to round.
      const order = r % 2 === 0 ? ['old', 'new'] : ['new', 'old'];
      const got = {};
      for (const k of order) got[k] = await ask(builds[k], { case: ci, from, count: batch });
      for (const k of order) per[k].push(got[k].ms);
      for (let i = 0; i < batch; i++) if (got.old.outcomes[i] !== got.new.outcomes[i]) differ++;
    }
    const ratios = per.old.map((t, i) => t / per.new[i]);
    const sum = (xs) => xs.reduce((a, b) => a + b, 0);
    const rate = (k) => Math.round((rounds * batch * 1000) / sum(per[k]));
    const res = {
      name: CASES[ci].name,
      old: rate('old'),
      new: rate('new'),
      speedup: round(sum(per.old) / sum(per.new), 2),
      perRound: { median: round(median(ratios), 3), min: round(Math.min(...ratios), 3), max: round(Math.max(...ratios), 3) },
      combats: rounds * batch,
      outcomesDiffer: differ,
    };
    out.combats.push(res);
    process.stderr.write(
      `${res.name}: old ${res.old} combats per CPU second, new ${res.new} → ${res.speedup}× (per round: median ${res.perRound.median}, ` +
        `${res.perRound.min}–${res.perRound.max}); ${res.combats} seeds, ${differ} ended differently\n`,
    );
  }
  for (const p of Object.values(builds)) p.kill();
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

function round(x, d = 1) {
  return Math.round(x * 10 ** d) / 10 ** d;
}
