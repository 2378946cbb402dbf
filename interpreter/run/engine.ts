/**
 * Stage 5 of the pipeline: run a combat, round by round, from a compiled ruleset.
 *
 * The engine knows phases, steps, orderings, declarations, slots, triggers and effects — the
 * concepts of the document language — and nothing of any particular game. Everything a game
 * does comes from its ruleset; each concept of the language (effect op, tie-break, hold mode,
 * trigger kind, initiative scope, target picker, sort key) is a registered definition in
 * interpreter/concepts/ that receives this engine.
 *
 * This file holds the engine's state, in one object. Its methods live in one file per concern
 * and are listed in the table at the end (ENGINE_METHODS): a new concern is a new file and a
 * line there.
 */
import { Dice } from '../dice/index.js';
import type { Encounter, Ruleset } from '../model/types.js';
import type { CompiledRuleset, HoldSpec } from '../compile/types.js';
import type { PlannedEntry } from '../compile/policy-plan.js';
import type { Exchange } from './economy.js';
import type { CmbItem } from './cmb-items.js';
import { giveBackCast, type Cast } from './cast.js';
import type { Data } from '../compile/evaluator.js';
import type { LineIndex } from './line.js';
import type { TraceEvent } from '../trace/events.js';
import {
  DEFAULT_LIMITS,
  type Cmb,
  type Condition,
  type Decl,
  type Frame,
  type RunOptions,
  type RunResult,
  type SideState,
} from './types.js';
import { eventMethods } from './events.js';
import { dataMethods } from './data.js';
import { dataProbeMethods } from './data-probes.js';
import { battleLineMethods } from './battle-line.js';
import { setupMethods } from './setup.js';
import { roundMethods } from './round.js';
import { initiativeMethods } from './initiative.js';
import { declareMethods } from './declare.js';
import { stepMethods } from './steps.js';
import { economyMethods } from './economy.js';
import { movementMethods } from './movement.js';
import { triggerMethods } from './triggers.js';
import { holdMethods } from './holds.js';
import { effectMethods } from './effects.js';
import { conditionMethods } from './conditions.js';
import { momentMethods } from './moments.js';
import { historyMethods } from './history.js';
import { slotMethods } from './slots.js';
import { contestMethods, type TieWindow } from './contest.js';
import { attachHost } from './host-ops.js';

export { DEFAULT_LIMITS, ENCOUNTER_FILE, type RunOptions, type RunResult, type Cmb } from './types.js';
export { describeMoment } from './conditions.js';

/** The engine's methods, by concern: one file each. */
const ENGINE_METHODS = {
  ...eventMethods, // emit, decide, onRoll: the trace and labelled decisions
  ...dataMethods, // expression data and views
  ...dataProbeMethods, // expression data written again into one object, for evaluations that keep nothing of it
  ...battleLineMethods, // positions: engaged, distance, the sorted line
  ...setupMethods, // combatants and sides from the encounter
  ...roundMethods, // run, rounds, turns, phases, the end
  ...initiativeMethods, // rolling initiative, orderings' environment
  ...declareMethods, // declarations and the default policy
  ...stepMethods, // steps, groups, who can act
  ...economyMethods, // action slots
  ...movementMethods, // simultaneous movement on the battle line
  ...triggerMethods, // reactions out of turn
  ...holdMethods, // holding, delaying and resuming a turn
  ...effectMethods, // what effects do: damage, heal, set, adjust, conditions
  ...conditionMethods, // conditions and temporary changes running out
  ...momentMethods, // side and encounter state, effects at round start, round end, a phase's end
  ...slotMethods, // slot allowances: counts as expressions, refreshed at round start or the owner's turn
  ...historyMethods, // turn history: who acted last, who has acted, uses by tag this turn
  ...contestMethods, // contested step-ins: a tie acts together, a loser acts right after
};
type EngineMethods = typeof ENGINE_METHODS;

// The methods are declared on the class by merging (each has `this: Engine`).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Engine extends EngineMethods {}

/** One combat being run. Concept definitions receive it and use its state and methods. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Engine {
  events: TraceEvent[] = [];
  seq = 0;
  /** What emit gives back for an event the run does not keep (run/events.ts): one object, its `seq` rewritten at each such event. */
  readonly notKept = { seq: 0 };
  round = 0;
  phase: string | undefined;
  step: string | undefined;
  turn: string | undefined;
  readonly dice: Dice;
  readonly cmbs: Cmb[] = [];
  readonly byId = new Map<string, Cmb>();
  readonly sides: SideState[] = [];
  readonly sideById = new Map<string, SideState>();
  /** The side holding initiative this round. */
  holder: string | null = null;
  readonly sidesMap: Record<string, unknown> = {};
  sideOrder: string[][] = [];
  conditions: Condition[] = [];
  decls: Decl[] = [];
  declSeq = 0;
  actsThisRound = 0;
  ended: { winner: string | null; reason: string } | null = null;
  readonly maxRounds: number;
  readonly choices: ReadonlyMap<string, string>;
  readonly usedChoices = new Set<string>();
  groupCounter = 0;
  /** The modifiers of the roll about to be made, for its event (set by a roll effect). */
  rollModifiers: Array<{ id: string; value: number }> | null = null;
  /** The repetitions of `round.repeat` in the turn being played (`pass` = n + 1). */
  passes: { n: number } = { n: 0 };
  /** The combatant who acted last (turn history: `lastActor`). */
  lastActor: Cmb | null = null;
  reactionDepth = 0;
  /** Holding a turn: who holds, and how the hold resumes. */
  readonly holds = new Map<Cmb, HoldSpec>();
  /** Holds carried into this round (expiry next-turn): lost when their holder's own turn comes. */
  readonly carriedHolds = new Set<Cmb>();
  /** Combatants whose current turn has ended early (they hold). */
  readonly endedTurn = new Set<Cmb>();
  /** Combatants playing a resumed turn: they declare what they have not declared yet. */
  readonly resuming = new Set<Cmb>();
  readonly inResume = new Set<Cmb>();
  /** A tied contested step-in: the holder's acts and the interrupted one's land together. */
  tieWindow: TieWindow | null = null;
  /** Holders who lost a contested step-in: they act right after that one's act (this round). */
  readonly actsAfter = new Map<Cmb, { next: Cmb; round: number }>();
  turnPlayed = new Set<Cmb>();
  /** Elective turns: whose turn ended last, across rounds (concepts/turn-modes/elective.ts). */
  lastTurn: Cmb | null = null;
  /** The ruleset's policy by phase and its exchanges, looked up once per combat (run/declare.ts, run/economy.ts). */
  policyByPhase: Map<string, PlannedEntry[]> | null = null;
  exchanges: Exchange[] | null = null;
  /** The encounter's combatants and their views (run/cast.ts): given back by runCombat for the next combat. */
  cast: Cast | null = null;
  /** Each combatant as orderings see it, by listing index (run/cmb-items.ts). */
  readonly cmbItems: CmbItem[] = [];
  initiativeRolled = false;
  /** Tie-breaks of initiative rolled once: kept for the whole combat. */
  readonly onceMemo = new Map<string, number>();
  readonly onceChoices = new Map<string, string>();
  readonly decisionCount = new Map<string, number>();
  /** Script entries already declared (a resumed turn must not declare them again). */
  readonly scriptUsed = new Set<unknown>();
  /** Side-level values of the expression data; recomputed only after something changed. */
  sideSummary: { sideList: unknown[]; standingSides: number; lastStanding: string | null; best: Record<string, string | null> } | null =
    null;
  /** The last side summary made (run/data.ts): given again while its values still hold. */
  keptSummary: Engine['sideSummary'] = null;
  everyone: unknown[] = [];
  /** The last frame's expression data (run/data.ts frameData), reused while every field is the same. */
  lastFrame: Frame | null = null;
  lastFrameData: Data | null = null;
  /** The object run/reaction-data.ts reactionProbe fills again for each first `when` (reactionData's layout). */
  probeData: Data | null = null;
  /** The objects run/data-probes.ts actorProbe and baseProbe fill again (actorData's and baseData's layouts). */
  actorProbeData: Data | null = null;
  baseProbeData: Data | null = null;
  /** The object run/data-probes.ts policyProbe fills again (frameData's layout). */
  policyProbeData: Data | null = null;
  /** Values kept by the whole encounter (`state.encounter`), read as `encounter.<key>`. */
  encounterState: Record<string, unknown> = {};
  /** The battle line: bumped whenever a position or an out-of-the-fight flag changes. */
  lineVersion = 0;
  lineIndex: LineIndex<Cmb> | null = null;
  /** The version at which building the index failed (a position that is not a finite number). */
  lineFailed = -1;
  lineAsked = 0;
  lineAskedVersion = -1;

  constructor(
    readonly rs: CompiledRuleset,
    readonly encounter: Encounter,
    readonly opts: RunOptions,
  ) {
    const pins = new Map<string, string>();
    for (const [k, v] of Object.entries(encounter.dice ?? {})) pins.set(k, String(v));
    for (const [k, v] of opts.rolls ?? []) pins.set(k, v);
    this.dice = new Dice(opts.seed, pins, (r) => this.onRoll(r));
    rs.evaluator.setDice(this.dice);
    const choices = new Map<string, string>(Object.entries(encounter.decisions ?? {}));
    for (const [k, v] of opts.choices ?? []) choices.set(k, v);
    this.choices = choices;
    this.maxRounds = Math.min(1000, opts.rounds ?? rs.limits.rounds ?? DEFAULT_LIMITS.rounds);
    this.setup();
    this.initState();
    if (opts.host) attachHost(this, opts.host);
  }
}
Object.assign(Engine.prototype, ENGINE_METHODS);

/**
 * One combat, run to its end. Without a host nothing holds the engine afterwards (the result
 * holds only events, made of copies), so its combatants serve the next combat of the encounter
 * (run/cast.ts).
 */
export function runCombat(rs: CompiledRuleset, encounter: Encounter, opts: RunOptions): RunResult {
  const eng = new Engine(rs, encounter, opts);
  const result = eng.run();
  if (!opts.host && eng.cast) giveBackCast(eng, eng.cast);
  return result;
}

export type { Ruleset };
export type { CompiledOrdering } from '../compile/ordering.js';
