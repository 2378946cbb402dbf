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
 *   undoable operations (`createModelWithHistory`, persist/models.ts), so Ctrl+Z goes on where it left off.
 *
 * This module knows nothing of Svelte: main.ts connects it to the workspace store. The pure
 * parts (`planSave`, `applyChanges`, `recordEdit`, `startsGroup`, `capHistory`) are unit-tested.
 */
import { fnv1a, toStoredHistory, type LiveHistory } from './persist/history.js';
import { idbKV, memoryKV, type KV } from './persist/kv.js';
import { clearBackup, readBackup, withBackup, writeBackup, type SyncStore } from './persist/backup.js';
import type { Restored, SaveState, Snapshot, StoredDoc, StoredHistory, StoredMeta } from './persist/shapes.js';

export type * from './persist/shapes.js';
export * from './persist/history.js';
export { idbKV, memoryKV, type KV } from './persist/kv.js';
export { BACKUP_KEY, type SyncStore } from './persist/backup.js';

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

/** The workspace's meta as stored now: its documents' order, the active one, the variants. */
const metaOf = (s: Snapshot): StoredMeta => ({
  format: 1,
  order: s.docs.map((d) => d.id),
  activeId: s.activeId,
  variants: s.variants,
  savedAt: Date.now(),
});

export class Persister {
  /** What is in storage (as far as this page knows). */
  private saved = new Map<string, StoredDoc>();
  /** What IndexedDB is known to hold (its commit succeeded). */
  private confirmed = new Map<string, StoredDoc>();
  /** The workspace as last reported, and the commits not yet known to have succeeded. */
  private latest: Snapshot | null = null;
  private inFlight = 0;
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
    /** Where `leave` keeps what IndexedDB may not have yet (persist/backup.ts). */
    private backup: SyncStore | null = null,
  ) {}

  /**
   * The stored workspace, or null when there is none (first start), with the backup of the
   * last page laid over it: the changes made just before it went away (persist/backup.ts).
   */
  async load(): Promise<Restored | null> {
    const [stored] = await this.kv.getMany([META]);
    const meta = isMeta(stored) ? stored : null;
    const order = meta?.order ?? [];
    const vals = order.length ? await this.kv.getMany([...order.map((id) => DOC + id), ...order.map((id) => HIST + id)]) : [];
    const storedDocs: StoredDoc[] = [];
    order.forEach((id, i) => {
      const d = vals[i];
      if (!isStoredDoc(d) || d.id !== id) return;
      storedDocs.push(d);
      this.saved.set(id, d);
      this.confirmed.set(id, d);
      const h = vals[order.length + i];
      if (isStoredHistory(h))
        this.histories.set(id, {
          base: h.base,
          edits: h.edits.map((e) => ({ ...e, before: -1, after: -1 })),
          hash: h.hash,
          breakNext: true,
        });
    });
    const { docs, meta: m } = withBackup(storedDocs, meta, readBackup(this.backup));
    if (!m) return null;
    const activeId = docs.some((d) => d.id === m.activeId) ? m.activeId : (docs[0]?.id ?? null);
    return { docs, activeId, variants: m.variants ?? null };
  }

  /**
   * The page is going away (or hidden, which may be the last moment): write what is pending,
   * and keep what IndexedDB may not get in time in the synchronous backup as well.
   */
  leave(): Promise<void> {
    const s = this.pending ?? this.latest;
    if (s && (this.pending || this.inFlight)) {
      const docs = s.docs.filter((d) => {
        const c = this.confirmed.get(d.id);
        return !c || c.path !== d.path || c.text !== d.text || c.builtin !== d.builtin;
      });
      const docsOut = docs.map((d) => ({ id: d.id, path: d.path, text: d.text, builtin: d.builtin }));
      writeBackup(this.backup, { format: 1, docs: docsOut, meta: metaOf(s) });
    }
    return this.flush();
  }

  /** The workspace changed: save it within `delayMs` (not later, however fast the changes come). */
  update(s: Snapshot): void {
    this.pending = s;
    this.latest = s;
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
    const putDocs: StoredDoc[] = [];
    const delIds: string[] = [];
    const s = this.pending;
    this.pending = null;
    if (s) {
      const plan = planSave(this.saved, s.docs);
      for (const d of plan.put) {
        const copy = { id: d.id, path: d.path, text: d.text, builtin: d.builtin };
        puts.push([DOC + d.id, copy]);
        putDocs.push(copy);
        this.saved.set(d.id, copy);
      }
      for (const id of plan.del) {
        dels.push(DOC + id, HIST + id);
        delIds.push(id);
        this.saved.delete(id);
        this.histories.delete(id);
        this.modelText.delete(id);
        this.dirtyHistories.delete(id);
      }
      puts.push([META, metaOf(s)]);
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
    this.inFlight++;
    this.queue = this.queue
      .then(() => this.kv.commit(puts, dels))
      .finally(() => this.inFlight--)
      .then(
        () => {
          for (const d of putDocs) this.confirmed.set(d.id, d);
          for (const id of delIds) this.confirmed.delete(id);
          // Everything is in IndexedDB: a backup has nothing left to give.
          if (!this.timer && !this.pending && !this.inFlight) clearBackup(this.backup);
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

function localStorageOrNull(): SyncStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage denied
  }
}

/** The page's persister (IndexedDB; in memory when IndexedDB is not available). */
export function persister(): Persister {
  instance ??= new Persister(typeof indexedDB === 'undefined' ? memoryKV() : idbKV(), 250, localStorageOrNull());
  return instance;
}
