/**
 * The last changes of a page that is going away. IndexedDB writes are asynchronous, and a
 * transaction begun while the page unloads may never commit: Chromium drops it on a reload, so
 * whatever was typed in the last `delayMs` before Ctrl+R was lost. On leaving, the documents
 * not yet known to be in IndexedDB and the workspace's meta are also written synchronously to
 * a small store (localStorage); the next load takes them back, then removes them once they are
 * in IndexedDB.
 */
import type { StoredDoc, StoredMeta } from './shapes.js';

/** A synchronous key-value store: localStorage, or a Map in tests. */
export interface SyncStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const BACKUP_KEY = 'phasebook.unsaved';

export interface Backup {
  format: 1;
  /** The documents whose text, path or presence IndexedDB may not have. */
  docs: StoredDoc[];
  meta: StoredMeta;
}

export function isBackup(v: unknown): v is Backup {
  const b = v as Backup | undefined;
  return (
    !!b &&
    b.format === 1 &&
    Array.isArray(b.docs) &&
    b.docs.every((d) => d && typeof d.id === 'string' && typeof d.path === 'string' && typeof d.text === 'string') &&
    !!b.meta &&
    Array.isArray(b.meta.order) &&
    typeof b.meta.savedAt === 'number'
  );
}

/** The backup in `store`, or null (none, unreadable, or no storage). */
export function readBackup(store: SyncStore | null): Backup | null {
  try {
    const raw = store?.getItem(BACKUP_KEY);
    if (!raw) return null;
    const v: unknown = JSON.parse(raw);
    return isBackup(v) ? v : null;
  } catch {
    return null;
  }
}

/** Write a backup (false when the store refuses it, e.g. full). */
export function writeBackup(store: SyncStore | null, b: Backup): boolean {
  try {
    store?.setItem(BACKUP_KEY, JSON.stringify(b));
    return !!store;
  } catch {
    return false;
  }
}

export function clearBackup(store: SyncStore | null): void {
  try {
    store?.removeItem(BACKUP_KEY);
  } catch {
    // no storage: nothing to clear
  }
}

/**
 * The stored workspace with a backup laid over it: the backup's documents replace or add to the
 * stored ones, and its meta gives the order, the active document and the variants. A backup
 * older than the stored meta (another page saved since) is ignored.
 */
export function withBackup(docs: StoredDoc[], meta: StoredMeta | null, b: Backup | null): { docs: StoredDoc[]; meta: StoredMeta | null } {
  if (!b || (meta && meta.savedAt > b.meta.savedAt)) return { docs, meta };
  const byId = new Map(docs.map((d) => [d.id, d]));
  for (const d of b.docs) byId.set(d.id, d);
  return { docs: b.meta.order.flatMap((id) => byId.get(id) ?? []), meta: b.meta };
}
