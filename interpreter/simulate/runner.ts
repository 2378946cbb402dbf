/**
 * Worker threads for a plan: started once, then given slices [from, to) of runs of one series
 * after another. Each run is folded into an Accumulator as it arrives: nothing per run is kept.
 * The result does not depend on the number of workers (run i uses the seed derived from (S, i);
 * the statistics do not depend on the order runs arrive in).
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import type { Accumulator } from './accumulator.js';
import type { SeriesSpec } from './series.js';
import type { RunMessage, StreamJob } from './stream-worker.js';
import type { PreparedSeries } from './prepared.js';

export interface SliceOptions {
  from: number;
  to: number;
  seed: number;
  curves: boolean;
  curveStat?: string;
  onProgress?: (done: number) => void;
  /** The series as the main thread checked it: workers compile it instead of reading and checking it again. */
  prepared?: PreparedSeries;
  /** Resolves early (with the runs folded so far) when aborted. */
  signal?: AbortSignal;
}

function script(): URL {
  const here = new URL('./stream-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('../../dist/interpreter/simulate/stream-worker.js', import.meta.url);
}

export class WorkerPool {
  private readonly workers: Worker[] = [];
  private listener: ((msg: RunMessage[] | 'done') => void) | null = null;
  private failure: ((err: Error) => void) | null = null;

  constructor(count: number) {
    for (let k = 0; k < Math.max(1, count); k++) {
      const w = new Worker(script());
      w.on('message', (msg: RunMessage[] | 'done') => this.listener?.(msg));
      w.on('error', (err) => this.failure?.(err));
      this.workers.push(w);
    }
  }

  /** Run [from, to) of one series, split across the workers, into acc. */
  runSlice(series: SeriesSpec, acc: Accumulator, o: SliceOptions): Promise<{ done: number; aborted: boolean }> {
    const total = Math.max(0, o.to - o.from);
    const k = Math.max(1, Math.min(this.workers.length, total));
    const per = Math.ceil(total / k);
    let done = 0;
    let finished = 0;
    let jobs = 0;
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (aborted: boolean) => {
        if (settled) return;
        settled = true;
        this.listener = null;
        this.failure = null;
        resolve({ done, aborted });
      };
      if (o.signal?.aborted) return finish(true);
      o.signal?.addEventListener('abort', () => finish(true), { once: true });
      this.failure = reject;
      this.listener = (msg) => {
        if (settled) return;
        if (msg === 'done') {
          if (++finished === jobs) finish(false);
          return;
        }
        for (const m of msg) acc.add(m.i, m.record, m.curve);
        done += msg.length;
        o.onProgress?.(done);
      };
      for (let w = 0; w < k; w++) {
        const from = o.from + w * per;
        const to = Math.min(o.to, from + per);
        if (from >= to) continue;
        jobs++;
        const job: StreamJob = {
          series,
          seed: o.seed,
          from,
          to,
          chunk: 25,
          curves: o.curves,
          ...(o.prepared ? { prepared: o.prepared } : {}),
          ...(o.curveStat !== undefined ? { curveStat: o.curveStat } : {}),
        };
        this.workers[w]!.postMessage(job);
      }
      if (jobs === 0) finish(false);
    });
  }

  close(): Promise<void> {
    return Promise.all(this.workers.map((w) => w.terminate())).then(() => undefined);
  }
}
