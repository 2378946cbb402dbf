/** `phasebook resolve <ruleset> --with <overlay>…`: apply house-rule overlays in order and print the resolved ruleset. */
import { loadProgram } from '../pipeline.js';
import { collect, type Register } from './shared.js';
import { DESCRIPTIONS } from './descriptions.js';

export const register: Register = (program, { out, src }) => {
  program
    .command('resolve')
    .description(DESCRIPTIONS.resolve)
    .argument('<ruleset>', 'the base ruleset ("-" reads it from standard input)')
    .option('--with <overlay>', 'an overlay to apply (repeatable; order matters; "-" reads one from standard input)', collect, [])
    .action((rulesetArg: string, opts: { with: string[] }) => {
      const ruleset = src.name(rulesetArg);
      const p = loadProgram(
        ruleset,
        opts.with.map((o) => src.name(o)),
        src.texts,
      );
      out(JSON.stringify(p.resolved.ruleset, null, 2) + '\n');
    });
};
