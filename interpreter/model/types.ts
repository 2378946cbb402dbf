/**
 * The document language, as TypeScript types. The JSON Schemas in schemas/ are the published
 * contract (with a rulebook sentence for every property); these types mirror them for the
 * interpreter. A JSON Logic expression is typed `Expr`.
 */
export type Expr = unknown;
export type Scalar = string | number | boolean;

export interface Decision {
  id: string;
  /** The open question of the source text. */
  question: string;
  /** What this document decided. */
  decision: string;
  /** The option that lets a table flip the decision, if any. */
  option?: string;
  /** Where the source text says it (file and section). */
  rule?: string;
}

export interface OptionDef {
  description: string;
  default: Scalar;
  enum?: Scalar[];
}

export interface StatDef {
  description: string;
  default?: Scalar;
}

export interface DerivedDef {
  description: string;
  expr: Expr;
}

/** A sort key: a preset name, a stat, or an expression. */
export type OrderKey =
  | string
  | { preset: string; description?: string }
  | { stat: string; dir?: 'asc' | 'desc'; description?: string }
  | { expr: Expr; dir?: 'asc' | 'desc'; description?: string };

export type TieBreak = 'simultaneous' | 'referee' | 'side' | { reroll: string; then?: 'simultaneous' | 'referee' };

export interface Ordering {
  description?: string;
  keys: OrderKey[];
  ties?: TieBreak;
}
export type OrderingRef = string | Ordering;

/** A choice the rules give to the side holding initiative: go first, or let the other side go first. */
export interface SideChoice {
  id: string;
  description?: string;
  /** Option chosen when nobody says otherwise. */
  default: 'first' | 'second';
  /** For declarations: the phases in which it is offered. */
  phases?: string[];
}

export interface Judgment {
  id: string;
  description: string;
  when?: Expr;
  /** Outcomes: side ids are always allowed; "keep" keeps the holder; "roll" uses the formula. */
  outcomes: Array<'keep' | 'roll'>;
  default: Expr;
}

export interface InitiativeModifier {
  id: string;
  description: string;
  when?: Expr;
  add: Expr;
}

/** A card as a deck definition writes it. */
export interface CardDef {
  id: string;
  rank: number;
  suit?: number;
  tags?: string[];
}

/** A deck: a built-in set of cards or the document's own, and when it is reshuffled. */
export interface DeckDef {
  description?: string;
  /** A built-in set ("standard": 52 cards) or the cards themselves. */
  cards: string | CardDef[];
  /** With a built-in set: how many jokers to add. */
  jokers?: number;
  reshuffle?: {
    /** "round": every card comes back before each round's deal; "empty" (the default): only when the pile runs out. */
    every?: 'round' | 'empty';
    /** When a card with one of these tags is drawn, every card comes back before the next deal. */
    after?: string[];
  };
}

/** Initiative dealt from a deck before the formula is read (the formula reads actor.card). */
export interface InitiativeDeal {
  deck: string;
  /** Cards drawn (default 1); the best is kept unless keep is "all". */
  count?: Expr;
  keep?: 'best' | 'all';
  /** Discard the kept card and draw again while its rank is below this. */
  redrawBelow?: Expr;
  /** Combatants with the same (non-null) value share one deal: a group of identical extras. */
  share?: Expr;
}

export interface Initiative {
  description?: string;
  /** Cards dealt to each combatant when initiative is rolled (scope "combatant"). */
  deal?: InitiativeDeal;
  scope: 'side' | 'combatant' | 'action';
  roll: 'every-round' | 'once';
  formula: Expr;
  modifiers?: InitiativeModifier[];
  judgments?: Judgment[];
  /** How two sides (or combatants) with the same initiative value are ordered. */
  ties?: TieBreak;
}

export interface Step {
  id: string;
  name?: string;
  description?: string;
  /** Which declared actions of this phase take part (JSON Logic over actor, action, target). */
  select?: Expr;
  /** Instead of declared actions: every combatant passing `select` performs this action. */
  perform?: string;
  /** With perform: also combatants who are out of the fight (bleeding, dying). */
  includeOut?: boolean;
  order?: OrderingRef;
  choice?: SideChoice;
}

export interface Phase {
  id: string;
  name?: string;
  description?: string;
  when?: Expr;
  steps: Step[];
}

export interface Declarations {
  description?: string;
  when: 'round-start' | 'phase-start';
  order?: OrderingRef;
  choice?: SideChoice;
  /** Each combatant keeps declaring in a phase (the policy's first entry that applies, again) while its slots allow. */
  repeat?: boolean;
}

/** Elective order: whoever just acted (or its side, or the referee) chooses who acts next. */
export interface ElectiveOrder {
  description?: string;
  /** The decision's id in its label `r<round>.<id>.<n>` (default `next`). */
  id?: string;
  /** Who chooses: the one who just acted, its side, or the referee (default `actor`). */
  chooser?: 'actor' | 'side' | 'referee';
  /** Candidates for whom it holds come first for the default (over actor = the chooser, next = the candidate). */
  prefer?: Expr;
  /** The default's id, over actor (the chooser) and candidates; else the first preferred in turn order. */
  default?: Expr;
  /** Whoever acts last in a round chooses who opens the next (default false: the referee, by turn order). */
  lastOpens?: boolean;
}

export interface RoundDef {
  description?: string;
  turns: {
    by: 'none' | 'side' | 'combatant' | 'elective';
    order?: OrderingRef;
    description?: string;
    resort?: 'always' | 'round-start';
    /** With `by: "elective"`: who chooses who acts next, and how the default is found. */
    elective?: ElectiveOrder;
  };
  declare: Declarations;
  phases: Phase[];
  /** Phases played once by everyone after all turns (extra actions at the end of the turn). */
  finally?: Phase[];
  /** Each turn, whoever's turn it is chooses which of these phases comes first (a labelled decision). */
  phaseChoice?: PhaseChoice;
  /** A surprise round before the first: only some act, with fewer slots. */
  surprise?: { description?: string; when: Expr; who: Expr; slots: Record<string, number> };
  /** Consecutive phases played again while a condition holds (initiative passes). */
  repeat?: { description?: string; phases: string[]; while: Expr; refresh?: string[] };
}

export interface Movement {
  description?: string;
  toward?: 'target';
  away?: 'target';
  distance: Expr;
  /** Stop once within this many feet of the target (advance); default 5. */
  stopWithin?: number;
  /** A moving character stops when it comes within reach of a moving enemy who blocks. */
  stopAtEnemies?: boolean;
  /** Whether this move can block an enemy's path. */
  blocks?: boolean;
}

export interface PhaseChoice {
  /** The decision's id: its label is r<round>.<who>.<id>. */
  id: string;
  description?: string;
  /** The phases whose order is chosen; the others keep their place. */
  phases: string[];
  /** The phase played first when nobody says otherwise. */
  default: string;
}

/** Whom an effect touches: the actor, the target, or a third combatant (by a target picker, or named by an expression). */
export type Who = 'self' | 'target' | { pick: string } | { id: Expr };

export type Effect =
  | {
      op: 'roll';
      dice: Expr;
      label: string;
      as: string;
      /** Named modifiers added to the roll and shown in its event (a multiple-attack penalty). */
      modifiers?: Array<{ id: string; value: Expr; when?: Expr; description?: string }>;
    }
  | { op: 'if'; cond: Expr; then: Effect[]; else?: Effect[] }
  | { op: 'damage'; to?: Who; amount: Expr; stat?: string }
  | { op: 'heal'; to?: Who; amount: Expr; stat?: string }
  | { op: 'set'; on?: Who; key: string; value: Expr; until?: Duration }
  | { op: 'condition'; id: string; on?: Who; duration: Duration; description?: string; then?: Effect[] }
  | { op: 'adjust'; on?: Who; key: string; by: Expr; until?: Duration }
  | {
      op: 'hold';
      resume: 'at' | 'before-act' | 'round-end' | 'contested';
      to?: Expr;
      when?: Expr;
      contest?: { dice: Expr; bonus?: Expr; label?: string; loses?: 'after' | 'keep' };
      takeOver?: boolean | 'current' | 'base' | 'ahead';
      expires?: 'lost' | 'first-next-round' | 'next-turn';
    }
  | { op: 'note'; text: string }
  | { op: 'call'; procedure: string; with?: Record<string, Expr> }
  | { op: 'state'; of: 'encounter' | 'side'; side?: Expr; key: string; value?: Expr; add?: Expr }
  | { op: 'reshuffle'; deck: string }
  | { op: 'draw'; deck: string; as: string; label: string }
  | { op: 'repeat'; effects: Effect[]; until: Expr };

/** A value kept by a side or the whole encounter (`state`). */
export interface StateDef {
  description: string;
  default?: unknown;
}

/** Effects run once at a moment of the round (`moments`): for each combatant, each side, or the encounter. */
export interface MomentDef {
  id: string;
  description?: string;
  at: 'round-start' | 'round-end' | { phaseEnd: string };
  for: 'each' | 'side' | 'encounter';
  when?: Expr;
  effects: Effect[];
}

export interface Duration {
  /** Rounds the effect lasts, counting the round it starts in as the first. */
  rounds?: Expr;
  /** The moment of its last round at which it ends. */
  endsAt: 'round-end' | 'round-start' | { phase: string } | 'combat-end' | 'own-turn';
}

export interface Action {
  id: string;
  name?: string;
  description?: string;
  phase: string;
  /** Further phases (windows) of the turn in which it may also be declared and performed. */
  alsoIn?: string[];
  uses?: string[];
  /** How many of each slot it spends, when more than one ({"action": 2}); instead of `uses`. */
  cost?: Record<string, number>;
  tags?: string[];
  target?: 'enemy' | 'ally' | 'self' | 'none';
  requires?: Expr;
  initiative?: Expr;
  /** Free values expressions read as action.params.<name> (the skill it uses, its dice). */
  params?: Record<string, Scalar>;
  /** Default policy for aborting the action when its moment comes (a labelled decision). */
  abort?: Expr;
  movement?: Movement;
  effects?: Effect[];
  /** Effects that happen as soon as the action is declared (at round start: before the turns are ordered). */
  onDeclare?: Effect[];
}

export interface Trigger {
  id: string;
  description: string;
  on: 'move' | 'act' | 'damage';
  /** For `act`: only these actions trigger. For `move`: only moves made by these actions. */
  actions?: string[];
  /** Only actions with at least one of these tags trigger (with `actions`: both must hold). */
  actionTags?: string[];
  reactors: 'enemies' | 'allies' | 'others' | 'target';
  timing: 'before' | 'during' | 'after';
  within?: Expr;
  when?: Expr;
  perform?: string;
  effects?: Effect[];
  uses?: string[];
  with?: Record<string, Expr>;
  limit?: { perRound?: Expr };
  /** The reaction is the reactor's choice: a labelled decision whose default is `when`. */
  decide?: boolean;
}

export interface PolicyEntry {
  id: string;
  description?: string;
  action: string;
  when?: Expr;
  target?: 'nearest-enemy' | 'weakest-enemy' | 'first-enemy' | 'self' | 'none' | 'weakest-ally' | 'first-allowed-enemy';
}

export interface EndCondition {
  id: string;
  description: string;
  when: Expr;
  winner?: Expr;
  reason: string;
}

export interface Limits {
  rounds?: number;
  actsPerRound?: number;
  reactionDepth?: number;
  expressionSteps?: number;
  /** A repetition (a repeated group of phases, a redraw) stops after this many times (default 100). */
  repeats?: number;
}

export interface Ruleset {
  $schema?: string;
  kind: 'ruleset';
  id: string;
  name: string;
  version: string;
  description?: string;
  source?: { title: string; file?: string; author?: string; licence: string; notes?: string };
  decisions?: Decision[];
  options?: Record<string, OptionDef>;
  combatant: {
    stats: Record<string, StatDef>;
    tags?: Record<string, { description: string }>;
    derived?: Record<string, DerivedDef>;
    /** True when the combatant can no longer act (down, dead, fled). */
    out: Expr;
    /** True while a combatant cannot act although still in the fight. */
    cannotAct?: Expr;
  };
  economy: {
    description?: string;
    slots: Record<string, number>;
    /** A slot's count as an expression over actor, evaluated when the slot refreshes (stunned: 2 fewer actions). */
    counts?: Record<string, Expr>;
    /** When each slot comes back: at round start (the default) or at the start of its owner's turn. */
    refresh?: Record<string, 'round-start' | 'own-turn'>;
    exchanges?: Array<{ spend: Record<string, number>; gain: Record<string, number>; description?: string }>;
  };
  initiative: Initiative;
  orderings?: Record<string, Ordering>;
  round: RoundDef;
  procedures?: Record<string, Effect[]>;
  /** Named expressions, used anywhere an expression is accepted as {"expr": "name"}. */
  expressions?: Record<string, Expr>;
  /** Values kept by each side (`sides.<id>.state.<key>`) and by the encounter (`encounter.<key>`). */
  state?: { side?: Record<string, StateDef>; encounter?: Record<string, StateDef> };
  /** Effects that run once at round start, round end or a phase's end. */
  moments?: MomentDef[];
  /** Decks of cards: finite shared pools drawn without replacement. */
  decks?: Record<string, DeckDef>;
  actions: Action[];
  triggers?: Trigger[];
  policy: PolicyEntry[];
  end: EndCondition[];
  limits?: Limits;
}

export type { Overlay, PatchOp } from './overlay.js';
export type { Encounter, EncounterCombatant, EncounterSide, ScriptEntry } from './encounter.js';
