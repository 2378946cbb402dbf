#!/usr/bin/env node
/**
 * Memory of `phasebook simulate` as the run count grows (issue 9, goal 4: a 20,000-run simulate
 * peaks at 150 MB or less, and memory stays flat as the run count grows). Each run count is a
 * whole `phasebook simulate` process, one after another in this script; the figure is its peak
 * RSS (main thread and workers together), from process.resourceUsage().maxRSS at exit.
 *
 *   node bench/simulate-memory.mjs [--runs 2000,20000,100000] [--workers 2] [--encounter ose|d20]
 *
 * The OSE encounter is benchmark 1's (phased 6 v 6 with three house rules), as in the goal.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { now, ROOT } from './lib.mjs';

const ENCOUNTERS = {
  ose: [
    'rulesets/ose/ose.json',
    'bench/encounters/ose-phased-6v6.json',
    ...['phased-round', 'crossbow-speed', 'two-handed-last'].flatMap((o) => ['--with', `rulesets/ose/overlays/${o}.json`]),
  ],
  d20: ['rulesets/d20-srd/d20-srd.json', 'bench/encounters/d20-4v4.json'],
};

/** One `phasebook simulate` process: its peak RSS in MB, its wall time and its output's size. */
function measure(args, runs, workers) {
  const t0 = now();
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      join(ROOT, 'bench/exit-usage-hook.mjs'),
      join(ROOT, 'bin/phasebook.js'),
      'simulate',
      ...args,
      '--runs',
      String(runs),
      '--workers',
      String(workers),
      '--format',
      'json',
      '--no-timing',
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const seconds = (now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`simulate --runs ${runs} exited with ${r.status}: ${r.stderr}`);
  const m = /usage maxrss-kb (\d+)/.exec(r.stderr);
  if (!m) throw new Error(`no maxrss line in: ${r.stderr}`);
  return { runs, peakMb: Math.round(Number(m[1]) / 102.4) / 10, seconds: Math.round(seconds * 10) / 10 };
}

export function simulateMemory({ runs = [2000, 20000, 100000], workers = 2, encounter = 'ose', log = (_line) => {} } = {}) {
  const args = ENCOUNTERS[encounter];
  if (!args) throw new Error(`unknown encounter ${encounter}: ${Object.keys(ENCOUNTERS).join(', ')}`);
  const rows = [];
  for (const n of runs) {
    const row = measure(args, n, workers);
    rows.push(row);
    log(`  ${n} runs, ${workers} workers: peak RSS ${row.peakMb} MB (${row.seconds} s)`);
  }
  const peak = Math.max(...rows.map((r) => r.peakMb));
  const first = rows[0].peakMb;
  const at20k = rows.find((r) => r.runs === 20000)?.peakMb ?? null;
  return {
    command: `node bench/simulate-memory.mjs --runs ${runs.join(',')} --workers ${workers} --encounter ${encounter}`,
    encounter: args.join(' '),
    workers,
    rows,
    growthMb: Math.round((peak - first) * 10) / 10,
    goal: { peakMbAtMost: 150, at20k, met: at20k !== null && at20k <= 150 },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
  const r = simulateMemory({
    runs: opt('--runs', '2000,20000,100000').split(',').map(Number),
    workers: Number(opt('--workers', '2')),
    encounter: opt('--encounter', 'ose'),
    log: (s) => process.stderr.write(`${s}\n`),
  });
  process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
}
