/**
 * The pipeline without a file system: read → validate → resolve overlays → compile → run →
 * events, over documents given as text. The CLI (interpreter/pipeline.ts) and the editor's
 * worker both use it; only the way they obtain text and the schema validator differ (the
 * editor uses validators compiled at build time, so it needs no eval).
 */
import { type Diagnostic, PhasebookError, joinPointer } from './diagnostics.js';
import { DiceError } from './dice/index.js';
import type { Encounter, Overlay, Ruleset } from './model/types.js';
import { readDocumentText, type SourceDocument } from './read/read.js';
import { resolveOverlays, type ResolvedRuleset } from './resolve/overlays.js';
import { readsBackAsItself } from './resolve/reads-back.js';
import { compileRuleset, type CompiledRuleset } from './compile/ruleset.js';
import { ENCOUNTER_FILE, runCombat, type RunOptions, type RunResult } from './run/engine.js';
import type { SchemaValidator } from './validate/schema.js';
import { checkEncounter, checkRuleset } from './validate/semantic.js';
import { Session, type SessionOptions } from './session/session.js';
import { loadSession, SESSION_SCHEMA_ID, type LoadOptions, type SessionDocument } from './session/save.js';

export const SCHEMA_IDS = {
  ruleset: 'https://phasebook.dev/schemas/v1/ruleset.schema.json',
  encounter: 'https://phasebook.dev/schemas/v1/encounter.schema.json',
  trace: 'https://phasebook.dev/schemas/v1/trace.schema.json',
} as const;

export type DocKind = 'ruleset' | 'overlay' | 'encounter';

export interface Program {
  resolved: ResolvedRuleset;
  compiled: CompiledRuleset;
  /** The documents it was made from (ruleset first, then the overlays in order), for saves. */
  sources: ProgramSource[];
}

/** A rule document as loaded: its id, version, where it came from and its text (hashed by saves). */
export interface ProgramSource {
  kind: 'ruleset' | 'overlay';
  id: string;
  version?: string;
  file: string;
  text: string;
}

function sourceOf(doc: SourceDocument, kind: ProgramSource['kind']): ProgramSource {
  const v = doc.value as { id?: unknown; version?: unknown };
  return { kind, id: String(v.id ?? ''), ...(typeof v.version === 'string' ? { version: v.version } : {}), file: doc.file, text: doc.text };
}

export function kindOf(doc: SourceDocument): DocKind {
  const v = doc.value as { kind?: unknown } | null;
  const kind = typeof v === 'object' && v !== null ? v.kind : undefined;
  if (kind === 'ruleset' || kind === 'overlay' || kind === 'encounter') return kind;
  const pointer = typeof v === 'object' && v !== null && 'kind' in v ? '/kind' : '';
  const { line, col } = doc.locate(pointer);
  throw new PhasebookError([
    { file: doc.file, line, col, pointer, message: 'every document needs "kind": "ruleset", "overlay" or "encounter"', severity: 'error' },
  ]);
}

const located = <T>(doc: SourceDocument) => ({ file: doc.file, value: doc.value as T, locate: (p: string) => doc.locate(p) });

/** Where the documents a document names (`extends`, `requires`, `ruleset`) are found: next to a file, in a workspace. */
export interface DocumentFinder {
  /** The document of this kind and id, looked for from the document `from` (its file name), or null. */
  find(kind: 'ruleset' | 'overlay', id: string, from: string): SourceDocument | null;
}

/** The pipeline bound to one schema validator. */
export class Core {
  constructor(readonly validator: SchemaValidator) {}

  /** Schema-check a document of the expected kind(s). */
  checked(doc: SourceDocument, expect: DocKind[]): SourceDocument {
    const kind = kindOf(doc);
    if (!expect.includes(kind)) {
      const { line, col } = doc.locate('/kind');
      throw new PhasebookError([
        { file: doc.file, line, col, pointer: '/kind', message: `expected ${expect.join(' or ')}, got ${kind}`, severity: 'error' },
      ]);
    }
    const problems = this.validator.validate(doc, kind === 'encounter' ? SCHEMA_IDS.encounter : SCHEMA_IDS.ruleset);
    if (problems.length) throw new PhasebookError(problems);
    return doc;
  }

  /** Resolve a ruleset with its overlays (in order), check and compile it. Throws PhasebookError. */
  program(base: SourceDocument, overlays: SourceDocument[] = []): Program {
    this.checked(base, ['ruleset']);
    for (const o of overlays) this.checked(o, ['overlay']);
    const resolved = resolveOverlays(
      located<Ruleset>(base),
      overlays.map((o) => located<Overlay>(o)),
    );
    this.checkResolved(resolved, overlays.length > 0);
    const sources = [sourceOf(base, 'ruleset'), ...overlays.map((o) => sourceOf(o, 'overlay'))];
    return { resolved, compiled: this.compile(resolved), sources };
  }

  /** Compile a checked, resolved ruleset (a subclass may keep compiled parts between builds). */
  protected compile(resolved: ResolvedRuleset): CompiledRuleset {
    return compileRuleset(resolved);
  }

  /** Schema-check the resolved ruleset (overlays may have broken it) and run the semantic checks. */
  protected checkResolved(resolved: ResolvedRuleset, hadOverlays: boolean): void {
    const diagnostics: Diagnostic[] = [];
    if (hadOverlays && !this.validInPlace(resolved.ruleset)) {
      // Read back without the size limits of a document (the overlays' own texts were checked);
      // what the reader still refuses — a value nested too deep once in place — is the overlay's.
      let virtual: SourceDocument;
      try {
        virtual = readDocumentText('<resolved>', JSON.stringify(resolved.ruleset), {
          maxBytes: Number.MAX_SAFE_INTEGER,
          maxValues: Number.MAX_SAFE_INTEGER,
        });
      } catch (err) {
        if (!(err instanceof PhasebookError)) throw err;
        throw new PhasebookError(
          err.diagnostics.map((d) => ({ ...d, ...resolved.origin(d.pointer), message: `${d.message} (after overlays)` })),
        );
      }
      for (const d of this.validator.validate(virtual, SCHEMA_IDS.ruleset)) {
        const o = resolved.origin(d.pointer);
        diagnostics.push({ ...d, file: o.file, line: o.line, col: o.col, pointer: o.pointer, message: `${d.message} (after overlays)` });
      }
      if (diagnostics.length) throw new PhasebookError(diagnostics);
    }
    for (const p of checkRuleset(resolved.ruleset)) {
      const o = resolved.origin(p.pointer);
      diagnostics.push({ file: o.file, line: o.line, col: o.col, pointer: o.pointer, message: p.message, severity: 'error' });
    }
    if (diagnostics.length) throw new PhasebookError(diagnostics);
  }

  /**
   * The resolved ruleset as it stands passes the schema, and would read back as itself
   * (resolve/reads-back.ts): no need to write it out and read it back. Any problem is found
   * again, with its place, the careful way.
   */
  private validInPlace(ruleset: Ruleset): boolean {
    if (!readsBackAsItself(ruleset)) return false;
    const nowhere = () => ({ line: 1, col: 1 });
    const doc: SourceDocument = { file: '<resolved>', text: '', value: ruleset, locate: nowhere, locateKey: nowhere };
    return this.validator.validate(doc, SCHEMA_IDS.ruleset).length === 0;
  }

  /** The document each checked encounter came from, to locate problems found while running it. */
  private readonly encounterDocs = new WeakMap<Encounter, SourceDocument>();

  encounter(doc: SourceDocument, program: Program): Encounter {
    return this.encounterAt(doc, program, '');
  }

  /** An encounter found at `prefix` of its file (a save holds one inline). */
  private encounterAt(doc: SourceDocument, program: Program, prefix: string): Encounter {
    if (prefix === '') this.checked(doc, ['encounter']);
    else {
      const v = doc.value as { kind?: unknown } | null;
      if (typeof v !== 'object' || v === null || v.kind !== 'encounter') {
        const { line, col } = doc.locate('');
        throw new PhasebookError([{ file: doc.file, line, col, pointer: prefix, message: 'expected an encounter', severity: 'error' }]);
      }
      const problems = this.validator.validate(doc, SCHEMA_IDS.encounter);
      if (problems.length) throw new PhasebookError(problems.map((d) => ({ ...d, pointer: prefix + d.pointer })));
    }
    const enc = doc.value as Encounter;
    this.encounterDocs.set(enc, doc);
    const problems = checkEncounter(enc, program.resolved.ruleset);
    if (problems.length) {
      throw new PhasebookError(
        problems.map((p) => ({
          file: doc.file,
          ...doc.locate(p.pointer),
          pointer: prefix + p.pointer,
          message: p.message,
          severity: 'error' as const,
        })),
      );
    }
    return enc;
  }

  run(program: Program, encounter: Encounter, opts: RunOptions): RunResult {
    try {
      return runCombat(program.compiled, encounter, opts);
    } catch (err) {
      const doc = this.encounterDocs.get(encounter);
      if (!doc) throw err;
      // A pin of the encounter's own dice that the dice cannot show: at the pin.
      if (err instanceof DiceError && err.pin && err.label !== undefined) {
        const label = [err.label, err.label.replace(/#\d+$/, '')].find(
          (l) => !opts.rolls?.has(l) && Object.prototype.hasOwnProperty.call(encounter.dice ?? {}, l),
        );
        if (label === undefined) throw err;
        const pointer = joinPointer('/dice', label);
        throw new PhasebookError([{ file: doc.file, ...doc.locate(pointer), pointer, message: err.message, severity: 'error' }]);
      }
      if (!(err instanceof PhasebookError)) throw err;
      throw new PhasebookError(
        err.diagnostics.map((d) => (d.file === ENCOUNTER_FILE ? { ...d, file: doc.file, ...doc.locate(d.pointer) } : d)),
      );
    }
  }

  /** Open a session: a combat driven input by input (session/session.ts). */
  session(program: Program, encounter: Encounter, opts: SessionOptions): Session {
    return new Session(program, encounter, opts);
  }

  /** Schema-check a saved session (schemas/session.schema.json; the validator must know it, as the Node one does). */
  savedSession(doc: SourceDocument): SessionDocument {
    const problems = this.validator.validate(doc, SESSION_SCHEMA_ID);
    if (problems.length) throw new PhasebookError(problems);
    return doc.value as SessionDocument;
  }

  /**
   * Restore a saved session on `program` (its documents loaded again): its inline encounter is
   * checked against the rules (problems point into the save), then its log is replayed.
   * Throws DocumentsChanged when the documents differ from the save's, unless accepted.
   */
  restore(doc: SourceDocument, program: Program, opts: LoadOptions = {}): Session {
    const saved = this.savedSession(doc);
    const inner: SourceDocument = {
      file: doc.file,
      text: doc.text,
      value: saved.encounter,
      locate: (p) => doc.locate(`/encounter${p}`),
      locateKey: (p) => doc.locateKey(`/encounter${p}`),
    };
    const encounter = this.encounterAt(inner, program, '/encounter');
    return loadSession(saved, program, encounter, opts);
  }

  /**
   * Every problem of a document in its context, never throwing for bad input: the document on
   * its own, then an overlay on top of the ruleset it extends (with the overlays it requires,
   * applied first), an encounter against its ruleset — when `finder` finds them, or against
   * `against` when given. The CLI's `validate` and the editor's markers both use this.
   */
  validateInContext(doc: SourceDocument, finder: DocumentFinder, against?: SourceDocument): Diagnostic[] {
    const own = this.validate(doc);
    if (own.length) return own;
    try {
      const v = doc.value as { kind?: string; extends?: string; ruleset?: string };
      if (v.kind === 'overlay') {
        const base = against ?? (v.extends ? finder.find('ruleset', v.extends, doc.file) : null);
        if (base) this.program(base, [...requiredOverlays(doc, finder), doc]);
      } else if (v.kind === 'encounter') {
        const base = against ?? (v.ruleset ? finder.find('ruleset', v.ruleset, doc.file) : null);
        if (base) this.encounter(doc, this.program(base));
      }
      return [];
    } catch (err) {
      if (err instanceof PhasebookError) return err.diagnostics;
      throw err;
    }
  }

  /** Every problem of one document on its own (a ruleset is also checked semantically). */
  validate(doc: SourceDocument): Diagnostic[] {
    try {
      const kind = kindOf(doc);
      const problems = this.validator.validate(doc, kind === 'encounter' ? SCHEMA_IDS.encounter : SCHEMA_IDS.ruleset);
      if (problems.length) return problems;
      if (kind === 'ruleset') this.program(doc);
      return [];
    } catch (err) {
      if (err instanceof PhasebookError) return err.diagnostics;
      throw err;
    }
  }
}

/** The overlays an overlay `requires`, found by `finder`, in an order that applies them first. */
function requiredOverlays(doc: SourceDocument, finder: DocumentFinder, seen = new Set<string>()): SourceDocument[] {
  const out: SourceDocument[] = [];
  for (const id of (doc.value as { requires?: string[] }).requires ?? []) {
    const found = finder.find('overlay', id, doc.file);
    if (!found || seen.has(found.file)) continue;
    seen.add(found.file);
    out.push(...requiredOverlays(found, finder, seen), found);
  }
  return out;
}
