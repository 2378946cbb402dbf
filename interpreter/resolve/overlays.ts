/**
 * Stage 3 of the pipeline: resolve house-rule overlays onto a base ruleset.
 *
 * An overlay changes its base by *id path*: a JSON pointer in which array items are named by
 * their `id` (`/round/phases/missile/steps/crossbows`), so a house rule keeps working when the
 * base gains or reorders items. Overlays apply in the order given. Two overlays touching the
 * same thing is a conflict, reported with both places, unless the later one `requires` the
 * earlier (explicit layering). A path that does not exist is reported with who removed it.
 */
import { type Diagnostic, PhasebookError, escapePointerSegment } from '../diagnostics.js';
import type { Overlay, PatchOp, Ruleset } from '../model/types.js';
import { PrefixTrie } from './provenance-trie.js';

export interface Located<T> {
  file: string;
  value: T;
  locate(pointer: string): { line: number; col: number };
}

/** Where a part of the resolved ruleset came from, for pointing errors at the right file. */
export interface Provenance {
  file: string;
  /** Pointer into that file of the value now found at the id path. */
  pointer: string;
  overlay?: string;
}

export interface ResolvedRuleset {
  /** The base with the overlays applied; it shares the base's untouched parts: read only, like the base. */
  ruleset: Ruleset;
  overlays: string[];
  /** Map a pointer into the resolved ruleset (index form) to the file and place it came from. */
  origin(pointer: string): { file: string; pointer: string; line: number; col: number };
  /** The file and pointer of `origin(pointer)`, without its line and column (compiling asks for many). */
  where?(pointer: string): { file: string; pointer: string };
  /** Line and column of a pointer in one of the documents (the base or an overlay). */
  locate(file: string, pointer: string): { line: number; col: number };
  /** The document `locate` reads for `file` (the base or an overlay), as given. */
  document?(file: string): Located<unknown>;
}

type Json = unknown;

/**
 * A place in a document; its line and column are looked up when first read (issue 9, cold start:
 * compiling asks where every expression comes from, and only an error message needs its line).
 */
function place(doc: Located<unknown>, file: string, pointer: string): { file: string; pointer: string; line: number; col: number } {
  let at: { line: number; col: number } | null = null;
  const where = () => (at ??= doc.locate(pointer));
  return {
    file,
    pointer,
    get line() {
      return where().line;
    },
    get col() {
      return where().col;
    },
  };
}
interface Touch {
  overlay: string;
  file: string;
  pointer: string;
  op: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parsePath(path: string): string[] {
  const out = path.split('/');
  out.shift();
  if (path.indexOf('~') >= 0)
    for (let i = 0; i < out.length; i++) if (out[i]!.includes('~')) out[i] = out[i]!.replace(/~1/g, '/').replace(/~0/g, '~');
  return out;
}

/** A deep copy of a JSON value (an overlay's value, as read: plain objects, arrays, primitives). */
function clone<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const out: Json[] = new Array<Json>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = clone(v[i] as Json);
    return out as T;
  }
  if (Object.getPrototypeOf(v) !== Object.prototype) return structuredClone(v);
  const out: Record<string, Json> = {};
  for (const k of Object.keys(v)) {
    const x = clone((v as Record<string, Json>)[k]);
    if (k === '__proto__') setOwn(out, k, x);
    else out[k] = x;
  }
  return out as T;
}

/**
 * The containers of one resolution that are its own (copied from the base, or made by it): only
 * those are changed. The resolved ruleset shares every part of the base that no change reaches
 * (issue 9, edit → timeline: no copy of the whole ruleset per build, and the untouched parts keep
 * their identity). Neither the base nor the resolved ruleset is ever changed after resolution.
 */
type Own = WeakSet<object>;

/** A shallow copy of a container, the same keys in the same order. */
function copyOf(v: Record<string, Json> | Json[]): Record<string, Json> | Json[] {
  return Array.isArray(v) ? v.slice() : { ...v };
}

/**
 * Path segments refused in overlay paths: as keys they could reach JavaScript object prototypes
 * (`/combatant/stats/__proto__` would replace the prototype of the stats object). The reader
 * refuses them as keys of a document; this refuses them as segments of a path.
 */
export const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Store `value` as an own property of `target`: never `target[key] = value`, which for
 * `__proto__` would set the prototype instead. Checked: the prototype is the same afterwards.
 */
function setOwn(target: Record<string, Json>, key: string, value: Json): void {
  const proto = Object.getPrototypeOf(target) as unknown;
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  if (Object.getPrototypeOf(target) !== proto) throw new Error(`internal error: setting "${key}" changed a prototype`);
}

/** Find the child of a container by id (arrays of items with ids) or key (objects). */
function child(container: Json, segment: string, allowIndex = false): { found: boolean; value?: Json; index?: number } {
  if (Array.isArray(container)) {
    const index = container.findIndex((item) => isObject(item) && item.id === segment);
    if (index >= 0) return { found: true, value: container[index], index };
    // Lists of things without ids (expression arguments, effects) are addressed by index.
    if (allowIndex && /^(0|[1-9]\d*)$/.test(segment) && Number(segment) < container.length) {
      return { found: true, value: container[Number(segment)], index: Number(segment) };
    }
    return { found: false };
  }
  if (isObject(container) && Object.prototype.hasOwnProperty.call(container, segment)) {
    return { found: true, value: container[segment] };
  }
  return { found: false };
}

/** Convert an id path into the index pointer it denotes in `doc`, or null when absent. */
export function idPathToPointer(doc: Json, segments: string[]): string | null {
  let cur: Json = doc;
  let pointer = '';
  for (const seg of segments) {
    const c = child(cur, seg, true);
    if (!c.found) return null;
    pointer += '/' + escapePointerSegment(c.index ?? seg);
    cur = c.value;
  }
  return pointer;
}

/** Convert an index pointer into an id path (array items named by id where they have one). */
export function pointerToIdPath(doc: Json, pointer: string): string[] {
  const out: string[] = [];
  let cur: Json = doc;
  for (const seg of parsePath(pointer === '' ? '' : pointer)) {
    if (Array.isArray(cur)) {
      const item = cur[Number(seg)];
      out.push(isObject(item) && typeof item.id === 'string' ? item.id : seg);
      cur = item;
    } else if (isObject(cur)) {
      out.push(seg);
      cur = cur[seg];
    } else {
      out.push(seg);
      cur = undefined;
    }
  }
  return out;
}

const related = (a: string, b: string) => a === b || a.startsWith(b + '/') || b.startsWith(a + '/');

export function resolveOverlays(base: Located<Ruleset>, overlays: Array<Located<Overlay>>): ResolvedRuleset {
  // The base's root, copied; its parts are copied only where a change reaches (applyChange).
  const doc = { ...(base.value as unknown as Record<string, Json>) };
  const own: Own = new WeakSet([doc]);
  const diagnostics: Diagnostic[] = [];
  const touches: Touch[] = [];
  const removed = new Map<string, Touch>();
  /** id path (joined) → where its current value came from. */
  const provenance = new Map<string, Provenance>();
  const applied: string[] = [];
  const appliedSet = new Set<string>();
  /** Overlays left out for a missing requirement (already reported). */
  const skipped = new Set<string>();

  const fail = (o: Located<Overlay>, pointer: string, message: string) => {
    const { line, col } = o.locate(pointer);
    diagnostics.push({ file: o.file, line, col, pointer, message, severity: 'error' });
  };

  for (const o of overlays) {
    const ov = o.value;
    if (ov.extends !== base.value.id) {
      fail(o, '/extends', `this overlay extends "${ov.extends}", but the ruleset is "${base.value.id}"`);
      continue;
    }
    if (appliedSet.has(ov.id)) {
      fail(o, '/id', `overlay "${ov.id}" is applied twice`);
      continue;
    }
    // Without what it requires, its changes would fail where they build on it, and say so in
    // words that hide the cause: the missing requirement is reported alone and the overlay left
    // out. One that requires an overlay left out so is left out in silence (its cause is named).
    let unmet = false;
    for (const [i, req] of (ov.requires ?? []).entries()) {
      if (appliedSet.has(req)) continue;
      unmet = true;
      if (!skipped.has(req))
        fail(
          o,
          `/requires/${i}`,
          `this overlay requires "${req}", which must be given before it (--with ${req}.json --with ${ov.id}.json)`,
        );
    }
    if (unmet) {
      skipped.add(ov.id);
      continue;
    }
    const layered = new Set(ov.requires ?? []);
    ov.changes.forEach((change, k) => {
      const at = `/changes/${k}`;
      const segments = parsePath(change.path);
      const bad = segments.find((seg) => FORBIDDEN_SEGMENTS.has(seg));
      if (bad !== undefined) {
        fail(
          o,
          `${at}/path`,
          `the path segment ${JSON.stringify(bad)} is not allowed: rule packs come from strangers and such keys can reach JavaScript object prototypes`,
        );
        return;
      }
      const key = segments.join('/');
      const gone = [...removed.entries()].find(([p]) => key === p || key.startsWith(p + '/'));
      for (const t of touches) {
        if (t.overlay !== ov.id && !layered.has(t.overlay) && related(t.pointer, key)) {
          const where = o.locate(at);
          fail(
            o,
            `${at}/path`,
            `conflict: overlay "${t.overlay}" (${t.file}) also changes ${'/' + t.pointer} (${t.op}); ` +
              `list it under "requires" to layer this change on top of it (conflicts are never merged silently)`,
          );
          void where;
          return;
        }
      }
      const err = applyChange(doc, change, segments, own);
      if (err) {
        const why = gone && change.op !== 'add' ? ` (it was removed by overlay "${gone[1].overlay}")` : '';
        fail(o, `${at}/${err.field}`, err.message + why);
        return;
      }
      touches.push({ overlay: ov.id, file: o.file, pointer: key, op: change.op });
      if (change.op === 'remove') removed.set(key, { overlay: ov.id, file: o.file, pointer: key, op: 'remove' });
      else removed.delete(key);
      if (change.op === 'add' || change.op === 'replace') {
        provenance.set(key, { file: o.file, pointer: `${at}/value`, overlay: ov.id });
      } else if (change.op === 'remove') {
        // What is left of the list was last shaped by this removal.
        provenance.set(segments.slice(0, -1).join('/'), { file: o.file, pointer: at, overlay: ov.id });
      }
    });
    applied.push(ov.id);
    appliedSet.add(ov.id);
  }
  if (diagnostics.length) throw new PhasebookError(diagnostics);

  const ruleset = doc as unknown as Ruleset;
  let byIds: PrefixTrie<Provenance> | null = null;
  /** The document, file and pointer a place of the resolved ruleset came from (null: nowhere found). */
  const source = (pointer: string): { doc: Located<unknown>; file: string; pointer: string } | null => {
    const ids = pointerToIdPath(ruleset, pointer);
    // The deepest of the place and its ancestors that an overlay gave (compiling asks for the
    // origin of every expression: one step per segment).
    const found = provenance.size > 0 ? (byIds ??= new PrefixTrie(provenance)).deepest(ids) : null;
    if (found !== null) {
      const { n, value: prov } = found;
      const ov = overlays.find((x) => x.file === prov.file)!;
      if (!prov.pointer.endsWith('/value')) return { doc: ov, file: prov.file, pointer: prov.pointer };
      const changeIdx = Number(prov.pointer.split('/')[2]);
      const value = ov.value.changes[changeIdx] as { value?: Json };
      const inner = idPathToPointer(value.value, ids.slice(n)) ?? '';
      return { doc: ov, file: prov.file, pointer: prov.pointer + inner };
    }
    // Walk up until the base document has the place.
    for (let n = ids.length; n >= 0; n--) {
      const p = idPathToPointer(base.value, n === ids.length ? ids : ids.slice(0, n));
      if (p !== null) return { doc: base, file: base.file, pointer: p };
    }
    return null;
  };
  const origin = (pointer: string) => {
    const s = source(pointer);
    return s === null ? { file: base.file, pointer: '', line: 1, col: 1 } : place(s.doc, s.file, s.pointer);
  };
  const where = (pointer: string): { file: string; pointer: string } => {
    const s = source(pointer);
    return s === null ? { file: base.file, pointer: '' } : { file: s.file, pointer: s.pointer };
  };
  const document = (file: string): Located<unknown> => (file === base.file ? base : (overlays.find((x) => x.file === file) ?? base));
  const locate = (file: string, pointer: string) => document(file).locate(pointer);
  return { ruleset, overlays: applied, origin, where, locate, document };
}

interface ChangeError {
  field: 'path' | 'before' | 'after' | 'value';
  message: string;
}

function applyChange(doc: Record<string, Json>, change: PatchOp, segments: string[], own: Own): ChangeError | null {
  const parentSegs = segments.slice(0, -1);
  const last = segments[segments.length - 1]!;
  let parent: Json = doc;
  for (const [i, seg] of parentSegs.entries()) {
    const c = child(parent, seg);
    if (!c.found) {
      return { field: 'path', message: `no "${seg}" at /${parentSegs.slice(0, i).join('/')}: ${describeChoices(parent)}` };
    }
    let next = c.value;
    // Copy on the way down: what this change alters is the resolution's own, never the base's.
    if (typeof next === 'object' && next !== null && !own.has(next)) {
      next = copyOf(next as Record<string, Json> | Json[]);
      own.add(next as object);
      if (Array.isArray(parent)) parent[c.index!] = next;
      else setOwn(parent as Record<string, Json>, seg, next);
    }
    parent = next;
  }
  const existing = child(parent, last);
  const place = (list: Json[], item: Json, before?: string, after?: string): ChangeError | null => {
    const anchor = before ?? after;
    if (anchor === undefined) {
      list.push(item);
      return null;
    }
    const idx = list.findIndex((x) => isObject(x) && x.id === anchor);
    if (idx < 0) return { field: before ? 'before' : 'after', message: `no sibling "${anchor}" here: ${describeChoices(list)}` };
    list.splice(before ? idx : idx + 1, 0, item);
    return null;
  };

  switch (change.op) {
    case 'add': {
      if (existing.found) return { field: 'path', message: `"${last}" already exists; use replace to change it` };
      if (Array.isArray(parent)) {
        if (!isObject(change.value)) return { field: 'value', message: 'an item added to a list must be an object with an id' };
        const item = clone(change.value);
        if (item.id === undefined) item.id = last;
        if (item.id !== last)
          return { field: 'value', message: `the item's id "${String(item.id)}" differs from the path's last segment "${last}"` };
        return place(parent, item, change.before, change.after);
      }
      if (isObject(parent)) {
        if (change.before || change.after) return { field: 'path', message: 'before/after only apply to lists' };
        setOwn(parent, last, clone(change.value));
        return null;
      }
      return { field: 'path', message: 'the parent of this path is neither a list nor an object' };
    }
    case 'replace': {
      if (!existing.found) {
        const hint = isObject(parent) ? `; to create "${last}", use "op": "add"` : '';
        return { field: 'path', message: `nothing to replace at ${'/' + segments.join('/')}: ${describeChoices(parent)}${hint}` };
      }
      if (Array.isArray(parent)) {
        const item = clone(change.value);
        if (isObject(item) && item.id === undefined) item.id = last;
        if (!isObject(item) || item.id !== last) return { field: 'value', message: `the replacement must be an object with id "${last}"` };
        parent[existing.index!] = item;
      } else setOwn(parent as Record<string, Json>, last, clone(change.value));
      return null;
    }
    case 'remove': {
      if (!existing.found)
        return { field: 'path', message: `nothing to remove at ${'/' + segments.join('/')}: ${describeChoices(parent)}` };
      if (Array.isArray(parent)) parent.splice(existing.index!, 1);
      else delete (parent as Record<string, Json>)[last];
      return null;
    }
    case 'move': {
      if (!existing.found) return { field: 'path', message: `nothing to move at ${'/' + segments.join('/')}: ${describeChoices(parent)}` };
      if (!Array.isArray(parent)) return { field: 'path', message: 'only items of a list can be moved' };
      if (!change.before && !change.after) return { field: 'path', message: 'move needs before or after' };
      const [item] = parent.splice(existing.index!, 1);
      const err = place(parent, item, change.before, change.after);
      if (err) parent.splice(existing.index!, 0, item);
      return err;
    }
  }
}

function describeChoices(container: Json): string {
  const names = Array.isArray(container)
    ? container.map((x) => (isObject(x) ? String(x.id) : '?'))
    : isObject(container)
      ? Object.keys(container)
      : [];
  return names.length ? `there is ${names.map((n) => `"${n}"`).join(', ')}` : 'it is empty';
}
