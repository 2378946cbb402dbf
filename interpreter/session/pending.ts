/**
 * What a session is waiting for, and the signal that stops a replay there. `Pending` is thrown
 * by the session's host when an input is asked and the log holds no answer for it. It is not an
 * Error: no stack is captured, and the engine and the evaluator let it through untouched.
 */
import type { DeclarationAsk, PauseAsk, TrackerSnapshot } from '../run/host.js';
import type { TraceEvent } from '../trace/events.js';

/** Who rolls: a combatant (with its side), a side, or null for the referee. */
export interface Roller {
  combatant: string | null;
  side: string | null;
}

export type Request =
  | { kind: 'roll'; label: string; notation: string; who: Roller | null; why: string; pin?: string }
  | { kind: 'decision'; label: string; options: string[]; default: string; by: string; byKind: 'referee' | 'side' | 'combatant' }
  | ({ kind: 'declaration' } & DeclarationAsk)
  | ({ kind: 'pause' } & PauseAsk);

export class Pending {
  constructor(
    readonly request: Request,
    readonly snapshot: TrackerSnapshot,
    readonly events: readonly TraceEvent[],
  ) {}
}

/** A caller's mistake with a session (an answer that does not fit, an unknown combatant). */
export class SessionError extends Error {
  override readonly name = 'SessionError';
}
