/**
 * From a pack's files to a checked pack, without writing anything. Every file is classified
 * (limits.ts): a file that could run as code makes the whole pack refused; files that are
 * neither documents nor text are listed and skipped with a warning. The manifest is checked
 * against schemas/pack.schema.json, and every document it lists against its own schema; the
 * checks that need other packs (presets, overlays on a ruleset of a dependency) are in check.ts.
 */
import semver from 'semver';
import { PhasebookError, type Diagnostic } from '../diagnostics.js';
import type { Core, DocKind } from '../core.js';
import { readDocumentText, type SourceDocument } from '../read/read.js';
import type { SchemaValidator } from '../validate/schema.js';
import { LANGUAGE_VERSION } from '../migrate/version.js';
import { newerVersionError, upgradeInMemory } from '../migrate/index.js';
import { classify, MANIFEST_FILE } from './limits.js';
import { packDiagnostic, packError, stripSingleTopFolder, type PackFile, type PackFiles } from './files.js';
import { packLabel, packName, PACK_SCHEMA_ID, type PackManifest } from './manifest.js';
import { parseRef } from './refs.js';

export interface PackDocument {
  path: string;
  kind: DocKind;
  id: string;
  doc: SourceDocument;
}

export interface LoadedPack {
  origin: string;
  manifest: PackManifest;
  manifestDoc: SourceDocument;
  documents: PackDocument[];
  /** Readme, licence, changelog: path → text. */
  texts: Map<string, string>;
  /** The files kept (manifest, documents, text files): what an install writes, what the integrity covers. */
  files: PackFile[];
  /** Skipped files and other remarks. */
  warnings: Diagnostic[];
}

export interface LoadContext {
  core: Core;
  /** A validator that knows schemas/pack.schema.json. */
  manifestValidator: SchemaValidator;
}

/** How a file of a pack is named in messages: `pack.zip!path`, or a real path for a folder. */
/** A zip `phasebook pack build` wrote into the pack's folder (`<name>-<version>.zip`): skipped without a word. */
const isOwnBuild = (manifest: PackManifest, path: string) =>
  !path.includes('/') && path.startsWith(`${packName(manifest.id)}-`) && path.endsWith('.zip');

export const entryName = (pf: PackFiles, path: string) => (pf.display ? pf.display(path) : `${pf.origin}!${path}`);

const utf8 = new TextDecoder('utf-8', { fatal: true });

function text(pf: PackFiles, f: PackFile): string {
  try {
    return utf8.decode(f.bytes);
  } catch {
    throw packError(entryName(pf, f.path), null, 'not UTF-8 text');
  }
}

export function loadPack(input: PackFiles, ctx: LoadContext): LoadedPack {
  const pf: PackFiles = { ...input, files: stripSingleTopFolder(input.files, MANIFEST_FILE) };
  const warnings: Diagnostic[] = [];
  const executables = pf.files.filter((f) => classify(f.path) === 'executable').map((f) => f.path);
  if (executables.length) {
    throw packError(
      pf.origin,
      executables[0]!,
      `refused: the pack holds executable content (${executables.join(', ')}); a rule pack holds only JSON documents and text`,
    );
  }
  const byPath = new Map(pf.files.map((f) => [f.path, f]));
  const mf = byPath.get(MANIFEST_FILE);
  if (!mf) throw packError(pf.origin, null, `no ${MANIFEST_FILE} at the root: not a rule pack (phasebook pack init makes one)`);
  const manifestDoc = readDocumentText(entryName(pf, MANIFEST_FILE), text(pf, mf));
  const problems = ctx.manifestValidator.validate(manifestDoc, PACK_SCHEMA_ID);
  if (problems.length) throw new PhasebookError(problems);
  const manifest = manifestDoc.value as PackManifest;
  const at = (pointer: string, message: string): Diagnostic => ({
    file: manifestDoc.file,
    ...manifestDoc.locate(pointer),
    pointer,
    message,
    severity: 'error',
  });
  const errors: Diagnostic[] = [];

  if (!semver.validRange(manifest.compatibility.language))
    errors.push(at('/compatibility/language', `"${manifest.compatibility.language}" is not a semver range`));
  else if (!semver.satisfies(LANGUAGE_VERSION, manifest.compatibility.language)) {
    errors.push(
      at(
        '/compatibility/language',
        `${packLabel(manifest)} is written for language ${manifest.compatibility.language}; this Phasebook reads language ${LANGUAGE_VERSION}`,
      ),
    );
  }
  for (const [dep, range] of Object.entries(manifest.dependencies ?? {})) {
    if (!semver.validRange(range))
      errors.push(at(`/dependencies/${dep.replace(/~/g, '~0').replace(/\//g, '~1')}`, `"${range}" is not a semver range`));
    if (dep === manifest.id) errors.push(at(`/dependencies/${dep.replace(/\//g, '~1')}`, `${packLabel(manifest)} depends on itself`));
  }
  if (errors.length) throw new PhasebookError(errors);

  const taken = new Set<string>([MANIFEST_FILE]);
  const documents: PackDocument[] = [];
  const ids = new Map<string, string>();
  for (const [i, c] of manifest.contents.entries()) {
    const f = byPath.get(c.path);
    if (!f) {
      errors.push(at(`/contents/${i}/path`, `"${c.path}" is listed but not in the pack`));
      continue;
    }
    if (taken.has(c.path)) {
      errors.push(at(`/contents/${i}/path`, `"${c.path}" is listed twice`));
      continue;
    }
    if (classify(c.path) !== 'document') {
      errors.push(at(`/contents/${i}/path`, `"${c.path}" is not a .json document`));
      continue;
    }
    taken.add(c.path);
    try {
      const read = readDocumentText(entryName(pf, c.path), text(pf, f));
      const newer = newerVersionError(read);
      if (newer) {
        errors.push(newer);
        continue;
      }
      // An older document is read as migrated, with a warning per deprecated field.
      const { doc, warnings: deprecated } = upgradeInMemory(read);
      warnings.push(...deprecated);
      ctx.core.checked(doc, [c.kind]);
      const id = (doc.value as { id: string }).id;
      const other = ids.get(id);
      if (other)
        errors.push({
          file: doc.file,
          ...doc.locate('/id'),
          pointer: '/id',
          message: `the id "${id}" is already used by ${other} in this pack`,
          severity: 'error',
        });
      ids.set(id, c.path);
      documents.push({ path: c.path, kind: c.kind, id, doc });
    } catch (err) {
      if (err instanceof PhasebookError) errors.push(...err.diagnostics);
      else throw err;
    }
  }
  const texts = new Map<string, string>();
  for (const [key, path] of [
    ['readme', manifest.readme],
    ['changelog', manifest.changelog],
  ] as const) {
    if (path === undefined) continue;
    const f = byPath.get(path);
    if (!f) errors.push(at(`/${key}`, `"${path}" is not in the pack`));
    else if (classify(path) !== 'text') errors.push(at(`/${key}`, `"${path}" is not a text file (.md or .txt)`));
  }
  for (const f of pf.files) {
    if (taken.has(f.path)) continue;
    const cls = classify(f.path);
    if (cls === 'text') {
      texts.set(f.path, text(pf, f));
      taken.add(f.path);
    } else if (cls === 'document')
      warnings.push(
        packDiagnostic(entryName(pf, f.path), null, `skipped: a .json file not listed in the manifest's "contents"`, 'warning'),
      );
    else if (cls === 'other' && !isOwnBuild(manifest, f.path))
      warnings.push(
        packDiagnostic(
          entryName(pf, f.path),
          null,
          'skipped: only JSON documents and text files (readme, licence, changelog) are taken',
          'warning',
        ),
      );
  }
  // Presets: their references inside this pack must exist (those into dependencies are checked with them).
  for (const [i, p] of (manifest.presets ?? []).entries()) {
    const refs: Array<[string, string, DocKind]> = [
      [`/presets/${i}/ruleset`, p.ruleset, 'ruleset'],
      ...p.overlays.map((o, j) => [`/presets/${i}/overlays/${j}`, o, 'overlay'] as [string, string, DocKind]),
      ...(p.encounter ? [[`/presets/${i}/encounter`, p.encounter, 'encounter'] as [string, string, DocKind]] : []),
    ];
    for (const [pointer, ref, kind] of refs) {
      const r = parseRef(ref);
      if (!r) errors.push(at(pointer, `"${ref}" is not a reference (doc-id or pack-id:doc-id)`));
      else if (r.pack === undefined || r.pack === manifest.id) {
        const d = documents.find((x) => x.id === r.id);
        if (!d) errors.push(at(pointer, `no document "${r.id}" in ${packLabel(manifest)}`));
        else if (d.kind !== kind)
          errors.push(
            at(pointer, `"${r.id}" is ${d.kind === 'overlay' ? 'an' : 'a'} ${d.kind}, not ${kind === 'overlay' ? 'an' : 'a'} ${kind}`),
          );
      } else if (!(manifest.dependencies ?? {})[r.pack])
        errors.push(at(pointer, `${r.pack} is not among the dependencies of ${packLabel(manifest)}`));
    }
    if ((manifest.presets ?? []).findIndex((q) => q.id === p.id) !== i)
      errors.push(at(`/presets/${i}/id`, `the preset id "${p.id}" is used twice`));
  }
  if (errors.length) throw new PhasebookError(errors);
  const files = pf.files.filter((f) => taken.has(f.path));
  return { origin: pf.origin, manifest, manifestDoc, documents, texts, files, warnings };
}
