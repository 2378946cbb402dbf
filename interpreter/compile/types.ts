/**
 * What the compiler hands the engine: a resolved ruleset with every expression compiled to a
 * closure, every reference looked up, and every concept bound to its registered definition.
 */
import type { Evaluator, Fn } from './evaluator.js';
import type {
  Action,
  Judgment,
  PolicyEntry,
  Ruleset,
  SideChoice,
  Step,
  Trigger,
  EndCondition,
  Phase,
  PhaseChoice,
  ElectiveOrder,
} from '../model/types.js';
import type { CompiledOrdering } from './ordering.js';
import type { CDeal, CDeck } from './decks.js';
import type { CMoment } from './moments.js';
import type {
  DeclareTime,
  HoldExpiry,
  HoldMode,
  InitiativeRoll,
  InitiativeScope,
  ReactorsDef,
  TargetKind,
  TargetPicker,
  TriggerKind,
  TurnMode,
} from '../concepts/types.js';
import type { Engine } from '../run/engine.js';
import type { Frame } from '../run/types.js';

export type Moment = 'round-start' | 'round-end' | 'combat-end' | { phase: string } | { turnOf: string } | 'own-turn';

/** A compiled `hold`: how a held turn resumes (its mode) and what happens if it never does (its expiry). */
export interface HoldSpec {
  resume: string;
  mode: HoldMode;
  to: Fn;
  when: Fn;
  /** Stepping in takes over the interrupted one's initiative: as it is now, without temporary adjustments, or not. */
  takeOver: false | 'current' | 'base' | 'ahead';
  expires: string;
  expiry: HoldExpiry;
  /** For a contested step-in: the opposed roll (dice and bonus over the roller as `actor`), its label, and what a lost roll does. */
  contest?: { dice: Fn; bonus: Fn | null; label: string; loses: 'after' | 'keep' };
}

/** A compiled effect: it runs against the engine, in the frame of an act, a reaction or a condition's end. */
export type CEffect = (frame: Frame, eng: Engine) => void;

export interface CAction {
  def: Action;
  ptr: string;
  /** What expressions see as `action`. */
  view: { id: string; tags: string[]; phase: string; uses: string[]; params: Record<string, unknown> };
  abort: Fn | null;
  /** Every phase in which it may be declared and performed: `phase` and `alsoIn`. */
  phases: ReadonlySet<string>;
  uses: string[];
  /** What it is aimed at (`target`), bound to its definition. */
  targetKind: TargetKind;
  requires: Fn;
  initiative: Fn | null;
  movement: { toward: boolean; distance: Fn; stopWithin: number; stopAtEnemies: boolean; blocks: boolean } | null;
  effects: CEffect[];
  /** Effects as soon as it is declared. */
  onDeclare: CEffect[];
}

export interface CStep {
  def: Step;
  select: Fn;
  perform: CAction | null;
  order: CompiledOrdering;
  choice: { def: SideChoice } | null;
}

export interface CPhase {
  def: Phase;
  when: Fn;
  steps: CStep[];
}

export interface CTrigger {
  def: Trigger;
  ptr: string;
  kind: TriggerKind;
  reactors: ReactorsDef;
  perRound: Fn | null;
  when: Fn;
  /**
   * `when` may be read first, before the limit, the slots and the performed action's `requires`:
   * not a decision, and none of the three expressions can roll (compile/may-roll.ts), so a false
   * `when` skips the others without changing a trace.
   */
  whenFirst: boolean;
  within: Fn;
  perform: CAction | null;
  effects: CEffect[];
  uses: string[];
  with: Array<[string, Fn]>;
}

export interface CPolicy {
  def: PolicyEntry;
  action: CAction;
  when: Fn;
  /** The target picker's name, and its definition. */
  target: string;
  picker: TargetPicker;
  needsTarget: boolean;
}

export interface CompiledRuleset {
  def: Ruleset;
  overlays: string[];
  evaluator: Evaluator;
  options: Record<string, unknown>;
  limits: NonNullable<Ruleset['limits']>;
  derived: Array<[string, Fn]>;
  out: Fn;
  cannotAct: Fn;
  reach: number;
  initiative: {
    def: Ruleset['initiative'];
    scope: InitiativeScope;
    /** When it is rolled (`initiative.roll`). */
    rolls: InitiativeRoll;
    /** Cards dealt before the formula is read (`initiative.deal`). */
    deal: CDeal | null;
    formula: Fn;
    modifiers: Array<{ when: Fn; add: Fn }>;
    judgments: Array<{ def: Judgment; when: Fn; default: Fn }>;
  };
  /** Who takes turns (`round.turns.by`), bound to its definition. */
  turnMode: TurnMode;
  /** round.turns.elective, compiled (with `by: "elective"`). */
  elective: { def: ElectiveOrder; id: string; prefer: Fn | null; default: Fn | null } | null;
  /** economy.counts compiled: a slot's count for a combatant, when it is an expression. */
  slotCounts: Array<[string, Fn]>;
  /** The slots that come back at the start of their owner's turn (economy.refresh). */
  ownTurnSlots: string[];
  turnOrder: CompiledOrdering;
  declare: { time: DeclareTime; order: CompiledOrdering; choice: { def: SideChoice } | null };
  phases: CPhase[];
  /**
   * No `select` of a step performing something for the fallen (`includeOut`) can roll: whether a
   * fallen combatant still has a turn may then be asked last, after the cheap checks.
   */
  outTurnRollFree: boolean;
  finally: CPhase[];
  /** Each turn, the order of these phases is chosen (round.phaseChoice). */
  phaseChoice: { def: PhaseChoice; phases: Set<string> } | null;
  surprise: { when: Fn; who: Fn; slots: Record<string, number> } | null;
  actions: Map<string, CAction>;
  triggers: CTrigger[];
  /** The triggers of each kind (`act`), by timing (`before`) and under `any`, in document order. */
  triggersAt: Record<string, Record<string, CTrigger[]> | undefined>;
  policy: CPolicy[];
  end: Array<{ def: EndCondition; when: Fn; winner: Fn }>;
  /** round.repeat: the first and last phase of the repeated group, its condition and the slots it refills. */
  repeat: { first: string; last: string; while: Fn; refresh: string[] } | null;
  /** Moments by when they run: "round-start", "round-end", "phase:<id>". */
  moments: Map<string, CMoment[]>;
  /** The ruleset's decks, by id (`decks`). */
  decks: Map<string, CDeck>;
}
