/**
 * Benchmark 6 (issue 11 §6): what a session in auto mode costs over a plain `runCombat`.
 * A session in auto mode (nobody is asked: seeded dice, the default policy and decisions) is
 * what `run`, `simulate` and the editor's timeline could be built on; its overhead must stay
 * small (the goal: at most 5 %).
 *
 * Both sides run in one process on the same compiled program, in `pairs` alternating batches
 * of `batchRuns` combats on the same seeds (which goes first alternates too), with gc() between batches. The figure is the
 * median of the per-pair ratios session time / plain time. A batch's time is this process's CPU
 * time (process.cpuUsage), not wall time: the machine is shared, and waiting for a core is not
 * the code's cost.
 *
 * Honesty check, printed: for the first `checkSeeds` seeds the session's trace is the plain
 * run's, event for event, and the session is done (nothing was pending).
 */
import { loadEncounter, loadProgram, openSession } from '../dist/interpreter/pipeline.js';
import { runCombat } from '../dist/interpreter/run/engine.js';
import { gc, median } from './lib.mjs';

export async function sessionOverhead({
  name,
  ruleset,
  overlays,
  encounter,
  pairs = 40,
  batchRuns = 20,
  checkSeeds = 100,
  log = (_line) => {},
}) {
  const program = loadProgram(ruleset, overlays);
  const enc = loadEncounter(encounter, program);
  const plain = (seed) => runCombat(program.compiled, enc, { seed });
  const session = (seed) => openSession(program, enc, { seed });

  let identical = 0;
  for (let s = 1; s <= checkSeeds; s++) {
    const a = plain(s);
    const b = session(s);
    if (b.done && JSON.stringify(b.events) === JSON.stringify(a.events)) identical++;
  }
  log(`  same trace as a plain run: ${identical}/${checkSeeds} seeds`);

  // Warm-up: the JIT settles on both paths.
  for (let s = 1_000_000; s < 1_000_100; s++) {
    plain(s);
    session(s);
  }
  const batch = (f, first) => {
    gc();
    const t = process.cpuUsage();
    for (let i = 0; i < batchRuns; i++) f(first + i);
    const d = process.cpuUsage(t);
    return (d.user + d.system) / 1000;
  };
  const ratios = [];
  let plainMs = 0;
  let sessionMs = 0;
  let runs = 0;
  for (let pair = 0, first = 1; pair < pairs; pair++, first += batchRuns) {
    let p, q;
    if (pair % 2 === 0) {
      p = batch(plain, first);
      q = batch(session, first);
    } else {
      q = batch(session, first);
      p = batch(plain, first);
    }
    ratios.push(q / p);
    plainMs += p;
    sessionMs += q;
    runs += batchRuns;
  }
  const r4 = (x) => Math.round(x * 10000) / 10000;
  const ratio = median(ratios);
  const result = {
    name,
    batchPairs: ratios.length,
    runsEach: runs,
    plain: { combatsPerSecond: Math.round((runs / plainMs) * 10000) / 10 },
    session: { combatsPerSecond: Math.round((runs / sessionMs) * 10000) / 10 },
    ratio: { median: r4(ratio), min: r4(Math.min(...ratios)), max: r4(Math.max(...ratios)) },
    overheadPercent: Math.round((ratio - 1) * 1000) / 10,
    sameTrace: { identical, of: checkSeeds },
    goal: { overheadAtMostPercent: 5, met: ratio <= 1.05 && identical === checkSeeds },
  };
  log(
    `  session / plain time: median ${result.ratio.median} (${result.ratio.min}–${result.ratio.max}) → overhead ${result.overheadPercent} %`,
  );
  return result;
}
