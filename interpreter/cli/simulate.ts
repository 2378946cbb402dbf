/**
 * `phasebook simulate`: many seeded combats of one encounter under one or more rule variants.
 * The options are declared here; simulate-run.ts builds the plan and runs it.
 */
import { Option } from 'commander';
import type { VariantFiles } from '../simulate/plan-types.js';
import { addPackOptions, loadRunInputs, missingArgument, usesPack, type PackFlags } from './pack-flags.js';
import { collect, intOption, usage, type Register } from './shared.js';
import { SIMULATE_HELP } from './simulate-help.js';
import { simulateCommand, type SimulateOptions } from './simulate-run.js';
import { parseVs, variantOf } from './variants.js';
import { DESCRIPTIONS } from './descriptions.js';

export const register: Register = (program, { out }) => {
  const command = program
    .command('simulate')
    .description(DESCRIPTIONS.simulate)
    .argument('[ruleset]', 'the ruleset of the first variant (with --pack: a reference, optional with --preset)')
    .argument('[encounter]', 'the encounter, the same for every variant (with --pack: a file or a reference)')
    .option('--with <overlay>', 'an overlay of the first variant (repeatable; order matters)', collect, [])
    .option(
      '--vs <variant>',
      'another variant, quoted: "<ruleset> [--with <overlay>]…", or "--preset <id>" of the --pack (repeatable)',
      collect,
      [],
    )
    .requiredOption('--runs <n>', 'combats per variant', intOption('--runs', 1, 10_000_000))
    .option(
      '--seed <n>',
      'simulation seed: run i uses a seed derived from (seed, i), whatever the number of workers',
      intOption('--seed', 0, 2 ** 32 - 1),
      1,
    )
    .option('--workers <k>', 'worker threads (default: all cores)', intOption('--workers', 1, 256))
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'csv']).default('text'))
    .option(
      '--sweep <target=values>',
      'vary one value, each value its own series: encounter:<path>=4..12, ruleset:<path>=a,b, option:<name>=a,b, count:<path to a combatant>=1..8',
    )
    .option('--set <target=value>', 'fix one value for every series, same targets as --sweep (repeatable)', collect, [])
    .option(
      '--examples <k>',
      'list K run seeds per outcome (winner; winner and round) with the command that replays each',
      intOption('--examples', 1, 1000),
    )
    .option('--curves', 'curves by round per side: standing, share standing (survival) and the main stat left, with 95% intervals')
    .option(
      '--curve-stat <stat>',
      'the stat the curves follow (default: the first numeric stat the ruleset\'s "out" condition reads); implies --curves',
    )
    .option(
      '--shard <i/n>',
      'run only the i-th of n slices of the runs and print mergeable statistics as JSON (combine with phasebook merge)',
    )
    .option('--no-timing', 'leave out workers and seconds (the only figures that vary between identical simulations)')
    .addHelpText('after', SIMULATE_HELP);
  addPackOptions(command);
  command.action(
    async (
      ruleset: string | undefined,
      encounter: string | undefined,
      opts: PackFlags & { with: string[]; vs: string[] } & SimulateOptions,
    ) => {
      if (!usesPack(opts) && (!ruleset || !encounter)) throw usage(missingArgument(ruleset));
      const fromPack = usesPack(opts) ? loadRunInputs(opts, ruleset, encounter, opts.with) : null;
      const first = fromPack ? fromPack.variant : variantOf(ruleset!, opts.with, encounter!);
      const variants: VariantFiles[] = [first, ...opts.vs.map((v) => parseVs(v, fromPack?.encounterRef ?? first.encounter, opts))];
      await simulateCommand(
        variants.map((v) => ({
          name: v.name,
          ruleset: v.ruleset,
          overlays: v.overlays,
          encounter: v.encounter,
          ...(v.texts ? { texts: Object.fromEntries(v.texts) } : {}),
        })),
        opts,
        out,
      );
    },
  );
};
