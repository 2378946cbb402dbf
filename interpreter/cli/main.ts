/**
 * The `phasebook` command line. Bad input prints `file:line:col  /json/pointer  message`
 * lines and exits with code 1. `resolve` and `run` print nothing to stdout unless they fully
 * succeed, so no half-written output is left behind; `validate` reports file by file
 * (`file: ok` on stdout for the good ones, problems on stderr for the others).
 */
import { Command, CommanderError, Option } from 'commander';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve as resolvePath } from 'node:path';
import { formatDiagnostic, PhasebookError, type Diagnostic } from '../diagnostics.js';
import { loadProgram, packageRoot, run, validateFileInContext } from '../pipeline.js';
import { toJsonLines } from '../trace/events.js';
import { formatTimeline } from '../trace/text.js';
import { readDocumentFile, readDocumentText, readStdinText, STDIN_NAME, type SourceDocument } from '../read/index.js';
import { Dice, DiceError } from '../dice/index.js';
import type { VariantFiles } from '../simulate/pool.js';
import { addPackOptions, loadPackSupport, loadRunInputs, missingArgument, usesPack, type PackFlags } from './pack-flags.js';
import type { SimulateOptions } from './simulate-run.js';
import { SIMULATE_HELP } from './simulate-help.js';

/**
 * The code of the commands other than validate, resolve and run (simulation, packs, play,
 * merge, diverge, migrate), loaded only when the command line may need it: `phasebook run` on
 * files starts without loading it (issue 9, cold start). `--help` and an unknown command load it
 * all, so that every command is listed.
 */
async function loadCommands() {
  const [pack, migrate, play, merge, diverge, simulateRun] = await Promise.all([
    import('./pack.js'),
    import('./migrate.js'),
    import('./play.js'),
    import('./merge.js'),
    import('./diverge.js'),
    import('./simulate-run.js'),
    loadPackSupport(),
  ]);
  return {
    registerPackCommands: pack.registerPackCommands,
    registerMigrateCommand: migrate.registerMigrateCommand,
    registerPlay: play.registerPlay,
    registerMerge: merge.registerMerge,
    registerDiverge: diverge.registerDiverge,
    simulateCommand: simulateRun.simulateCommand,
  };
}
type Commands = Awaited<ReturnType<typeof loadCommands>>;

/** Commands whose code main.ts loads up front; the rest is in loadCommands. */
const LIGHT_COMMANDS = new Set(['validate', 'resolve', 'run']);
/** Flags of run that need the pack or series code. */
const HEAVY_FLAG = /^--(pack|preset|set)(=|$)/;

/** Whether the command line needs only the light commands (a run, validate or resolve without packs or --set). */
export function needsOnlyLightCommands(argv: string[]): boolean {
  return argv.length > 0 && LIGHT_COMMANDS.has(argv[0]!) && !argv.some((a) => HEAVY_FLAG.test(a));
}

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

const collect = (value: string, previous: string[]) => [...previous, value];

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

/** commander's `error: …` text (possibly with a "(Did you mean …?)" line) as one diagnostic line. */
function commandLineError(text: string): string {
  const message = text
    .replace(/^error: /, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  return formatDiagnostic(usage(`${message} (see --help)`).diagnostics[0]!);
}

const usage = (message: string) =>
  new PhasebookError([{ file: '<command line>', line: 1, col: 1, pointer: '', message, severity: 'error' }]);

function intOption(name: string, min: number, max: number) {
  return (v: string) => {
    if (!/^-?\d+$/.test(v)) throw usage(`${name} expects a whole number, got "${v}"`);
    const n = Number(v);
    if (n < min || n > max) throw usage(`${name} must be between ${min} and ${max}, got ${n}`);
    return n;
  };
}

/**
 * The documents named on the command line: a path, or `-` for standard input (named `<stdin>` in
 * messages). Standard input can be read once, so `-` may stand for one document only.
 */
class Sources {
  readonly texts = new Map<string, string>();
  /** The name to use for a document argument, reading standard input for `-`. */
  name(arg: string): string {
    if (arg !== '-') return arg;
    if (this.texts.has(STDIN_NAME)) throw usage('"-" (standard input) may stand for one document only');
    this.texts.set(STDIN_NAME, readStdinText());
    return STDIN_NAME;
  }
  read(file: string): SourceDocument {
    const text = this.texts.get(file);
    return text === undefined ? readDocumentFile(file) : readDocumentText(file, text);
  }
}

/** The version of the installed package, from its package.json. */
function packageVersion(): string {
  return String((JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: unknown }).version);
}

/** Find a document of a kind with the given id near a file (same folder, then parents) for validate. */
function findDocument(near: string, kind: 'ruleset' | 'overlay', id: string): string | null {
  let dir = dirname(resolvePath(near));
  for (let i = 0; i < 3; i++) {
    const candidates: string[] = [];
    try {
      for (const f of readdirSync(dir)) if (f.endsWith('.json')) candidates.push(join(dir, f));
    } catch {
      /* unreadable folder: try the parent */
    }
    for (const f of candidates) {
      try {
        const v = readDocumentFile(f).value as { kind?: string; id?: string };
        if (v.kind === kind && v.id === id) return f;
      } catch {
        /* not ours */
      }
    }
    dir = dirname(dir);
  }
  return null;
}

function validateOne(file: string, against: string | undefined, src: Sources): Diagnostic[] {
  const finder = {
    find: (kind: 'ruleset' | 'overlay', id: string, from: string) => {
      const f = findDocument(from, kind, id);
      return f ? readDocumentFile(f) : null;
    },
  };
  return validateFileInContext(file, finder, against, src.texts.get(file));
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

export function buildCli(io: Io, commands: Commands | null): Command {
  const src = new Sources();
  const program = new Command('phasebook')
    .description('Tabletop combat systems as JSON rule documents, run round by round.')
    .version(packageVersion())
    .exitOverride()
    .configureOutput({
      writeOut: io.out,
      writeErr: io.err,
      // Usage errors in the documented one-line format, like every other bad input.
      outputError: (text, write) => write(`${commandLineError(text)}\n`),
    });

  program
    .command('validate')
    .description(
      'Check documents: JSON syntax, schema, and semantics (dangling ids, unknown stats, unknown operators). An overlay is checked on top of the ruleset it extends, an encounter against its ruleset, when that ruleset is found next to it or given with --ruleset.',
    )
    .argument('<file...>', 'rulesets, overlays or encounters ("-" reads one from standard input)')
    .option('--ruleset <file>', 'check overlays and encounters against this ruleset')
    .action((args: string[], opts: { ruleset?: string }) => {
      let bad = 0;
      const lines: string[] = [];
      const files = args.map((a) => src.name(a));
      for (const f of files) {
        const problems = validateOne(f, opts.ruleset, src);
        if (problems.length) {
          bad++;
          for (const d of problems) lines.push(formatDiagnostic(d));
        } else io.out(`${f}: ok\n`);
      }
      if (bad) throw new PhasebookError(lines.map((l) => ({ file: '', line: 0, col: 0, pointer: '', message: l, severity: 'error' })));
    });

  program
    .command('resolve')
    .description('Apply house-rule overlays, in the order given, to a ruleset and print the resolved ruleset.')
    .argument('<ruleset>', 'the base ruleset ("-" reads it from standard input)')
    .option('--with <overlay>', 'an overlay to apply (repeatable; order matters; "-" reads one from standard input)', collect, [])
    .action((rulesetArg: string, opts: { with: string[] }) => {
      const ruleset = src.name(rulesetArg);
      const p = loadProgram(
        ruleset,
        opts.with.map((o) => src.name(o)),
        src.texts,
      );
      io.out(JSON.stringify(p.resolved.ruleset, null, 2) + '\n');
    });

  const runCommand = program
    .command('run')
    .description('Run a combat and print its timeline (text) or its events (json: one per line).')
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
  addPackOptions(runCommand);
  runCommand.action(
    async (
      ruleset: string | undefined,
      encounter: string | undefined,
      opts: PackFlags & { with: string[]; seed: number; roll: string[]; choose: string[]; rounds?: number; set: string[]; format: string },
    ) => {
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
      const { program, encounter: enc } = opts.set.length ? await withSet(inputs.variant, src.texts, opts.set) : inputs;
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
          result = run(program, enc, { seed: opts.seed, rolls, choices, ...(opts.rounds !== undefined ? { rounds: opts.rounds } : {}) });
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
      io.out(opts.format === 'json' ? toJsonLines(result.events) : formatTimeline(result.events));
    },
  );
  const simulateCommand_ = program
    .command('simulate')
    .description(
      'Run many seeded combats of one encounter under one or more rule variants and compare the outcomes: win rates with 95% Wilson intervals, rounds (mean, median, 90th percentile, histogram), damage per side, survival and kill share per combatant, how often each acted first in its steps, and the differences between variants with intervals.',
    )
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
  addPackOptions(simulateCommand_);
  if (commands === null) return program;
  const { simulateCommand, registerPackCommands, registerMigrateCommand, registerPlay, registerMerge, registerDiverge } = commands;
  simulateCommand_.action(
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
        io.out,
      );
    },
  );
  registerPackCommands(program, io);
  registerMigrateCommand(program, io, () => readFileSync(0, 'utf8'));
  registerPlay(program, io);
  registerMerge(program, io);
  registerDiverge(program, io, { of: variantOf, parse: parseVs });
  return program;
}

function variantOf(ruleset: string, overlays: string[], encounter: string): VariantFiles {
  const id = (p: string) => {
    try {
      return String((readDocumentFile(p).value as { id?: unknown }).id ?? p);
    } catch {
      return p;
    }
  };
  return { name: [id(ruleset), ...overlays.map(id)].join(' + '), ruleset, overlays, encounter };
}

/** The documents of a run with `--set` values changed (simulate's series code, loaded when needed). */
async function withSet(variant: VariantFiles, stdin: Map<string, string>, set: string[]) {
  const [{ loadSeries }, { parseSet }] = await Promise.all([import('../simulate/series.js'), import('../simulate/sweep.js')]);
  return loadSeries({ ...variant, texts: textsOf(variant, stdin), patches: set.map(parseSet) });
}

/** "<ruleset> [--with <overlay>]…" → a variant. */
function parseVs(text: string, encounter: string, flags: PackFlags = {}): VariantFiles {
  const words = text.match(/"[^"]*"|'[^']*'|\S+/g)?.map((w) => w.replace(/^["']|["']$/g, '')) ?? [];
  if (words[0] === '--preset' && words.length === 2 && flags.pack)
    return loadRunInputs({ pack: flags.pack, preset: words[1]! }, undefined, encounter, []).variant;
  const [ruleset, ...rest] = words;
  if (!ruleset || ruleset.startsWith('--')) throw usage(`--vs expects "<ruleset> [--with <overlay>]…", got "${text}"`);
  const overlays: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--with' && rest[i + 1]) overlays.push(rest[++i]!);
    else throw usage(`--vs "${text}": unexpected "${rest[i]}"; only --with <overlay> may follow the ruleset`);
  }
  return variantOf(ruleset, overlays, encounter);
}

/** The in-memory documents of a variant (a pack's, or standard input's) as a plain object. */
function textsOf(v: VariantFiles, stdin: Map<string, string>): Record<string, string> {
  return Object.fromEntries([...stdin, ...(v.texts ?? [])]);
}

/** Run the CLI; returns the exit code. */
export async function main(
  argv: string[],
  io: Io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) },
): Promise<number> {
  let program: Command;
  try {
    program = buildCli(io, needsOnlyLightCommands(argv) ? null : await loadCommands());
  } catch (err) {
    io.err(`phasebook: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help' ? 0 : 1;
    }
    if (err instanceof PhasebookError) {
      for (const d of err.diagnostics) io.err((d.file === '' ? d.message : formatDiagnostic(d)) + '\n');
      return 1;
    }
    if (err instanceof DiceError && err.pin) {
      io.err(`<command line>:1:1  /  ${err.message}\n`);
      return 1;
    }
    io.err(`phasebook: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    if (process.env.PHASEBOOK_DEBUG && err instanceof Error) io.err(`${err.stack ?? ''}\n`);
    return 2;
  }
}

export { relative };
