/**
 * Run N combats of one variant across worker threads. The results are identical whatever the
 * number of workers: run i always uses the seed derived from (S, i), and records are kept by i.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import type { CombatRecord } from './record.js';

import type { VariantFiles } from './plan-types.js';

export type { VariantFiles };

export interface PoolOptions {
  runs: number;
  seed: number;
  workers: number;
  onProgress?: (done: number) => void;
  /** Resolves early (with the records done so far) when aborted. */
  signal?: AbortSignal;
}

export function workerScript(): URL {
  // Compiled: dist/interpreter/simulate/worker.js. From sources (tests), the same path under dist.
  const here = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('../../dist/interpreter/simulate/worker.js', import.meta.url);
}

export function simulateVariant(
  v: VariantFiles,
  opts: PoolOptions,
): Promise<{ records: Array<CombatRecord | undefined>; done: number; aborted: boolean }> {
  const records: Array<CombatRecord | undefined> = new Array(opts.runs);
  const k = Math.max(1, Math.min(opts.workers, opts.runs));
  const per = Math.ceil(opts.runs / k);
  let done = 0;
  let finished = 0;
  const workers: Worker[] = [];
  return new Promise((resolve, reject) => {
    const finish = (aborted: boolean) => {
      for (const w of workers) void w.terminate();
      resolve({ records, done, aborted });
    };
    opts.signal?.addEventListener('abort', () => finish(true), { once: true });
    for (let w = 0; w < k; w++) {
      const from = w * per;
      const to = Math.min(opts.runs, from + per);
      if (from >= to) {
        finished++;
        continue;
      }
      const worker = new Worker(workerScript(), {
        workerData: {
          ruleset: v.ruleset,
          overlays: v.overlays,
          encounter: v.encounter,
          texts: v.texts ?? new Map<string, string>(),
          seed: opts.seed,
          from,
          to,
          chunk: 25,
        },
      });
      workers.push(worker);
      worker.on('message', (msg: Array<{ i: number; record: CombatRecord }> | 'done') => {
        if (msg === 'done') {
          if (++finished === k) finish(false);
          return;
        }
        for (const { i, record } of msg) records[i] = record;
        done += msg.length;
        opts.onProgress?.(done);
      });
      worker.on('error', reject);
    }
    if (finished === k) finish(false);
  });
}
