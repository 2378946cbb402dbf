/**
 * Stage 6: events. A run is a list of events (schemas/trace.schema.json); the CLI, the editor
 * and the simulation only ever consume events. This file is the one TypeScript description of
 * every event type and its fields; test/trace-types.test.ts checks that it and the schema agree,
 * both ways, and that every type is emitted by some golden or sample run.
 */

/** Fields every event has: where in the combat it happened. */
interface EventBase {
  /** The event's number in the run, from 0. */
  seq: number;
  round: number;
  /** Whose turn (`a+b` for a simultaneous turn), when sides or combatants take turns. */
  turn?: string;
  phase?: string;
  step?: string;
}

export interface CombatStartEvent extends EventBase {
  type: 'combat.start';
  ruleset: string;
  version: string;
  overlays: string[];
  encounter: string;
  seed: number;
  sides: Array<{ id: string; combatants: string[] }>;
}
export interface RoundStartEvent extends EventBase {
  type: 'round.start';
}
export interface RoundEndEvent extends EventBase {
  type: 'round.end';
}
/** An initiative value, or a change of one (a delay, a take-over, an adjustment, a hold carried over). */
export interface InitiativeEvent extends EventBase {
  type: 'initiative';
  who: string;
  scope: 'side' | 'combatant' | 'action';
  value: number | null;
  /** Side initiative: this side holds initiative this round. */
  holder?: boolean;
  /** Side initiative: its place in the order, from 0. */
  rank?: number;
  /** The combatant delayed: this is its new count. */
  delayed?: boolean;
  /** The combatant stepped in before this one and took over its initiative. */
  tookOver?: string;
  /** Still holding when the round ended: goes first next round. */
  heldOver?: boolean;
  /** Changed by this much (a reaction, hasten, leadership). */
  adjusted?: number;
  /** With `adjusted`: a temporary adjustment ended and was taken back. */
  expired?: boolean;
}
export interface TurnStartEvent extends EventBase {
  type: 'turn.start';
  who: string[];
  /** The turn goes on after another turn played inside it (a held action stepping in). */
  continued?: boolean;
}
export interface PhaseStartEvent extends EventBase {
  type: 'phase.start';
  phase: string;
}
export interface StepStartEvent extends EventBase {
  type: 'step.start';
  phase: string;
  step: string;
}
export interface DeclareEvent extends EventBase {
  type: 'declare';
  combatant: string;
  action: string;
  target: string | null;
  /** The phase the action is declared for. */
  for: string;
  /** Declared by the encounter's script (not the default policy). */
  scripted?: boolean;
  /** Declared by the host driving the run (a player at the table, through a session). */
  answered?: boolean;
}
export interface ActEvent extends EventBase {
  type: 'act';
  /** Every act happens in a step of a phase. */
  phase: string;
  step: string;
  combatant: string;
  action: string;
  target: string | null;
  /** Shared by every act of a simultaneous group. */
  group?: string;
  /** A reaction out of turn: the trigger, the seq of the event reacted to, and who set it off. */
  reaction?: { trigger: string; to: number; by: string };
}
export interface SkipEvent extends EventBase {
  type: 'skip';
  combatant: string;
  action: string;
  reason: string;
}
export interface MoveEvent extends EventBase {
  type: 'move';
  combatant: string;
  from: number;
  to: number;
  distance: number;
}
export interface RollEvent extends EventBase {
  type: 'roll';
  label: string;
  expr: string;
  dice: number[];
  total: number;
  pinned?: boolean;
  /** The modifiers the roll effect added, and the result with them. */
  modifiers?: Array<{ id: string; value: number }>;
  modified?: number;
}
export interface DecisionEvent extends EventBase {
  type: 'decision';
  label: string;
  options: string[];
  chosen: string;
  /** Who decides: `referee`, a side or a combatant. */
  by: string;
  pinned?: boolean;
  /** Not pinned: the default policy's choice. */
  default?: string;
}
/** Damage dealt, or healing (a negative amount). */
export interface DamageEvent extends EventBase {
  type: 'damage';
  target: string;
  amount: number;
  stat: string;
  value: number;
  by: string;
}
/** A condition starts (`by`, `ends`, `rounds`) or ends (`ended`). */
export interface ConditionEvent extends EventBase {
  type: 'condition';
  target: string;
  condition: string;
  by?: string;
  ends?: string;
  rounds?: number;
  ended?: boolean;
}
export interface DownEvent extends EventBase {
  type: 'down';
  combatant: string;
}
export interface NoteEvent extends EventBase {
  type: 'note';
  combatant: string;
  text: string;
}
export interface CombatEndEvent extends EventBase {
  type: 'combat.end';
  winner: string | null;
  reason: string;
}
export interface WarningEvent extends EventBase {
  type: 'warning';
  message: string;
}

/** A referee's intervention in a session (interpreter/session/): damage, heal, set, condition, join, flee. */
export interface InterventionEvent extends EventBase {
  type: 'intervention';
  op: 'damage' | 'heal' | 'set' | 'condition' | 'join' | 'flee';
  /** The combatant it was done to (or who joined). */
  target: string;
  amount?: number;
  stat?: string;
  value?: number | string | boolean;
  condition?: string;
  rounds?: number;
  /** For a condition that ends at a turn: turn:<id> (its start) or turn-end:<id>. */
  ends?: string;
  removed?: boolean;
  side?: string;
}

/** A card drawn from a deck (label `<r>.deal.<deck>.<who>`; pinned with a decision of that label). */
export interface DrawEvent extends EventBase {
  type: 'draw';
  deck: string;
  label: string;
  /** Who it was drawn for (`a+b` when a group shares the deal). */
  who: string;
  card: string;
  /** The card was kept (false: discarded, as the worse of several or below the redraw value). */
  kept: boolean;
  pinned?: boolean;
}
/** The cards of a deck came back into its pile. */
export interface ReshuffleEvent extends EventBase {
  type: 'reshuffle';
  deck: string;
  /** Why: "round" (every round), "after" (a card such as a joker was drawn), "empty" (the pile ran out), "effect". */
  reason: string;
}

/** A group of phases begins again (round.repeat): an initiative pass. */
export interface RepeatEvent extends EventBase {
  type: 'repeat';
  /** The first phase of the group. */
  from: string;
  /** Which time the group is played now: 2 for the second. */
  count: number;
}

/** Every event of a trace. */
export type TraceEvent =
  | CombatStartEvent
  | RoundStartEvent
  | InitiativeEvent
  | TurnStartEvent
  | PhaseStartEvent
  | StepStartEvent
  | DeclareEvent
  | ActEvent
  | SkipEvent
  | MoveEvent
  | RollEvent
  | DecisionEvent
  | DamageEvent
  | ConditionEvent
  | DownEvent
  | NoteEvent
  | InterventionEvent
  | RoundEndEvent
  | CombatEndEvent
  | WarningEvent
  | DrawEvent
  | ReshuffleEvent
  | RepeatEvent;

export type EventType = TraceEvent['type'];
/** The event of type T. */
export type EventOf<T extends EventType> = Extract<TraceEvent, { type: T }>;
/** What an emitter gives for an event of type T: its own fields (seq, round and the place are filled in). */
export type EventFields<T extends EventType> = Omit<EventOf<T>, keyof EventBase | 'type'>;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type OptionalKeys<T> = Exclude<keyof T, RequiredKeys<T>>;
/** The same keys, in any order (checked at compile time). */
type Keys<T> = ReadonlyArray<T> & { readonly __all?: never };
type FieldTable = { [T in EventType]: { required: Keys<RequiredKeys<EventFields<T>>>; optional: Keys<OptionalKeys<EventFields<T>>> } };
type Complete<Tab extends FieldTable> = {
  [T in EventType]: [
    Exclude<RequiredKeys<EventFields<T>>, Tab[T]['required'][number]>,
    Exclude<OptionalKeys<EventFields<T>>, Tab[T]['optional'][number]>,
  ] extends [never, never]
    ? true
    : ['missing in EVENT_FIELDS', T];
};

/**
 * The fields of each event type beyond the common ones, as data: the test compares it with the
 * schema. The compiler checks it lists exactly the union's fields (see `_complete`).
 */
export const EVENT_FIELDS = {
  'combat.start': { required: ['ruleset', 'version', 'overlays', 'encounter', 'seed', 'sides'], optional: [] },
  'round.start': { required: [], optional: [] },
  initiative: {
    required: ['who', 'scope', 'value'],
    optional: ['holder', 'rank', 'delayed', 'tookOver', 'heldOver', 'adjusted', 'expired'],
  },
  'turn.start': { required: ['who'], optional: ['continued'] },
  'phase.start': { required: [], optional: [] },
  'step.start': { required: [], optional: [] },
  declare: { required: ['combatant', 'action', 'target', 'for'], optional: ['scripted', 'answered'] },
  act: { required: ['combatant', 'action', 'target'], optional: ['group', 'reaction'] },
  skip: { required: ['combatant', 'action', 'reason'], optional: [] },
  move: { required: ['combatant', 'from', 'to', 'distance'], optional: [] },
  roll: { required: ['label', 'expr', 'dice', 'total'], optional: ['pinned', 'modifiers', 'modified'] },
  decision: { required: ['label', 'options', 'chosen', 'by'], optional: ['pinned', 'default'] },
  damage: { required: ['target', 'amount', 'stat', 'value', 'by'], optional: [] },
  condition: { required: ['target', 'condition'], optional: ['by', 'ends', 'rounds', 'ended'] },
  down: { required: ['combatant'], optional: [] },
  note: { required: ['combatant', 'text'], optional: [] },
  intervention: { required: ['op', 'target'], optional: ['amount', 'stat', 'value', 'condition', 'rounds', 'ends', 'removed', 'side'] },
  'round.end': { required: [], optional: [] },
  'combat.end': { required: ['winner', 'reason'], optional: [] },
  warning: { required: ['message'], optional: [] },
  draw: { required: ['deck', 'label', 'who', 'card', 'kept'], optional: ['pinned'] },
  reshuffle: { required: ['deck', 'reason'], optional: [] },
  repeat: { required: ['from', 'count'], optional: [] },
} as const satisfies FieldTable;
/** Compile-time proof that EVENT_FIELDS lists every field of every event type. */
export const _complete: Complete<typeof EVENT_FIELDS> = Object.fromEntries(Object.keys(EVENT_FIELDS).map((k) => [k, true])) as Complete<
  typeof EVENT_FIELDS
>;

/** JSON Lines: one event per line, keys in insertion order (stable by construction). */
export function toJsonLines(events: readonly TraceEvent[]): string {
  return events.map((e) => JSON.stringify(e)).join('\n') + (events.length ? '\n' : '');
}
