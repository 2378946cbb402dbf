/**
 * The engine worker's memory between two requests (issue 9: edit → timeline within 50 ms). An
 * edit changes one document; the others arrive again as the same text. So:
 *
 * - `DocCache` reads each text once: the shortened text (shortenRefs), the SourceDocument
 *   (readDocumentText), per path and text, for the latest few texts of each path (going back to
 *   a recent text, by undo or by putting a value back, finds its document). Equal text, same
 *   object: the caches below can compare documents by identity.
 * - `CachingCore` is the interpreter's Core with its results kept for the documents they came
 *   from: the schema check of a document, a program (ruleset + overlays: resolved, checked,
 *   compiled) for the same documents in the same order, an encounter checked against a program.
 *   Failures are kept too (the same PhasebookError is thrown again). Editing an encounter then
 *   reuses the compiled rules; editing an overlay rebuilds the program once, and the validation
 *   of that overlay in context (validateInContext → program) finds it built. That rebuild
 *   compiles only the expressions of the documents that changed: the others' are kept
 *   (interpreter/compile/expression-cache.ts, bounded per document). The resolved ruleset shares
 *   the base's untouched parts (resolve/overlays.ts), so the semantic checks find the var paths
 *   of those parts' expressions kept too (validate/expressions.ts, by expression object).
 *
 * A program and an encounter are not changed by a run (simulate runs thousands on one), so
 * handing the same objects out again is safe.
 */
import {
  Core,
  type DocKind,
  type Diagnostic,
  type Encounter,
  type Program,
  type ResolvedRuleset,
  type CompiledRuleset,
  compileRuleset,
  ExpressionCache,
  KeptVarPaths,
  keepingVarPaths,
  type SchemaValidator,
  type SourceDocument,
  readDocumentText,
  shortenRefs,
} from '../../../interpreter/index.js';

interface Read {
  text: string;
  short: string;
  doc: SourceDocument | null;
}

/**
 * How many texts are kept per path: the latest and the few before it, so that going back to a
 * text just seen (undo, redo, a value tried and put back) finds the same document, and with it
 * the program built from it (CachingCore compares documents by identity).
 */
const TEXTS_PER_PATH = 4;

/** Each path's latest texts, shortened and read once. */
export class DocCache {
  private readonly byPath = new Map<string, Read[]>();

  private entry(path: string, text: string): Read {
    let list = this.byPath.get(path);
    if (!list) this.byPath.set(path, (list = []));
    const i = list.findIndex((r) => r.text === text);
    if (i === 0) return list[0]!;
    const e = i > 0 ? list.splice(i, 1)[0]! : { text, short: shortenRefs(text), doc: null };
    list.unshift(e);
    if (list.length > TEXTS_PER_PATH) list.length = TEXTS_PER_PATH;
    return e;
  }

  /** The text with pack-id:doc-id references read as short ids (shortenRefs). */
  short(path: string, text: string): string {
    return this.entry(path, text).short;
  }

  /** The shortened text read as a document (throws PhasebookError when it cannot be read; not kept then). */
  read(path: string, text: string): SourceDocument {
    const e = this.entry(path, text);
    e.doc ??= readDocumentText(path, e.short);
    return e.doc;
  }

  /** Forget the paths not in `keep` (documents deleted or renamed). */
  retain(keep: Iterable<string>): void {
    const k = new Set(keep);
    for (const p of [...this.byPath.keys()]) if (!k.has(p)) this.byPath.delete(p);
  }
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

const settle = <T>(f: () => T): Outcome<T> => {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
};
const unwrap = <T>(o: Outcome<T>): T => {
  if (o.ok) return o.value;
  throw o.error;
};

/** How many programs are kept (the main variant, Compare's two, a validation by the book). */
const PROGRAMS = 6;

export class CachingCore extends Core {
  private readonly checks = new WeakMap<SourceDocument, Map<string, Outcome<SourceDocument>>>();
  private readonly own = new WeakMap<SourceDocument, Diagnostic[]>();
  private programs: Array<{ docs: SourceDocument[]; outcome: Outcome<Program> }> = [];
  private readonly encounters = new WeakMap<SourceDocument, WeakMap<Program, Outcome<Encounter>>>();
  /** Compiled expressions of unchanged documents, for the next build of a program. */
  private readonly expressions = new ExpressionCache();
  /**
   * The var paths of expressions the semantic checks read, by expression object: the documents
   * here are never changed once read, and a resolved ruleset shares its base's untouched parts
   * (resolve/overlays.ts), so an edit of an overlay finds the base's expressions' paths kept.
   */
  private readonly varPaths = new KeptVarPaths();

  /**
   * Set only while a run known valid at build time runs (engine.worker.ts, lib/first-run-proof.ts):
   * scripts/build-first-runs.mjs built its program with every check, the semantic checks of the
   * resolved ruleset among them, and they found nothing. They are pure, so for those exact texts
   * they would find nothing again: skipped (a third of the first run's work).
   */
  proven = false;

  constructor(validator: SchemaValidator) {
    super(validator);
  }

  protected override checkResolved(resolved: ResolvedRuleset, hadOverlays: boolean): void {
    if (!this.proven) keepingVarPaths(this.varPaths, () => super.checkResolved(resolved, hadOverlays));
  }

  override checked(doc: SourceDocument, expect: DocKind[]): SourceDocument {
    let m = this.checks.get(doc);
    if (!m) this.checks.set(doc, (m = new Map()));
    const key = expect.join();
    let o = m.get(key);
    if (!o) m.set(key, (o = settle(() => super.checked(doc, expect))));
    return unwrap(o);
  }

  override validate(doc: SourceDocument): Diagnostic[] {
    let d = this.own.get(doc);
    if (!d) this.own.set(doc, (d = super.validate(doc)));
    return d;
  }

  override program(base: SourceDocument, overlays: SourceDocument[] = []): Program {
    const docs = [base, ...overlays];
    const i = this.programs.findIndex((p) => p.docs.length === docs.length && p.docs.every((d, j) => d === docs[j]));
    const hit = i >= 0 ? this.programs.splice(i, 1)[0]! : { docs, outcome: settle(() => super.program(base, overlays)) };
    this.programs.unshift(hit);
    this.programs.length = Math.min(this.programs.length, PROGRAMS);
    return unwrap(hit.outcome);
  }

  protected override compile(resolved: ResolvedRuleset): CompiledRuleset {
    return compileRuleset(resolved, { expressions: this.expressions });
  }

  override encounter(doc: SourceDocument, program: Program): Encounter {
    let m = this.encounters.get(doc);
    if (!m) this.encounters.set(doc, (m = new WeakMap()));
    let o = m.get(program);
    if (!o) m.set(program, (o = settle(() => super.encounter(doc, program))));
    return unwrap(o);
  }
}
