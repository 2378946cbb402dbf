/**
 * The engine worker, started before the page needs it (main.ts, at the very start): its script
 * loads and compiles while the page loads the rest of itself, reads the saved workspace and
 * mounts; the first EngineClient (engine.svelte.ts) takes it. A module of its own, without
 * Svelte, so that the entry that starts it stays tiny.
 */
import EngineWorker from '../engine.worker.ts?worker';

let warm: Worker | null = null;

export function prewarmEngine(): void {
  warm ??= new EngineWorker();
}

/** The worker started ahead (once), or a new one. */
export function engineWorker(): Worker {
  const w = warm ?? new EngineWorker();
  warm = null;
  return w;
}
