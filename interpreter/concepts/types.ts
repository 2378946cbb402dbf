/**
 * The shapes of the registered concepts of the document language. Each concept is one small
 * definition in its own file, listed in its folder's index.ts table; the compiler binds a
 * document's names to these definitions, and the engine calls them without knowing their names.
 * Every definition has a `description` in game terms (the editor and the docs show it).
 */
import type { Evaluator, Fn, Data } from '../compile/evaluator.js';
import type { CAction, CEffect, HoldSpec } from '../compile/types.js';
import type { Effect, Duration } from '../model/types.js';
import type { Engine } from '../run/engine.js';
import type { Cmb, Decl, Frame } from '../run/types.js';
import type { Moment } from '../compile/types.js';

/** What an effect op's compile step may use. */
export interface EffectCompiler {
  ev: Evaluator;
  /** JSON pointer of the effect being compiled. */
  ptr: string;
  /** Compile the expression in `field` of this effect. */
  expr(expr: unknown, field: string): Fn;
  /** Compile a duration (`until`, `duration`): its moment and round count for given data. */
  duration(d: Duration, field: string): (data: Data) => { moment: Moment; count: number };
  /** Compile nested effects (`then`, `else`) at `field` of this effect. */
  effects(list: Effect[], field: string): CEffect[];
  /** The ruleset's procedures by name (filled in before they run; they may call each other). */
  procedures: Map<string, CEffect[]>;
}

/** An effect op (`{"op": "damage", …}`): how it compiles, and, in the closure it returns, how it runs. */
export interface EffectDef<E extends Effect = Effect> {
  op: E['op'];
  description: string;
  compile(e: E, cx: EffectCompiler): CEffect;
}

/** Whom an effect touches (`to`, `on`): self, the target, or a third combatant (concepts/subjects). */
export interface SubjectKind {
  name: string;
  description: string;
  /** Compile the kind's argument (`{"pick": …}`'s picker, `{"id": …}`'s expression; null for self and target) at `field`. */
  compile(arg: unknown, cx: EffectCompiler, field: string): (f: Frame, eng: Engine) => Cmb | null;
}

/** How a held turn resumes (`hold`'s `resume`). */
export interface HoldMode {
  name: string;
  description: string;
  /** The hold begins: say so in the trace (and move the holder in the order, if the mode does). */
  start(eng: Engine, f: Frame, spec: HoldSpec): void;
  /** The turn ended by the hold is played again when the holder's (new) count comes up. */
  replaysTurn: boolean;
  /** Before someone else acts, the holder may step in (and resume its turn now). */
  beforeAct?(eng: Engine, holder: Cmb, next: Cmb, spec: HoldSpec): void;
  /** Holders resume together at the very end of the round. */
  resumesAtRoundEnd: boolean;
  /** The hold needs `contest` (the opposed roll that decides a step-in). */
  needsContest?: boolean;
}

/** What becomes of a held action still unused when the round ends (`hold`'s `expires`). */
export interface HoldExpiry {
  name: string;
  description: string;
  expire(eng: Engine, holder: Cmb, spec: HoldSpec): void;
}

/** Initiative scope: who or what gets an initiative value (`initiative.scope`). */
export interface InitiativeScope {
  name: string;
  description: string;
  /** At the start of a round (or of the combat, when rolled once): roll and say the initiative. */
  roll(eng: Engine): void;
  /** A declaration was made: give it its initiative, if the scope is the action. */
  declared?(eng: Engine, d: Decl): void;
}

/** When declarations are made (`round.declare.when`). */
export interface DeclareTime {
  name: string;
  description: string;
  /** The round has started and initiative is known: declare, if this is the time. */
  roundStart(eng: Engine): void;
  /** A phase starts with these combatants taking part: declare for it, if this is the time. */
  phaseStart(eng: Engine, active: Set<Cmb>, phase: string): void;
  /** The policy declares only an action allowed now (`requires`); else it is an intention checked when performed. */
  checksRequiresWhenDeclared: boolean;
}

/**
 * When initiative is rolled (`initiative.roll`): every round, once for the combat, or at another
 * moment a future definition names. The scope (who has a value) asks it how to label its rolls.
 */
export interface InitiativeRoll {
  name: string;
  description: string;
  /** At the start of a round: whether initiative is rolled (again) now. */
  due(eng: Engine): boolean;
  /** Values (and their tie-breaks) are kept across rounds: labels carry no round. */
  kept: boolean;
  /** The label of an initiative roll or tie named `what` (`init.<what>`, `r<round>.<what>`). */
  label(eng: Engine, what: string): string;
}

/** How the default policy picks a target (`policy[].target`). */
export interface TargetPicker {
  name: string;
  description: string;
  /** The policy entry is skipped when this picker finds no one. */
  needsTarget: boolean;
  pick(eng: Engine, c: Cmb): Cmb | null;
  /** When the pick depends on the action (its requires), the policy asks this instead, per entry. */
  pickFor?(eng: Engine, c: Cmb, action: CAction): Cmb | null;
}

/** What sets a reaction off (`triggers[].on`), and the timings it knows. */
export interface TriggerKind {
  on: string;
  description: string;
  /** Each timing (`before`, `during`, `after`) this kind fires at, in game terms. */
  timings: Record<string, string>;
}

/** Who may react (`triggers[].reactors`), relative to the one who set the trigger off. */
export interface ReactorsDef {
  name: string;
  description: string;
  /** Among the others standing (not `by`), whether `o` may react. */
  includes(o: Cmb, by: Cmb): boolean;
  /** Only the one aimed at reacts: the target of the act, or the one damaged (no search). */
  isTarget?: boolean;
  /** When someone is damaged, the damaged one may react too (it is one of the "others"). */
  includesDamaged?: boolean;
}

/** A card as expressions see it (`actor.card`): its id, rank, suit, tags and value (rank × 10 + suit). */
export interface CardView {
  id: string;
  deck: string;
  rank: number;
  suit: number;
  value: number;
  tags: string[];
}

/** A built-in set of cards a deck can name (`decks.<id>.cards`), such as the standard 52. */
export interface CardSet {
  name: string;
  description: string;
  /** The cards of the set, with `jokers` jokers added (if the set has jokers). */
  cards(jokers: number): Array<{ id: string; rank: number; suit: number; tags: string[] }>;
}

/** Who takes turns in a round, and in what order (`round.turns.by`). */
export interface TurnMode {
  name: string;
  description: string;
  /** Play the turns of this round (after initiative and round-start declarations). */
  playTurns(eng: Engine): void;
  /** The turns still to come this round, for the table's tracker; `inTurn` holds whoever's turn it is now. */
  toCome(eng: Engine, inTurn: Set<string>, turn: string[] | null): string[][];
}

/** What an action is aimed at (`actions[].target`). */
export interface TargetKind {
  name: string;
  description: string;
  /** The targets a table may choose from when declaring (a combatant's id, or null for none). */
  options(eng: Engine, c: Cmb): Array<string | null>;
  /** The target when the act happens, from the one declared (an enemy who fell is replaced). */
  atAct(eng: Engine, c: Cmb, declared: Cmb | null): Cmb | null;
  /** The act is skipped ("no target") when it has none. */
  needsTarget: boolean;
  /** The effects still run when the target is out of the fight (an act on oneself). */
  evenIfTargetOut: boolean;
  /** The policy's target picker when a policy entry names none. */
  defaultPicker: string;
}
