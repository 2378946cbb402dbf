/**
 * Import and export: the workspace bundle (one file with every document) and the planning of an
 * import (which documents are added, which replace one at the same path). Pure functions only;
 * the sidebar reads the files and applies the plan to the workspace.
 */
import { cleanPath, fileName, MY_FOLDER } from './templates.js';

export interface BundleDoc {
  path: string;
  text: string;
}

export interface WorkspaceBundle {
  phasebook: 'workspace';
  version: 1;
  documents: BundleDoc[];
}

export const BUNDLE_VERSION = 1;

/** Largest file the editor imports (a bundle holds the whole workspace). */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

/** The text of a bundle of these documents (their current text, valid JSON or not). */
export function makeBundle(docs: readonly BundleDoc[]): string {
  const bundle: WorkspaceBundle = {
    phasebook: 'workspace',
    version: BUNDLE_VERSION,
    documents: docs.map((d) => ({ path: d.path, text: d.text })),
  };
  return `${JSON.stringify(bundle, null, 2)}\n`;
}

/**
 * The documents of a bundle, when `text` is one. Returns null when the text is not a workspace
 * bundle (an ordinary document, or not JSON at all); throws a readable Error when it is a bundle
 * that cannot be read.
 */
export function readBundle(text: string): BundleDoc[] | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v) || (v as { phasebook?: unknown }).phasebook !== 'workspace') return null;
  const b = v as { version?: unknown; documents?: unknown };
  if (typeof b.version !== 'number' || !Number.isInteger(b.version) || b.version < 1)
    throw new Error('not a valid workspace bundle: "version" must be a positive integer');
  if (b.version > BUNDLE_VERSION)
    throw new Error(`this workspace bundle has version ${b.version}; this editor reads version ${BUNDLE_VERSION}`);
  if (!Array.isArray(b.documents)) throw new Error('not a valid workspace bundle: "documents" must be a list');
  const out: BundleDoc[] = [];
  const seen = new Set<string>();
  b.documents.forEach((d: unknown, i: number) => {
    const e = d as { path?: unknown; text?: unknown } | null;
    if (!e || typeof e.path !== 'string' || typeof e.text !== 'string')
      throw new Error(`not a valid workspace bundle: documents[${i}] needs a "path" and a "text" string`);
    const path = cleanPath(e.path);
    if (!path) throw new Error(`not a valid workspace bundle: documents[${i}] has an unusable path "${e.path}"`);
    if (seen.has(path)) throw new Error(`not a valid workspace bundle: two documents at "${path}"`);
    seen.add(path);
    out.push({ path, text: e.text });
  });
  return out;
}

export interface ImportFile {
  name: string;
  text: string;
}

export interface ImportPlan {
  /** New documents, at paths free in the workspace. */
  add: BundleDoc[];
  /** Documents of a bundle that replace the text of the workspace's document at the same path. */
  replace: BundleDoc[];
  /** Bundle documents identical to the workspace's: nothing to do. */
  same: string[];
  /** Files that could not be imported, with the reason. */
  errors: string[];
}

/**
 * What importing these files does to a workspace whose documents are `existing`:
 * - a workspace bundle restores its documents at their paths (replacing the text of a document
 *   already there, adding the others);
 * - any other file is one new document under `mine/`, renamed if its name is taken (an import
 *   never overwrites a document that is not in a bundle). Invalid JSON is imported as it is: the
 *   designer can fix it in the editor.
 */
export function planImport(files: readonly ImportFile[], existing: readonly BundleDoc[]): ImportPlan {
  const plan: ImportPlan = { add: [], replace: [], same: [], errors: [] };
  const byPath = new Map(existing.map((d) => [d.path, d.text]));
  const taken = new Set(byPath.keys());
  const single: ImportFile[] = [];
  // Bundles first, so that a single file imported alongside a bundle does not take a bundle path.
  for (const f of files) {
    let docs: BundleDoc[] | null;
    try {
      docs = readBundle(f.text);
    } catch (err) {
      plan.errors.push(`${f.name}: ${(err as Error).message}`);
      continue;
    }
    if (!docs) {
      single.push(f);
      continue;
    }
    for (const d of docs) {
      const cur = byPath.get(d.path);
      if (cur === undefined) {
        if (taken.has(d.path)) plan.errors.push(`${f.name}: "${d.path}" is in more than one imported bundle; the first one was kept`);
        else plan.add.push(d);
      } else if (cur === d.text) plan.same.push(d.path);
      else plan.replace.push(d);
      taken.add(d.path);
    }
  }
  for (const f of single) {
    const path = uniquePathIn(cleanPath(`${MY_FOLDER}/${fileName(f.name.replace(/\\/g, '/'))}`) ?? `${MY_FOLDER}/imported.json`, taken);
    taken.add(path);
    plan.add.push({ path, text: f.text });
  }
  return plan;
}

/** `path`, or `name-2.json`, `name-3.json`… — the first not in `taken`. */
export function uniquePathIn(path: string, taken: ReadonlySet<string>): string {
  if (!taken.has(path)) return path;
  const m = /^(.*?)(\.json)?$/i.exec(path)!;
  for (let i = 2; ; i++) {
    const p = `${m[1]}-${i}${m[2] ?? ''}`;
    if (!taken.has(p)) return p;
  }
}

/** A file name for the bundle of the whole workspace, dated. */
export function bundleFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `phasebook-workspace-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}
