/**
 * The worker side of a simulation in the editor (called by engine.worker.ts): load each series
 * as the CLI does, run a slice of run indices, and post the runs in chunks. The page side is
 * simulate.ts (`SimulationRun`).
 */
import {
  type Core,
  type Program,
  PhasebookError,
  type Diagnostic,
  type Encounter,
  type EventType,
  readDocumentText,
  curveStatOf,
  loadSeriesWith,
  runSlice,
  sidesOf,
} from '../../../interpreter/index.js';
import type { SimulatedRun, SimulateRequest, SimulateResponse } from './protocol.js';

/** A diagnostic of the simulation itself (no place in a document to point at). */
export const internal = (file: string, message: string): Diagnostic => ({ file, line: 1, col: 1, pointer: '', message, severity: 'error' });

/**
 * Run a slice of a simulation with `core` (in the engine worker): load every series once (the
 * sweep's patches applied as the CLI applies them), then run index i of every series with the
 * seed runSeed(seed, i), posting each run's records and curves in chunks.
 */
export function runSimulateJob(core: Core, req: SimulateRequest, post: (r: SimulateResponse) => void): void {
  const docs = new Map(req.docs.map((d) => [d.path, d.text]));
  const text = (path: string, given?: Map<string, string>): string => {
    const t = given?.get(path) ?? docs.get(path);
    if (t === undefined) throw new PhasebookError([internal(path, `no document "${path}" in the workspace`)]);
    return t;
  };
  const first = req.series[0]?.ruleset ?? '';
  const fail = (err: unknown, prefix = '') =>
    post({
      id: req.id,
      type: 'simulate',
      phase: 'error',
      diagnostics:
        err instanceof PhasebookError ? err.diagnostics : [internal(first, prefix + (err instanceof Error ? err.message : String(err)))],
    });
  let loaded: Array<{ program: Program; encounter: Encounter }>;
  try {
    loaded = req.series.map((s) =>
      loadSeriesWith(
        s,
        {
          value: (file) => readDocumentText(file, text(file)).value,
          program: (ruleset, overlays, texts) =>
            core.program(
              readDocumentText(ruleset, text(ruleset, texts)),
              overlays.map((o) => readDocumentText(o, text(o, texts))),
            ),
          encounter: (file, program, given) => core.encounter(readDocumentText(file, given ?? text(file)), program),
        },
        'sweep',
      ),
    );
  } catch (err) {
    fail(err);
    return;
  }
  post({
    id: req.id,
    type: 'simulate',
    phase: 'ready',
    series: loaded.map((l) => ({ sideOf: sidesOf(l.encounter), stat: curveStatOf(l.program.resolved.ruleset) })),
  });
  // A record-only run: runSlice names the events its record (and curve) read.
  const runEvents = (p: Program, e: Encounter, seed: number, keep: ReadonlySet<EventType>) => core.run(p, e, { seed, keep }).events;
  let batch: SimulatedRun[] = [];
  let i = req.from;
  try {
    for (; i < req.to; i++) {
      const run: SimulatedRun = { i, series: [] };
      for (const l of loaded) runSlice(l, { seed: req.seed, from: i, to: i + 1, curves: req.curves }, runEvents, (m) => run.series.push(m));
      batch.push(run);
      if (batch.length >= req.chunk) {
        post({ id: req.id, type: 'simulate', phase: 'chunk', runs: batch });
        batch = [];
      }
    }
  } catch (err) {
    fail(err, `run ${i}: `);
    return;
  }
  if (batch.length) post({ id: req.id, type: 'simulate', phase: 'chunk', runs: batch });
  post({ id: req.id, type: 'simulate', phase: 'done' });
}
