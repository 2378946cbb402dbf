/**
 * Messages between the editor and the engine worker. The worker runs the same pipeline as the
 * CLI (interpreter/core.ts) on texts; the page never evaluates rules itself.
 */
import type { Diagnostic, TraceEvent, RunMessage, SeriesSpec } from '../../../interpreter/index.js';

export interface DocText {
  /** Workspace path, used as the file name in diagnostics. */
  path: string;
  text: string;
}

export interface Variant {
  ruleset: string;
  overlays: string[];
  encounter: string;
  seed: number;
  rolls: Record<string, string>;
  choices: Record<string, string>;
  rounds?: number;
}

export type Request =
  { id: number; type: 'validate'; docs: DocText[]; target: string } | { id: number; type: 'run'; docs: DocText[]; variant: Variant };

/** A document in a request as posted: its text only when the worker does not have that text yet (lib/doc-sync.ts). */
export interface DocRef {
  path: string;
  text?: string;
}

/** A Request as posted to the worker (a validation names every document of the workspace). */
export type PostedRequest = { [K in Request['type']]: Omit<Extract<Request, { type: K }>, 'docs'> & { docs: DocRef[] } }[Request['type']];

export type Response =
  | { id: number; type: 'validate'; target: string; diagnostics: Diagnostic[] }
  | { id: number; type: 'run'; ok: true; events: TraceEvent[]; winner: string | null; reason: string; rounds: number }
  | { id: number; type: 'run'; ok: false; diagnostics: Diagnostic[] };

/**
 * A slice of a simulation (`phasebook simulate` in the browser): runs `from`…`to − 1` of every
 * series (a variant at a sweep value, its patches applied), run i with the seed
 * `runSeed(seed, i)` and no pins, answered with each run's record and curve (the CLI workers'
 * messages) in chunks of `chunk` runs. The worker is busy until it has answered `done`; the page
 * cancels by terminating it. Kept out of `Request`, which EngineClient serves.
 */
export interface SimulateRequest {
  id: number;
  type: 'simulate';
  docs: DocText[];
  series: SeriesSpec[];
  seed: number;
  from: number;
  to: number;
  chunk: number;
  curves: boolean;
}

export interface SimulatedRun {
  i: number;
  /** One message per series, in the request's order. */
  series: RunMessage[];
}

export type SimulateResponse =
  | { id: number; type: 'simulate'; phase: 'ready'; series: Array<{ sideOf: Array<[string, string]>; stat: string | null }> }
  | { id: number; type: 'simulate'; phase: 'chunk'; runs: SimulatedRun[] }
  | { id: number; type: 'simulate'; phase: 'done' }
  | { id: number; type: 'simulate'; phase: 'error'; diagnostics: Diagnostic[] };

/** Everything the engine worker accepts and answers. */
/** The worker began a validate or run request (the page's watchdog starts then). */
export interface Started {
  id: number;
  type: 'started';
}

export type WorkerRequest = PostedRequest | SimulateRequest;
export type WorkerResponse = Response | SimulateResponse;
