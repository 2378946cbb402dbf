/**
 * The table of `phasebook` commands, in the order `--help` lists them. Each is one small file
 * that registers its command; a file is loaded only when the command line may need it, so
 * `phasebook run` on files starts without the simulation, pack and play code (issue 9, cold
 * start). A new command is a new file and one line here.
 */
import { Help } from 'commander';
import { readFileSync } from 'node:fs';
import { DESCRIPTIONS } from './descriptions.js';
import type { Register } from './shared.js';

export interface CommandEntry {
  /** The command's name, as typed after `phasebook`. */
  name: keyof typeof DESCRIPTIONS;
  /** How the list of commands names it, with its options and arguments (as commander writes it). */
  term: string;
  /** Its definition, loaded on demand. */
  load: () => Promise<Register>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'validate', term: 'validate [options] <file...>', load: async () => (await import('./validate.js')).register },
  { name: 'resolve', term: 'resolve [options] <ruleset>', load: async () => (await import('./resolve.js')).register },
  { name: 'run', term: 'run [options] [ruleset] [encounter]', load: async () => (await import('./run.js')).register },
  { name: 'simulate', term: 'simulate [options] [ruleset] [encounter]', load: async () => (await import('./simulate.js')).register },
  { name: 'pack', term: 'pack', load: async () => (await import('./pack.js')).registerPackCommands },
  {
    name: 'migrate',
    term: 'migrate [options] <file...>',
    load: async () => {
      const { registerMigrateCommand } = await import('./migrate.js');
      return (program, ctx) => registerMigrateCommand(program, ctx, () => readFileSync(0, 'utf8'));
    },
  },
  { name: 'play', term: 'play [options] [ruleset] [encounter]', load: async () => (await import('./play.js')).registerPlay },
  { name: 'merge', term: 'merge [options] <shard...>', load: async () => (await import('./merge.js')).registerMerge },
  { name: 'diverge', term: 'diverge [options] <ruleset> <encounter>', load: async () => (await import('./diverge.js')).register },
];

/** Flags that need the pack code before the command line is parsed. */
const PACK_FLAG = /^--(pack|preset)(=|$)/;

/** Whether the command line only asks for the list of commands: `phasebook`, `--help`, `-h` or `help` alone. */
const listOnly = (argv: string[]) => argv.length === 0 || (argv.length === 1 && ['--help', '-h', 'help'].includes(argv[0]!));

/** The list of commands without their definitions: each a name, a description and a term. */
const listing: Register = (program) => {
  const terms = new Map<string, string>(COMMANDS.map((c) => [c.name, c.term]));
  for (const c of COMMANDS) program.command(c.name).description(DESCRIPTIONS[c.name]);
  program.configureHelp({ subcommandTerm: (cmd) => terms.get(cmd.name()) ?? new Help().subcommandTerm(cmd) });
};

/**
 * The definitions a command line needs: its command's alone when it names one, none for
 * `--version`, the list alone for `--help`, else all of them (`help <command>`, a mistyped
 * command: every command is suggested). The pack code is loaded too when --pack or --preset is
 * given.
 */
export async function commandsFor(argv: string[]): Promise<Register[]> {
  if (argv[0] === '--version' || argv[0] === '-V') return [];
  if (listOnly(argv)) return [listing];
  const named = COMMANDS.find((c) => c.name === argv[0]);
  const [registers] = await Promise.all([
    Promise.all((named ? [named] : COMMANDS).map((c) => c.load())),
    argv.some((a) => PACK_FLAG.test(a)) ? import('./pack-flags.js').then((m) => m.loadPackSupport()) : null,
  ]);
  return registers;
}
