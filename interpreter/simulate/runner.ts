/**
 * Worker threads for a plan: started once, then given pieces [from, to) of runs of one series
 * after another, each to whichever worker is free. By default each worker sends back every run's
 * record, in chunks, and the main thread folds them into the series' Accumulator as they arrive;
 * with `fold` (SliceOptions), each worker folds the runs of its piece into an Accumulator of its
 * own and sends back its state, which is merged into the series' Accumulator. Either way nothing
 * per run is kept, and the result does not depend on the number of workers (run i uses the seed
 * derived from (S, i); accumulators of disjoint slices merge by addition, and the statistics do
 * not depend on the order runs or pieces arrive in).
 *
 * Why folding in the workers is not the default (issue 9, goal 4; bench/README.md pool12 and the
 * twelfth quiet run): it takes the main thread's share of a 2-worker simulate from 3.5–5 % to
 * ~2.4 % of the process's CPU (each record costs it 14–19 µs to receive and fold), yet on a quiet
 * machine, interleaved, folding gave 2 workers a parallel efficiency of 0.68–0.72 against
 * 0.74–0.90 for records, with V8's helper threads taking 0.28–0.33 s of CPU a second instead of
 * 0.15–0.22 in three runs of each. Why the helpers work more is not known; the measurement decides.
 * Messages are few in both ways (whole pieces and, folding, progress at most every PROGRESS_MS):
 * waking the main thread for one costs it 35–150 µs on those VMs.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { Accumulator } from './accumulator.js';
import type { CombatRecord } from './record.js';
import type { RunCurve } from './curves.js';
import type { SeriesSpec } from './series.js';
import { KEPT_SERIES, type StreamJob, type WorkerMessage } from './pool-protocol.js';
import type { PreparedSeries } from './prepared.js';

/** Where a slice's runs go: anything that takes each run's record (sent by the workers in chunks), or an Accumulator (folded in the workers with `fold`). */
export type SliceTarget = Accumulator | { add(i: number, record: CombatRecord, curve?: RunCurve): void };

export interface SliceOptions {
  from: number;
  to: number;
  seed: number;
  curves: boolean;
  curveStat?: string;
  onProgress?: (done: number) => void;
  /** The series as the main thread checked it: workers compile it instead of reading and checking it again. */
  prepared?: PreparedSeries;
  /**
   * Fold the runs in the workers (an Accumulator target only) and merge their states here,
   * instead of receiving every run's record: fewer messages and less main-thread work, but
   * slower on 2 workers where it was measured (see above). Default false.
   */
  fold?: boolean;
  /**
   * Resolves early when aborted, with the runs received so far (folding: each worker stops
   * before its next run and sends what it has folded).
   */
  signal?: AbortSignal;
}

/**
 * The heap of each worker (issue 9, goal 4: a 20,000-run simulate in at most 150 MB). A combat
 * allocates about 1 MB of short-lived objects; with V8's defaults (sized from the machine's
 * memory) a worker let its young generation grow to tens of MB and its old generation far past
 * what it keeps, about 80 MB of RSS per worker. A small young generation is collected more often
 * but at no measurable CPU cost (bench/simulate-memory.mjs), and a bounded old generation makes
 * V8 collect it early. 512 MB is still three times what one combat of 10,000 combatants needs.
 * A 16 MB young generation scavenges a quarter as often (45 against 185 scavenges per 1,000 benchmark
 * combats) but costs 17–27 MB more at 20,000 runs, and showed no parallel-efficiency gain that
 * the machine's load let us measure (bench/README.md, par11; bench/simulate-gc.mjs).
 */
export const WORKER_HEAP = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 512 };

export interface PoolOptions {
  /** The heap limits of each worker (bench/simulate-parallel.mjs tries others), default WORKER_HEAP. */
  heap?: { maxYoungGenerationSizeMb?: number; maxOldGenerationSizeMb?: number };
}

/** The most runs given to a worker at once, and the fewest (but for the last piece). */
const PIECE_MAX = 500;
const PIECE_MIN = 25;
/** Pieces queued per worker at once (see runSlice). */
const IN_FLIGHT = 2;
/** Runs per records message (without folding). */
const CHUNK = 25;
/**
 * A folding worker's progress counts, at most this often (ms): the bar redraws 10 times a second.
 * Counted in runs (every 100) they woke the main thread 50 times a second on the benchmark.
 */
const PROGRESS_MS = 100;

/**
 * Guided self-scheduling: each piece is a share of what remains, so pieces are large while much
 * remains (few messages) and small at the end (the last worker to finish is not left alone with
 * a long piece while the others idle).
 */
export const pieceSize = (remaining: number, workers: number): number =>
  Math.min(remaining, Math.max(PIECE_MIN, Math.min(PIECE_MAX, Math.ceil(remaining / (workers * 2 * IN_FLIGHT)))));

function script(): URL {
  // Compiled (dist/interpreter/simulate/), bundled (dist/interpreter/, scripts/bundle-cli.mjs)
  // or from the sources (tests): the worker is always the compiled file.
  for (const path of ['./stream-worker.js', './simulate/stream-worker.js']) {
    const here = new URL(path, import.meta.url);
    if (existsSync(fileURLToPath(here))) return here;
  }
  return new URL('../../dist/interpreter/simulate/stream-worker.js', import.meta.url);
}

export class WorkerPool {
  private readonly workers: Worker[] = [];
  /** Per worker, the series whose prepared form it has been sent (it keeps them as stream-worker.ts's `loaded` does). */
  private readonly sent: Array<Set<string>> = [];
  /** Non-zero: the workers stop before their next run (an aborted slice). */
  private readonly stop = new Int32Array(new SharedArrayBuffer(4));
  private listener: ((msg: WorkerMessage, worker: number) => void) | null = null;
  private failure: ((err: Error) => void) | null = null;

  constructor(count: number, options: PoolOptions = {}) {
    for (let k = 0; k < Math.max(1, count); k++) {
      const w = new Worker(script(), { resourceLimits: options.heap ?? WORKER_HEAP, workerData: { stop: this.stop } });
      w.on('message', (msg: WorkerMessage) => this.listener?.(msg, k));
      w.on('error', (err) => this.failure?.(err));
      this.workers.push(w);
      this.sent.push(new Set());
    }
  }

  /**
   * The prepared series for worker w's job, unless the worker has loaded the series already. It
   * counts the series a worker has been given as the worker counts those it keeps (KEPT_SERIES):
   * should they differ, a job without the prepared form is loaded from the files, the long way.
   */
  private preparedFor(w: number, series: SeriesSpec, prepared: PreparedSeries | undefined): { prepared?: PreparedSeries } {
    const key = JSON.stringify(series);
    const sent = this.sent[w]!;
    if (sent.has(key)) return {};
    if (sent.size > KEPT_SERIES) sent.clear();
    sent.add(key);
    return prepared ? { prepared } : {};
  }

  /**
   * Run [from, to) of one series across the workers, into acc. The runs go out in pieces (see
   * pieceSize), the next to whichever worker is free: a worker slowed by the machine's load
   * does fewer pieces instead of holding the others up at the end (issue 9, parallel efficiency).
   */
  runSlice(series: SeriesSpec, acc: SliceTarget, o: SliceOptions): Promise<{ done: number; aborted: boolean }> {
    const total = Math.max(0, o.to - o.from);
    const k = Math.max(1, Math.min(this.workers.length, total));
    const fold = o.fold && acc instanceof Accumulator ? { name: acc.name, sideOf: acc.sideOf, opts: acc.opts } : null;
    let next = o.from;
    let done = 0;
    let progress = 0;
    let busy = 0;
    let aborted = false;
    Atomics.store(this.stop, 0, 0);
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        this.listener = null;
        this.failure = null;
        resolve({ done, aborted });
      };
      const give = (w: number) => {
        if (next >= o.to || aborted) return;
        const from = next;
        next = Math.min(o.to, from + pieceSize(o.to - from, k));
        busy++;
        const job: StreamJob = {
          series,
          seed: o.seed,
          from,
          to: next,
          chunk: CHUNK,
          curves: o.curves,
          ...this.preparedFor(w, series, o.prepared),
          ...(o.curveStat !== undefined ? { curveStat: o.curveStat } : {}),
          ...(fold ? { fold, ...(o.onProgress ? { progressMs: PROGRESS_MS } : {}) } : {}),
        };
        this.workers[w]!.postMessage(job);
      };
      const pieceDone = (w: number) => {
        busy--;
        give(w);
        if (busy === 0) finish();
      };
      const abort = () => {
        aborted = true;
        // Records arrive run by run: what has arrived is what there is. Folding workers stop
        // before their next run and send what they have folded; the slice ends when all have.
        if (!fold || busy === 0) return finish();
        Atomics.store(this.stop, 0, 1);
      };
      if (o.signal?.aborted) {
        aborted = true;
        return finish();
      }
      o.signal?.addEventListener('abort', abort, { once: true });
      this.failure = reject;
      this.listener = (msg, w) => {
        if (settled) return;
        if (msg === 'done') return pieceDone(w);
        if (Array.isArray(msg)) {
          for (const m of msg) acc.add(m.i, m.record, m.curve);
          done += msg.length;
          o.onProgress?.(done);
          return;
        }
        if (msg.progress) {
          progress += msg.progress;
          o.onProgress?.(progress);
        }
        if (msg.folded) {
          (acc as Accumulator).merge(Accumulator.fromJSON(msg.folded));
          done += msg.folded.runs;
          pieceDone(w);
        }
      };
      // Each worker holds IN_FLIGHT pieces: when it finishes one, the next is already in its queue,
      // so it never waits for the main thread to answer its 'done'.
      for (let n = 0; n < IN_FLIGHT; n++) for (let w = 0; w < k; w++) give(w);
      if (busy === 0) finish();
    });
  }

  close(): Promise<void> {
    return Promise.all(this.workers.map((w) => w.terminate())).then(() => undefined);
  }
}
