/**
 * The page's side of the engine worker. Requests are debounced; only the latest answer counts.
 * A worker busy on one request for longer than BUSY_MS (a ruleset running until its guard stops
 * it) is terminated and replaced, so the page never waits on it. The time counts from when the
 * worker starts the request: its start-up and a queue behind other requests do not count (on a
 * loaded machine a cold worker alone took longer, and every run was stopped).
 */
import EngineWorker from '../engine.worker.ts?worker';
import type { Diagnostic, TraceEvent } from '../../../interpreter/index.js';
import type { DocText, Request, Response, Started, Variant } from './protocol.js';

/** A request before it gets its id (distributes over the union, unlike Omit). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

export const DEBOUNCE_MS = 30;
export const BUSY_MS = 4000;

export interface RunState {
  events: TraceEvent[];
  winner: string | null;
  reason: string;
  rounds: number;
}

export class EngineClient {
  /** The last successful run; kept (shown dimmed) while the documents are invalid. */
  lastGood = $state<RunState | null>(null);
  /** Problems of the last run request (empty when it succeeded). */
  runDiagnostics = $state<Diagnostic[]>([]);
  running = $state(false);
  /** Time the last run took, in ms (shown in the UI, measured by the e2e tests). */
  lastMs = $state(0);

  private worker: Worker | null = null;
  private seq = 0;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- requests in flight, not state to render
  private pending = new Map<number, { req: Request; resolve: (r: Response) => void; timer: ReturnType<typeof setTimeout> | null }>();
  private runTimer: ReturnType<typeof setTimeout> | null = null;

  private ensure(): Worker {
    if (!this.worker) {
      this.worker = new EngineWorker();
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
      this.ensure().postMessage(other.req);
    }
  }

  request(req: Unnumbered<Request>): Promise<Response> {
    const id = ++this.seq;
    const full = { ...req, id } as Request;
    return new Promise((resolve) => {
      this.pending.set(id, { req: full, resolve, timer: null });
      this.ensure().postMessage(full);
    });
  }

  validate(docs: DocText[], target: string): Promise<Diagnostic[]> {
    return this.request({ type: 'validate', docs, target }).then((r) => (r.type === 'validate' ? r.diagnostics : []));
  }

  /** Run the variant after a short quiet period; the latest call wins. */
  scheduleRun(docs: () => DocText[], variant: () => Variant | null): void {
    if (this.runTimer) clearTimeout(this.runTimer);
    this.runTimer = setTimeout(() => void this.runNow(docs(), variant()), DEBOUNCE_MS);
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
      this.runDiagnostics = [];
    } else this.runDiagnostics = res.diagnostics;
  }

  private latestRun = 0;
}

export function runOnce(docs: DocText[], variant: Variant): Promise<Response> {
  const c = new EngineClient();
  return c.request({ type: 'run', docs, variant });
}
