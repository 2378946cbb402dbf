/**
 * `phasebook migrate` and the language-version checks. A document states its version in its
 * `$schema` URL (version.ts). Reading a document:
 * - written for a newer version than this Phasebook reads: an error at `/$schema`;
 * - written for an older version: rewritten by the migrations of registry.ts, each rename a
 *   minimal edit of the text (formatting, order and comments of the rest kept), and the
 *   `$schema` URL moved to the current version; a field that a migration renames is reported
 *   as deprecated, naming the version that removes it.
 */
import { applyEdits, parseTree, findNodeAtLocation, type Edit } from 'jsonc-parser';
import { PhasebookError, type Diagnostic } from '../diagnostics.js';
import { readDocumentText, type SourceDocument } from '../read/read.js';
import { MIGRATIONS } from './registry.js';
import { LANGUAGE_MAJOR, schemaUrl, statedVersion } from './version.js';

export { LANGUAGE_MAJOR, LANGUAGE_VERSION, statedVersion, schemaUrl } from './version.js';

export interface MigrationResult {
  /** The version the document was read as (stated, or inferred from its fields). */
  from: number;
  text: string;
  /** One note per change made, located in the original text. */
  changes: Diagnostic[];
}

const kindOf = (v: unknown) => (typeof v === 'object' && v !== null ? (v as { kind?: unknown }).kind : undefined);

/** The version a document is written for: its `$schema`, else the oldest whose renamed fields it uses, else the current one. */
export function versionOf(doc: SourceDocument): number {
  const stated = statedVersion(doc.value);
  if (stated.major !== null) return stated.major;
  const v = doc.value as Record<string, unknown>;
  for (const m of MIGRATIONS) if (m.renames.some((r) => r.kind === kindOf(v) && r.from in v && !(r.to in v))) return m.from;
  return LANGUAGE_MAJOR;
}

/** Null when the document can be read; else the error for a document newer than this Phasebook. */
export function newerVersionError(doc: SourceDocument): Diagnostic | null {
  const stated = statedVersion(doc.value);
  if (stated.major === null || stated.major <= LANGUAGE_MAJOR) return null;
  return {
    file: doc.file,
    ...doc.locate('/$schema'),
    pointer: '/$schema',
    message: `written for language v${stated.major}; this Phasebook reads up to v${LANGUAGE_MAJOR} (upgrade phasebook)`,
    severity: 'error',
  };
}

/** Rewrite a document to the current version. Throws (PhasebookError) only for unreadable JSON. */
export function migrateDocument(doc: SourceDocument): MigrationResult {
  const from = versionOf(doc);
  let text = doc.text;
  const changes: Diagnostic[] = [];
  for (const m of MIGRATIONS) {
    if (m.from < from || m.to > LANGUAGE_MAJOR) continue;
    const tree = parseTree(text);
    if (!tree) break;
    const edits: Edit[] = [];
    for (const r of m.renames) {
      if (kindOf(doc.value) !== r.kind) continue;
      const value = findNodeAtLocation(tree, [r.from]);
      const key = value?.parent?.children?.[0];
      if (!key) continue;
      edits.push({ offset: key.offset, length: key.length, content: JSON.stringify(r.to) });
      changes.push({
        file: doc.file,
        ...doc.locateKey(`/${r.from}`),
        pointer: `/${r.from}`,
        message: `"${r.from}" is deprecated since language v${m.to} and removed in v${r.removedIn}; it is now "${r.to}"`,
        severity: 'warning',
      });
    }
    text = applyEdits(text, edits);
  }
  if (from < LANGUAGE_MAJOR) {
    const tree = parseTree(text);
    const node = tree ? findNodeAtLocation(tree, ['$schema']) : undefined;
    const kind = statedVersion(doc.value).kind;
    if (node && kind) {
      text = applyEdits(text, [{ offset: node.offset, length: node.length, content: JSON.stringify(schemaUrl(LANGUAGE_MAJOR, kind)) }]);
      changes.push({
        file: doc.file,
        ...doc.locate('/$schema'),
        pointer: '/$schema',
        message: `language v${from} → v${LANGUAGE_MAJOR}`,
        severity: 'warning',
      });
    }
  }
  return { from, text, changes };
}

/** The document as the current version reads it (migrated in memory when older), with the deprecation warnings. */
export function upgradeInMemory(doc: SourceDocument): { doc: SourceDocument; warnings: Diagnostic[] } {
  if (versionOf(doc) >= LANGUAGE_MAJOR) return { doc, warnings: [] };
  const r = migrateDocument(doc);
  const migrated = readDocumentText(doc.file, r.text);
  return { doc: migrated, warnings: r.changes.filter((c) => c.pointer !== '/$schema') };
}

/**
 * For the pipeline, which reads one version: a newer document is an error, and so is an older
 * one (with what `phasebook migrate` would change, and the version that removes each field).
 */
export function languageGate(doc: SourceDocument): SourceDocument {
  const newer = newerVersionError(doc);
  if (newer) throw new PhasebookError([newer]);
  const from = versionOf(doc);
  if (from >= LANGUAGE_MAJOR) return doc;
  const { changes } = migrateDocument(doc);
  const first = changes[0];
  throw new PhasebookError([
    {
      file: doc.file,
      line: first?.line ?? 1,
      col: first?.col ?? 1,
      pointer: first?.pointer ?? '',
      message: `written for language v${from}; run \`phasebook migrate --write ${doc.file}\`${first ? ` (${first.message})` : ''}`,
      severity: 'error',
    },
  ]);
}
