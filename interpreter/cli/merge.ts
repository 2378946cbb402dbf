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
import { STDIN_NAME } from '../read/index.js';
import { DESCRIPTIONS } from './descriptions.js';

/** Why a file could not be read, in the words `validate` uses. */
const why = (err: unknown): string => {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'the file does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory, not a JSON file';
  return err instanceof Error ? err.message : String(err);
};

/** A shard's name in messages (`-` is standard input, named as every command names it) and its text. */
const readShard = (arg: string): { file: string; text: string } => {
  const file = arg === '-' ? STDIN_NAME : arg;
  try {
    return { file, text: readFileSync(arg === '-' ? 0 : arg, 'utf8') };
  } catch (err) {
    const what = arg === '-' ? 'standard input' : JSON.stringify(arg);
    throw new PhasebookError([{ file, line: 1, col: 1, pointer: '', message: `cannot read ${what}: ${why(err)}`, severity: 'error' }]);
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
      const m = mergeShards(files.map(readShard));
      const meta = opts.timing ? m.meta : { runs: m.meta.runs, seed: m.meta.seed, partial: m.meta.partial };
      io.out(present(m.plan, m.grid, m.accs, meta, opts.format));
    });
}
