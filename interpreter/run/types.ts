/**
 * The engine's state, piece by piece: combatants, sides, declarations, conditions, the frame of
 * an act, and the options and result of a run.
 */
import type { EngineHost } from './host.js';
import type { CAction, CEffect, Moment } from '../compile/types.js';
import type { EventType, TraceEvent } from '../trace/events.js';

export interface RunOptions {
  seed: number;
  /** Pinned dice: label → total ("7") or single dice ("3,4"). */
  rolls?: ReadonlyMap<string, string>;
  /** Pinned decisions: label → chosen option. */
  choices?: ReadonlyMap<string, string>;
  /** Round limit (overrides the ruleset's). */
  rounds?: number;
  /** Who drives the run and may answer its questions (run/host.ts); absent in a plain run. */
  host?: EngineHost;
  /**
   * The event types to keep (absent: all). The others are neither built nor kept, but still take
   * their numbers, so each kept event is the same, `seq` included, as in the full trace: the full
   * trace filtered to these types. Nothing the engine rolls or decides reads its own events, so
   * dice, decisions and the outcome are those of a full run. A simulation keeps only what its
   * reducers read (simulate/record.ts RECORD_EVENTS, simulate/curves.ts CURVE_EVENTS); a host's
   * `events()` sees only the kept events.
   */
  keep?: ReadonlySet<EventType>;
}

export interface RunResult {
  events: TraceEvent[];
  winner: string | null;
  reason: string;
  rounds: number;
}

/** The file name of a diagnostic about the encounter being run, until core.ts puts in its place. */
export const ENCOUNTER_FILE = '<encounter>';

export const DEFAULT_LIMITS = { rounds: 50, actsPerRound: 10_000, reactionDepth: 8 } as const;

/**
 * When a condition ends: a moment of the rules, or the end of a combatant's turn (the referee's
 * `endsAt: {turnOf, when: "end"}`; `{turnOf}` alone is the start of that turn, as for `own-turn`).
 */
export type ConditionMoment = Moment | { turnEndOf: string };

/** A condition, a temporary `set` or `adjust`, counting down to the moment it ends. */
export interface Condition {
  id: string;
  owner: Cmb;
  moment: ConditionMoment;
  remaining: number;
  /** For `set ... until`: the key and the value to restore. */
  restore?: { key: string; value: unknown };
  /** For `adjust ... until`: what to take back. */
  adjust?: { key: string; by: number };
  /** Effects when it ends, by `by` on `owner`. */
  then?: { effects: CEffect[]; by: Cmb; target: Cmb | null; prefix: string };
}

/** A combatant. `view` is what expressions see as `actor`, `target`, … */
export interface Cmb {
  id: string;
  side: string;
  index: number;
  view: Record<string, unknown>;
  slots: Record<string, number>;
  out: boolean;
  reactions: Map<string, number>;
  initiative: number | null;
}

/** One move of a group being simulated. */
export interface Mover {
  c: Cmb;
  toward: boolean;
  target: Cmb | null;
  left: number;
  per: number;
  from: number;
  stopWithin: number;
  stopAtEnemies: boolean;
  blocks: boolean;
  actSeq: number;
  fired: Set<string>;
  action: CAction;
  /** Still moving (not stopped, not arrived). */
  moving: boolean;
  /** Scratch for integrateTick: this pass's base velocity and velocity, and the mover of the target in this tick. */
  base: number;
  v: number;
  tm: Mover | null;
  /** Scratch for integrateTick: the mover's place and distance moved, its target's place (when the target does not move this tick). */
  pos: number;
  moved: number;
  tpos: number;
  /** Ticks to come in which no enemy can be within reach of the mover (movement.ts blockedAt). */
  clear: number;
}

/** A declared action (or one a step performs for everyone it selects). */
export interface Decl {
  seq: number;
  c: Cmb;
  action: CAction;
  target: Cmb | null;
  phase: string;
  initiative: number | null;
  done: boolean;
  /** Its actor holds its turn: the declaration waits for the resumed turn. */
  held?: boolean;
  /** Performed for a fallen combatant by a step that includes the fallen. */
  allowOut?: boolean;
}

export interface SideState {
  id: string;
  index: number;
  members: Cmb[];
  /** Members not out of the fight (kept up to date where `out` changes). */
  standing: number;
  view: Record<string, unknown>;
  initiative: number | null;
}

/** The frame of an act, a reaction or a condition's `then`: what its effects work on. */
export interface Frame {
  actor: Cmb;
  target: Cmb | null;
  action: CAction | null;
  local: Record<string, unknown>;
  reaction: Record<string, unknown>;
  defer: Array<{ target: Cmb; amount: number; stat: string; by: Cmb }> | null;
  prefix: string;
  depth: number;
  /** For reactions: what set them off. */
  event?: Record<string, unknown>;
}

/** A plain frame for `actor` (no action yet). */
export function frame(actor: Cmb, target: Cmb | null, action: CAction | null, prefix: string, depth = 0): Frame {
  return { actor, target, action, local: {}, reaction: {}, defer: null, prefix, depth };
}
