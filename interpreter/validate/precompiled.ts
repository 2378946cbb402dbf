/**
 * Stage 2 of the pipeline, without the schema compiler: turn the errors of already compiled
 * JSON Schema (2020-12) validate functions into Diagnostics.
 *
 * The validate functions come from a `ValidateFunctionSource`: ajv compiling the schemas at run
 * time (schema.ts, for Node) or code that ajv generated at build time (the editor, which runs
 * under a Content-Security-Policy without 'unsafe-eval'; see scripts/build-validators.mjs and
 * `createPrecompiledValidator` below). Both give the same Diagnostics for the same document.
 * This module imports ajv's types only, so a bundle that uses it contains no code generator.
 *
 * The steps live in files of their own: reduce-errors.ts keeps, of a failed oneOf/anyOf, the
 * errors of the alternative the author most plausibly meant; error-messages.ts says each error in
 * plain words at the offending value or key; schema-index.ts traces an error back to its place in
 * the schemas; suggest.ts makes the "did you mean" suggestions.
 */
import type { ValidateFunction } from 'ajv';
import { PhasebookError, type Diagnostic } from '../diagnostics.js';
import type { SourceDocument } from '../read/read.js';
import { finishDiagnostics, toDiagnostic } from './error-messages.js';
import { reduceErrors, type ReduceContext } from './reduce-errors.js';
import { SchemaIndex, UMBRELLAS, branchRef } from './schema-index.js';

export { SUGGESTION_DISTANCE, closestName, levenshtein } from './suggest.js';
export { branchRef, type SchemaLocation } from './schema-index.js';

export interface SchemaValidator {
  /** Validate `doc.value` against the schema whose `$id` is `schemaId`. Sorted, deduplicated. */
  validate(doc: SourceDocument, schemaId: string): Diagnostic[];
  /** Whether a schema with this `$id` was registered. */
  hasSchema(schemaId: string): boolean;
}

/**
 * Where the validate functions come from. Both must have been compiled with `verbose: true` and
 * `allErrors: true` (the branch functions need not be verbose: only their errors' keywords and
 * instance paths are compared).
 */
export interface ValidateFunctionSource {
  /** The validator of a whole schema, by `$id`; undefined when unknown. Must not throw. */
  main(schemaId: string): ValidateFunction | undefined;
  /**
   * The validator of one oneOf/anyOf branch, compiled on its own (leniently: out of context a
   * branch may break strict rules), by the ref `branchRef` builds; undefined when there is none.
   * Must not throw.
   */
  branch(ref: string): ValidateFunction | undefined;
}

/**
 * A SchemaValidator over validate functions from `source`. `schemas` are the schema documents
 * the functions were compiled from (every one with a `$id`), or a function returning them, called
 * at the first invalid document: locations in them say which branch
 * ref to ask for and which property names a schema declares. An error's `parentSchema` may be
 * the very object in `schemas` (ajv at run time) or a copy of it (standalone code embeds
 * copies): copies are matched to the original by content.
 */
export function createValidatorFromSource(source: ValidateFunctionSource, schemas: object[] | (() => object[])): SchemaValidator {
  // The index of the schemas is needed to explain an error only: built on the first invalid
  // document, not at start-up (issue 9, cold start: a valid run never builds it, nor, when
  // `schemas` is a function, even reads the schemas).
  let built: SchemaIndex | null = null;
  const index = () => (built ??= new SchemaIndex(typeof schemas === 'function' ? schemas() : schemas));
  const ctx: ReduceContext = {
    get index() {
      return index();
    },
    branchValidator: (ref) => source.branch(ref) ?? null,
  };
  return {
    hasSchema(schemaId) {
      return source.main(schemaId) !== undefined;
    },
    validate(doc, schemaId) {
      const validate = source.main(schemaId);
      if (validate === undefined) {
        const { line, col } = doc.locate('');
        throw new PhasebookError([
          { file: doc.file, line, col, pointer: '', message: `no schema with $id ${JSON.stringify(schemaId)} is known`, severity: 'error' },
        ]);
      }
      if (validate(doc.value)) return [];
      const reduced = reduceErrors([...(validate.errors ?? [])], ctx);
      return finishDiagnostics(reduced.map((e) => toDiagnostic(doc, e, index())));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Precompiled (standalone) validators

/** What scripts/build-validators.mjs generates (editor/src/generated/validators.js), as a module namespace. */
export interface GeneratedValidators {
  /** `schemaFingerprint` of the schemas the code was generated from. */
  readonly schemaFingerprint: string;
  /** Schema `$id` → name of the export holding its validate function. */
  readonly schemaIds: Readonly<Record<string, string>>;
  /** Branch ref (as `branchRef` builds it) → name of the export holding its validate function. */
  readonly branchRefs: Readonly<Record<string, string>>;
  readonly [exportName: string]: unknown;
}

/**
 * A SchemaValidator over validate functions generated at build time (ajv standalone code): no
 * schema is compiled and nothing is evaluated at run time. `schemas` must be the documents the
 * code was generated from; a stale module (the schemas changed since) is refused.
 */
export function createPrecompiledValidator(generated: GeneratedValidators, schemas: object[]): SchemaValidator {
  const fingerprint = schemaFingerprint(schemas);
  if (generated.schemaFingerprint !== fingerprint) {
    throw new Error(
      `the precompiled schema validators are stale (generated from schemas ${generated.schemaFingerprint}, these are ${fingerprint}); ` +
        'run `node scripts/build-validators.mjs`',
    );
  }
  const pick = (table: Readonly<Record<string, string>>, key: string): ValidateFunction | undefined => {
    if (!Object.hasOwn(table, key)) return undefined;
    const fn = generated[table[key]!];
    return typeof fn === 'function' ? (fn as ValidateFunction) : undefined;
  };
  return createValidatorFromSource(
    { main: (id) => pick(generated.schemaIds, id), branch: (ref) => pick(generated.branchRefs, ref) },
    schemas,
  );
}

/**
 * A short fingerprint of schema documents (FNV-1a over their JSON), to tell generated code from
 * stale code. scripts/build-validators.mjs computes the same.
 */
export function schemaFingerprint(schemas: object[]): string {
  const text = JSON.stringify(schemas);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${text.length.toString(16)}-${h.toString(16).padStart(8, '0')}`;
}

/**
 * Every branch ref the reducer may ask a ValidateFunctionSource for: one per branch of every
 * oneOf/anyOf in the schemas. scripts/build-validators.mjs enumerates the same set.
 */
export function branchRefs(schemas: object[]): string[] {
  const refs: string[] = [];
  for (const [node, loc] of new SchemaIndex(schemas).locations) {
    if (Array.isArray(node)) continue;
    for (const keyword of UMBRELLAS) {
      const branches = (node as Record<string, unknown>)[keyword];
      if (Array.isArray(branches)) branches.forEach((_, i) => refs.push(branchRef(loc, keyword, i)));
    }
  }
  return refs;
}
