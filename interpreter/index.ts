/**
 * Phasebook's library entry (`import … from 'phasebook'`). It runs in Node and in a browser: it
 * has no `node:` imports (file loading is in the `phasebook/node` entry, interpreter/node.ts).
 *
 *   const pb = createPhasebook(validator);          // or phasebook() from 'phasebook/node'
 *   const program = pb.load(rulesetText, [overlayText]);   // text, a parsed object, or a read document
 *   const encounter = pb.loadEncounter(encounterText, program);
 *   pb.run(program, encounter, { seed: 1 });                // a whole combat: events, winner
 *   pb.simulate(program, encounter, { runs: 1000 });       // win rates, rounds, survival
 *   const s = pb.session(program, encounter, { seed: 1, modes: { roll: { default: 'ask' } } });
 *   while (s.pending) s.answer(await ask(s.pending));      // a roll, a declaration, a decision
 *   saveSession(s);  pb.restoreSession(save, program);     // a save document, and back
 *
 * Bad input throws PhasebookError (its `diagnostics` give file, line, column and JSON pointer);
 * a wrong answer to a session throws SessionError.
 */
import { Core, type Program } from './core.js';
import type { Encounter } from './model/types.js';
import { readDocumentText, type SourceDocument } from './read/read.js';
import type { LoadOptions } from './session/save.js';
import type { Session } from './session/session.js';
import { aggregate, type VariantResult } from './simulate/aggregate.js';
import { RECORD_EVENTS, recordOf, type CombatRecord } from './simulate/record.js';
import { runSeed } from './simulate/stats.js';
import type { SchemaValidator } from './validate/precompiled.js';

/** A document as text (JSON), as a parsed object, or as read (with positions) by readDocumentText. */
export type DocumentInput = string | object | SourceDocument;

function isSource(x: object): x is SourceDocument {
  return typeof (x as SourceDocument).locate === 'function' && typeof (x as SourceDocument).text === 'string';
}

/** The pipeline with loading from text or objects, sessions and in-thread simulation. */
export class Phasebook extends Core {
  /** Read a document from text or an object; `name` is the file name its problems are reported under. */
  read(input: DocumentInput, name = '<document>'): SourceDocument {
    if (typeof input === 'string') return readDocumentText(name, input);
    if (isSource(input)) return input;
    return readDocumentText(name, JSON.stringify(input, null, 2));
  }

  /** Check a ruleset and its overlays (applied in order), resolve and compile them. */
  load(ruleset: DocumentInput, overlays: DocumentInput[] = []): Program {
    return this.program(
      this.read(ruleset, '<ruleset>'),
      overlays.map((o, i) => this.read(o, `<overlay ${i + 1}>`)),
    );
  }

  /** Check an encounter against a program's rules. */
  loadEncounter(input: DocumentInput, program: Program): Encounter {
    return this.encounter(this.read(input, '<encounter>'), program);
  }

  /** Resume a saved session (a session document) on `program`, by replaying its log. */
  restoreSession(save: DocumentInput, program: Program, opts: LoadOptions = {}): Session {
    return this.restore(this.read(save, '<session>'), program, opts);
  }

  /**
   * Run `runs` seeded combats in this thread (run i uses a seed derived from (seed, i), as
   * `phasebook simulate` does) and sum them up. For many runs in Node, the CLI uses workers.
   */
  simulate(program: Program, encounter: Encounter, opts: { runs: number; seed?: number; name?: string }): VariantResult {
    const records: CombatRecord[] = [];
    for (let i = 0; i < opts.runs; i++)
      records.push(recordOf(this.run(program, encounter, { seed: runSeed(opts.seed ?? 1, i), keep: RECORD_EVENTS }).events));
    const sideOf = new Map(encounter.sides.flatMap((s) => s.combatants.map((c) => [c.id, s.id] as [string, string])));
    return aggregate(opts.name ?? program.sources.map((s) => s.id).join(' + '), records, sideOf);
  }
}

/** A Phasebook bound to a schema validator: createSchemaValidator(schemas) or a precompiled one (for a strict CSP). */
export function createPhasebook(validator: SchemaValidator): Phasebook {
  return new Phasebook(validator);
}

// The pipeline's stages and their types.
export { Core, kindOf, SCHEMA_IDS, type DocKind, type DocumentFinder, type Program, type ProgramSource } from './core.js';
export { PhasebookError, formatDiagnostic, diagnosticAt, joinPointer, escapePointerSegment, type Diagnostic } from './diagnostics.js';
export { readDocumentText, type SourceDocument, type SourcePosition, type ReadLimits } from './read/read.js';
export { resolveOverlays, type Located, type ResolvedRuleset } from './resolve/overlays.js';
export { compileRuleset, ExpressionCache, type CompiledRuleset } from './compile/ruleset.js';
export { createSchemaValidator, type SchemaValidatorOptions } from './validate/schema.js';
export { createPrecompiledValidator, schemaFingerprint, type GeneratedValidators, type SchemaValidator } from './validate/precompiled.js';
export { KeptVarPaths, keepingVarPaths } from './validate/expressions.js';
export { runCombat, DEFAULT_LIMITS, type RunOptions, type RunResult } from './run/engine.js';
export { ORDER_KEYS, ORDER_PRESETS, resolveOrderingRef } from './run/ordering.js';
export { describeTieBreak } from './concepts/tie-breaks/index.js';
export { parseNotation, DiceError, type ParsedNotation } from './dice/index.js';
export { toJsonLines, EVENT_FIELDS, type TraceEvent, type EventType, type EventOf, type EventFields } from './trace/events.js';
export { formatTimeline } from './trace/text.js';
export { initiativeFacts, initiativeLine } from './trace/facts.js';
export type * from './model/types.js';

// Sessions: a combat driven input by input.
export { Session, ROLL_FOR_ME, GO_ON, type SessionOptions, type Answer, type LogEntry } from './session/session.js';
export { Pending, SessionError, type Request, type Roller } from './session/pending.js';
export { modeOf, setMode, REFEREE, type Mode, type Modes, type ModeTable, type InputKind } from './session/modes.js';
export {
  saveSession,
  loadSession,
  changedDocuments,
  DocumentsChanged,
  SESSION_SCHEMA_ID,
  type SessionDocument,
  type SavedDocument,
  type DocumentChange,
  type LoadOptions,
} from './session/save.js';
export { sha256 } from './session/sha256.js';
export type { TrackerSnapshot, CombatantState, Intervention, DeclarationOption, DeclarationAnswer } from './run/host.js';

// Rule packs: reading a pack archive, checking it and ordering packs by their dependencies.
export { readZip } from './pack/zip.js';
export { loadPack, type LoadContext, type LoadedPack } from './pack/load.js';
export { checkPack } from './pack/check.js';
export { dependencyOrder, mergePacks, type PackSet } from './pack/graph.js';
export { badPath, classify, DEFAULT_PACK_LIMITS, type PackLimits } from './pack/limits.js';
export type { PackFile, PackFiles } from './pack/files.js';
export { shortenRefs } from './pack/short-refs.js';
export { parseRef } from './pack/refs.js';

// Simulation figures.
export { aggregate, compare, type VariantResult, type Comparison } from './simulate/aggregate.js';
export { RECORD_EVENTS, recordOf, type CombatRecord } from './simulate/record.js';
export { formatCsv, formatJson, formatText } from './simulate/report.js';
export { runSeed, wilson, Z95, type Interval } from './simulate/stats.js';

// Simulation as the editor runs it: the CLI's series loading, run slices and accumulators, with
// no file system (the CLI's worker threads and the editor's Web Workers share them).
export { Accumulator, type AccumulatorJson, type Example } from './simulate/accumulator.js';
export { curveStatOf, type SideCurve } from './simulate/curves.js';
export type { Plan } from './simulate/plan-types.js';
export { present } from './simulate/present.js';
export { loadSeriesWith, runSlice, seriesGrid, sidesOf, type RunMessage, type SeriesSpec } from './simulate/series-core.js';
export { applyPatch, formatPatch, parseSweep, type Patch, type Sweep, type SweepKind } from './simulate/sweep.js';
