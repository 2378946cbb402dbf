/**
 * Build time only (scripts/build-first-runs.mjs): whether a first run passes every schema check
 * and the semantic checks of its resolved ruleset (a proven run skips both in the worker),
 * made as the engine worker makes it (engine.worker.ts: CachingCore over DocCache's shortened
 * texts, documents found by documentMeant, then by kind and id) with the worker's validators.
 */
import { type DocumentFinder, type SchemaValidator, type SourceDocument } from '../../../interpreter/index.js';
import { CachingCore, DocCache } from './core-cache.js';
import { documentMeant } from './doc-refs.js';
import type { DocText } from './protocol.js';
import type { RunShape } from './first-run-proof.js';

/** True when the run's documents and its resolved ruleset pass the schemas, and the program (semantic checks included) is built without an error. */
export function passesSchemas(validator: SchemaValidator, variant: RunShape, docs: DocText[]): boolean {
  let failed = false;
  const recording: SchemaValidator = {
    hasSchema: (id) => validator.hasSchema(id),
    validate: (doc, id) => {
      const d = validator.validate(doc, id);
      if (d.length) failed = true;
      return d;
    },
  };
  const texts = new DocCache();
  const cached = new CachingCore(recording);
  const byPath = new Map(docs.map((d) => [d.path, d]));
  const source = (path: string): SourceDocument => {
    const d = byPath.get(path);
    if (!d) throw new Error(`no document ${path}`);
    return texts.read(path, d.text);
  };
  const finder: DocumentFinder = {
    find: (kind, id, from) => {
      let path = documentMeant(docs, from, kind, id)?.path;
      if (!path)
        for (const d of docs) {
          try {
            const o = JSON.parse(texts.short(d.path, d.text)) as { kind?: unknown; id?: unknown };
            if (o.kind === kind && o.id === id) {
              path = d.path;
              break;
            }
          } catch {
            // not JSON: not a candidate
          }
        }
      return path ? source(path) : null;
    },
  };
  try {
    const program = cached.program(
      source(variant.ruleset),
      variant.overlays.map((p) => source(p)),
    );
    cached.encounter(source(variant.encounter), program);
    // The page validates each document it shows in context too; those go through the real validators.
    for (const d of docs) if (cached.validateInContext(source(d.path), finder).length) failed = true;
  } catch {
    return false;
  }
  return !failed;
}
