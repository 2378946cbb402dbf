/**
 * `phasebook diverge`: two variants on the same seed — the first event where their timelines
 * differ, and the overlay change that caused it (file:line:col of the change).
 */
import { Option } from 'commander';
import { diverge, formatDivergence } from '../simulate/divergence.js';
import { replayCommand, type SeriesSpec } from '../simulate/series.js';
import { parseSet } from '../simulate/sweep.js';
import { commandLineError } from '../simulate/sweep.js';
import { collect, type Register } from './shared.js';
import { parseVs, variantOf } from './variants.js';
import type { VariantFiles } from '../simulate/plan-types.js';
import { DESCRIPTIONS } from './descriptions.js';

/** A variant of files only (diverge takes no pack). */
const files = (v: VariantFiles) => ({ name: v.name, ruleset: v.ruleset, overlays: v.overlays, encounter: v.encounter });

const DIVERGE_HELP = [
  '',
  "A cause is named when one variant's overlays are the other's plus more (in the same order):",
  'their changes are switched on one at a time.',
  'Example: phasebook diverge my-ruleset.json my-encounter.json',
  '  --with my-house-rule.json',
  '  --vs "my-ruleset.json --with my-house-rule.json --with my-other-rule.json"',
  '  --seed 3',
].join('\n');

export const register: Register = (program, { out }) => {
  program
    .command('diverge')
    .description(DESCRIPTIONS.diverge)
    .argument('<ruleset>', 'the ruleset of variant A')
    .argument('<encounter>', 'the encounter (the same for both)')
    .option('--with <overlay>', 'an overlay of variant A (repeatable; order matters)', collect, [])
    .requiredOption('--vs <variant>', 'variant B, quoted: "<ruleset> [--with <overlay>]…"')
    .option(
      '--seed <n>',
      'the run seed (e.g. one listed by simulate --examples)',
      (v: string) => {
        if (!/^\d+$/.test(v) || Number(v) > 2 ** 32 - 1)
          throw commandLineError('', `--seed expects a whole number from 0 to ${2 ** 32 - 1}, got "${v}"`);
        return Number(v);
      },
      1,
    )
    .option('--set <target=value>', 'change one value in both variants first (as run --set) (repeatable)', collect, [])
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText('after', DIVERGE_HELP)
    .action((ruleset: string, encounter: string, opts: { with: string[]; vs: string; seed: number; set: string[]; format: string }) => {
      const patches = opts.set.map(parseSet);
      const a: SeriesSpec = { ...files(variantOf(ruleset, opts.with, encounter)), patches };
      const b: SeriesSpec = { ...files(parseVs(opts.vs, encounter)), patches };
      const d = diverge(a, b, opts.seed);
      const commands = { a: replayCommand(a, opts.seed), b: replayCommand(b, opts.seed) };
      out(
        opts.format === 'json'
          ? JSON.stringify({ a: a.name, b: b.name, ...d, commands }, null, 2) + '\n'
          : formatDivergence(d, { a: a.name, b: b.name }, commands),
      );
    });
};
