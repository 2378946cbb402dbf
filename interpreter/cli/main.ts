/**
 * The `phasebook` command line. Bad input prints `file:line:col  /json/pointer  message`
 * lines and exits with code 1. `resolve` and `run` print nothing to stdout unless they fully
 * succeed, so no half-written output is left behind; `validate` reports file by file
 * (`file: ok` on stdout for the good ones, problems on stderr for the others).
 */
import { Command, CommanderError, Option } from 'commander';
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve as resolvePath } from 'node:path';
import { formatDiagnostic, PhasebookError, type Diagnostic } from '../diagnostics.js';
import { loadEncounter, loadProgram, run, validateFileInContext } from '../pipeline.js';
import { toJsonLines } from '../trace/events.js';
import { formatTimeline } from '../trace/text.js';
import { readDocumentFile } from '../read/index.js';
import { DiceError } from '../dice/index.js';
import { availableParallelism } from 'node:os';
import cliProgress from 'cli-progress';
import { simulateVariant, type VariantFiles } from '../simulate/pool.js';
import { aggregate, compare } from '../simulate/aggregate.js';
import { formatCsv, formatJson, formatText } from '../simulate/report.js';
import type { CombatRecord } from '../simulate/record.js';
import { registerPlay } from './play.js';

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

const collect = (value: string, previous: string[]) => [...previous, value];

function parsePairs(pairs: string[], flag: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const p of pairs) {
    const i = p.indexOf('=');
    if (i <= 0 || i === p.length - 1) throw usage(`${flag} expects LABEL=VALUE, got "${p}"`);
    map.set(p.slice(0, i), p.slice(i + 1));
  }
  return map;
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

function validateOne(file: string, against: string | undefined): Diagnostic[] {
  const finder = {
    find: (kind: 'ruleset' | 'overlay', id: string, from: string) => {
      const f = findDocument(from, kind, id);
      return f ? readDocumentFile(f) : null;
    },
  };
  return validateFileInContext(file, finder, against);
}

export function buildCli(io: Io): Command {
  const program = new Command('phasebook')
    .description('Tabletop combat systems as JSON rule documents, run round by round.')
    .version('0.1.0')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });

  program
    .command('validate')
    .description('Check documents: JSON syntax, schema, and semantics (dangling ids, unknown stats, unknown operators). An overlay is checked on top of the ruleset it extends, an encounter against its ruleset, when that ruleset is found next to it or given with --ruleset.')
    .argument('<file...>', 'rulesets, overlays or encounters')
    .option('--ruleset <file>', 'check overlays and encounters against this ruleset')
    .action((files: string[], opts: { ruleset?: string }) => {
      let bad = 0;
      const lines: string[] = [];
      for (const f of files) {
        const problems = validateOne(f, opts.ruleset);
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
    .argument('<ruleset>', 'the base ruleset')
    .option('--with <overlay>', 'an overlay to apply (repeatable; order matters)', collect, [])
    .action((ruleset: string, opts: { with: string[] }) => {
      const p = loadProgram(ruleset, opts.with);
      io.out(JSON.stringify(p.resolved.ruleset, null, 2) + '\n');
    });

  program
    .command('run')
    .description('Run a combat and print its timeline (text) or its events (json: one per line).')
    .argument('<ruleset>', 'the ruleset')
    .argument('<encounter>', 'the encounter')
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
    )
    .action((ruleset: string, encounter: string, opts: { with: string[]; seed: number; roll: string[]; choose: string[]; rounds?: number; format: string }) => {
      const program = loadProgram(ruleset, opts.with);
      const enc = loadEncounter(encounter, program);
      const rolls = parsePairs(opts.roll, '--roll');
      let result;
      try {
        result = run(program, enc, {
          seed: opts.seed,
          rolls,
          choices: parsePairs(opts.choose, '--choose'),
          ...(opts.rounds !== undefined ? { rounds: opts.rounds } : {}),
        });
      } catch (err) {
        // A pinned value that the dice cannot show is the caller's error: point at where it was given.
        if (!(err instanceof DiceError && err.pin)) throw err;
        const label = (err.label ?? '').replace(/#\d+$/, '');
        if (!rolls.has(label) && enc.dice && label in enc.dice) {
          const doc = readDocumentFile(encounter);
          const pointer = `/dice/${label.replace(/~/g, '~0').replace(/\//g, '~1')}`;
          throw new PhasebookError([{ file: encounter, ...doc.locate(pointer), pointer, message: err.message, severity: 'error' }]);
        }
        throw usage(`--roll ${label}=${rolls.get(label) ?? ''}: ${err.message}`);
      }
      io.out(opts.format === 'json' ? toJsonLines(result.events) : formatTimeline(result.events));
    });
  program
    .command('simulate')
    .description('Run many seeded combats of one encounter under one or more rule variants and compare the outcomes: win rates with 95% Wilson intervals, rounds (mean, median, 90th percentile, histogram), damage per side, survival and kill share per combatant, how often each acted first in its steps, and the differences between variants with intervals.')
    .argument('<ruleset>', 'the ruleset of the first variant')
    .argument('<encounter>', 'the encounter (the same for every variant)')
    .option('--with <overlay>', 'an overlay of the first variant (repeatable; order matters)', collect, [])
    .option('--vs <variant>', 'another variant, quoted: "<ruleset> [--with <overlay>]…" (repeatable)', collect, [])
    .requiredOption('--runs <n>', 'combats per variant', intOption('--runs', 1, 10_000_000))
    .option('--seed <n>', 'simulation seed: run i uses a seed derived from (seed, i), whatever the number of workers', intOption('--seed', 0, 2 ** 32 - 1), 1)
    .option('--workers <k>', 'worker threads (default: all cores)', intOption('--workers', 1, 256))
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'csv']).default('text'))
    .addHelpText('after', '\nExample (a house rule on vs off): phasebook simulate base.json encounter.json --vs "base.json --with house-rule.json" --runs 2000\nThe README has a worked example.')
    .action(async (ruleset: string, encounter: string, opts: { with: string[]; vs: string[]; runs: number; seed: number; workers?: number; format: string }) => {
      const variants: VariantFiles[] = [variantOf(ruleset, opts.with, encounter), ...opts.vs.map((v) => parseVs(v, encounter))];
      // Check every document here, so bad input is reported before any worker starts.
      let sideOf = new Map<string, string>();
      for (const v of variants) {
        const program = loadProgram(v.ruleset, v.overlays);
        const enc = loadEncounter(v.encounter, program);
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
function parseVs(text: string, encounter: string): VariantFiles {
  const words = text.match(/"[^"]*"|'[^']*'|\S+/g)?.map((w) => w.replace(/^["']|["']$/g, '')) ?? [];
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
    if (err instanceof DiceError) {
      io.err(`<command line>:1:1  /  ${err.message}\n`);
      return 1;
    }
    io.err(`phasebook: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    if (process.env.PHASEBOOK_DEBUG && err instanceof Error) io.err(`${err.stack ?? ''}\n`);
    return 2;
  }
}

export { relative };
