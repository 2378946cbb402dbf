/**
 * `phasebook run <ruleset> <encounter>`: one combat, its timeline (text) or its events (JSON
 * Lines). Nothing is printed to stdout unless the run fully succeeds.
 */
import { Option } from 'commander';
import { PhasebookError, type Diagnostic } from '../diagnostics.js';
import { Dice, DiceError } from '../dice/index.js';
import { run } from '../pipeline.js';
import type { SourceDocument } from '../read/index.js';
import type { VariantFiles } from '../simulate/plan-types.js';
import { toJsonLines } from '../trace/events.js';
import { formatTimeline } from '../trace/text.js';
import { addPackOptions, loadRunInputs, type PackFlags } from './pack-flags.js';
import { collect, intOption, usage, type Register } from './shared.js';
import { DESCRIPTIONS } from './descriptions.js';

/** LABEL=VALUE pairs of a repeatable flag; every malformed pair is reported, not just the first. */
function parsePairs(pairs: string[], flag: string, problems: Diagnostic[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const p of pairs) {
    const i = p.indexOf('=');
    if (i <= 0 || i === p.length - 1) problems.push(...usage(`${flag} expects LABEL=VALUE, got "${p}"`).diagnostics);
    else map.set(p.slice(0, i), p.slice(i + 1));
  }
  return map;
}

/** Pins whose value is not a total or a list of dice, each reported (checked before any run). */
function checkRollPins(rolls: Map<string, string>, problems: Diagnostic[]): void {
  for (const [label, value] of rolls) {
    try {
      new Dice(0, new Map([[label, value]]));
    } catch (err) {
      if (!(err instanceof DiceError)) throw err;
      problems.push(...usage(`--roll ${label}=${value}: ${err.message}`).diagnostics);
    }
  }
}

/** A run that failed on one pinned roll or decision: its diagnostic, and how to drop the pin. */
function badPin(
  err: unknown,
  rolls: Map<string, string>,
  choices: Map<string, string>,
  enc: { dice?: Record<string, unknown> },
  encounterDoc: () => SourceDocument,
): { diagnostic: Diagnostic; drop: (() => void) | null } | null {
  if (err instanceof DiceError && err.pin) {
    const full = err.label ?? '';
    const label = rolls.has(full) ? full : full.replace(/#\d+$/, '');
    if (rolls.has(label)) {
      return { diagnostic: usage(`--roll ${label}=${rolls.get(label)}: ${err.message}`).diagnostics[0]!, drop: () => rolls.delete(label) };
    }
    // A pinned value of the encounter's own dice: point at where it was given.
    if (enc.dice && Object.prototype.hasOwnProperty.call(enc.dice, label)) {
      const doc = encounterDoc();
      const pointer = `/dice/${label.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      return { diagnostic: { file: doc.file, ...doc.locate(pointer), pointer, message: err.message, severity: 'error' }, drop: null };
    }
    return { diagnostic: usage(`--roll ${label}: ${err.message}`).diagnostics[0]!, drop: null };
  }
  if (err instanceof PhasebookError && err.diagnostics.length === 1) {
    const d = err.diagnostics[0]!;
    const m = d.file === '<command line>' ? /^--choose (.+?)=/.exec(d.message) : null;
    if (m && choices.has(m[1]!)) return { diagnostic: d, drop: () => choices.delete(m[1]!) };
  }
  return null;
}

/** The documents of a run with `--set` values changed (simulate's series code, loaded when needed). */
async function withSet(variant: VariantFiles, stdin: Map<string, string>, set: string[]) {
  const [{ loadSeries }, { parseSet }] = await Promise.all([import('../simulate/series.js'), import('../simulate/sweep.js')]);
  const texts = Object.fromEntries([...stdin, ...(variant.texts ?? [])]);
  return loadSeries({ ...variant, texts, patches: set.map(parseSet) });
}

interface RunOptions extends PackFlags {
  with: string[];
  seed: number;
  roll: string[];
  choose: string[];
  rounds?: number;
  set: string[];
  format: string;
}

export const register: Register = (program, { out, src }) => {
  const command = program
    .command('run')
    .description(DESCRIPTIONS.run)
    .argument('[ruleset]', 'the ruleset ("-" reads it from standard input; with --pack: a reference into the pack, optional with --preset)')
    .argument('[encounter]', 'the encounter ("-" reads it from standard input; with --pack: a file or a reference into the pack)')
    .option('--with <overlay>', 'an overlay to apply (repeatable; order matters)', collect, [])
    .option('--seed <n>', 'dice seed (same seed, same combat)', intOption('--seed', 0, 2 ** 32 - 1), 1)
    .option('--roll <label=value>', 'pin a labelled roll to a total ("7") or to single dice ("3,4") (repeatable)', collect, [])
    .option('--choose <label=option>', 'pin a labelled decision (repeatable)', collect, [])
    .option('--rounds <n>', 'round limit', intOption('--rounds', 1, 1000))
    .option(
      '--set <target=value>',
      'change one value first, as a simulate --sweep does: encounter:<path>=V, ruleset:<path>=V, option:<name>=V, count:<path>=N (repeatable)',
      collect,
      [],
    )
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText(
      'after',
      '\nRoll and decision labels are printed in the timeline (the README lists every label family). Example, for a ruleset\n' +
        'whose house rule splits the round into phases:\n' +
        '  phasebook run my-ruleset.json my-encounter.json --with my-house-rule.json' +
        ' --roll r1.initiative.party.d6=6 --roll r1.fighter.melee.damage=3 --choose r1.movement.declare-first=second',
    );
  addPackOptions(command);
  command.action(async (ruleset: string | undefined, encounter: string | undefined, opts: RunOptions) => {
    const rulesetName = ruleset === undefined ? undefined : src.name(ruleset);
    const encounterName = encounter === undefined ? undefined : src.name(encounter);
    const inputs = loadRunInputs(
      opts,
      rulesetName,
      encounterName,
      opts.with.map((o) => src.name(o)),
      src.texts,
    );
    // --set: the same documents with one value changed, as a simulate --sweep series.
    const { program: compiled, encounter: enc } = opts.set.length ? await withSet(inputs.variant, src.texts, opts.set) : inputs;
    const problems: Diagnostic[] = [];
    const rolls = parsePairs(opts.roll, '--roll', problems);
    const choices = parsePairs(opts.choose, '--choose', problems);
    checkRollPins(rolls, problems);
    if (problems.length) throw new PhasebookError(problems);
    // A pin the dice cannot show, or a choice the decision does not offer, is found when it
    // comes up. Report every one: drop the bad pin and run again (at most once per pin).
    let result;
    for (;;) {
      try {
        result = run(compiled, enc, { seed: opts.seed, rolls, choices, ...(opts.rounds !== undefined ? { rounds: opts.rounds } : {}) });
        break;
      } catch (err) {
        const bad = badPin(err, rolls, choices, enc, inputs.encounterDoc);
        if (!bad) throw err;
        problems.push(bad.diagnostic);
        if (bad.drop === null) break;
        bad.drop();
      }
    }
    if (problems.length || !result) throw new PhasebookError(problems);
    out(opts.format === 'json' ? toJsonLines(result.events) : formatTimeline(result.events));
  });
};
