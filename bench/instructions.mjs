#!/usr/bin/env node
/**
 * Instructions per combat, counted by valgrind (callgrind), not timed: a figure the machine's load
 * does not move. Runs each build twice under `valgrind --tool=callgrind` with `node
 * --single-threaded` (no concurrent compilation: the same work each time), once with `few`
 * combats and once with `many`, and prints (instructions(many) − instructions(few)) / (many − few):
 * the instructions of one combat, start-up and warm-up cancelled out. Slow (about 50× a plain
 * run: a minute or two per build at the defaults). Needs valgrind.
 *
 *   node bench/instructions.mjs d20|ose <build>/dist [<build>/dist …] [--few 100] [--many 400]
 *
 * A build's dist must sit beside its schemas/ (as a worktree's does, or a copy given a symlink).
 * With `--child DIST N WHICH` it is the combat runner itself (seeds 1..N, run()).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT } from './lib.mjs';

const args = process.argv.slice(2);
if (args[0] === '--child') {
  const [, dist, n, which] = args;
  const { loadEncounter, loadProgram, run } = await import(pathToFileURL(join(dist, 'interpreter/pipeline.js')).href);
  const OSE = ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`));
  const program =
    which === 'ose' ? loadProgram(join(ROOT, 'rulesets/ose/ose.json'), OSE) : loadProgram(join(ROOT, 'rulesets/d20-srd/d20-srd.json'));
  const enc = loadEncounter(
    join(ROOT, which === 'ose' ? 'bench/encounters/ose-phased-6v6.json' : 'bench/encounters/d20-4v4.json'),
    program,
  );
  for (let i = 0; i < Number(n); i++) run(program, enc, { seed: i + 1 });
} else {
  const opt = (name, fallback) => (args.includes(name) ? Number(args.splice(args.indexOf(name), 2)[1]) : fallback);
  const few = opt('--few', 100);
  const many = opt('--many', 400);
  const [which = 'd20', ...dists] = args;
  const self = fileURLToPath(import.meta.url);
  // callgrind's summary goes to stderr.
  const ir = (dist, n) => {
    const r = spawnSync(
      'valgrind',
      [
        '--tool=callgrind',
        '--callgrind-out-file=/dev/null',
        process.execPath,
        '--single-threaded',
        self,
        '--child',
        dist,
        String(n),
        which,
      ],
      { encoding: 'utf8' },
    );
    const m = /Collected : (\d+)/.exec(r.stderr ?? '');
    if (r.status !== 0 || !m) throw new Error(`no instruction count for ${dist} (${n} combats):\n${(r.stderr ?? '').slice(-2000)}`);
    return Number(m[1]);
  };
  for (const dist of dists) {
    const a = ir(dist, few);
    const b = ir(dist, many);
    console.log(`${which} ${dist}: ${((b - a) / (many - few) / 1e6).toFixed(3)} M instructions per combat (${few}: ${a}, ${many}: ${b})`);
  }
}
