/**
 * `phasebook merge <shard…>`: combine the shards of `phasebook simulate --shard i/n` into the
 * report a single simulation gives, byte for byte for the same seeds (with --no-timing, since
 * workers and seconds differ). A shard of another simulation, a repeated or a missing shard is
 * an error naming the file; nothing is printed then.
 */
import { Option, type Command } from 'commander';
import { readFileSync } from 'node:fs';
import { PhasebookError } from '../diagnostics.js';
import { present } from '../simulate/present.js';
import { mergeShards } from '../simulate/shard.js';
import { DESCRIPTIONS } from './descriptions.js';

const readText = (file: string): string => {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (err) {
    throw new PhasebookError([
      {
        file,
        line: 1,
        col: 1,
        pointer: '',
        message: `cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
        severity: 'error',
      },
    ]);
  }
};

export function registerMerge(program: Command, io: { out: (s: string) => void }): void {
  program
    .command('merge')
    .description(DESCRIPTIONS.merge)
    .argument('<shard...>', 'the shard files, all n of them, in any order')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'csv']).default('text'))
    .option('--no-timing', 'leave out workers and seconds')
    .addHelpText(
      'after',
      '\nExample:\n  for i in 1 2 3 4; do phasebook simulate r.json e.json --runs 100000 --shard $i/4 > shard-$i.json; done\n  phasebook merge shard-*.json',
    )
    .action((files: string[], opts: { format: string; timing: boolean }) => {
      const m = mergeShards(files.map((file) => ({ file, text: readText(file) })));
      const meta = opts.timing ? m.meta : { runs: m.meta.runs, seed: m.meta.seed, partial: m.meta.partial };
      io.out(present(m.plan, m.grid, m.accs, meta, opts.format));
    });
}
