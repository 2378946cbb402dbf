/**
 * The engine's host: whoever drives a run and may answer its questions (a session, a table
 * tool, a test). A plain run has no host and costs nothing for it. With a host, the engine asks
 * it at every input point — each roll, each decision, each declaration, and (optionally) at
 * each turn and step start — before it looks at pins or the defaults:
 *
 * - `at(label)` comes first at every input point: the host applies what it has recorded for
 *   that label (a referee's interventions, through `HostOps`). The engine then checks again
 *   whether the input is still needed (a combatant downed by the referee declares nothing).
 * - `roll`, `decide`, `declare` return an answer, or `undefined` to let the engine go on as in
 *   a plain run (pins, then seeded dice or the default). A host that wants to stop the run
 *   until someone answers throws a value that is not an Error (see session/pending.ts); the
 *   engine lets it through untouched.
 */
import type { TraceEvent } from '../trace/events.js';

/** A roll about to be made. */
export interface RollAsk {
  /** The roll's label, with its `#n` suffix when it repeats. */
  label: string;
  notation: string;
}

/** A labelled decision about to be made. */
export interface DecisionAsk {
  label: string;
  options: string[];
  /** What a plain run would choose (the default policy, or the pinned choice). */
  default: string;
  /** Who decides: "referee", a side id or a combatant id. */
  by: string;
}

/** One action a combatant may declare now, with the targets it may be declared against. */
export interface DeclarationOption {
  action: string;
  name: string;
  /** Slots it costs. */
  uses: string[];
  /** Valid target ids; `[null]` for an action without a target. */
  targets: Array<string | null>;
}

/** A declaration about to be made: one combatant, one phase. */
export interface DeclarationAsk {
  label: string;
  combatant: string;
  side: string;
  phase: string;
  round: number;
  options: DeclarationOption[];
  /** What a plain run would declare (the script, or the default policy); null for nothing. */
  default: { action: string; target: string | null } | null;
}

/** An answer to a declaration: an action and its target, or null to declare nothing. */
export type DeclarationAnswer = { action: string; target: string | null } | null;

/** A point where a referee may step in although nothing is asked: a turn or a step starts. */
export interface PauseAsk {
  label: string;
  at: 'turn' | 'step';
  round: number;
  phase: string | null;
  step: string | null;
  /** Whose turn (turn pauses). */
  who: string[] | null;
}

/**
 * A condition that ends at a combatant's turn: at its start (the moment a ruleset's `own-turn`
 * names) or at its end. With `rounds` n it ends the n-th time that moment comes (default 1: the
 * next time; added during that combatant's turn, "end" is the end of this turn).
 */
export interface TurnEnds {
  turnOf: string;
  when?: 'start' | 'end';
}

/** A referee's intervention between two steps. */
export type Intervention =
  | { op: 'damage'; who: string; amount: number; stat?: string }
  | { op: 'heal'; who: string; amount: number; stat?: string }
  | { op: 'set'; who: string; stat: string; value: number | string | boolean }
  | { op: 'condition'; who: string; condition: string; rounds?: number; endsAt?: TurnEnds; remove?: boolean }
  | { op: 'join'; side: string; combatant: { id: string; name?: string; stats?: Record<string, unknown>; tags?: string[] } }
  | { op: 'flee'; who: string };

/** What a tracker shows: where the combat is, who comes next, and each combatant's state. */
export interface TrackerSnapshot {
  round: number;
  phase: string | null;
  step: string | null;
  /** Whose turn it is (ids), or null outside turns. */
  turn: string[] | null;
  /** Turns still to come this round, in order (each entry: the ids taking that turn together). */
  toCome: string[][];
  /** Combatants holding their turn, and when they may come back. */
  holding: Array<{ id: string; resumes: string }>;
  sides: Array<{ id: string; standing: number; total: number; initiative: number | null; holder: boolean }>;
  combatants: CombatantState[];
  ended: { winner: string | null; reason: string } | null;
}

export interface CombatantState {
  id: string;
  name: string;
  side: string;
  out: boolean;
  initiative: number | null;
  /** Every stat the ruleset declares, with its current value. */
  stats: Record<string, unknown>;
  /** Slots left this round, and slots spent (the round's allowance minus what is left). */
  slots: Record<string, number>;
  spent: Record<string, number>;
  /**
   * Its conditions: the moment each ends (`describeMoment`: round-end, turn:<id>, turn-end:<id>…),
   * how many times that moment must still come, and the time left in words ("until Aldric's turn").
   */
  conditions: Array<{ id: string; ends: string; remaining: number; until: string }>;
  /** What it has declared and not yet done this round. */
  plan: string[];
}

/** Operations the engine offers its host. */
export interface HostOps {
  /** Apply a referee's intervention now; it is emitted as an `intervention` event. */
  intervene(iv: Intervention): void;
  snapshot(): TrackerSnapshot;
  events(): readonly TraceEvent[];
  /** The side of a combatant id, or undefined. */
  sideOf(id: string): string | undefined;
  /** Whether this id is a side. */
  isSide(id: string): boolean;
}

export interface EngineHost {
  attach(ops: HostOps): void;
  at(label: string): void;
  roll(ask: RollAsk): string | undefined;
  decide(ask: DecisionAsk): string | undefined;
  declare(ask: DeclarationAsk): DeclarationAnswer | undefined;
  /**
   * Whether `declare` could answer anything but undefined for this declaration (an answer is
   * logged, or its combatant is asked). When false the engine skips building the options.
   */
  asksDeclaration?(ask: Pick<DeclarationAsk, 'label' | 'combatant' | 'side' | 'phase' | 'round'>): boolean;
  pause(ask: PauseAsk): void;
}
