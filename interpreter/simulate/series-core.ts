/**
 * A series without a file system: patch the documents of one (sweep value, variant) pair and
 * run slices of it. The CLI's worker threads (stream-worker.ts, reading files) and the editor's
 * Web Workers (reading the workspace's texts) both call these, so the same documents, seed and
 * run index give the same record and curve in both — and so the same accumulators.
 */
import type { Program } from '../core.js';
import type { Encounter } from '../model/types.js';
import type { Plan } from './plan-types.js';
import type { EventType, TraceEvent } from '../trace/events.js';
import { CURVE_EVENTS, curveOf, curveStatOf, startingValues, type RunCurve } from './curves.js';
import { RECORD_EVENTS, recordOf, type CombatRecord } from './record.js';
import { runSeed } from './stats.js';
import { applyPatch, blamePatch, formatPatch, type Patch } from './sweep.js';

export interface SeriesSpec {
  /** The variant's name (ids of its ruleset and overlays). */
  name: string;
  ruleset: string;
  overlays: string[];
  encounter: string;
  patches: Patch[];
  /** Documents held in memory (a pack's, or standard input's), by the name that stands for their file. */
  texts?: Record<string, string>;
}

/** [sweep value][variant] → its series (one row when there is no sweep). */
export function seriesGrid(plan: Plan): SeriesSpec[][] {
  const values = plan.sweep ? plan.sweep.values : [undefined];
  return values.map((value) =>
    plan.variants.map((v) => ({
      ...v,
      patches: [...plan.sets, ...(plan.sweep ? [{ kind: plan.sweep.kind, path: plan.sweep.path, value }] : [])],
    })),
  );
}

/** How a host reads and loads documents: from files (the CLI) or from texts (the editor). */
export interface SeriesLoader {
  /** A document's parsed value (before any patch). */
  value(file: string): unknown;
  /** The program of a ruleset and its overlays; `texts` replace the stored text of a file. */
  program(ruleset: string, overlays: string[], texts: Map<string, string>): Program;
  /** The encounter, from `text` when given (a patched copy), else as stored. */
  encounter(file: string, program: Program, text?: string): Encounter;
}

/** Load a series: its ruleset patches (ruleset:, option:) first, then its encounter patches (encounter:, count:). */
export function loadSeriesWith(s: SeriesSpec, loader: SeriesLoader, flag = '--set'): { program: Program; encounter: Encounter } {
  const texts = new Map(Object.entries(s.texts ?? {}));
  const rulesetPatches = s.patches.filter((x) => x.kind === 'ruleset' || x.kind === 'option');
  let doc: unknown = rulesetPatches.length ? loader.value(s.ruleset) : undefined;
  for (const p of rulesetPatches) doc = applyPatch(doc, p, flag);
  if (rulesetPatches.length) texts.set(s.ruleset, JSON.stringify(doc));
  let program: Program;
  try {
    program = loader.program(s.ruleset, s.overlays, texts);
  } catch (err) {
    if (!rulesetPatches.length) throw err;
    blamePatch(err, rulesetPatches[0]!, flag);
  }
  const encPatches = s.patches.filter((x) => x.kind === 'encounter' || x.kind === 'count');
  if (!encPatches.length) return { program, encounter: loader.encounter(s.encounter, program, texts.get(s.encounter)) };
  let enc = loader.value(s.encounter);
  for (const p of encPatches) enc = applyPatch(enc, p, flag);
  try {
    return { program, encounter: loader.encounter(s.encounter, program, JSON.stringify(enc)) };
  } catch (err) {
    blamePatch(err, encPatches[0]!, flag);
  }
}

/** combatant → side, in encounter order. */
export const sidesOf = (enc: Encounter): Array<[string, string]> =>
  enc.sides.flatMap((x) => x.combatants.map((c) => [c.id, x.id] as [string, string]));

/** One run of a series, as the workers send it: its record, and its curve by round when asked. */
export interface RunMessage {
  i: number;
  record: CombatRecord;
  curve?: RunCurve;
}

export interface SliceJob {
  seed: number;
  from: number;
  to: number;
  curves: boolean;
  curveStat?: string;
}

const RECORD_AND_CURVE_EVENTS: ReadonlySet<EventType> = new Set([...RECORD_EVENTS, ...CURVE_EVENTS]);

/** The event types a simulated run must keep (RunOptions.keep): what recordOf, and curveOf when asked, read. */
export const simulatedEvents = (curves: boolean): ReadonlySet<EventType> => (curves ? RECORD_AND_CURVE_EVENTS : RECORD_EVENTS);

/**
 * Run [from, to) of a loaded series (run i with the seed derived from (seed, i)), giving each
 * run's message to `each`. `runEvents` is the host's pipeline run; it may run with `keep` as
 * RunOptions.keep (a record-only run: the same record and curve, far fewer events built).
 * `stopped`, asked before each run, ends the slice early when it says so.
 */
export function runSlice(
  loaded: { program: Program; encounter: Encounter },
  job: SliceJob,
  runEvents: (program: Program, encounter: Encounter, seed: number, keep: ReadonlySet<EventType>) => readonly TraceEvent[],
  each: (m: RunMessage) => void,
  stopped?: () => boolean,
): void {
  const { program, encounter } = loaded;
  const keep = simulatedEvents(job.curves);
  const stat = job.curves ? curveStatOf(program.resolved.ruleset, job.curveStat) : null;
  const start = job.curves ? startingValues(program.resolved.ruleset, encounter, stat) : new Map<string, number>();
  for (let i = job.from; i < job.to; i++) {
    if (stopped?.()) return;
    const events = runEvents(program, encounter, runSeed(job.seed, i), keep);
    each(job.curves ? { i, record: recordOf(events), curve: curveOf(events, start, stat) } : { i, record: recordOf(events) });
  }
}

const quote = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/** The command line that replays run `seed` of this series exactly. */
export function replayCommand(s: SeriesSpec, seed: number): string {
  const words = [
    ...['phasebook', 'run', s.ruleset, s.encounter],
    ...s.overlays.flatMap((o) => ['--with', o]),
    ...s.patches.flatMap((p) => ['--set', formatPatch(p)]),
    ...['--seed', String(seed)],
  ];
  return words.map(quote).join(' ');
}
