#!/usr/bin/env node
/**
 * Cold start (issue 9, goal 5): wall time of whole processes, side by side, interleaved:
 * `node -e 0` against `phasebook run` on a sample (the d20 SRD sample encounter, text output).
 * Each is started N times, alternating, so that both see the same machine load; the figures are
 * the minimum and the median, and their ratios. hyperfine is not installed here, hence this loop.
 * Each process also reports the CPU time it used (bench/exit-usage-hook.mjs, preloaded in both
 * cases alike): on a loaded machine, wall times mostly measure the wait for a core, and the CPU
 * ratio says what the start-up itself costs.
 *
 *   node bench/startup.mjs [--runs 30] [--build DIR]   (DIR: another checkout's root, to compare its bin/phasebook.js)
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { median, now, ROOT } from './lib.mjs';

const SAMPLE = ['rulesets/d20-srd/d20-srd.json', 'rulesets/d20-srd/encounters/sample.json'];

const HOOK = ['--import', join(ROOT, 'bench/exit-usage-hook.mjs')];

/** One process: its wall time and the CPU time it reported, in ms. */
function time(args, cwd) {
  const t0 = now();
  const r = spawnSync(process.execPath, [...HOOK, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited with ${r.status}: ${r.stderr}`);
  const cpu = /usage maxrss-kb \d+ cpu-ms (\d+)/.exec(r.stderr);
  if (!cpu) throw new Error(`no usage line in: ${r.stderr}`);
  return { ms, cpuMs: Number(cpu[1]) };
}

export function startup({ runs = 30, builds = { this: ROOT }, log = (_line) => {} } = {}) {
  const cases = { 'node -e 0': { args: ['-e', '0'], cwd: ROOT, ms: [], cpu: [] } };
  for (const [name, root] of Object.entries(builds)) {
    cases[`phasebook run (${name})`] = {
      args: [join(root, 'bin/phasebook.js'), 'run', ...SAMPLE.map((p) => join(ROOT, p))],
      cwd: ROOT,
      ms: [],
      cpu: [],
    };
  }
  for (const c of Object.values(cases)) time(c.args, c.cwd); // warm the file cache
  for (let i = 0; i < runs; i++) {
    for (const c of Object.values(cases)) {
      const t = time(c.args, c.cwd);
      c.ms.push(t.ms);
      c.cpu.push(t.cpuMs);
    }
  }
  const base = cases['node -e 0'];
  const out = { command: 'node bench/startup.mjs', runs, loadAverage: loadavg()[0], sample: SAMPLE.join(' '), cases: {} };
  for (const [name, c] of Object.entries(cases)) {
    out.cases[name] = {
      minMs: round(Math.min(...c.ms)),
      medianMs: round(median(c.ms)),
      ratioMin: round(Math.min(...c.ms) / Math.min(...base.ms), 2),
      ratioMedian: round(median(c.ms) / median(base.ms), 2),
      cpuMedianMs: round(median(c.cpu)),
      cpuRatioMedian: round(median(c.cpu) / median(base.cpu), 2),
    };
    log(
      `  ${name}: min ${out.cases[name].minMs} ms, median ${out.cases[name].medianMs} ms (× node -e 0: ${out.cases[name].ratioMin} min, ${out.cases[name].ratioMedian} median); CPU median ${out.cases[name].cpuMedianMs} ms (× ${out.cases[name].cpuRatioMedian})`,
    );
  }
  const mine = out.cases['phasebook run (this)'];
  out.goal = { ratioAtMost: 2, met: mine !== undefined && mine.ratioMin <= 2 };
  return out;
}

const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 30;
  const builds = { this: ROOT };
  if (args.includes('--build')) builds.other = args[args.indexOf('--build') + 1];
  const r = startup({ runs, builds, log: (s) => process.stderr.write(`${s}\n`) });
  process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
}
