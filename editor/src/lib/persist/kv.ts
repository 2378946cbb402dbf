/** Key-value storage for persistence: IndexedDB (one store, transactions of many keys) or memory (tests). */
import { createStore, getMany as idbGetMany, promisifyRequest } from 'idb-keyval';

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
