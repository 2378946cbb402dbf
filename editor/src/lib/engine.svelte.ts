/**
 * The page's side of the engine worker. A run is sent at once when none is in flight; while one
 * is, only the latest request waits and goes next (the ones in between would be stale anyway),
 * so an edit reaches the timeline without a debounce and fast typing never queues runs.
 * Validation goes on the same worker after the runs (`afterRuns`), in a later task than the run's
 * answer: it finds the program the run just built (lib/core-cache.ts) and never delays the timeline.
 * A worker busy on one request for longer than BUSY_MS (a ruleset running until its guard stops
 * it) is terminated and replaced, so the page never waits on it. The time counts from when the
 * worker starts the request: its start-up and a queue behind other requests do not count (on a
 * loaded machine a cold worker alone took longer, and every run was stopped).
 */
import { engineWorker } from './engine-warm.js';
import type { Diagnostic, TraceEvent } from '../../../interpreter/index.js';
import type { DocText, PostedRequest, Request, Response, Started, Variant } from './protocol.js';
import { DocSender } from './doc-sync.js';

/** A request before it gets its id (distributes over the union, unlike Omit). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

export const BUSY_MS = 4000;

export interface RunState {
  events: TraceEvent[];
  winner: string | null;
  reason: string;
  rounds: number;
}

export class EngineClient {
  /** The last successful run; kept (shown dimmed) while the documents are invalid. Raw: read, never changed in place. */
  lastGood = $state.raw<RunState | null>(null);
  /** Problems of the last run request (empty when it succeeded). */
  runDiagnostics = $state.raw<Diagnostic[]>([]);
  /** Run answers shown so far (the timeline's data-run: tests and measurements wait for it to change). */
  runs = $state(0);
  running = $state(false);
  /** Time the last run took, in ms (shown in the UI, measured by the e2e tests). */
  lastMs = $state(0);

  private worker: Worker | null = null;
  private seq = 0;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- requests in flight, not state to render
  private pending = new Map<number, { req: Request; resolve: (r: Response) => void; timer: ReturnType<typeof setTimeout> | null }>();
  /** A run is in flight; `next` is the latest request made meanwhile, `idle` what waits for no run. */
  private inFlight = false;
  private next: { docs: () => DocText[]; variant: () => Variant | null } | null = null;
  private idle: (() => void) | null = null;
  private idleSoon: ReturnType<typeof setTimeout> | null = null;

  /** The texts the worker has (a new worker has none). */
  private sender = new DocSender();

  /** Post a request, with only the texts the worker does not have yet. */
  private post(req: Request): void {
    const worker = this.ensure();
    worker.postMessage({ ...req, docs: this.sender.refs(req.docs, req.type === 'validate') } satisfies PostedRequest);
  }

  private ensure(): Worker {
    if (!this.worker) {
      this.sender = new DocSender();
      this.worker = engineWorker();
      this.worker.onmessage = (ev: MessageEvent<Response | Started>) => {
        const p = this.pending.get(ev.data.id);
        if (!p) return;
        if (ev.data.type === 'started') {
          // Busy from now on: the watchdog does not count the worker's start-up or its queue.
          p.timer = setTimeout(() => this.stopBusy(ev.data.id), BUSY_MS);
          return;
        }
        if (p.timer) clearTimeout(p.timer);
        this.pending.delete(ev.data.id);
        p.resolve(ev.data);
      };
    }
    return this.worker;
  }

  /** A request busy too long (a runaway ruleset): report it, and give the others a fresh worker. */
  private stopBusy(id: number): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    const req = p.req;
    const message = `the run took longer than ${BUSY_MS} ms and was stopped`;
    if (req.type === 'run') {
      const at = { file: req.variant.ruleset, line: 1, col: 1, pointer: '' };
      p.resolve({ id, type: 'run', ok: false, diagnostics: [{ ...at, message, severity: 'error' }] });
    } else p.resolve({ id, type: 'validate', target: req.target, diagnostics: [] });
    this.worker?.terminate();
    this.worker = null;
    for (const other of this.pending.values()) {
      if (other.timer) clearTimeout(other.timer);
      other.timer = null;
      this.post(other.req);
    }
  }

  request(req: Unnumbered<Request>): Promise<Response> {
    const id = ++this.seq;
    const full = { ...req, id } as Request;
    return new Promise((resolve) => {
      this.pending.set(id, { req: full, resolve, timer: null });
      this.post(full);
    });
  }

  validate(docs: DocText[], target: string): Promise<Diagnostic[]> {
    return this.request({ type: 'validate', docs, target }).then((r) => (r.type === 'validate' ? r.diagnostics : []));
  }

  /** The request runFirst sent, until the first scheduleRun looks at it (JSON of its texts and variant). */
  private first: string | null = null;

  /**
   * The first run, sent before the page has mounted (start.ts). The first scheduleRun with the
   * same texts and variant (App's run effect, on mount) is then that run already under way.
   */
  runFirst(docs: DocText[], variant: Variant | null): void {
    if (!variant) return;
    this.first = JSON.stringify([docs, variant]);
    this.scheduleRun(
      () => docs,
      () => variant,
    );
  }

  /** Whether this request is the one runFirst sent (asked once: the first time only). */
  isFirstRun(docs: DocText[], variant: Variant | null): boolean {
    const first = this.first;
    this.first = null;
    return first !== null && first === JSON.stringify([docs, variant]);
  }

  /** The latest run asked for (sent, or waiting for the run in flight). */
  private latest: { docs: DocText[]; variant: Variant | null } | null = null;

  /**
   * Run the variant now, or after the run in flight (the latest call wins). The same texts and
   * variant as the latest call's are not run again: an edit's run is posted from the editor's
   * change listener (App's `runMain`, as early as possible), and App's run effect then asks for the
   * same run once Svelte has flushed.
   */
  scheduleRun(docs: () => DocText[], variant: () => Variant | null): void {
    const d = docs();
    const v = variant();
    if (this.latest && sameRun(this.latest.docs, this.latest.variant, d, v)) return;
    this.latest = { docs: d, variant: v };
    this.next = { docs: () => d, variant: () => v };
    if (!this.inFlight) this.pump();
  }

  /**
   * Do `task` once no run is in flight or waiting (the latest task wins): validation, which
   * must not hold up the timeline. Deferred to a microtask, so that a run scheduled in the same
   * update goes first.
   */
  afterRuns(task: () => void): void {
    this.idle = task;
    queueMicrotask(() => {
      if (!this.inFlight) this.pump();
    });
  }

  private pump(): void {
    const n = this.next;
    this.next = null;
    const variant = n?.variant() ?? null;
    if (n && variant) {
      this.inFlight = true;
      void this.runNow(n.docs(), variant).finally(() => {
        this.inFlight = false;
        this.pump();
      });
      return;
    }
    if (this.idle) this.idleSoon ??= setTimeout(() => this.runIdle(), 0);
  }

  /**
   * The waiting idle task, in a task of its own: the run's answer is shown first (its state
   * changes reach the DOM, in the microtasks after it, before validation's request, which copies
   * every document to the worker, is even sent). A run scheduled meanwhile goes first again.
   */
  private runIdle(): void {
    this.idleSoon = null;
    if (this.inFlight) return; // its end pumps again
    if (this.next) return this.pump();
    const task = this.idle;
    this.idle = null;
    task?.();
  }

  async runNow(docs: DocText[], variant: Variant | null): Promise<void> {
    if (!variant) return;
    const mine = ++this.latestRun;
    this.running = true;
    const t0 = performance.now();
    const res = await this.request({ type: 'run', docs, variant });
    if (mine !== this.latestRun) return;
    this.running = false;
    this.lastMs = Math.round(performance.now() - t0);
    if (res.type !== 'run') return;
    if (res.ok) {
      this.lastGood = { events: res.events, winner: res.winner, reason: res.reason, rounds: res.rounds };
      if (this.runDiagnostics.length) this.runDiagnostics = [];
    } else this.runDiagnostics = res.diagnostics;
    this.runs++;
  }

  private latestRun = 0;
}

/** Whether two run requests are the same: the same texts at the same paths, and the same variant. */
export function sameRun(docsA: DocText[], variantA: Variant | null, docsB: DocText[], variantB: Variant | null): boolean {
  if (docsA.length !== docsB.length) return false;
  return (
    docsA.every((a, i) => a.path === docsB[i]!.path && a.text === docsB[i]!.text) && JSON.stringify(variantA) === JSON.stringify(variantB)
  );
}

let main: EngineClient | null = null;
/** The engine of the main variant's live timeline (one per page). */
export function mainEngine(): EngineClient {
  return (main ??= new EngineClient());
}

export function runOnce(docs: DocText[], variant: Variant): Promise<Response> {
  const c = new EngineClient();
  return c.request({ type: 'run', docs, variant });
}
