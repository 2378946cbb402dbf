/**
 * Leaving the page: a reload right after typing keeps the last edits. IndexedDB may drop a
 * transaction begun while the page unloads (Chromium does on a reload), so `leave` also writes
 * what IndexedDB may not have to a synchronous store, and the next load takes it back.
 */
import { describe, expect, it, vi } from 'vitest';
import { BACKUP_KEY, memoryKV, Persister, type KV, type StoredDoc, type SyncStore } from './persist.js';

const doc = (id: string, text: string): StoredDoc => ({ id, path: `${id}.json`, text, builtin: false });

/** IndexedDB as a reload leaves it: once `unloading`, a commit never happens. */
function droppingKV() {
  const inner = memoryKV();
  const kv = {
    unloading: false,
    map: inner.map,
    getMany: inner.getMany,
    commit: (puts: [string, unknown][], dels: string[]) => (kv.unloading ? new Promise<void>(() => {}) : inner.commit(puts, dels)),
  };
  return kv as KV & typeof kv;
}

function mapStore(): SyncStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('leaving the page', () => {
  it('keeps an edit made just before a reload whose IndexedDB write never commits', async () => {
    vi.useFakeTimers();
    const kv = droppingKV();
    const store = mapStore();
    const p = new Persister(kv, 250, store);
    p.update({ docs: [doc('a', '{}'), doc('b', '[]')], activeId: 'a', variants: null });
    await vi.advanceTimersByTimeAsync(250);
    // Typed, then Ctrl+R within the delay: the page goes before its write lands.
    p.update({ docs: [doc('a', '{"x": 1}'), doc('b', '[]'), doc('c', 'new')], activeId: 'c', variants: null });
    kv.unloading = true;
    void p.leave();
    await vi.advanceTimersByTimeAsync(1000);
    expect((kv.map.get('doc:a') as StoredDoc).text).toBe('{}');
    // Only what IndexedDB does not have is in the backup.
    expect(JSON.parse(store.map.get(BACKUP_KEY)!).docs.map((d: StoredDoc) => d.id)).toEqual(['a', 'c']);

    kv.unloading = false;
    const q = new Persister(kv, 250, store);
    const restored = await q.load();
    expect(restored).toEqual({ docs: [doc('a', '{"x": 1}'), doc('b', '[]'), doc('c', 'new')], activeId: 'c', variants: null });
    // Once it is in IndexedDB, the backup goes.
    q.update(restored!);
    await vi.advanceTimersByTimeAsync(250);
    await q.flush();
    expect((kv.map.get('doc:a') as StoredDoc).text).toBe('{"x": 1}');
    expect(store.map.has(BACKUP_KEY)).toBe(false);
    vi.useRealTimers();
  });

  it('writes no backup when everything is saved, and ignores one older than what IndexedDB has', async () => {
    vi.useFakeTimers();
    const kv = droppingKV();
    const store = mapStore();
    const p = new Persister(kv, 250, store);
    p.update({ docs: [doc('a', 'old')], activeId: 'a', variants: null });
    await vi.advanceTimersByTimeAsync(250);
    await p.leave();
    expect(store.map.has(BACKUP_KEY)).toBe(false);
    // A stale backup (another page saved since): IndexedDB's text wins.
    store.setItem(
      BACKUP_KEY,
      JSON.stringify({
        format: 1,
        docs: [doc('a', 'stale')],
        meta: { format: 1, order: ['a'], activeId: 'a', variants: null, savedAt: 0 },
      }),
    );
    const q = new Persister(kv, 250, store);
    expect((await q.load())!.docs).toEqual([doc('a', 'old')]);
    vi.useRealTimers();
  });
});
