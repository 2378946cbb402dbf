#!/usr/bin/env node
/**
 * Cold start (issue 9, goal 5): wall time of whole processes, side by side, interleaved:
 * `node -e 0` against `phasebook run` on a sample (the d20 SRD sample encounter, text output).
 * Each is started N times, alternating, so that both see the same machine load; the figures are
 * the minimum and the median, and their ratios. hyperfine is not installed here, hence this loop.
 *
 *   node bench/startup.mjs [--runs 30] [--build DIR]   (DIR: another checkout's root, to compare its bin/phasebook.js)
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median, now, ROOT } from './lib.mjs';

const SAMPLE = ['rulesets/d20-srd/d20-srd.json', 'rulesets/d20-srd/encounters/sample.json'];

function time(args, cwd) {
  const t0 = now();
  const r = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited with ${r.status}: ${r.stderr}`);
  return ms;
}

export function startup({ runs = 30, builds = { this: ROOT }, log = (_line) => {} } = {}) {
  const cases = { 'node -e 0': { args: ['-e', '0'], cwd: ROOT, ms: [] } };
  for (const [name, root] of Object.entries(builds)) {
    cases[`phasebook run (${name})`] = {
      args: [join(root, 'bin/phasebook.js'), 'run', ...SAMPLE.map((p) => join(ROOT, p))],
      cwd: ROOT,
      ms: [],
    };
  }
  for (const c of Object.values(cases)) time(c.args, c.cwd); // warm the file cache
  for (let i = 0; i < runs; i++) for (const c of Object.values(cases)) c.ms.push(time(c.args, c.cwd));
  const base = cases['node -e 0'];
  const out = { command: 'node bench/startup.mjs', runs, sample: SAMPLE.join(' '), cases: {} };
  for (const [name, c] of Object.entries(cases)) {
    out.cases[name] = {
      minMs: round(Math.min(...c.ms)),
      medianMs: round(median(c.ms)),
      ratioMin: round(Math.min(...c.ms) / Math.min(...base.ms), 2),
      ratioMedian: round(median(c.ms) / median(base.ms), 2),
    };
    log(
      `  ${name}: min ${out.cases[name].minMs} ms, median ${out.cases[name].medianMs} ms (× node -e 0: ${out.cases[name].ratioMin} min, ${out.cases[name].ratioMedian} median)`,
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
