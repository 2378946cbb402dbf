/**
 * Persistence: the workspace lives in IndexedDB, so a reload or a crash loses nothing.
 *
 * - Every document is stored with its current text (valid JSON or not) under `doc:<id>`; the
 *   order of the documents, the active one and the run variants under `meta`. Changes are
 *   written at most `delayMs` after they are made, only the documents that changed, in one
 *   transaction (a crash leaves the previous state or the new one, never half of each).
 * - The undo history of each document is stored under `hist:<id>` as a base text and the edits
 *   Monaco reported since (offsets and text, the last `HISTORY_CAP`). When the code view creates
 *   the document's model after a reload, it rebuilds it from the base by replaying the edits as
 *   undoable operations (`createModelWithHistory`), so Ctrl+Z goes on where it left off.
 *
 * This module knows nothing of Svelte: main.ts connects it to the workspace store. The pure
 * parts (`planSave`, `applyChanges`, `recordEdit`, `startsGroup`, `capHistory`) are unit-tested.
 */
import { createStore, getMany as idbGetMany, promisifyRequest } from 'idb-keyval';
import { modelUri, type Monaco } from './monaco.js';

// ——— stored shapes ———

export interface StoredDoc {
  id: string;
  path: string;
  text: string;
  builtin: boolean;
}

export interface StoredMeta {
  format: 1;
  /** Document ids, in workspace order. */
  order: string[];
  activeId: string | null;
  /** The run variants (`variants.main`, `variants.compare`), as plain data. */
  variants: { main: unknown; compare: unknown } | null;
  savedAt: number;
}

/** One edit as Monaco reported it: changes `[offset, length, text]`, sorted from the end of the text (as Monaco gives them), offsets in the text before the edit. */
export type Change = [offset: number, length: number, text: string];

export interface StoredEdit {
  c: Change[];
  /** When it was made (ms since the epoch). */
  t: number;
  /** Starts a new undo step (Ctrl+Z undoes back to here). */
  g?: 1;
}

export interface StoredHistory {
  /** The text before the first edit. */
  base: string;
  edits: StoredEdit[];
  /** FNV-1a hash of the text after the last edit: a replay that does not reach it is discarded. */
  hash?: number;
}

export interface Snapshot {
  docs: StoredDoc[];
  activeId: string | null;
  variants: { main: unknown; compare: unknown } | null;
}

export type Restored = Snapshot;

export type SaveState = { state: 'idle' | 'pending' | 'saved'; at?: number } | { state: 'error'; message: string };

// ——— key-value storage ———

export interface KV {
  getMany(keys: string[]): Promise<unknown[]>;
  /** Puts and deletes, all or nothing. */
  commit(puts: [string, unknown][], dels: string[]): Promise<void>;
}

/** The browser's IndexedDB (database `phasebook`, object store `workspace`). */
export function idbKV(dbName = 'phasebook', storeName = 'workspace'): KV {
  const store = createStore(dbName, storeName);
  return {
    getMany: (keys) => idbGetMany(keys, store),
    commit: (puts, dels) =>
      store('readwrite', (s) => {
        for (const [k, v] of puts) s.put(v, k);
        for (const k of dels) s.delete(k);
        return promisifyRequest(s.transaction);
      }),
  };
}

/** An in-memory store (tests, or a browser without IndexedDB). */
export function memoryKV(): KV & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    getMany: async (keys) => keys.map((k) => structuredClone(map.get(k))),
    commit: async (puts, dels) => {
      for (const [k, v] of puts) map.set(k, structuredClone(v));
      for (const k of dels) map.delete(k);
    },
  };
}

const DOC = 'doc:';
const HIST = 'hist:';
const META = 'meta';

// ——— pure helpers ———

/** Which stored documents to write and which to delete to go from `saved` to `docs`. */
export function planSave(saved: ReadonlyMap<string, StoredDoc>, docs: readonly StoredDoc[]): { put: StoredDoc[]; del: string[] } {
  const put = docs.filter((d) => {
    const s = saved.get(d.id);
    return !s || s.path !== d.path || s.text !== d.text || s.builtin !== d.builtin;
  });
  const ids = new Set(docs.map((d) => d.id));
  const del = [...saved.keys()].filter((id) => !ids.has(id));
  return { put, del };
}

/** The text after one edit (changes sorted from the end, offsets in the text before the edit). */
export function applyChanges(text: string, changes: readonly Change[]): string {
  for (const [off, len, t] of changes) text = text.slice(0, off) + t + text.slice(off + len);
  return text;
}

export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Keystroke kind of an edit, for grouping edits into undo steps. */
function keystroke(e: StoredEdit): { kind: 'type' | 'delete'; at: number } | null {
  if (e.c.length !== 1) return null;
  const [off, len, text] = e.c[0]!;
  if (len === 0 && text.length === 1 && text !== '\n' && text !== '\r') return { kind: 'type', at: off };
  if (len === 1 && text === '') return { kind: 'delete', at: off };
  return null;
}

/** Max pause between keystrokes of one undo step. */
export const GROUP_PAUSE_MS = 1500;

/**
 * Whether `next` starts a new undo step after `prev` when the history is replayed. Monaco's own
 * steps are not observable, so this approximates them: a run of typed characters (or of deleted
 * ones) without a pause is one step; anything else (a paste, Enter, an auto-closed bracket, an
 * edit from the visual view) is a step of its own.
 */
export function startsGroup(prev: StoredEdit | undefined, next: StoredEdit): boolean {
  if (!prev) return true;
  if (next.t - prev.t > GROUP_PAUSE_MS) return true;
  const a = keystroke(prev);
  const b = keystroke(next);
  if (!a || !b || a.kind !== b.kind) return true;
  if (a.kind === 'type') return b.at !== a.at + 1;
  return b.at !== a.at - 1 && b.at !== a.at; // backspace, or forward delete
}

/** A history as it lives in the page: each edit also knows Monaco's version ids around it. */
export interface LiveEdit extends StoredEdit {
  /** The model's alternative version id before and after the edit. */
  before: number;
  after: number;
}

export interface LiveHistory {
  base: string;
  edits: LiveEdit[];
  hash?: number;
  /** The next edit starts an undo step (after an undo, a redo or a reset). */
  breakNext?: boolean;
}

/** The per-document limit of recorded edits; older ones are folded into the base text. */
export const HISTORY_CAP = 500;

/** Fold the oldest edits into the base until at most `cap` remain. */
export function capHistory(h: LiveHistory, cap = HISTORY_CAP): void {
  if (h.edits.length <= cap) return;
  const drop = h.edits.length - cap;
  for (let i = 0; i < drop; i++) h.base = applyChanges(h.base, h.edits[i]!.c);
  h.edits = h.edits.slice(drop);
  h.edits[0]!.g = 1;
}

export interface ContentEvent {
  changes: readonly { rangeOffset: number; rangeLength: number; text: string }[];
  isUndoing: boolean;
  isRedoing: boolean;
  isFlush: boolean;
  isEolChange?: boolean;
}

/**
 * Record one content change of a model in its history.
 * `alt` is the model's alternative version id after the change, `prevAlt` before it; `text`
 * gives the model's text after the change (only read when the history has to restart).
 *
 * Monaco's undo returns the model to the version id it had before the undone step, so an undo
 * drops the recorded edits back to that version; a redo is recorded as one new step (undoing it
 * again returns to the same version). A `setValue` (flush) clears Monaco's undo stack: the
 * history restarts from the new text.
 */
export function recordEdit(
  h: LiveHistory,
  e: ContentEvent,
  alt: number,
  prevAlt: number,
  now: number,
  text: () => string,
  cap = HISTORY_CAP,
): void {
  if (e.isFlush || e.isEolChange) {
    h.base = text();
    h.edits = [];
    h.breakNext = true;
    return;
  }
  if (e.isUndoing) {
    let i = h.edits.length - 1;
    while (i >= 0 && h.edits[i]!.before !== alt) i--;
    if (i >= 0) h.edits = h.edits.slice(0, i);
    else {
      // Undone past what is recorded (older than the cap): start again from here.
      h.base = text();
      h.edits = [];
    }
    h.breakNext = true;
    return;
  }
  const edit: LiveEdit = { c: e.changes.map((c) => [c.rangeOffset, c.rangeLength, c.text] as Change), t: now, before: prevAlt, after: alt };
  if (e.isRedoing || h.breakNext || startsGroup(h.edits[h.edits.length - 1], edit)) edit.g = 1;
  h.breakNext = e.isRedoing;
  h.edits.push(edit);
  capHistory(h, cap);
}

export function toStoredHistory(h: LiveHistory): StoredHistory {
  const out: StoredHistory = { base: h.base, edits: h.edits.map((e) => (e.g ? { c: e.c, t: e.t, g: 1 } : { c: e.c, t: e.t })) };
  if (h.hash !== undefined) out.hash = h.hash;
  return out;
}

function isStoredHistory(v: unknown): v is StoredHistory {
  const h = v as StoredHistory | undefined;
  return (
    !!h && typeof h.base === 'string' && Array.isArray(h.edits) && h.edits.every((e) => e && Array.isArray(e.c) && typeof e.t === 'number')
  );
}

function isStoredDoc(v: unknown): v is StoredDoc {
  const d = v as StoredDoc | undefined;
  return !!d && typeof d.id === 'string' && typeof d.path === 'string' && typeof d.text === 'string' && typeof d.builtin === 'boolean';
}

function isMeta(v: unknown): v is StoredMeta {
  const m = v as StoredMeta | undefined;
  return !!m && m.format === 1 && Array.isArray(m.order) && m.order.every((x) => typeof x === 'string');
}

// ——— the persister ———

export class Persister {
  /** What is in storage (as far as this page knows). */
  private saved = new Map<string, StoredDoc>();
  private pending: Snapshot | null = null;
  private dirtyHistories = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private queue: Promise<void> = Promise.resolve();
  readonly histories = new Map<string, LiveHistory>();
  /** The text of each history's model, for the hash written with it. */
  readonly modelText = new Map<string, () => string>();
  onStatus: (s: SaveState) => void = () => {};

  constructor(
    private kv: KV,
    private delayMs = 250,
  ) {}

  /** The stored workspace, or null when there is none (first start). */
  async load(): Promise<Restored | null> {
    const [meta] = await this.kv.getMany([META]);
    if (!isMeta(meta)) return null;
    const vals = await this.kv.getMany([...meta.order.map((id) => DOC + id), ...meta.order.map((id) => HIST + id)]);
    const docs: StoredDoc[] = [];
    meta.order.forEach((id, i) => {
      const d = vals[i];
      if (!isStoredDoc(d) || d.id !== id) return;
      docs.push(d);
      this.saved.set(id, d);
      const h = vals[meta.order.length + i];
      if (isStoredHistory(h))
        this.histories.set(id, {
          base: h.base,
          edits: h.edits.map((e) => ({ ...e, before: -1, after: -1 })),
          hash: h.hash,
          breakNext: true,
        });
    });
    const activeId = docs.some((d) => d.id === meta.activeId) ? meta.activeId : (docs[0]?.id ?? null);
    return { docs, activeId, variants: meta.variants ?? null };
  }

  /** The workspace changed: save it within `delayMs` (not later, however fast the changes come). */
  update(s: Snapshot): void {
    this.pending = s;
    this.schedule();
  }

  historyChanged(id: string): void {
    this.dirtyHistories.add(id);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.onStatus({ state: 'pending' });
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Write what is pending now (also on leaving the page). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const puts: [string, unknown][] = [];
    const dels: string[] = [];
    const s = this.pending;
    this.pending = null;
    if (s) {
      const plan = planSave(this.saved, s.docs);
      for (const d of plan.put) {
        const copy = { id: d.id, path: d.path, text: d.text, builtin: d.builtin };
        puts.push([DOC + d.id, copy]);
        this.saved.set(d.id, copy);
      }
      for (const id of plan.del) {
        dels.push(DOC + id, HIST + id);
        this.saved.delete(id);
        this.histories.delete(id);
        this.modelText.delete(id);
        this.dirtyHistories.delete(id);
      }
      const meta: StoredMeta = {
        format: 1,
        order: s.docs.map((d) => d.id),
        activeId: s.activeId,
        variants: s.variants,
        savedAt: Date.now(),
      };
      puts.push([META, meta]);
    }
    for (const id of this.dirtyHistories) {
      const h = this.histories.get(id);
      if (!h) continue;
      const text = this.modelText.get(id);
      if (text) h.hash = fnv1a(text());
      puts.push([HIST + id, toStoredHistory(h)]);
    }
    this.dirtyHistories.clear();
    if (!puts.length && !dels.length) return this.queue;
    this.queue = this.queue
      .then(() => this.kv.commit(puts, dels))
      .then(
        () => {
          if (!this.timer) this.onStatus({ state: 'saved', at: Date.now() });
        },
        (err: unknown) => {
          // Unknown what was written: write everything again with the next change.
          this.saved.clear();
          for (const id of this.histories.keys()) this.dirtyHistories.add(id);
          this.onStatus({ state: 'error', message: String((err as Error)?.message ?? err) });
          console.error('Phasebook: saving the workspace failed', err);
        },
      );
    return this.queue;
  }
}

let instance: Persister | null = null;

/** The page's persister (IndexedDB; in memory when IndexedDB is not available). */
export function persister(): Persister {
  instance ??= new Persister(typeof indexedDB === 'undefined' ? memoryKV() : idbKV());
  return instance;
}

// ——— Monaco models with their undo history ———

type Model = ReturnType<Monaco['editor']['createModel']>;
type Uri = ReturnType<Monaco['Uri']['parse']>;

let monacoRef: Monaco | null = null;

/**
 * The model of a document, with its undo history: when a history was recorded (in an earlier
 * session), the model is built from its base text and the edits are replayed as undoable
 * operations, one undo step per recorded step. Every later content change is recorded.
 * If the replay does not reach the text it had when saved, the history is dropped and the model
 * starts from `text` with an empty undo stack. If the document changed since (it was imported
 * over, or restored), the model has the history's text; the code view then brings it up to date
 * with one more undoable edit.
 */
export function createModelWithHistory(monaco: Monaco, docId: string, text: string, uri: Uri, p: Persister = persister()): Model {
  monacoRef = monaco;
  let h = p.histories.get(docId);
  let model: Model | null = null;
  if (h && h.edits.length) {
    model = monaco.editor.createModel(h.base, 'json', uri);
    for (const e of h.edits) {
      if (e.g) model.pushStackElement();
      e.before = model.getAlternativeVersionId();
      const ops = e.c.map(([off, len, t]) => {
        const a = model!.getPositionAt(off);
        const b = model!.getPositionAt(off + len);
        return { range: new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column), text: t };
      });
      model.pushEditOperations([], ops, () => null);
      e.after = model.getAlternativeVersionId();
    }
    model.pushStackElement();
    if (h.hash !== undefined && fnv1a(model.getValue()) !== h.hash) {
      console.warn(`Phasebook: the undo history of ${uri.path} did not replay; it starts afresh`);
      model.dispose();
      model = null;
    }
  }
  if (!model) {
    model = monaco.editor.createModel(text, 'json', uri);
    h = { base: text, edits: [] };
    p.histories.set(docId, h);
  }
  const history = h!;
  history.breakNext = true;
  const m = model;
  p.modelText.set(docId, () => m.getValue());
  let prevAlt = m.getAlternativeVersionId();
  m.onDidChangeContent((e) => {
    if (p.histories.get(docId) !== history) return; // the document was deleted
    const alt = m.getAlternativeVersionId();
    recordEdit(history, e, alt, prevAlt, Date.now(), () => m.getValue());
    prevAlt = alt;
    p.historyChanged(docId);
  });
  m.onWillDispose(() => {
    // The model goes (rename, delete): seal its history with the hash of its last text.
    if (p.histories.get(docId) === history) {
      history.hash = fnv1a(m.getValue());
      p.modelText.delete(docId);
      p.historyChanged(docId);
    }
  });
  return m;
}

/**
 * Dispose the model at a workspace path (after a rename or a delete), so that a document later
 * created at that path starts with its own text and history.
 */
export function disposeModelAt(path: string): void {
  const m = monacoRef;
  m?.editor.getModel(modelUri(m, path))?.dispose();
}
