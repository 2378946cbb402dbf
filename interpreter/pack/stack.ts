/**
 * From references to the documents of one run: a ruleset, its overlays in order, and an
 * encounter, taken from packs. References are resolved from the pack that writes them (its own
 * documents, then `pack-id:doc-id` in its dependencies, within the range the ref or the manifest
 * gives). The interpreter knows only short ids, so each document of the stack is given an
 * alias, in memory: its own id, unless another document of the stack already has it (two packs
 * may both have a `gritty`), and every reference in the stack is rewritten to the aliases. The
 * documents' text and positions are unchanged, so messages still point into the pack's files.
 */
import semver from 'semver';
import { PhasebookError, type Diagnostic } from '../diagnostics.js';
import type { DocKind } from '../core.js';
import type { SourceDocument } from '../read/read.js';
import type { PackSet } from './graph.js';
import type { LoadedPack, PackDocument } from './load.js';
import { packLabel, packName } from './manifest.js';
import { parseRef } from './refs.js';

export interface Where {
  doc: SourceDocument;
  pointer: string;
}

export interface Resolved {
  pack: LoadedPack;
  document: PackDocument;
}

const fail = (where: Where, message: string): never => {
  throw new PhasebookError([
    { file: where.doc.file, ...where.doc.locate(where.pointer), pointer: where.pointer, message, severity: 'error' },
  ]);
};
const article = (k: string) => (k === 'overlay' || k === 'encounter' ? 'an' : 'a');

/** The document a reference names, seen from pack `from`. */
export function resolveRef(set: PackSet, from: LoadedPack, ref: string, kind: DocKind, where: Where): Resolved {
  const r = parseRef(ref);
  if (!r) return fail(where, `"${ref}" is not a reference (doc-id or pack-id:doc-id)`);
  let pack = from;
  if (r.pack !== undefined && r.pack !== from.manifest.id) {
    const declared = (from.manifest.dependencies ?? {})[r.pack];
    if (declared === undefined) return fail(where, `${r.pack} is not among the dependencies of ${packLabel(from.manifest)}`);
    const q = set.get(r.pack);
    if (!q) return fail(where, `${packLabel(from.manifest)} needs ${r.pack} ${declared}, which is not installed`);
    pack = q;
  }
  if (r.range !== undefined && !semver.satisfies(pack.manifest.version, r.range, { includePrerelease: true })) {
    return fail(where, `"${ref}" asks for ${r.pack} ${r.range}, but ${packLabel(pack.manifest)} is installed`);
  }
  const document = pack.documents.find((d) => d.id === r.id);
  if (!document) return fail(where, `no document "${r.id}" in ${packLabel(pack.manifest)}`);
  if (document.kind !== kind) return fail(where, `"${ref}" is ${article(document.kind)} ${document.kind}, not ${article(kind)} ${kind}`);
  return { pack, document };
}

export interface StackRequest {
  ruleset: string;
  overlays: string[];
  encounter?: string;
}

export interface RunStack {
  ruleset: SourceDocument;
  overlays: SourceDocument[];
  encounter?: SourceDocument;
  /** `pack-id:doc-id` of the ruleset and each overlay, in order. */
  keys: string[];
}

const keyOf = (r: Resolved) => `${r.pack.manifest.id}:${r.document.id}`;

/** Resolve a request made from pack `from` (refs are read as written in its manifest, at `where`). */
export function buildStack(set: PackSet, from: LoadedPack, req: StackRequest, where: (field: string, i?: number) => Where): RunStack {
  const ruleset = resolveRef(set, from, req.ruleset, 'ruleset', where('ruleset'));
  const overlays = req.overlays.map((o, i) => resolveRef(set, from, o, 'overlay', where('overlays', i)));
  const encounter = req.encounter !== undefined ? resolveRef(set, from, req.encounter, 'encounter', where('encounter')) : undefined;
  return stackOf(set, ruleset, overlays, encounter);
}

/** The run stack of resolved documents (see the file's comment for the aliases). */
export function stackOf(set: PackSet, ruleset: Resolved, overlays: Resolved[], encounter?: Resolved): RunStack {
  const aliases = new Map<string, string>();
  const used = new Set<string>();
  for (const r of [ruleset, ...overlays]) {
    const key = keyOf(r);
    if (aliases.has(key)) continue;
    let alias = r.document.id;
    const prefix = packName(r.pack.manifest.id);
    for (let n = 1; used.has(alias); n++) alias = `${prefix}-${r.document.id}${n > 1 ? `-${n}` : ''}`.slice(0, 64);
    used.add(alias);
    aliases.set(key, alias);
  }
  /** The alias of what `ref` (written in `r`'s pack) names, or the ref's short id when it names nothing in the stack. */
  const aliasOf = (r: Resolved, ref: string, kind: DocKind, pointer: string): string => {
    const target = resolveRef(set, r.pack, ref, kind, { doc: r.document.doc, pointer });
    return aliases.get(keyOf(target)) ?? target.document.id;
  };
  const rewrite = (r: Resolved): SourceDocument => {
    const v = { ...(r.document.doc.value as Record<string, unknown>) };
    const alias = aliases.get(keyOf(r));
    if (alias !== undefined) v.id = alias;
    if (r.document.kind === 'overlay') {
      if (typeof v.extends === 'string') v.extends = aliasOf(r, v.extends, 'ruleset', '/extends');
      if (Array.isArray(v.requires)) v.requires = v.requires.map((q, i) => aliasOf(r, String(q), 'overlay', `/requires/${i}`));
    }
    if (r.document.kind === 'encounter' && typeof v.ruleset === 'string' && parseRef(v.ruleset)) {
      const target = tryResolve(set, r.pack, v.ruleset, 'ruleset', { doc: r.document.doc, pointer: '/ruleset' });
      if (target) v.ruleset = aliases.get(keyOf(target)) ?? target.document.id;
    }
    return { ...r.document.doc, value: v };
  };
  return {
    ruleset: rewrite(ruleset),
    overlays: overlays.map(rewrite),
    ...(encounter ? { encounter: rewrite(encounter) } : {}),
    keys: [ruleset, ...overlays].map(keyOf),
  };
}

/** resolveRef, or undefined instead of an error. */
export function tryResolve(set: PackSet, from: LoadedPack, ref: string, kind: DocKind, where: Where): Resolved | undefined {
  try {
    return resolveRef(set, from, ref, kind, where);
  } catch (err) {
    if (err instanceof PhasebookError) return undefined;
    throw err;
  }
}

/** The overlays an overlay requires (transitively, from its pack's point of view), first, then itself. */
export function requiresClosure(set: PackSet, r: Resolved, seen = new Set<string>()): Resolved[] {
  const out: Resolved[] = [];
  const v = r.document.doc.value as { requires?: string[] };
  for (const [i, q] of (v.requires ?? []).entries()) {
    const t = resolveRef(set, r.pack, q, 'overlay', { doc: r.document.doc, pointer: `/requires/${i}` });
    if (seen.has(keyOf(t))) continue;
    seen.add(keyOf(t));
    out.push(...requiresClosure(set, t, seen));
  }
  out.push(r);
  return out;
}

export function diagnosticsOf(err: unknown): Diagnostic[] {
  if (err instanceof PhasebookError) return err.diagnostics;
  throw err;
}
