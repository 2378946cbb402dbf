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
import { loadEncounter, loadProgram, packageRoot, run, validateFileInContext } from '../pipeline.js';
import { toJsonLines } from '../trace/events.js';
import { formatTimeline } from '../trace/text.js';
import { readDocumentFile, readDocumentText, readStdinText, STDIN_NAME, type SourceDocument } from '../read/index.js';
import { Dice, DiceError } from '../dice/index.js';
import { availableParallelism } from 'node:os';
import cliProgress from 'cli-progress';
import { simulateVariant, type VariantFiles } from '../simulate/pool.js';
import { aggregate, compare } from '../simulate/aggregate.js';
import { formatCsv, formatJson, formatText } from '../simulate/report.js';
import type { CombatRecord } from '../simulate/record.js';
import { registerPackCommands } from './pack.js';
import { registerMigrateCommand } from './migrate.js';
import { addPackOptions, loadRunInputs, missingArgument, usesPack, type PackFlags } from './pack-flags.js';
import { registerPlay } from './play.js';

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
  const message = text.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ').trim();
  return formatDiagnostic(usage(`${message} (see --help)`).diagnostics[0]!);
}

const usage = (message: string) => new PhasebookError([{ file: '<command line>', line: 1, col: 1, pointer: '', message, severity: 'error' }]);

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

export function buildCli(io: Io): Command {
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
    .description('Check documents: JSON syntax, schema, and semantics (dangling ids, unknown stats, unknown operators). An overlay is checked on top of the ruleset it extends, an encounter against its ruleset, when that ruleset is found next to it or given with --ruleset.')
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
      const p = loadProgram(ruleset, opts.with.map((o) => src.name(o)), src.texts);
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
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText(
      'after',
      '\nRoll and decision labels are printed in the timeline (the README lists every label family). Example:\n' +
        '  phasebook run rulesets/ose/ose.json rulesets/ose/encounters/skirmish.json --with rulesets/ose/overlays/phased-round.json' +
        ' --roll r1.initiative.party.d6=6 --roll r1.fighter.melee.damage=3 --choose r1.movement.declare-first=second',
    );
  addPackOptions(runCommand);
  runCommand.action((ruleset: string | undefined, encounter: string | undefined, opts: PackFlags & { with: string[]; seed: number; roll: string[]; choose: string[]; rounds?: number; format: string }) => {
      const rulesetName = ruleset === undefined ? undefined : src.name(ruleset);
      const encounterName = encounter === undefined ? undefined : src.name(encounter);
      const inputs = loadRunInputs(opts, rulesetName, encounterName, opts.with.map((o) => src.name(o)), src.texts);
      const { program, encounter: enc } = inputs;
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
    });
  const simulateCommand = program
    .command('simulate')
    .description('Run many seeded combats of one encounter under one or more rule variants and compare the outcomes: win rates with 95% Wilson intervals, rounds (mean, median, 90th percentile, histogram), damage per side, survival and kill share per combatant, how often each acted first in its steps, and the differences between variants with intervals.')
    .argument('[ruleset]', 'the ruleset of the first variant (with --pack: a reference, optional with --preset)')
    .argument('[encounter]', 'the encounter, the same for every variant (with --pack: a file or a reference)')
    .option('--with <overlay>', 'an overlay of the first variant (repeatable; order matters)', collect, [])
    .option('--vs <variant>', 'another variant, quoted: "<ruleset> [--with <overlay>]…", or "--preset <id>" of the --pack (repeatable)', collect, [])
    .requiredOption('--runs <n>', 'combats per variant', intOption('--runs', 1, 10_000_000))
    .option('--seed <n>', 'simulation seed: run i uses a seed derived from (seed, i), whatever the number of workers', intOption('--seed', 0, 2 ** 32 - 1), 1)
    .option('--workers <k>', 'worker threads (default: all cores)', intOption('--workers', 1, 256))
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'csv']).default('text'))
    .addHelpText('after', '\nExample (a house rule on vs off): phasebook simulate base.json encounter.json --vs "base.json --with house-rule.json" --runs 2000\nThe README has a worked example.');
  addPackOptions(simulateCommand);
  simulateCommand.action(async (ruleset: string | undefined, encounter: string | undefined, opts: PackFlags & { with: string[]; vs: string[]; runs: number; seed: number; workers?: number; format: string }) => {
      if (!usesPack(opts) && (!ruleset || !encounter)) throw usage(missingArgument(ruleset));
      const fromPack = usesPack(opts) ? loadRunInputs(opts, ruleset, encounter, opts.with) : null;
      const first = fromPack ? fromPack.variant : variantOf(ruleset!, opts.with, encounter!);
      const variants: VariantFiles[] = [first, ...opts.vs.map((v) => parseVs(v, fromPack?.encounterRef ?? first.encounter, opts))];
      // Check every document here, so bad input is reported before any worker starts.
      let sideOf = new Map<string, string>();
      for (const v of variants) {
        const program = loadProgram(v.ruleset, v.overlays, v.texts);
        const enc = loadEncounter(v.encounter, program, v.texts?.get(v.encounter));
        sideOf = new Map(enc.sides.flatMap((s) => s.combatants.map((c) => [c.id, s.id] as [string, string])));
      }
      const workers = opts.workers ?? Math.max(1, availableParallelism());
      const tty = Boolean(process.stderr.isTTY) && opts.format === 'text';
      const bar = tty ? new cliProgress.SingleBar({ format: '{bar} {percentage}% | {value}/{total} combats | {rate} runs/s | ETA {eta_formatted}', hideCursor: true, stream: process.stderr }, cliProgress.Presets.shades_classic) : null;
      const total = opts.runs * variants.length;
      const controller = new AbortController();
      const onSigint = () => controller.abort();
      process.once('SIGINT', onSigint);
      const t0 = Date.now();
      bar?.start(total, 0, { rate: '0' });
      const recordsPerVariant: CombatRecord[][] = [];
      let finishedBefore = 0;
      let partial = false;
      try {
        for (const v of variants) {
          if (controller.signal.aborted) break;
          const r = await simulateVariant(v, {
            runs: opts.runs,
            seed: opts.seed,
            workers,
            signal: controller.signal,
            onProgress: (done) => bar?.update(finishedBefore + done, { rate: (((finishedBefore + done) * 1000) / Math.max(1, Date.now() - t0)).toFixed(0) }),
          });
          recordsPerVariant.push(r.records.filter((x): x is CombatRecord => x !== undefined));
          finishedBefore += opts.runs;
          if (r.aborted) partial = true;
        }
      } finally {
        process.removeListener('SIGINT', onSigint);
        bar?.stop();
      }
      const results = recordsPerVariant.map((recs, i) => aggregate(variants[i]!.name, recs, sideOf));
      const comparisons = results.slice(1).map((r) => compare(results[0]!, r));
      const meta = { runs: opts.runs, seed: opts.seed, workers, ms: Date.now() - t0, partial };
      io.out(opts.format === 'json' ? formatJson(results, comparisons, meta) : opts.format === 'csv' ? formatCsv(results, comparisons) : formatText(results, comparisons, meta));
    });
  registerPackCommands(program, io);
  registerMigrateCommand(program, io, () => readFileSync(0, 'utf8'));
  registerPlay(program, io);
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

/** "<ruleset> [--with <overlay>]…" → a variant. */
function parseVs(text: string, encounter: string, flags: PackFlags = {}): VariantFiles {
  const words = text.match(/"[^"]*"|'[^']*'|\S+/g)?.map((w) => w.replace(/^["']|["']$/g, '')) ?? [];
  if (words[0] === '--preset' && words.length === 2 && flags.pack) return loadRunInputs({ pack: flags.pack, preset: words[1]! }, undefined, encounter, []).variant;
  const [ruleset, ...rest] = words;
  if (!ruleset || ruleset.startsWith('--')) throw usage(`--vs expects "<ruleset> [--with <overlay>]…", got "${text}"`);
  const overlays: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--with' && rest[i + 1]) overlays.push(rest[++i]!);
    else throw usage(`--vs "${text}": unexpected "${rest[i]}"; only --with <overlay> may follow the ruleset`);
  }
  return variantOf(ruleset, overlays, encounter);
}

/** Run the CLI; returns the exit code. */
export async function main(argv: string[], io: Io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) }): Promise<number> {
  const program = buildCli(io);
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
