/**
 * The Visual view's edits of a rule document, by id path (the document language names list items
 * by id), each as a minimal edit of the text (edits.ts). Two kinds of document:
 * - a ruleset is edited directly (an item moved within its list, a value set);
 * - an overlay gets the edit as a change in its `changes` list, in the document language
 *   (`move` before/after a sibling, `replace`/`add` of a value); when the overlay already has a
 *   change for the same place, that change is updated instead of adding a second one.
 */
import { parse, type JSONPath } from 'jsonc-parser';
import { appendItem, moveItem, removeValue, replaceMember, setValue } from './edits.js';

// ---------------------------------------------------------------------------------------------
// Id paths: the document language names list items by id

/** `/round/phases/melee` from ["round", "phases", "melee"] (RFC 6901 escapes). */
export function idPathString(ids: readonly string[]): string {
  return ids.map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

export function parseIdPath(path: string): string[] {
  if (!path.startsWith('/')) return [];
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The JSON path (array indices as numbers) an id path denotes in `doc`. `exists` is false when
 * only the last segment is missing (an object key that can be added); null when more is missing.
 */
export function jsonPathOf(doc: unknown, ids: readonly string[]): { path: JSONPath; exists: boolean } | null {
  const path: JSONPath = [];
  let cur: unknown = doc;
  for (const [i, seg] of ids.entries()) {
    const last = i === ids.length - 1;
    if (Array.isArray(cur)) {
      let idx = cur.findIndex((x) => isObj(x) && x.id === seg);
      if (idx < 0 && /^(0|[1-9]\d*)$/.test(seg) && Number(seg) < cur.length) idx = Number(seg);
      if (idx < 0) return null;
      path.push(idx);
      cur = cur[idx];
    } else if (isObj(cur)) {
      path.push(seg);
      if (!Object.prototype.hasOwnProperty.call(cur, seg)) return last ? { path, exists: false } : null;
      cur = cur[seg];
    } else return null;
  }
  return { path, exists: true };
}

// ---------------------------------------------------------------------------------------------
// Visual edits

export type Anchor = { before: string } | { after: string };

export interface Change {
  op: string;
  path: string;
  value?: unknown;
  before?: string;
  after?: string;
  [k: string]: unknown;
}

function parsed(text: string): Record<string, unknown> {
  const v = parse(text, [], { allowTrailingComma: false }) as unknown;
  if (!isObj(v)) throw new Error('the document is not a JSON object');
  return v;
}

/** Ruleset: move the item `item` of the list at id path `list` before/after a sibling. */
export function rulesetMove(text: string, list: readonly string[], item: string, anchor: Anchor): string {
  const doc = parsed(text);
  const at = jsonPathOf(doc, list);
  if (!at?.exists) throw new Error(`no list at ${idPathString(list)}`);
  let arr: unknown = doc;
  for (const seg of at.path) arr = (arr as Record<string | number, unknown>)[seg];
  if (!Array.isArray(arr)) throw new Error(`not a list at ${idPathString(list)}`);
  const ids = arr.map((x) => (isObj(x) ? x.id : undefined));
  const from = ids.indexOf(item);
  if (from < 0) throw new Error(`no "${item}" in ${idPathString(list)}`);
  const rest = ids.filter((_, i) => i !== from);
  const sibling = 'before' in anchor ? anchor.before : anchor.after;
  const j = rest.indexOf(sibling);
  if (j < 0) throw new Error(`no "${sibling}" in ${idPathString(list)}`);
  const to = 'before' in anchor ? j : j + 1;
  return moveItem(text, at.path, from, to);
}

/** Ruleset: set the value at an id path (a key that is missing is added). */
export function rulesetSet(text: string, ids: readonly string[], value: unknown): string {
  const at = jsonPathOf(parsed(text), ids);
  if (!at) throw new Error(`no place ${idPathString(ids)} in the ruleset`);
  return setValue(text, at.path, value);
}

function changesOf(text: string): Change[] {
  const c = parsed(text).changes;
  return Array.isArray(c) ? (c as Change[]) : [];
}

function appendChange(text: string, change: Change): string {
  return appendItem(text, ['changes'], change);
}

/**
 * Overlay: move `item` of the list `list` before/after a sibling. When the overlay already moves
 * or adds that item, its `before`/`after` is updated (unless `update` is false); otherwise a
 * `move` change is appended.
 */
export function overlayMove(text: string, list: readonly string[], item: string, anchor: Anchor, update = true): string {
  const path = idPathString([...list, item]);
  const [key, sibling] = 'before' in anchor ? (['before', anchor.before] as const) : (['after', anchor.after] as const);
  const other = key === 'before' ? 'after' : 'before';
  const changes = changesOf(text);
  let k = -1;
  if (update)
    changes.forEach((c, i) => {
      if (isObj(c) && c.path === path && (c.op === 'move' || c.op === 'add')) k = i;
    });
  if (k < 0) return appendChange(text, { op: 'move', path, [key]: sibling });
  const c = changes[k]!;
  if (c[key] !== undefined) {
    let out = setValue(text, ['changes', k, key], sibling);
    if (c[other] !== undefined) out = removeValue(out, ['changes', k, other]);
    return out;
  }
  if (c[other] !== undefined) return replaceMember(text, ['changes', k, other], key, sibling);
  return setValue(text, ['changes', k, key], sibling, 'path');
}

/**
 * Overlay: set the value at an id path of the resolved ruleset. `exists` says whether the place
 * exists there now (then `replace`, else `add`). A change of this overlay for the same place is
 * updated: one at exactly this path, or an `add`/`replace` whose value contains the place
 * (the later of the two when both are there). Otherwise a change is appended.
 */
export function overlaySet(text: string, ids: readonly string[], value: unknown, exists: boolean, update = true): string {
  const path = idPathString(ids);
  const changes = changesOf(text);
  let best: { index: number; inner: JSONPath } | null = null;
  if (update)
    changes.forEach((c, i) => {
      if (!isObj(c) || typeof c.path !== 'string') return;
      if (c.path === path && (c.op === 'replace' || c.op === 'add')) best = { index: i, inner: [] };
      else if ((c.op === 'replace' || c.op === 'add') && path.startsWith(c.path + '/')) {
        const rest = parseIdPath(path.slice(c.path.length));
        const at = jsonPathOf(c.value, rest);
        if (at) best = { index: i, inner: at.path };
      }
    });
  const found = best as { index: number; inner: JSONPath } | null;
  if (found) return setValue(text, ['changes', found.index, 'value', ...found.inner], value);
  return appendChange(text, { op: exists ? 'replace' : 'add', path, value });
}

/** Overlay: make sure `requires` lists these overlay ids (added after "extends" when missing). */
export function addRequires(text: string, ids: readonly string[]): string {
  const doc = parsed(text);
  const have = Array.isArray(doc.requires) ? (doc.requires as unknown[]) : null;
  const missing = ids.filter((id) => !have?.includes(id));
  if (!missing.length) return text;
  if (!have) return setValue(text, ['requires'], [...missing], 'extends');
  let out = text;
  for (const id of missing) out = appendItem(out, ['requires'], id);
  return out;
}

/** Where a drop at `to` (index in the list without the moved item) puts the item: before the next sibling, else after the previous. */
export function anchorFor(ids: readonly string[], item: string, to: number): Anchor | null {
  const rest = ids.filter((x) => x !== item);
  if (rest.length === 0) return null;
  const t = Math.max(0, Math.min(to, rest.length));
  return t < rest.length ? { before: rest[t]! } : { after: rest[rest.length - 1]! };
}

/** The order of `ids` after moving `item` to index `to` of the list. */
export function reordered(ids: readonly string[], item: string, to: number): string[] {
  const rest = ids.filter((x) => x !== item);
  const t = Math.max(0, Math.min(to, rest.length));
  return [...rest.slice(0, t), item, ...rest.slice(t)];
}
