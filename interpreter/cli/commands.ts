/**
 * The table of `phasebook` commands, in the order `--help` lists them. Each is one small file
 * that registers its command; a file is loaded only when the command line may need it, so
 * `phasebook run` on files starts without the simulation, pack and play code (issue 9, cold
 * start). A new command is a new file and one line here.
 */
import { readFileSync } from 'node:fs';
import type { Register } from './shared.js';

export interface CommandEntry {
  /** The command's name, as typed after `phasebook`. */
  name: string;
  /** Its definition, loaded on demand. */
  load: () => Promise<Register>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'validate', load: async () => (await import('./validate.js')).register },
  { name: 'resolve', load: async () => (await import('./resolve.js')).register },
  { name: 'run', load: async () => (await import('./run.js')).register },
  { name: 'simulate', load: async () => (await import('./simulate.js')).register },
  { name: 'pack', load: async () => (await import('./pack.js')).registerPackCommands },
  {
    name: 'migrate',
    load: async () => {
      const { registerMigrateCommand } = await import('./migrate.js');
      return (program, ctx) => registerMigrateCommand(program, ctx, () => readFileSync(0, 'utf8'));
    },
  },
  { name: 'play', load: async () => (await import('./play.js')).registerPlay },
  { name: 'merge', load: async () => (await import('./merge.js')).registerMerge },
  { name: 'diverge', load: async () => (await import('./diverge.js')).register },
];

/** Flags that need the pack code before the command line is parsed. */
const PACK_FLAG = /^--(pack|preset)(=|$)/;

/**
 * The definitions a command line needs: its command's alone when it names one, none for
 * `--version`, else all of them (`--help`, `help`, a mistyped command: every command is listed
 * or suggested). The pack code is loaded too when --pack or --preset is given.
 */
export async function commandsFor(argv: string[]): Promise<Register[]> {
  if (argv[0] === '--version' || argv[0] === '-V') return [];
  const named = COMMANDS.find((c) => c.name === argv[0]);
  const [registers] = await Promise.all([
    Promise.all((named ? [named] : COMMANDS).map((c) => c.load())),
    argv.some((a) => PACK_FLAG.test(a)) ? import('./pack-flags.js').then((m) => m.loadPackSupport()) : null,
  ]);
  return registers;
}
