/**
 * The page's side of the engine worker. Requests are debounced; only the latest answer counts.
 * A worker busy for longer than BUSY_MS (a ruleset running until its guard stops it) is
 * terminated and replaced, so the page never waits on it.
 */
import EngineWorker from '../engine.worker.ts?worker';
import type { Diagnostic } from '../../../interpreter/diagnostics.js';
import type { TraceEvent } from '../../../interpreter/trace/events.js';
import type { DocText, Request, Response, Variant } from './protocol.js';

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
  private pending = new Map<number, { resolve: (r: Response) => void; timer: ReturnType<typeof setTimeout> }>();
  private runTimer: ReturnType<typeof setTimeout> | null = null;

  private ensure(): Worker {
    if (!this.worker) {
      this.worker = new EngineWorker();
      this.worker.onmessage = (ev: MessageEvent<Response>) => {
        const p = this.pending.get(ev.data.id);
        if (!p) return;
        clearTimeout(p.timer);
        this.pending.delete(ev.data.id);
        p.resolve(ev.data);
      };
    }
    return this.worker;
  }

  private restart(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const [, p] of this.pending) clearTimeout(p.timer);
    this.pending.clear();
  }

  request(req: Unnumbered<Request>): Promise<Response> {
    const id = ++this.seq;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        // Busy too long: a runaway ruleset. Start a fresh worker; report it as a problem.
        this.restart();
        resolve(
          req.type === 'run'
            ? { id, type: 'run', ok: false, diagnostics: [{ file: req.variant.ruleset, line: 1, col: 1, pointer: '', message: `the run took longer than ${BUSY_MS} ms and was stopped`, severity: 'error' }] }
            : { id, type: 'validate', target: req.target, diagnostics: [] },
        );
      }, BUSY_MS);
      this.pending.set(id, { resolve, timer });
      this.ensure().postMessage({ ...req, id } as Request);
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
