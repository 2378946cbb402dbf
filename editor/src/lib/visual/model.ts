/**
 * What the Visual view shows and how its edits land in the active document. Plain inputs (the
 * workspace's documents, the active one, the main variant) so it can be tested without the
 * stores. The ruleset shown is the RESOLVED one: a ruleset itself, or for an overlay its base
 * with the main variant's overlays up to and including the active one — resolved by the
 * interpreter's own `resolveOverlays`, on documents read by its `readDocumentText`.
 */
import {
  PhasebookError,
  type Overlay,
  type Phase,
  type Ruleset,
  readDocumentText,
  resolveOverlays,
  type Located,
} from '../../../../interpreter/index.js';
import {
  addRequires,
  anchorFor,
  idPathString,
  jsonPathOf,
  overlayMove,
  overlaySet,
  parseIdPath,
  reordered,
  rulesetMove,
  rulesetSet,
  type Anchor,
} from './document-edits.js';

export interface ViewDoc {
  id: string;
  path: string;
  text: string;
}

export interface ViewInput {
  docs: ViewDoc[];
  activeId: string | null;
  main: { rulesetId: string | null; overlayIds: string[] };
}

export type ViewMode = 'ruleset' | 'overlay' | 'readonly';

export interface View {
  mode: ViewMode;
  /** The document visual edits go to (null when read-only). */
  target: ViewDoc | null;
  base: ViewDoc;
  /** Overlays applied, in order (the active overlay last). */
  chain: ViewDoc[];
  ruleset: Ruleset;
  /** A remark for the designer (e.g. the active overlay is switched off in the run). */
  note: string | null;
}

export type ViewResult = { ok: true; view: View } | { ok: false; error: string; base: ViewDoc | null };

interface Info {
  kind: string | null;
  id: string | null;
  extends: string | null;
  requires: string[];
  ruleset: string | null;
}

function info(text: string): Info {
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    const s = (x: unknown) => (typeof x === 'string' ? x : null);
    return {
      kind: s(v.kind),
      id: s(v.id),
      extends: s(v.extends),
      ruleset: s(v.ruleset),
      requires: Array.isArray(v.requires) ? v.requires.filter((x): x is string => typeof x === 'string') : [],
    };
  } catch {
    return {
      kind: /"kind"\s*:\s*"(\w+)"/.exec(text)?.[1] ?? null,
      id: /"id"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? null,
      extends: /"extends"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? null,
      ruleset: null,
      requires: [],
    };
  }
}

const byDocId = (docs: ViewDoc[], kind: string, id: string | null) =>
  id ? docs.find((d) => info(d.text).kind === kind && info(d.text).id === id) : undefined;

/** The overlay with its requirements before it (as the run variant orders them). */
function withRequires(docs: ViewDoc[], doc: ViewDoc): ViewDoc[] {
  const out: ViewDoc[] = [];
  const visit = (d: ViewDoc, stack: Set<string>) => {
    if (out.includes(d) || stack.has(d.id)) return;
    stack.add(d.id);
    for (const r of info(d.text).requires) {
      const rd = byDocId(docs, 'overlay', r);
      if (rd) visit(rd, stack);
    }
    out.push(d);
  };
  visit(doc, new Set());
  return out;
}

/** Which documents the view resolves, before reading them. */
export function selectDocs(input: ViewInput): {
  mode: ViewMode;
  target: ViewDoc | null;
  base: ViewDoc | null;
  chain: ViewDoc[];
  note: string | null;
} {
  const active = input.docs.find((d) => d.id === input.activeId) ?? null;
  const main = input.main;
  const mainBase = main.rulesetId ? (input.docs.find((d) => d.id === main.rulesetId) ?? null) : null;
  const mainChain = main.overlayIds.map((id) => input.docs.find((d) => d.id === id)).filter((d): d is ViewDoc => !!d);
  const a = active ? info(active.text) : null;
  if (active && a?.kind === 'ruleset') return { mode: 'ruleset', target: active, base: active, chain: [], note: null };
  if (active && a?.kind === 'overlay') {
    const base = mainBase && info(mainBase.text).id === a.extends ? mainBase : (byDocId(input.docs, 'ruleset', a.extends) ?? null);
    if (!base) return { mode: 'overlay', target: active, base: null, chain: [], note: null };
    const at = mainChain.findIndex((d) => d.id === active.id);
    if (at >= 0 && mainBase === base) return { mode: 'overlay', target: active, base, chain: mainChain.slice(0, at + 1), note: null };
    return {
      mode: 'overlay',
      target: active,
      base,
      chain: withRequires(input.docs, active),
      note: 'This overlay is switched off in the run; shown on top of what it requires.',
    };
  }
  return {
    mode: 'readonly',
    target: null,
    base: mainBase,
    chain: mainChain,
    note: active ? 'Open a ruleset or an overlay to edit its round.' : null,
  };
}

const located = <T>(doc: ViewDoc): Located<T> => {
  const src = readDocumentText(doc.path, doc.text);
  return { file: doc.path, value: src.value as T, locate: (p) => src.locate(p) };
};

function errorText(e: unknown): string {
  if (e instanceof PhasebookError) {
    const d = e.diagnostics;
    const first = d.slice(0, 3).map((x) => `${x.file}:${x.line}:${x.col} ${x.message}`);
    return first.join('\n') + (d.length > 3 ? `\n… and ${d.length - 3} more` : '');
  }
  return e instanceof Error ? e.message : String(e);
}

/** Resolve a base with overlays; throws PhasebookError or a plain Error on a bad shape. */
export function resolveChain(base: ViewDoc, chain: ViewDoc[]): Ruleset {
  const b = located<Ruleset>(base);
  if (typeof b.value !== 'object' || b.value === null || (b.value as { kind?: unknown }).kind !== 'ruleset')
    throw new Error(`${base.path} is not a ruleset`);
  const overlays = chain.map((d) => {
    const o = located<Overlay>(d);
    const v = o.value as unknown as { kind?: unknown; changes?: unknown };
    if (typeof v !== 'object' || v === null || v.kind !== 'overlay' || !Array.isArray(v.changes))
      throw new Error(`${d.path} is not an overlay with a list of changes`);
    return o;
  });
  const ruleset = overlays.length ? resolveOverlays(b, overlays).ruleset : b.value;
  checkShape(ruleset);
  return ruleset;
}

/** The parts the view draws must have the right shape (the schema checks the rest). */
function checkShape(r: Ruleset): void {
  const round = r.round as Partial<Ruleset['round']> | undefined;
  if (!round || typeof round !== 'object') throw new Error('the ruleset has no round');
  const phasesOk = (ps: unknown, where: string) => {
    if (!Array.isArray(ps)) throw new Error(`${where} is not a list`);
    for (const p of ps as Phase[]) {
      if (!p || typeof p.id !== 'string' || !Array.isArray(p.steps))
        throw new Error(`${where}: every phase needs an id and a list of steps`);
      for (const s of p.steps) if (!s || typeof s.id !== 'string') throw new Error(`${where}/${p.id}: every step needs an id`);
    }
  };
  phasesOk(round.phases, '/round/phases');
  if (round.finally !== undefined) phasesOk(round.finally, '/round/finally');
  if (!round.turns || typeof round.turns !== 'object') throw new Error('/round/turns is missing');
  if (!round.declare || typeof round.declare !== 'object') throw new Error('/round/declare is missing');
  if (!r.initiative || typeof r.initiative !== 'object') throw new Error('/initiative is missing');
}

export function buildView(input: ViewInput): ViewResult {
  const sel = selectDocs(input);
  if (!sel.base) {
    if (sel.mode === 'overlay')
      return {
        ok: false,
        error: `No ruleset "${info(sel.target!.text).extends ?? '?'}" in the workspace for this overlay to extend.`,
        base: null,
      };
    return { ok: false, error: 'Open a ruleset or an overlay to see its round.', base: null };
  }
  try {
    const ruleset = resolveChain(sel.base, sel.chain);
    return { ok: true, view: { mode: sel.mode, target: sel.target, base: sel.base, chain: sel.chain, ruleset, note: sel.note } };
  } catch (e) {
    return { ok: false, error: errorText(e), base: sel.base };
  }
}

// ---------------------------------------------------------------------------------------------
// Edits

export type EditResult = { ok: true; text: string } | { ok: false; error: string };

const related = (a: string, b: string) => a === b || a.startsWith(b + '/') || b.startsWith(a + '/');
const key = (path: string) => parseIdPath(path).join('/');

/** Earlier overlays of the chain that change something related to `path` and are not required yet. */
function conflictsWith(view: View, path: string): string[] {
  const target = view.target!;
  const own = info(target.text);
  const out: string[] = [];
  for (const d of view.chain) {
    if (d.id === target.id) continue;
    const i = info(d.text);
    if (!i.id || own.requires.includes(i.id) || out.includes(i.id)) continue;
    let changes: unknown[];
    try {
      const v = JSON.parse(d.text) as { changes?: unknown };
      changes = Array.isArray(v.changes) ? v.changes : [];
    } catch {
      continue;
    }
    if (
      changes.some(
        (c) =>
          typeof c === 'object' &&
          c !== null &&
          typeof (c as { path?: unknown }).path === 'string' &&
          related(key((c as { path: string }).path), key(path)),
      )
    )
      out.push(i.id);
  }
  return out;
}

function chainWith(view: View, text: string): ViewDoc[] {
  return view.chain.map((d) => (d.id === view.target!.id ? { ...d, text } : d));
}

function listAt(r: unknown, ids: readonly string[]): string[] | null {
  const at = jsonPathOf(r, ids);
  if (!at?.exists) return null;
  let cur: unknown = r;
  for (const seg of at.path) cur = (cur as Record<string | number, unknown>)[seg];
  return Array.isArray(cur) ? cur.map((x) => (x && typeof x === 'object' ? String((x as { id?: unknown }).id) : '?')) : null;
}

function valueAt(r: unknown, ids: readonly string[]): unknown {
  const at = jsonPathOf(r, ids);
  if (!at?.exists) return undefined;
  let cur: unknown = r;
  for (const seg of at.path) cur = (cur as Record<string | number, unknown>)[seg];
  return cur;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Try candidate texts in turn; the first whose resolution passes `check` wins. */
function firstThatWorks(
  view: View,
  candidates: Array<() => string>,
  check: (r: Ruleset) => boolean,
  got: (r: Ruleset) => unknown,
): EditResult {
  let lastError = 'the edit did not give the expected result';
  for (const make of candidates) {
    let text: string;
    try {
      text = make();
    } catch (e) {
      lastError = errorText(e);
      continue;
    }
    try {
      const r = view.mode === 'ruleset' ? resolveChain({ ...view.base, text }, []) : resolveChain(view.base, chainWith(view, text));
      if (check(r)) return { ok: true, text };
      lastError = `the edit gave ${JSON.stringify(got(r))}`;
    } catch (e) {
      lastError = errorText(e);
    }
  }
  return { ok: false, error: lastError };
}

/**
 * Move `item` of the list at id path `list` (e.g. ["round","phases","melee","steps"]) to index
 * `to` of the list without it. Returns the active document's new text.
 */
export function planMove(view: View, list: readonly string[], item: string, to: number): EditResult {
  if (!view.target || view.mode === 'readonly') return { ok: false, error: 'read-only' };
  const ids = listAt(view.ruleset, list);
  if (!ids) return { ok: false, error: 'no such list' };
  const want = reordered(ids, item, to);
  if (same(want, ids)) return { ok: true, text: view.target.text };
  const anchor = anchorFor(ids, item, to) as Anchor;
  const check = (r: Ruleset) => same(listAt(r, list), want);
  const got = (r: Ruleset) => listAt(r, list);
  const text = view.target.text;
  if (view.mode === 'ruleset') return firstThatWorks(view, [() => rulesetMove(text, list, item, anchor)], check, got);
  const path = idPathString([...list, item]);
  const needs = conflictsWith(view, path);
  const req = (t: string) => (needs.length ? addRequires(t, needs) : t);
  return firstThatWorks(
    view,
    [() => req(overlayMove(text, list, item, anchor, true)), () => req(overlayMove(text, list, item, anchor, false))],
    check,
    got,
  );
}

/** Set the value at id path `ids` of the resolved ruleset (e.g. a step's order). */
export function planSet(view: View, ids: readonly string[], value: unknown): EditResult {
  if (!view.target || view.mode === 'readonly') return { ok: false, error: 'read-only' };
  const check = (r: Ruleset) => same(valueAt(r, ids), value);
  const got = (r: Ruleset) => valueAt(r, ids);
  const text = view.target.text;
  if (view.mode === 'ruleset') return firstThatWorks(view, [() => rulesetSet(text, ids, value)], check, got);
  const exists = valueAt(view.ruleset, ids) !== undefined;
  const path = idPathString(ids);
  const needs = conflictsWith(view, path);
  const req = (t: string) => (needs.length ? addRequires(t, needs) : t);
  return firstThatWorks(
    view,
    [() => overlaySet(text, ids, value, exists, true), () => req(overlaySet(text, ids, value, exists, false))],
    check,
    got,
  );
}
