/**
 * The pipeline for Node (the CLI and the tests): documents come from files (or from a map of
 * texts standing in for files), schemas from the package's schemas/ folder. The stages
 * themselves are in core.ts.
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Diagnostic } from './diagnostics.js';
import type { Encounter } from './model/types.js';
import { readDocumentFile, readDocumentText, type SourceDocument } from './read/index.js';
import type { RunOptions, RunResult } from './run/engine.js';
import { createValidatorFromSource, type SchemaValidator } from './validate/precompiled.js';
import { generatedValidators } from './pipeline-validators.js';
import { Core, kindOf, SCHEMA_IDS, type DocKind, type DocumentFinder, type Program } from './core.js';
import { languageGate } from './migrate/index.js';
import { packageRoot } from './package-root.js';
import type { Session, SessionOptions } from './session/session.js';
import { saveSession, type SessionDocument } from './session/save.js';
import { writeWhole } from './write-whole.js';

export { SCHEMA_IDS, kindOf, packageRoot, type DocKind, type Program };

export function schemas(): object[] {
  const root = packageRoot();
  return ['ruleset', 'encounter', 'trace', 'session'].map(
    (n) => JSON.parse(readFileSync(join(root, 'schemas', `${n}.schema.json`), 'utf8')) as object,
  );
}

/**
 * The schema validators `npm run build` generated (pipeline-validators.ts), when they were
 * generated from these very schemas: then nothing loads or runs ajv's compiler, which was most of
 * `phasebook run`'s start-up, and the schemas are parsed only to explain an invalid document.
 * Otherwise (the sources run by vitest, a stale build) ajv compiles the schemas as before.
 */
const generated = generatedValidators(packageRoot());
const compileSchemas = generated === null ? (await import('./validate/schema.js')).createSchemaValidator : null;

let schemaDocs: object[] | null = null;
const theSchemas = () => (schemaDocs ??= schemas());

let validator: SchemaValidator | null = null;
export function schemaValidator(): SchemaValidator {
  validator ??= generated !== null ? createValidatorFromSource(generated, theSchemas) : compileSchemas!(theSchemas());
  return validator;
}

/** Whether the schema validators are the precompiled ones (see `generated` above). */
export const precompiledValidators = generated !== null;

let core: Core | null = null;
function theCore(): Core {
  core ??= new Core(schemaValidator());
  return core;
}

// languageGate: a document for another version of the language is an error (phasebook migrate).
const source = (path: string, text?: string): SourceDocument =>
  languageGate(text === undefined ? readDocumentFile(path) : readDocumentText(path, text));

/** Read and schema-validate one document of the expected kind(s). */
export function readChecked(path: string, expect: DocKind[], text?: string): SourceDocument {
  return theCore().checked(source(path, text), expect);
}

/** Resolve a ruleset with its overlays, check it and compile it. Throws PhasebookError. */
export function loadProgram(rulesetPath: string, overlayPaths: string[] = [], texts: Map<string, string> = new Map()): Program {
  return theCore().program(
    source(rulesetPath, texts.get(rulesetPath)),
    overlayPaths.map((p) => source(p, texts.get(p))),
  );
}

export function loadEncounter(path: string, program: Program, text?: string): Encounter {
  return theCore().encounter(source(path, text), program);
}

export function run(program: Program, encounter: Encounter, opts: RunOptions): RunResult {
  return theCore().run(program, encounter, opts);
}

/**
 * `phasebook validate`: every problem of one file (or of `text` under that name) in its context (an
 * overlay on its ruleset, an encounter against its ruleset, found by `finder` or given as `against`),
 * never throwing for bad input.
 */
export function validateFileInContext(path: string, finder: DocumentFinder, against?: string, text?: string): Diagnostic[] {
  let doc: SourceDocument;
  try {
    doc = source(path, text);
  } catch (err) {
    if (err && typeof err === 'object' && 'diagnostics' in err) return (err as { diagnostics: Diagnostic[] }).diagnostics;
    throw err;
  }
  try {
    return theCore().validateInContext(doc, finder, against === undefined ? undefined : source(against));
  } catch (err) {
    if (err && typeof err === 'object' && 'diagnostics' in err) return (err as { diagnostics: Diagnostic[] }).diagnostics;
    throw err;
  }
}

/** Every problem of one file (or of `text` under that name) on its own, never throwing for bad input. */
export function validateFile(path: string, text?: string): Diagnostic[] {
  let doc: SourceDocument;
  try {
    doc = source(path, text);
  } catch (err) {
    if (err && typeof err === 'object' && 'diagnostics' in err) return (err as { diagnostics: Diagnostic[] }).diagnostics;
    throw err;
  }
  return theCore().validate(doc);
}

/**
 * Resume a saved session file. The rule documents are those given, or else the paths the save
 * names. Throws PhasebookError for bad input and DocumentsChanged when the rules changed since
 * the save (unless `acceptChanges`).
 */
export function loadSavedSession(
  path: string,
  opts: { ruleset?: string; overlays?: string[]; acceptChanges?: boolean; text?: string } = {},
): Session {
  const doc = source(path, opts.text);
  const saved = theCore().savedSession(doc);
  // The save names its documents relative to its own folder.
  const near = (p: string | undefined) => (p === undefined ? '' : isAbsolute(p) ? p : join(dirname(path), p));
  const program = opts.ruleset
    ? loadProgram(opts.ruleset, opts.overlays ?? [])
    : loadProgram(
        near(saved.ruleset.path),
        saved.overlays.map((o) => near(o.path)),
      );
  return theCore().restore(doc, program, { acceptChanges: opts.acceptChanges ?? false });
}

/** Open a session on a program and an encounter (interpreter/session/). */
export function openSession(program: Program, encounter: Encounter, opts: SessionOptions): Session {
  return theCore().session(program, encounter, opts);
}

/** Write a session as a save file (written whole, then renamed: never half-written). Paths are relative to its folder. */
export function saveSessionFile(session: Session, path: string): SessionDocument {
  const doc = saveSession(session);
  const rel = (p: string | undefined) => (p === undefined ? undefined : relative(dirname(resolve(path)), resolve(p)));
  doc.ruleset.path = rel(doc.ruleset.path);
  for (const o of doc.overlays) o.path = rel(o.path);
  writeWhole(path, JSON.stringify(doc, null, 2) + '\n');
  return doc;
}
