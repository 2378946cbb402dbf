/**
 * The pipeline, end to end: read → validate → resolve overlays → compile expressions → run →
 * events. Each stage lives in its own folder; this file only wires them together, and is
 * what the CLI (and the editor) call.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Diagnostic, PhasebookError } from './diagnostics.js';
import type { Encounter, Overlay, Ruleset } from './model/types.js';
import { readDocumentFile, readDocumentText, type SourceDocument } from './read/index.js';
import { resolveOverlays, type ResolvedRuleset } from './resolve/overlays.js';
import { compileRuleset, type CompiledRuleset } from './run/compiled.js';
import { runCombat, type RunOptions, type RunResult } from './run/engine.js';
import { createSchemaValidator, type SchemaValidator } from './validate/index.js';
import { checkEncounter, checkRuleset } from './validate/semantic.js';

export const SCHEMA_IDS = {
  ruleset: 'https://phasebook.dev/schemas/v1/ruleset.schema.json',
  encounter: 'https://phasebook.dev/schemas/v1/encounter.schema.json',
  trace: 'https://phasebook.dev/schemas/v1/trace.schema.json',
} as const;

/** The folder holding schemas/, found from this module (source or compiled). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'schemas', 'ruleset.schema.json'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot find the schemas/ folder of the phasebook package');
}

let validator: SchemaValidator | null = null;
export function schemas(): object[] {
  const root = packageRoot();
  return ['ruleset', 'encounter', 'trace'].map((n) => JSON.parse(readFileSync(join(root, 'schemas', `${n}.schema.json`), 'utf8')) as object);
}
export function schemaValidator(): SchemaValidator {
  validator ??= createSchemaValidator(schemas());
  return validator;
}

export type DocKind = 'ruleset' | 'overlay' | 'encounter';

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

/** Read and schema-validate one document of the expected kind(s). */
export function readChecked(path: string, expect: DocKind[], text?: string): SourceDocument {
  const doc = text === undefined ? readDocumentFile(path) : readDocumentText(path, text);
  const kind = kindOf(doc);
  if (!expect.includes(kind)) {
    const { line, col } = doc.locate('/kind');
    throw new PhasebookError([{ file: doc.file, line, col, pointer: '/kind', message: `expected ${expect.join(' or ')}, got ${kind}`, severity: 'error' }]);
  }
  const problems = schemaValidator().validate(doc, kind === 'encounter' ? SCHEMA_IDS.encounter : SCHEMA_IDS.ruleset);
  if (problems.length) throw new PhasebookError(problems);
  return doc;
}

const located = <T>(doc: SourceDocument) => ({ file: doc.file, value: doc.value as T, locate: (p: string) => doc.locate(p) });

export interface Program {
  resolved: ResolvedRuleset;
  compiled: CompiledRuleset;
}

/** Resolve a ruleset with its overlays, check it and compile it. Throws PhasebookError. */
export function loadProgram(rulesetPath: string, overlayPaths: string[] = [], texts: Map<string, string> = new Map()): Program {
  const base = readChecked(rulesetPath, ['ruleset'], texts.get(rulesetPath));
  const overlays = overlayPaths.map((p) => readChecked(p, ['overlay'], texts.get(p)));
  const resolved = resolveOverlays(located<Ruleset>(base), overlays.map((o) => located<Overlay>(o)));
  checkResolved(resolved, overlays.length > 0);
  return { resolved, compiled: compileRuleset(resolved) };
}

/** Schema-check the resolved ruleset (overlays may have broken it) and run the semantic checks. */
function checkResolved(resolved: ResolvedRuleset, hadOverlays: boolean): void {
  const diagnostics: Diagnostic[] = [];
  if (hadOverlays) {
    const text = JSON.stringify(resolved.ruleset);
    const virtual = readDocumentText('<resolved>', text);
    for (const d of schemaValidator().validate(virtual, SCHEMA_IDS.ruleset)) {
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

export function loadEncounter(path: string, program: Program, text?: string): Encounter {
  const doc = readChecked(path, ['encounter'], text);
  const enc = doc.value as Encounter;
  const problems = checkEncounter(enc, program.resolved.ruleset);
  if (problems.length) {
    throw new PhasebookError(problems.map((p) => ({ file: doc.file, ...doc.locate(p.pointer), pointer: p.pointer, message: p.message, severity: 'error' as const })));
  }
  return enc;
}

export function run(program: Program, encounter: Encounter, opts: RunOptions): RunResult {
  return runCombat(program.compiled, encounter, opts);
}

/** `phasebook validate`: every problem of every file, never throwing for bad input. */
export function validateFile(path: string): Diagnostic[] {
  try {
    const doc = readDocumentFile(path);
    const kind = kindOf(doc);
    const problems = schemaValidator().validate(doc, kind === 'encounter' ? SCHEMA_IDS.encounter : SCHEMA_IDS.ruleset);
    if (problems.length) return problems;
    if (kind === 'ruleset') {
      const resolved = resolveOverlays(located<Ruleset>(doc), []);
      checkResolved(resolved, false);
      compileRuleset(resolved);
    }
    return [];
  } catch (err) {
    if (err instanceof PhasebookError) return err.diagnostics;
    throw err;
  }
}
