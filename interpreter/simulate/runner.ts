/**
 * Run a slice of runs [from, to) of one series across worker threads, folding each run into an
 * Accumulator as it arrives: nothing per run is kept. The result does not depend on the number
 * of workers (run i uses the seed derived from (S, i); the statistics do not depend on order).
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import type { Accumulator } from './accumulator.js';
import type { SeriesSpec } from './series.js';
import type { RunMessage, StreamJob } from './stream-worker.js';

export interface SliceOptions {
  from: number;
  to: number;
  seed: number;
  workers: number;
  curves: boolean;
  curveStat?: string;
  onProgress?: (done: number) => void;
  /** Resolves early (with the runs folded so far) when aborted. */
  signal?: AbortSignal;
}

function script(): URL {
  const here = new URL('./stream-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('../../dist/interpreter/simulate/stream-worker.js', import.meta.url);
}

export function runSlice(series: SeriesSpec, acc: Accumulator, o: SliceOptions): Promise<{ done: number; aborted: boolean }> {
  const total = Math.max(0, o.to - o.from);
  const k = Math.max(1, Math.min(o.workers, total));
  const per = Math.ceil(total / k);
  let done = 0;
  let finished = 0;
  const workers: Worker[] = [];
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (aborted: boolean) => {
      if (settled) return;
      settled = true;
      for (const w of workers) void w.terminate();
      resolve({ done, aborted });
    };
    if (o.signal?.aborted) return finish(true);
    o.signal?.addEventListener('abort', () => finish(true), { once: true });
    for (let w = 0; w < k; w++) {
      const from = o.from + w * per;
      const to = Math.min(o.to, from + per);
      if (from >= to) {
        finished++;
        continue;
      }
      const job: StreamJob = { series, seed: o.seed, from, to, chunk: 25, curves: o.curves, ...(o.curveStat !== undefined ? { curveStat: o.curveStat } : {}) };
      const worker = new Worker(script(), { workerData: job });
      workers.push(worker);
      worker.on('message', (msg: RunMessage[] | 'done') => {
        if (settled) return;
        if (msg === 'done') {
          if (++finished === k) finish(false);
          return;
        }
        for (const m of msg) acc.add(m.i, m.record, m.curve);
        done += msg.length;
        o.onProgress?.(done);
      });
      worker.on('error', reject);
    }
    if (finished === k) finish(false);
  });
}
