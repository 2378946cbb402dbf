/**
 * The last simulation survives a reload: when it ends (done, cancelled or failed) its plan and
 * accumulators — sufficient statistics, not runs, so a few kilobytes whatever the number of
 * runs — are written next to the workspace in IndexedDB (persist.ts's store, key `simulate`).
 */
import { idbKV, memoryKV, type KV } from './persist.js';
import type { SavedSimulation } from './simulate.js';

export const KEY = 'simulate';

let kv: KV | null = null;
const store = (): KV => (kv ??= typeof indexedDB === 'undefined' ? memoryKV() : idbKV());

/** Use another store (tests). */
export function useStore(k: KV): void {
  kv = k;
}

function isSaved(v: unknown): v is SavedSimulation {
  const s = v as SavedSimulation | undefined;
  return !!s && s.format === 1 && typeof s.plan === 'object' && Array.isArray(s.plan?.variants) && typeof s.done === 'number';
}

export async function saveSimulation(s: SavedSimulation): Promise<void> {
  await store().commit([[KEY, s]], []);
}

/** The saved simulation, or null (none, or not of this format). */
export async function loadSimulation(): Promise<SavedSimulation | null> {
  try {
    const [v] = await store().getMany([KEY]);
    return isSaved(v) ? v : null;
  } catch {
    return null;
  }
}
