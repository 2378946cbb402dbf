/**
 * Stage 5 of the pipeline: run a combat, round by round, from compiled documents.
 *
 * The engine knows phases, steps, orderings, declarations, slots, triggers and effects — the
 * concepts of the document language — and nothing of any particular game. Everything a game
 * does comes from its ruleset.
 */
import { PhasebookError } from '../diagnostics.js';
import { Dice, type RollResult } from '../dice/index.js';
import type { Encounter, Ruleset, Scalar } from '../model/types.js';
import type { Data } from '../compile/evaluator.js';
import { num, truthy } from '../compile/evaluator.js';
import { constantOf, type CompiledRuleset, type CAction, type CEffect, type CTrigger, type CStep, type CPhase, type HoldSpec, type Moment } from './compiled.js';
import type { Fn } from '../compile/evaluator.js';
import { orderIntoGroups, type CompiledOrdering, type Orderable, type OrderEnv } from './ordering.js';
import { LineIndex } from './line.js';
import type { TraceEvent } from '../trace/events.js';
import type { EngineHost } from './host.js';
import { declareByHost, hostOps, pauseByHost, type EngineInternals } from './host-ops.js';

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
}

export interface RunResult {
  events: TraceEvent[];
  winner: string | null;
  reason: string;
  rounds: number;
}

export const DEFAULT_LIMITS = { rounds: 50, actsPerRound: 10_000, reactionDepth: 8 } as const;
/** With this many combatants or more, proximity questions may use the sorted battle line (line.ts). */
const LINE_MIN_COMBATANTS = 64;
/** Questions answered by scanning at one version of the line before it is sorted. */
const LINE_SCANS_BEFORE_SORT = 4;
/** Movement is simulated in this many ticks, so simultaneous moves meet where their speeds say. */
const MOVE_TICKS = 20;

interface Condition {
  id: string;
  owner: Cmb;
  moment: Moment;
  remaining: number;
  /** For `set ... until`: the key and the value to restore. */
  restore?: { key: string; value: unknown };
  /** For `adjust ... until`: what to take back. */
  adjust?: { key: string; by: number };
  /** Effects when it ends, by `by` on `owner`. */
  then?: { effects: CEffect[]; by: Cmb; target: Cmb | null; prefix: string };
}

export interface Cmb {
  id: string;
  side: string;
  index: number;
  view: Record<string, unknown>;
  slots: Record<string, number>;
  out: boolean;
  reactions: Map<string, number>;
  initiative: number | null;
  /** Scratch for integrateTick: this combatant's mover in the current tick. */
  tickMover?: Mover | null;
}

/** One move of a group being simulated. */
interface Mover {
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
}

interface Decl {
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

interface SideState {
  id: string;
  index: number;
  members: Cmb[];
  /** Members not out of the fight (kept up to date where `out` changes). */
  standing: number;
  view: Record<string, unknown>;
  initiative: number | null;
}

interface Frame {
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

/** Thrown to unwind when the fight ends. Not an Error: no stack trace is captured (it is thrown once per combat). */
class CombatEnded {}

export class Engine {
  private events: TraceEvent[] = [];
  private seq = 0;
  private round = 0;
  private phase: string | undefined;
  private step: string | undefined;
  private turn: string | undefined;
  private readonly dice: Dice;
  private readonly cmbs: Cmb[] = [];
  private readonly byId = new Map<string, Cmb>();
  private readonly sides: SideState[] = [];
  private readonly sideById = new Map<string, SideState>();
  private holder: string | null = null;
  private readonly sidesMap: Record<string, unknown> = {};
  private sideOrder: string[][] = [];
  private conditions: Condition[] = [];
  private decls: Decl[] = [];
  private declSeq = 0;
  private actsThisRound = 0;
  private ended: { winner: string | null; reason: string } | null = null;
  private readonly maxRounds: number;
  private readonly choices: ReadonlyMap<string, string>;
  private readonly usedChoices = new Set<string>();
  private groupCounter = 0;
  private reactionDepth = 0;
  /** Holding a turn: who holds, and how the hold resumes. */
  private readonly holds = new Map<Cmb, HoldSpec>();
  /** Combatants whose current turn has ended early (they hold). */
  private readonly endedTurn = new Set<Cmb>();
  /** Combatants playing a resumed turn: they declare what they have not declared yet. */
  private readonly resuming = new Set<Cmb>();
  private readonly inResume = new Set<Cmb>();
  private turnPlayed = new Set<Cmb>();
  private initiativeRolled = false;
  /** Tie-breaks of initiative rolled once: kept for the whole combat. */
  private readonly onceMemo = new Map<string, number>();
  private readonly onceChoices = new Map<string, string>();
  private readonly decisionCount = new Map<string, number>();
  /** Script entries already declared (a resumed turn must not declare them again). */
  private readonly scriptUsed = new Set<unknown>();

  constructor(
    private readonly rs: CompiledRuleset,
    private readonly encounter: Encounter,
    private readonly opts: RunOptions,
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
    const host = opts.host;
    if (host) {
      this.dice.answer = (label, notation) => {
        host.at(label);
        return host.roll({ label, notation });
      };
      host.attach(hostOps(this.internals()));
    }
  }

  /** This engine as its host operations see it (run/host-ops.ts). */
  private internals(): EngineInternals {
    return this as unknown as EngineInternals;
  }

  // ---------------------------------------------------------------- setup

  private setup(): void {
    let index = 0;
    const defaults = statDefaults(this.rs);
    this.encounter.sides.forEach((s, si) => {
      const side: SideState = { id: s.id, index: si, members: [], standing: 0, view: {}, initiative: null };
      for (const e of s.combatants) {
        const view: Record<string, unknown> = {};
        for (const [stat, value] of defaults) view[stat] = value;
        for (const [stat, v] of Object.entries(e.stats ?? {})) view[stat] = v;
        view.id = e.id;
        view.name = e.name ?? e.id;
        view.side = s.id;
        view.tags = [...(e.tags ?? [])];
        view.plan = [];
        view.done = [];
        view.doneLastRound = [];
        view.initiativeAtRoundStart = null;
        view.conditions = [];
        view.moved = 0;
        view.engagedAtRoundStart = false;
        view.initiative = null;
        if (typeof view.position !== 'number') view.position = 0;
        const c: Cmb = { id: e.id, side: s.id, index: index++, view, slots: {}, out: false, reactions: new Map(), initiative: null };
        Object.defineProperty(view, 'engaged', { enumerable: true, get: () => this.isEngaged(c) });
        for (const [name, d] of this.rs.derived) {
          Object.defineProperty(view, name, { enumerable: true, get: () => d({ actor: view, options: this.rs.options, sides: this.sidesMap, round: this.round }) });
        }
        side.members.push(c);
        this.cmbs.push(c);
        this.byId.set(c.id, c);
      }
      this.sides.push(side);
      this.sideById.set(side.id, side);
      this.sidesMap[side.id] = side.view;
    });
    this.everyone = this.cmbs.map((c) => c.view);
    for (const c of this.cmbs) c.out = truthy(this.rs.out({ actor: c.view, options: this.rs.options }));
    for (const s of this.sides) s.standing = s.members.filter((m) => !m.out).length;
    this.refreshSideViews();
  }

  // ---------------------------------------------------------------- events

  private emit(type: TraceEvent['type'], fields: Record<string, unknown> = {}): TraceEvent {
    const e: TraceEvent = { seq: this.seq++, type, round: this.round };
    if (this.turn !== undefined && type !== 'round.start' && type !== 'round.end') e.turn = this.turn;
    if (this.phase !== undefined) e.phase = this.phase;
    if (this.step !== undefined) e.step = this.step;
    Object.assign(e, fields);
    this.events.push(e);
    return e;
  }

  private onRoll(r: RollResult): void {
    this.emit('roll', { label: r.label, expr: r.notation, dice: r.dice, total: r.total, ...(r.pinned ? { pinned: true } : {}) });
  }

  /** A labelled decision: a referee judgment or a choice the rules give a player or side. */
  private decide(asked: string, options: string[], fallback: string, by: string): string {
    // The same question asked again in a run gets label#2, label#3 (like repeated rolls).
    const n = (this.decisionCount.get(asked) ?? 0) + 1;
    this.decisionCount.set(asked, n);
    const label = n === 1 ? asked : `${asked}#${n}`;
    let pinned = this.choices.get(label);
    if (this.opts.host) {
      this.opts.host.at(label);
      const answer = this.opts.host.decide({ label, options, default: pinned !== undefined && options.includes(pinned) ? pinned : fallback, by });
      if (answer !== undefined) {
        if (pinned !== undefined) this.usedChoices.add(label);
        pinned = answer;
      }
    }
    let chosen = fallback;
    if (pinned !== undefined) {
      if (!options.includes(pinned)) {
        throw new PhasebookError([
          { file: '<command line>', line: 1, col: 1, pointer: '', message: `--choose ${label}=${pinned}: "${pinned}" is not one of ${options.join(', ')}`, severity: 'error' },
        ]);
      }
      chosen = pinned;
      this.usedChoices.add(label);
    }
    this.emit('decision', { label, options, chosen, by, ...(pinned !== undefined ? { pinned: true } : { default: fallback }) });
    return chosen;
  }

  // ---------------------------------------------------------------- views

  private isEngaged(c: Cmb): boolean {
    const pos = c.view.position as number;
    const reach = this.rs.reach;
    const line = this.line();
    if (line) return line.anyEnemyWithin(c.side, pos, reach);
    for (const o of this.cmbs) {
      if (o.side !== c.side && !o.out && Math.abs((o.view.position as number) - pos) <= reach) return true;
    }
    return false;
  }

  private distance(a: Cmb, b: Cmb | null): number | null {
    return b ? Math.abs((a.view.position as number) - (b.view.position as number)) : null;
  }

  // ---------------------------------------------------------------- the battle line

  /** Bumped whenever a position or an out-of-the-fight flag changes. */
  private lineVersion = 0;
  private lineIndex: LineIndex<Cmb> | null = null;
  /** The version at which building the index failed (a position that is not a finite number). */
  private lineFailed = -1;
  private lineAsked = 0;
  private lineAskedVersion = -1;

  /** Something moved or fell: the sorted line is out of date. */
  private touchLine(): void {
    this.lineVersion++;
  }

  /**
   * The sorted line, when it pays: many combatants, and a few questions already asked of the
   * current version (a turn-by-turn game that moves or downs someone after every act keeps
   * scanning; a phase in which everyone declares against one line sorts once). Rebuilding from
   * the previous order costs little more than a scan. Otherwise null, and the caller scans.
   */
  private line(): LineIndex<Cmb> | null {
    const n = this.cmbs.length;
    if (n < LINE_MIN_COMBATANTS) return null;
    const v = this.lineVersion;
    if (this.lineIndex && this.lineIndex.version === v) return this.lineIndex;
    if (this.lineFailed === v) return null;
    if (this.lineAskedVersion !== v) {
      this.lineAskedVersion = v;
      this.lineAsked = 0;
    }
    if (++this.lineAsked < LINE_SCANS_BEFORE_SORT) return null;
    const built = LineIndex.build(this.cmbs, v, this.lineIndex);
    if (built) this.lineIndex = built;
    else this.lineFailed = v;
    return built;
  }

  private setView(c: Cmb, key: string, value: unknown): void {
    c.view[key] = value;
    if (key === 'position') this.touchLine();
  }

  private refreshSideViews(): void {
    this.sideSummary = null;
    for (const s of this.sides) {
      const standing = s.standing;
      Object.assign(s.view, { id: s.id, standing, total: s.members.length, out: s.members.length - standing, holder: this.holder === s.id });
      s.view.members ??= s.members.map((m) => m.view);
      if (s.view.damageDealt === undefined) {
        s.view.damageDealt = 0;
        s.view.damageDealtLast = 0;
        s.view.damageTaken = 0;
        s.view.damageTakenLast = 0;
        s.view.downed = 0;
        s.view.downedLast = 0;
      }
    }
  }

  /** Side-level values of the expression data; recomputed only after something changed. */
  private sideSummary: { sideList: unknown[]; standingSides: number; lastStanding: string | null; best: Record<string, string | null> } | null = null;
  private everyone: unknown[] = [];

  private summary() {
    if (this.sideSummary) return this.sideSummary;
    const standing = this.sides.filter((s) => (s.view.standing as number) > 0);
    const best: Record<string, string | null> = {};
    for (const key of ['damageDealt', 'damageDealtLast', 'downed', 'downedLast', 'standing']) {
      let top: SideState | null = null;
      let unique = false;
      for (const s of this.sides) {
        if (!top || num(s.view[key]) > num(top.view[key])) {
          top = s;
          unique = true;
        } else if (num(s.view[key]) === num(top.view[key])) unique = false;
      }
      best[key] = top && unique && this.sides.length > 1 ? top.id : null;
    }
    this.sideSummary = {
      sideList: this.sides.map((s) => s.view),
      standingSides: standing.length,
      lastStanding: standing.length === 1 ? standing[0]!.id : null,
      best,
    };
    return this.sideSummary;
  }

  /** Expression data shared by every evaluation: round, phase, options, sides, … */
  private baseData(): Data {
    const s = this.summary();
    return {
      round: this.round,
      phase: this.phase ?? null,
      step: this.step ?? null,
      options: this.rs.options,
      holder: this.holder,
      sides: this.sidesMap,
      sideList: s.sideList,
      standingSides: s.standingSides,
      lastStanding: s.lastStanding,
      best: s.best,
      everyone: this.everyone,
    };
  }

  /** The data of a combatant's select, out and cannotAct. */
  private actorData(actor: Record<string, unknown>): Data {
    const data = this.baseData();
    data.actor = actor;
    return data;
  }

  /** The shared data plus `extra`. */
  private base(extra: Data): Data {
    return Object.assign(this.baseData(), extra);
  }

  /** The data of an act's expressions: base() and the frame, built as one object (the hottest path). */
  private frameData(f: Frame): Data {
    const s = this.summary();
    return {
      round: this.round,
      phase: this.phase ?? null,
      step: this.step ?? null,
      options: this.rs.options,
      holder: this.holder,
      sides: this.sidesMap,
      sideList: s.sideList,
      standingSides: s.standingSides,
      lastStanding: s.lastStanding,
      best: s.best,
      everyone: this.everyone,
      actor: f.actor.view,
      self: f.actor.view,
      target: f.target?.view ?? null,
      action: f.action ? f.action.view : null,
      local: f.local,
      reaction: f.reaction,
      event: f.event ?? null,
      distance: this.distance(f.actor, f.target),
    };
  }

  // ---------------------------------------------------------------- run

  run(): RunResult {
    this.emit('combat.start', {
      ruleset: this.rs.def.id,
      version: this.rs.def.version,
      overlays: this.rs.overlays,
      encounter: this.encounter.id,
      seed: this.opts.seed,
      sides: this.sides.map((s) => ({ id: s.id, combatants: s.members.map((m) => m.id) })),
    });
    try {
      this.checkEnd();
      if (this.rs.surprise && truthy(this.rs.surprise.when(this.baseData()))) {
        this.round = 0;
        this.playRound();
      }
      for (this.round = 1; this.round <= this.maxRounds; this.round++) this.playRound();
      this.round = this.maxRounds;
      this.ended = { winner: null, reason: 'round-limit' };
    } catch (err) {
      if (!(err instanceof CombatEnded)) throw err;
    }
    this.phase = this.step = this.turn = undefined;
    this.expire('combat-end');
    this.emit('combat.end', { winner: this.ended!.winner, reason: this.ended!.reason });
    for (const label of this.dice.unusedPins()) {
      this.emit('warning', { message: `pinned roll "${label}" was never rolled; check its label` });
    }
    for (const label of this.choices.keys()) {
      if (!this.usedChoices.has(label)) this.emit('warning', { message: `pinned decision "${label}" was never asked; check its label` });
    }
    return { events: this.events, winner: this.ended!.winner, reason: this.ended!.reason, rounds: this.round };
  }

  private playRound(): void {
    this.phase = this.step = this.turn = undefined;
    this.actsThisRound = 0;
    this.decls = [];
    this.endedTurn.clear();
    this.resuming.clear();
    this.turnPlayed = new Set();
    for (const c of this.cmbs) {
      c.slots = { ...(this.round === 0 && this.rs.surprise ? this.rs.surprise.slots : this.rs.def.economy.slots) };
      c.reactions.clear();
      c.view.plan = [];
      c.view.doneLastRound = c.view.done ?? [];
      c.view.done = [];
      c.view.moved = 0;
      c.view.engagedAtRoundStart = this.isEngaged(c);
    }
    for (const s of this.sides) {
      s.view.damageDealtLast = s.view.damageDealt;
      s.view.damageTakenLast = s.view.damageTaken;
      s.view.downedLast = s.view.downed;
      s.view.damageDealt = 0;
      s.view.damageTaken = 0;
      s.view.downed = 0;
    }
    this.sideSummary = null;
    this.emit('round.start');
    this.expire('round-start');
    this.rollInitiative();
    for (const c of this.cmbs) c.view.initiativeAtRoundStart = c.view.initiative;
    // The surprise round: only those it names act.
    if (this.round === 0 && this.rs.surprise) {
      for (const c of this.cmbs) if (!truthy(this.rs.surprise.who(this.actorData(c.view)))) this.endedTurn.add(c);
    }
    const def = this.rs.def;
    if (def.round.declare.when === 'round-start') this.declare(this.cmbs.filter((c) => !this.endedTurn.has(c)), null);
    if (def.round.turns.by === 'combatant') this.playCombatantTurns();
    else {
      for (const tier of this.turnTiers()) {
        const members = new Set(tier.flatMap((id) => this.sideById.get(id)?.members ?? [this.byId.get(id)!]));
        this.playTurn(members, def.round.turns.by === 'none' ? null : tier);
      }
    }
    // Held turns that resume at the very end of the round, in initiative order.
    this.resumeAtRoundEnd();
    const everyone = new Set(this.cmbs);
    for (const phase of this.rs.finally) this.playPhase(phase, everyone);
    this.phase = this.step = this.turn = undefined;
    // Temporary adjustments end first: "highest + 1" for a held-over delayer counts without them.
    this.expire('round-end');
    this.expireHolds();
    this.emit('round.end');
    this.checkEnd();
  }

  /** One turn: the given combatants play every phase (a side's turn, a combatant's, or everyone's). */
  private playTurn(members: Set<Cmb>, who: string[] | null): void {
    const outer = { phase: this.phase, step: this.step, turn: this.turn };
    if (who) {
      this.turn = who.join('+');
      this.phase = this.step = undefined;
      this.emit('turn.start', { who });
      for (const c of members) this.expire({ turnOf: c.id });
      if (this.opts.host) pauseByHost(this.internals(), 'turn', who);
    }
    for (const phase of this.rs.phases) {
      if ([...members].every((c) => this.endedTurn.has(c))) break;
      this.playPhase(phase, members);
    }
    this.phase = outer.phase;
    this.step = outer.step;
    this.turn = outer.turn;
    // A turn played inside another (a held action stepping in): say where the other goes on.
    if (who && outer.turn !== undefined) this.emit('turn.start', { who: outer.turn.split('+'), continued: true });
  }

  private playPhase(phase: CPhase, members: Set<Cmb>): void {
    if (!alwaysTrue(phase.when) && !truthy(phase.when(this.baseData()))) return;
    this.phase = phase.def.id;
    this.step = undefined;
    this.emit('phase.start');
    this.expire({ phase: phase.def.id });
    const def = this.rs.def;
    const active = new Set([...members].filter((c) => !this.endedTurn.has(c)));
    if (def.round.declare.when === 'phase-start') this.declare([...active], phase.def.id);
    else for (const c of active) if (this.resuming.has(c)) this.declareMissing(c, phase.def.id);
    for (const step of phase.steps) this.playStep(step, active);
    this.step = undefined;
    for (const d of this.decls) {
      if (!d.done && d.phase === phase.def.id && active.has(d.c) && !this.endedTurn.has(d.c)) {
        d.done = true;
        this.emit('skip', { combatant: d.c.id, action: d.action.def.id, reason: 'no step of this phase selects it' });
      }
    }
  }

  /**
   * Combatants take turns one by one (simultaneous when tied), highest first. The queue is
   * re-sorted before every turn, so an initiative changed mid-round (a delay, a reaction, a
   * readied action) takes effect at once — unless turns.resort is "round-start".
   */
  private playCombatantTurns(): void {
    this.turnPlayed = new Set();
    const memo = new Map<string, number>();
    for (let guard = 0; guard < this.cmbs.length * 4 + 8; guard++) {
      const candidates = this.cmbs.filter((c) => (!c.out || this.needsOutTurn(c)) && !this.turnPlayed.has(c) && !this.heldIndefinitely(c) && !this.endedTurn.has(c));
      if (candidates.length === 0) return;
      const env = this.orderEnv(this.tieLabel('turns'), false, memo);
      const groups = orderIntoGroups(candidates.map((c) => this.orderable(c, null, true)), this.rs.turnOrder, env);
      const tier = groups[0]!.map((o) => this.byId.get(o.id)!);
      for (const c of tier) this.turnPlayed.add(c);
      this.playTurn(new Set(tier), tier.map((c) => c.id));
      // A turn ended by a delay to a later count is played again when that count comes.
      for (const c of tier) {
        if (this.endedTurn.has(c) && this.holds.get(c)?.resume === 'at') {
          this.turnPlayed.delete(c);
          this.holds.delete(c);
          this.endedTurn.delete(c);
          this.resuming.add(c);
        }
      }
    }
    throw this.rs.evaluator.at('/round/turns', `round ${this.round}: the turns never ended (a delay keeps postponing itself)`);
  }

  /** A fallen combatant still has a turn when a step performs something for the fallen (bleeding on its count). */
  private needsOutTurn(c: Cmb): boolean {
    for (const phase of this.rs.phases) {
      for (const step of phase.steps) {
        if (step.perform && step.def.includeOut && truthy(step.select(this.actorData(c.view)))) return true;
      }
    }
    return false;
  }

  private tieLabel(what: string): string {
    return this.rs.initiative.def.roll === 'once' ? `init.${what}` : `r${this.round}.${what}`;
  }

  private heldIndefinitely(c: Cmb): boolean {
    const h = this.holds.get(c);
    return h !== undefined && h.resume !== 'at';
  }

  // ---------------------------------------------------------------- holding a turn

  /** The `hold` effect: the actor stops its turn now and resumes later. */
  private hold(f: Frame, h: HoldSpec): void {
    const c = f.actor;
    this.holds.set(c, h);
    this.endedTurn.add(c);
    for (const d of this.decls) if (d.c === c && !d.done) d.held = true;
    const data = this.frameData(f);
    if (h.resume === 'at') {
      const after = String(h.to(data) ?? 'end');
      const options = ['end', ...this.cmbs.filter((o) => o !== c && !o.out && !this.turnPlayed.has(o)).map((o) => o.id)];
      const chosen = this.decide(`r${this.round}.${c.id}.delay-after`, options, options.includes(after) ? after : 'end', c.id);
      const lowest = Math.min(...this.cmbs.filter((o) => !o.out).map((o) => num(o.view.initiative)));
      c.view.initiative = chosen === 'end' ? lowest - 1 : num(this.byId.get(chosen)!.view.initiative) - 0.5;
      this.emit('initiative', { who: c.id, scope: 'combatant', value: c.view.initiative, delayed: true });
    } else {
      this.emit('note', { combatant: c.id, text: h.resume === 'round-end' ? 'waits until the end of the round' : 'holds its action' });
    }
  }

  /** Before someone acts, a combatant holding its action may step in. */
  private offerResume(next: Cmb): void {
    for (const [c, h] of [...this.holds]) {
      if (h.resume !== 'before-act' || c === next || c.out || this.inResume.has(c)) continue;
      const f: Frame = { actor: c, target: next, action: null, local: {}, reaction: {}, defer: null, prefix: `r${this.round}.${c.id}`, depth: 0 };
      const data = { ...this.frameData(f), next: next.view };
      const fallback = truthy(h.when(data)) ? 'now' : 'wait';
      const chosen = this.decide(`r${this.round}.${c.id}.resume.${next.id}`, ['now', 'wait'], fallback, c.id);
      if (chosen !== 'now') continue;
      if (h.takeOver) {
        c.view.initiative = next.view.initiative;
        this.emit('initiative', { who: c.id, scope: 'combatant', value: c.view.initiative, tookOver: next.id });
      }
      this.resume(c);
    }
  }

  private resume(c: Cmb): void {
    this.holds.delete(c);
    this.endedTurn.delete(c);
    this.resuming.add(c);
    this.inResume.add(c);
    for (const d of this.decls) if (d.c === c) d.held = false;
    try {
      this.playTurn(new Set([c]), [c.id]);
    } finally {
      this.inResume.delete(c);
    }
  }

  /**
   * Waiters come back together at the very end of the round: they declare what they will do
   * only now, and the steps order their new declarations like any others (ties simultaneous).
   */
  private resumeAtRoundEnd(): void {
    const waiting = [...this.holds].filter(([c, h]) => h.resume === 'round-end' && !c.out).map(([c]) => c);
    if (waiting.length === 0) return;
    for (const c of waiting) {
      this.holds.delete(c);
      this.endedTurn.delete(c);
      this.resuming.add(c);
      for (const d of this.decls) if (d.c === c) d.held = false;
    }
    this.playTurn(new Set(waiting), waiting.map((c) => c.id));
  }

  /** Still holding when the round ends: the action is lost, or the holder goes first next round. */
  private expireHolds(): void {
    for (const [c, h] of [...this.holds]) {
      this.holds.delete(c);
      if (h.expires === 'first-next-round' && !c.out) {
        const highest = Math.max(...this.cmbs.filter((o) => !o.out).map((o) => num(o.view.initiative)));
        c.view.initiative = highest + 1;
        this.emit('initiative', { who: c.id, scope: 'combatant', value: c.view.initiative, heldOver: true });
      } else if (!c.out) this.emit('note', { combatant: c.id, text: 'the held action is lost' });
    }
  }

  // ---------------------------------------------------------------- initiative

  private rollInitiative(): void {
    const ini = this.rs.initiative;
    if (ini.def.roll === 'once' && this.initiativeRolled) return;
    this.initiativeRolled = true;
    if (ini.def.scope === 'side') this.sideInitiative();
    else if (ini.def.scope === 'combatant') {
      for (const c of this.cmbs) {
        const value = this.initiativeValue(`init.${c.id}`, { actor: c.view }, ini.def.roll === 'once');
        c.initiative = value;
        c.view.initiative = value;
        this.emit('initiative', { who: c.id, scope: 'combatant', value });
      }
    }
  }

  private initiativeValue(label: string, data: Data, once: boolean): number {
    const ev = this.rs.evaluator;
    ev.ctx.labelPrefix = once ? label : `r${this.round}.${label}`;
    const d = this.base(data);
    let v = num(this.rs.initiative.formula(d));
    for (const m of this.rs.initiative.modifiers) if (truthy(m.when(d))) v += num(m.add(d));
    return v;
  }

  private sideInitiative(): void {
    const ini = this.rs.initiative;
    const sideIds = this.sides.map((s) => s.id);
    let decided: string | null = null;
    let roll = true;
    for (const j of ini.judgments) {
      const data = this.baseData();
      if (!truthy(j.when(data))) continue;
      const options = [...sideIds, ...j.def.outcomes];
      let fallback = String(j.default(data));
      if (!options.includes(fallback)) fallback = j.def.outcomes.includes('roll') ? 'roll' : options[0]!;
      const chosen = this.decide(`r${this.round}.initiative.${j.def.id}`, options, fallback, 'referee');
      if (chosen === 'keep' && this.holder) {
        decided = this.holder;
        roll = false;
      } else if (sideIds.includes(chosen)) {
        decided = chosen;
        roll = false;
      }
      break;
    }
    if (!roll && decided) {
      this.holder = decided;
      this.sideOrder = [[decided], ...sideIds.filter((s) => s !== decided).map((s) => [s])];
      for (const s of this.sides) s.initiative = null;
    } else {
      const items: Orderable[] = this.sides.map((s) => {
        const value = this.initiativeValue(`initiative.${s.id}`, { side: s.view }, ini.def.roll === 'once');
        s.initiative = value;
        return { id: s.id, listing: s.index, side: s.id, initiative: value, declSeq: 0, data: () => ({}) };
      });
      const groups = orderIntoGroups(items, { keys: [(it) => -(it.initiative ?? 0)], ties: ini.def.ties ?? 'simultaneous' }, this.orderEnv(`r${this.round}.initiative`, false));
      this.sideOrder = groups.map((g) => g.map((x) => x.id));
      const top = this.sideOrder[0]!;
      this.holder = top.length === 1 ? top[0]! : null;
    }
    this.refreshSideViews();
    this.sideOrder.forEach((tier, rank) => {
      for (const id of tier) {
        const s = this.sideById.get(id)!;
        this.emit('initiative', { who: id, scope: 'side', value: s.initiative, rank, holder: this.holder === id });
      }
    });
  }

  private sideRank(side: string): number {
    const i = this.sideOrder.findIndex((tier) => tier.includes(side));
    return i < 0 ? this.sideOrder.length : i;
  }

  /**
   * Ordering needs dice for re-rolled ties and decisions for referee ties. The same tie sorted
   * again (the queue is re-sorted before every turn) gets the same answer from `memo`; when
   * initiative is rolled once, so do the turns of later rounds ("the same order every round").
   */
  private orderEnv(label: string, reversed: boolean, memo?: Map<string, number>): OrderEnv {
    const once = label.startsWith('init.');
    return {
      sideRank: (s) => this.sideRank(s),
      reversed,
      label,
      roll: (l, notation, attempt) => {
        const key = `${l}@${attempt}`;
        const known = (once ? this.onceMemo : memo)?.get(key);
        if (known !== undefined) return known;
        const v = this.dice.roll(l, notation).total;
        (once ? this.onceMemo : memo)?.set(key, v);
        return v;
      },
      decide: (l, options, fallback) => {
        const key = `${l}?${options.join(',')}`;
        const known = once ? this.onceChoices.get(key) : undefined;
        if (known !== undefined) return known;
        const chosen = this.decide(l, options, fallback, 'referee');
        if (once) this.onceChoices.set(key, chosen);
        return chosen;
      },
    };
  }

  // ---------------------------------------------------------------- turns

  /** The turns of this round: tiers of sides or combatants; one tier of everyone when there are no turns. */
  private turnTiers(): string[][] {
    const turns = this.rs.def.round.turns;
    if (turns.by === 'none') return [this.sides.map((s) => s.id)];
    if (turns.by === 'side') {
      const items: Orderable[] = this.sides.map((s) => ({ id: s.id, listing: s.index, side: s.id, initiative: s.initiative, declSeq: 0, data: () => this.base({ side: s.view }) }));
      return orderIntoGroups(items, this.rs.turnOrder, this.orderEnv(`r${this.round}.turns`, false)).map((g) => g.map((x) => x.id));
    }
    const items = this.cmbs.filter((c) => !c.out).map((c) => this.orderable(c, null));
    return orderIntoGroups(items, this.rs.turnOrder, this.orderEnv(`r${this.round}.turns`, false)).map((g) => g.map((x) => x.id));
  }

  private orderable(c: Cmb, d: Decl | null, turn = false): Orderable {
    const fixed = turn && this.rs.def.round.turns.resort === 'round-start' && !this.resuming.has(c);
    const own = fixed ? (c.view.initiativeAtRoundStart as number | null) : (c.view.initiative as number | null);
    return {
      id: d ? `${c.id}.${d.action.def.id}` : c.id,
      listing: c.index,
      side: c.side,
      initiative: d?.initiative ?? own ?? this.sideById.get(c.side)!.initiative,
      declSeq: d?.seq ?? 0,
      data: () => this.base({ actor: c.view, action: d ? d.action.view : null, target: d?.target?.view ?? null }),
    };
  }

  // ---------------------------------------------------------------- declarations

  private declare(who: Cmb[], phase: string | null): void {
    const decl = this.rs.declare;
    const standing = who.filter((c) => !c.out);
    if (standing.length === 0) return;
    let reversed = false;
    const offered = decl.choice && (!decl.choice.def.phases || (phase !== null && decl.choice.def.phases.includes(phase)));
    if (decl.choice && offered && this.holder) {
      const label = `r${this.round}.${phase ? `${phase}.` : ''}${decl.choice.def.id}`;
      reversed = this.decide(label, ['first', 'second'], decl.choice.def.default, this.holder) === 'second';
    }
    const groups = orderIntoGroups(standing.map((c) => this.orderable(c, null)), decl.order, this.orderEnv(`r${this.round}.declare`, reversed));
    const phases = phase ? [phase] : [...this.rs.phases, ...this.rs.finally].map((p) => p.def.id);
    for (const g of groups) {
      for (const item of g) {
        const c = this.byId.get(item.id)!;
        const budget = { ...c.slots };
        for (const ph of phases) this.declareOne(c, ph, budget);
      }
    }
  }

  /** A resumed turn declares, in each phase, what its holder has not declared yet. */
  private declareMissing(c: Cmb, phase: string): void {
    if (c.out || this.decls.some((d) => d.c === c && d.phase === phase && !d.done)) return;
    this.declareOne(c, phase, { ...c.slots });
  }

  private declareOne(c: Cmb, phase: string, budget: Record<string, number>): void {
    if (this.opts.host && declareByHost(this.internals(), c, phase, budget)) return;
    const script = (this.encounter.script ?? []).filter((s) => s.round === this.round && s.combatant === c.id && !this.scriptUsed.has(s));
    for (const entry of script) {
      const action = this.rs.actions.get(entry.action)!;
      if (action.def.phase !== phase) continue;
      this.scriptUsed.add(entry);
      const target = entry.target ? this.byId.get(entry.target) ?? null : null;
      this.addDecl(c, action, target, phase, budget, true);
    }
    if (script.some((s) => this.rs.actions.get(s.action)!.def.phase === phase)) return;
    const chosen = this.policyChoice(c, phase, budget);
    if (chosen) this.addDecl(c, chosen.action, chosen.target, phase, budget, false);
  }

  /** What the default policy declares for a combatant in a phase (the first entry that applies), or null. */
  private policyChoice(c: Cmb, phase: string, budget: Record<string, number>): { action: CAction; target: Cmb | null } | null {
    // Nothing changes while the policy is read, so each way of picking a target is asked once.
    let pickedHow: string | null = null;
    let picked: Cmb | null = null;
    for (const p of this.rs.policy) {
      if (p.action.def.phase !== phase) continue;
      if (!this.canPlan(budget, p.action.uses)) continue;
      if (p.target !== pickedHow) {
        pickedHow = p.target;
        picked = this.pickTarget(c, p.target);
      }
      const target = picked;
      if (p.needsTarget && !target) continue;
      const f: Frame = { actor: c, target, action: p.action, local: {}, reaction: {}, defer: null, prefix: '', depth: 0 };
      const data = this.frameData(f);
      // Declared in its own phase, an action must be allowed now; declared at round start it is an
      // intention, checked when performed (the situation will have changed by then).
      if (this.rs.def.round.declare.when === 'phase-start' && !alwaysTrue(p.action.requires) && !truthy(p.action.requires(data))) continue;
      if (!alwaysTrue(p.when) && !truthy(p.when(data))) continue;
      return { action: p.action, target };
    }
    return null;
  }

  private addDecl(c: Cmb, action: CAction, target: Cmb | null, phase: string, budget: Record<string, number>, scripted: boolean, answered = false): void {
    const after = this.planSpend(budget, action.uses);
    if (after) Object.assign(budget, after);
    else for (const s of action.uses) budget[s] = (budget[s] ?? 0) - 1;
    const d: Decl = { seq: this.declSeq++, c, action, target, phase, initiative: null, done: false };
    this.decls.push(d);
    (c.view.plan as string[]).push(action.def.id);
    this.emit('declare', { combatant: c.id, action: action.def.id, target: target?.id ?? null, for: phase, ...(scripted ? { scripted: true } : {}), ...(answered ? { answered: true } : {}) });
    if (this.rs.initiative.def.scope === 'action') {
      const data = { actor: c.view, action: action.view, target: target?.view ?? null };
      const label = `initiative.${c.id}.${action.def.id}`;
      d.initiative = action.initiative
        ? ((this.rs.evaluator.ctx.labelPrefix = `r${this.round}.${label}`), num(action.initiative(this.base(data))))
        : this.initiativeValue(label, data, false);
      this.emit('initiative', { who: `${c.id}.${action.def.id}`, scope: 'action', value: d.initiative });
    }
  }

  private pickTarget(c: Cmb, how: string): Cmb | null {
    if (how === 'self') return c;
    if (how === 'none') return null;
    if (how === 'nearest-enemy') {
      const line = this.line();
      if (line) return line.nearestEnemy(c.side, c.view.position as number);
    }
    // The first enemy (listing order) with the lowest score: hit points or distance.
    const weakest = how === 'weakest-enemy';
    let best: Cmb | null = null;
    let bestScore = 0;
    for (const o of this.cmbs) {
      if (o.side === c.side || o.out) continue;
      if (how === 'first-enemy') return o;
      const score = weakest ? num(o.view.hp) : this.distance(c, o)!;
      if (best === null || score < bestScore) {
        best = o;
        bestScore = score;
      }
    }
    return best;
  }

  // ---------------------------------------------------------------- steps

  private playStep(step: CStep, members: Set<Cmb>): void {
    const playing = (c: Cmb) => members.has(c) && !this.endedTurn.has(c);
    let items: Decl[];
    if (step.perform) {
      items = [];
      for (const c of this.cmbs) {
        if (!playing(c) || (c.out && !step.def.includeOut)) continue;
        if (!alwaysTrue(step.select) && !truthy(step.select(this.actorData(c.view)))) continue;
        items.push({ seq: this.declSeq++, c, action: step.perform, target: c, phase: this.phase!, initiative: null, done: false, ...(c.out ? { allowOut: true } : {}) });
      }
    } else {
      items = this.decls.filter((d) => {
        if (d.done || d.held || d.phase !== this.phase || !playing(d.c)) return false;
        return alwaysTrue(step.select) || truthy(step.select(this.base({ actor: d.c.view, action: d.action.view, target: d.target?.view ?? null })));
      });
    }
    if (items.length === 0) return;
    for (const d of items) d.done = true;
    this.step = step.def.id;
    this.emit('step.start');
    if (this.opts.host) pauseByHost(this.internals(), 'step', null);
    let reversed = false;
    if (step.choice && this.holder) {
      reversed = this.decide(`r${this.round}.${this.phase}.${step.choice.def.id}`, ['first', 'second'], step.choice.def.default, this.holder) === 'second';
    }
    // Order, play the first group, and order the rest again: an act may change initiative
    // (a reaction, a delay) or end a turn (a hold).
    const memo = new Map<string, number>();
    const played = new Set<Decl>();
    let remaining = items;
    for (let guard = 0; remaining.length && guard < items.length + 1; guard++) {
      const orderables = new Map<Orderable, Decl>();
      for (const d of remaining) orderables.set(this.orderable(d.c, d), d);
      const groups = orderIntoGroups([...orderables.keys()], step.order, this.orderEnv(`r${this.round}.${this.phase}.${step.def.id}`, reversed, memo));
      const group = groups[0]!.map((o) => orderables.get(o)!);
      this.playGroup(group);
      for (const d of group) played.add(d);
      remaining = remaining.filter((d) => !played.has(d) && !this.endedTurn.has(d.c));
    }
    // Declarations of a turn that ended early (a hold) wait for the resumed turn.
    for (const d of items) {
      if (!played.has(d) && this.endedTurn.has(d.c)) {
        d.done = false;
        d.held = true;
      }
    }
  }

  /** Play one group of acts. A group of several is simultaneous: their damage lands together. */
  private playGroup(group: Decl[]): void {
    // First decide who can act at all; only those form the simultaneous group.
    // Someone holding its action may step in before these acts.
    if (this.holds.size) for (const d of group) if (!d.c.out) this.offerResume(d.c);
    const able: Array<{ d: Decl; f: Frame }> = [];
    for (const d of group) {
      const f = this.frameFor(d, null);
      const reason = this.cannotAct(d, f);
      if (reason) this.emit('skip', { combatant: d.c.id, action: d.action.def.id, reason });
      else if (d.action.abort && this.decide(`r${this.round}.${d.c.id}.${d.action.def.id}.abort`, ['act', 'abort'], truthy(d.action.abort(this.frameData(f))) ? 'abort' : 'act', d.c.id) === 'abort') {
        this.emit('skip', { combatant: d.c.id, action: d.action.def.id, reason: 'aborted' });
      } else able.push({ d, f });
    }
    const simultaneous = able.length > 1;
    const groupId = simultaneous ? `g${++this.groupCounter}` : undefined;
    const defer: Frame['defer'] = simultaneous ? [] : null;
    const live: Array<{ d: Decl; f: Frame; actSeq: number }> = [];
    for (const { d, f } of able) {
      f.defer = defer;
      this.spend(d.c, d.action.uses);
      this.countAct();
      const act = this.emit('act', {
        combatant: d.c.id,
        action: d.action.def.id,
        target: f.target?.id ?? null,
        ...(groupId ? { group: groupId } : {}),
      });
      (d.c.view.done as string[]).push(d.action.def.id);
      live.push({ d, f, actSeq: act.seq });
    }
    // Reactions before the acts (a braced spear against a charge).
    for (const l of live) this.fireActTriggers('before', l.d.c, l.d.action, l.actSeq, l.f.target);
    // Moves of the group happen at the same time.
    const moving = live.filter((l) => l.d.action.movement && !l.d.c.out);
    if (moving.length) this.simulateMoves(moving.map((l) => ({ d: l.d, f: l.f, actSeq: l.actSeq })));
    for (const l of live) {
      if (l.d.c.out && !simultaneous && !l.d.allowOut) {
        this.emit('skip', { combatant: l.d.c.id, action: l.d.action.def.id, reason: 'interrupted: out of the fight' });
        continue;
      }
      if (l.f.target && l.f.target.out && l.d.action.def.target !== 'self' && !simultaneous) continue;
      this.runEffects(l.d.action.effects, l.f);
    }
    if (defer && defer.length) {
      for (const x of defer) this.applyDamage(x.target, x.amount, x.stat, x.by);
    }
    for (const l of live) this.fireActTriggers('after', l.d.c, l.d.action, l.actSeq, l.f.target);
    this.checkEnd();
  }

  private frameFor(d: Decl, defer: Frame['defer']): Frame {
    let target = d.target;
    const kind = d.action.def.target ?? 'enemy';
    if (kind === 'enemy' && (!target || target.out)) target = this.pickTarget(d.c, 'nearest-enemy');
    if (kind === 'self') target = d.c;
    return { actor: d.c, target, action: d.action, local: {}, reaction: {}, defer, prefix: `r${this.round}.${d.c.id}.${d.action.def.id}`, depth: 0 };
  }

  private cannotAct(d: Decl, f: Frame): string | null {
    if (d.c.out && !d.allowOut) return 'out of the fight';
    if (!alwaysFalse(this.rs.cannotAct) && truthy(this.rs.cannotAct(this.actorData(d.c.view)))) return 'cannot act now';
    if (!this.canSpend(d.c, d.action.uses)) return `no ${d.action.uses.filter((s) => (d.c.slots[s] ?? 0) <= 0).join(', ')} left this round`;
    if ((d.action.def.target ?? 'enemy') === 'enemy' && !f.target) return 'no target';
    if (!alwaysTrue(d.action.requires) && !truthy(d.action.requires(this.frameData(f)))) return 'not allowed now (requires)';
    return null;
  }

  /** Whether these slots can be spent, trading slots by the economy's exchanges where needed. */
  private canSpend(c: Cmb, uses: string[]): boolean {
    return this.canPlan(c.slots, uses);
  }

  /** Whether planSpend would succeed; without copying the slots when no exchange is needed. */
  private canPlan(slots: Record<string, number>, uses: string[]): boolean {
    if (uses.length === 0) return true;
    if (uses.length === 1) {
      if ((slots[uses[0]!] ?? 0) > 0) return true;
    } else if (uses.length === 2 && uses[0] !== uses[1] && (slots[uses[0]!] ?? 0) > 0 && (slots[uses[1]!] ?? 0) > 0) return true;
    return this.planSpend(slots, uses) !== null;
  }

  private spend(c: Cmb, uses: string[]): void {
    const after = this.planSpend(c.slots, uses);
    if (after) c.slots = after;
  }

  private planSpend(slots: Record<string, number>, uses: string[]): Record<string, number> | null {
    const s = { ...slots };
    const exchanges = this.rs.def.economy.exchanges ?? [];
    for (const u of uses) {
      if ((s[u] ?? 0) <= 0) {
        const ex = exchanges.find((x) => (x.gain[u] ?? 0) > 0 && Object.entries(x.spend).every(([k, n]) => (s[k] ?? 0) >= n));
        if (!ex) return null;
        for (const [k, n] of Object.entries(ex.spend)) s[k] = (s[k] ?? 0) - n;
        for (const [k, n] of Object.entries(ex.gain)) s[k] = (s[k] ?? 0) + n;
      }
      s[u] = (s[u] ?? 0) - 1;
    }
    return s;
  }

  private countAct(): void {
    const max = this.rs.limits.actsPerRound ?? DEFAULT_LIMITS.actsPerRound;
    if (++this.actsThisRound > max) {
      throw this.rs.evaluator.at('/round', `round ${this.round} did not end after ${max} acts: the rules never let it end (limits.actsPerRound)`);
    }
  }

  // ---------------------------------------------------------------- movement

  private simulateMoves(moves: Array<{ d: Decl; f: Frame; actSeq: number }>): void {
    const ms: Mover[] = [];
    for (const { d, f, actSeq } of moves) {
      const mv = d.action.movement!;
      // Reactions before the move (a fighting withdrawal gives the foe an immediate attack).
      this.fireMoveTriggers('before', d.c, d.action, actSeq, null);
      if (d.c.out) continue;
      const dist = Math.max(0, num(mv.distance(this.frameData(f))));
      ms.push({ c: d.c, toward: mv.toward, target: f.target, left: dist, per: dist / MOVE_TICKS, from: d.c.view.position as number, stopWithin: mv.stopWithin, stopAtEnemies: mv.stopAtEnemies, blocks: mv.blocks, actSeq, fired: new Set(), action: d.action, moving: true, base: 0, v: 0, tm: null });
    }
    // The mover of each combatant (the first, should one combatant move twice in one group).
    const moverOf = new Map<Cmb, Mover>();
    for (const m of ms) if (!moverOf.has(m.c)) moverOf.set(m.c, m);
    const distinct = moverOf.size === ms.length;
    const duringTriggers = this.rs.triggers.some((t) => t.def.on === 'move' && t.def.timing === 'during');
    let moving = ms.length;
    const tick: Mover[] = [];
    for (let t = 0; t < MOVE_TICKS && moving > 0; t++) {
      // Every mover's step is planned from the positions at the start of the tick, then all
      // steps happen together: two movers closing on each other meet where their speeds say.
      tick.length = 0;
      for (const m of ms) {
        if (!m.moving) continue;
        if (m.c.out || !m.target || m.target.out || m.left <= 1e-9) {
          m.moving = false;
          moving--;
          continue;
        }
        tick.push(m);
      }
      if (distinct) this.integrateTick(tick);
      else this.integrateTickShared(tick);
      this.touchLine();
      for (const m of tick) {
        if (m.stopAtEnemies && this.blockedAt(m, moverOf) && m.moving) {
          m.moving = false;
          moving--;
        }
        if (duringTriggers) this.fireMoveTriggers('during', m.c, m.action, m.actSeq, m.fired);
      }
    }
    for (const m of ms) {
      if (m.c.view.position === m.from) continue;
      this.emit('move', { combatant: m.c.id, from: m.from, to: m.c.view.position, distance: round2(Math.abs((m.c.view.position as number) - m.from)) });
    }
    for (const m of ms) this.fireMoveTriggers('after', m.c, m.action, m.actSeq, null);
  }

  /**
   * One tick of simultaneous movement, integrated exactly: every mover goes at its speed
   * (its move spread over the ticks) toward or away from its target; time advances to the next
   * moment a mover reaches stopWithin of its target, and velocities are recomputed. A mover that
   * has reached a target moving away follows it, as fast as it can.
   *
   * This is the form for movers that are all different combatants (always, unless a script
   * declares two moves of one combatant into one group): each mover finds the mover of its
   * target once per tick instead of searching for it in every pass.
   */
  private integrateTick(ms: Mover[]): void {
    const EPS = 1e-9;
    const n = ms.length;
    for (const m of ms) m.c.tickMover = m;
    for (const m of ms) m.tm = m.target!.tickMover ?? null;
    for (const m of ms) m.c.tickMover = null;
    let remaining = 1;
    for (let pass = 0; pass < n * 2 + 2 && remaining > EPS; pass++) {
      for (let i = 0; i < n; i++) {
        const m = ms[i]!;
        const dir = (m.target!.view.position as number) >= (m.c.view.position as number) ? 1 : -1;
        m.base = m.left > EPS ? (m.toward ? dir : -dir) * m.per : 0;
      }
      for (let i = 0; i < n; i++) {
        const m = ms[i]!;
        let vm = m.base;
        if (m.toward && vm !== 0) {
          const dir = Math.sign(vm);
          const gap = Math.abs((m.target!.view.position as number) - (m.c.view.position as number)) - m.stopWithin;
          if (gap <= EPS) {
            const tv = (m.tm ? m.tm.base : 0) * dir; // the target's speed away from us
            vm = tv > 0 ? dir * Math.min(m.per, tv) : 0;
          }
        }
        m.v = vm;
      }
      // The next moment a mover closes on its target.
      let tau = remaining;
      for (let i = 0; i < n; i++) {
        const m = ms[i]!;
        const vm = m.v;
        if (!m.toward || vm === 0) continue;
        const dir = Math.sign(vm);
        const gap = Math.abs((m.target!.view.position as number) - (m.c.view.position as number)) - m.stopWithin;
        const vt = m.tm ? m.tm.v : 0;
        const rate = dir * (vm - vt);
        if (gap > EPS && rate > EPS) tau = Math.min(tau, gap / rate);
      }
      for (let i = 0; i < n; i++) {
        const m = ms[i]!;
        const d = Math.min(Math.abs(m.v * tau), m.left) * Math.sign(m.v);
        if (d === 0) continue;
        m.c.view.position = (m.c.view.position as number) + d;
        m.left -= Math.abs(d);
        m.c.view.moved = num(m.c.view.moved) + Math.abs(d);
      }
      remaining -= tau;
    }
    for (const m of ms) {
      m.c.view.position = round2(m.c.view.position as number);
      m.c.view.moved = round2(num(m.c.view.moved));
    }
  }

  /** integrateTick for a group in which one combatant has several movers (velocities looked up by combatant). */
  private integrateTickShared(ms: Mover[]): void {
    const pos = (c: Cmb) => c.view.position as number;
    const EPS = 1e-9;
    let remaining = 1;
    for (let pass = 0; pass < ms.length * 2 + 2 && remaining > EPS; pass++) {
      const base = new Map<Cmb, number>();
      for (const m of ms) {
        const dir = pos(m.target!) >= pos(m.c) ? 1 : -1;
        base.set(m.c, m.left > EPS ? (m.toward ? dir : -dir) * m.per : 0);
      }
      const v = new Map<Mover, number>();
      for (const m of ms) {
        let vm = base.get(m.c)!;
        if (m.toward && vm !== 0) {
          const dir = Math.sign(vm);
          const gap = Math.abs(pos(m.target!) - pos(m.c)) - m.stopWithin;
          if (gap <= EPS) {
            const tv = (base.get(m.target!) ?? 0) * dir;
            vm = tv > 0 ? dir * Math.min(m.per, tv) : 0;
          }
        }
        v.set(m, vm);
      }
      let tau = remaining;
      for (const m of ms) {
        const vm = v.get(m)!;
        if (!m.toward || vm === 0) continue;
        const dir = Math.sign(vm);
        const gap = Math.abs(pos(m.target!) - pos(m.c)) - m.stopWithin;
        const vt = [...v].find(([o]) => o.c === m.target)?.[1] ?? 0;
        const rate = dir * (vm - vt);
        if (gap > EPS && rate > EPS) tau = Math.min(tau, gap / rate);
      }
      for (const m of ms) {
        const d = Math.min(Math.abs(v.get(m)! * tau), m.left) * Math.sign(v.get(m)!);
        if (d === 0) continue;
        m.c.view.position = pos(m.c) + d;
        m.left -= Math.abs(d);
        m.c.view.moved = num(m.c.view.moved) + Math.abs(d);
      }
      remaining -= tau;
    }
    for (const m of ms) {
      m.c.view.position = round2(pos(m.c));
      m.c.view.moved = round2(num(m.c.view.moved));
    }
  }

  /**
   * Crossing paths stops a move: the mover is within reach of an enemy that can block — one
   * standing still, or moving with a move that blocks (a sprint never does). Its own target it
   * simply follows.
   */
  private blockedAt(m: Mover, moverOf: Map<Cmb, Mover>): boolean {
    const blocks = (o: Cmb) => {
      if (o === m.target) return false;
      const om = moverOf.get(o);
      return !om || om.blocks;
    };
    const line = this.line();
    if (line) return line.someEnemyWithin(m.c.side, m.c.view.position as number, this.rs.reach, blocks);
    for (const o of this.cmbs) {
      if (o.side === m.c.side || o.out || o === m.target) continue;
      if (Math.abs((o.view.position as number) - (m.c.view.position as number)) > this.rs.reach) continue;
      if (blocks(o)) return true;
    }
    return false;
  }

  // ---------------------------------------------------------------- triggers

  private fireMoveTriggers(timing: 'before' | 'during' | 'after', mover: Cmb, action: CAction, eventSeq: number, fired: Set<string> | null): void {
    for (const t of this.rs.triggers) {
      if (t.def.on !== 'move' || t.def.timing !== timing) continue;
      if (t.def.actions && !t.def.actions.includes(action.def.id)) continue;
      for (const r of this.reactorsFor(t, mover)) {
        let key: string | undefined;
        if (fired && fired.size) {
          key = `${t.def.id}:${r.id}`;
          if (fired.has(key)) continue;
        }
        if (timing === 'during') {
          const fixed = constantOf(t.within);
          const within = num(fixed ? fixed.value : t.within(this.base({ reactor: r.view, actor: r.view, mover: mover.view })));
          if (this.distance(r, mover)! > within) continue;
        }
        if (this.react(t, r, mover, eventSeq, 0)) fired?.add(key ?? `${t.def.id}:${r.id}`);
        else if (timing === 'during' && fired) {
          /* the reactor may still react later in the move if it could not now */
        }
        if (mover.out) return;
      }
    }
  }

  private fireActTriggers(timing: 'before' | 'after', actor: Cmb, action: CAction, actSeq: number, target: Cmb | null): void {
    for (const t of this.rs.triggers) {
      if (t.def.on !== 'act' || t.def.timing !== timing) continue;
      if (t.def.actions && !t.def.actions.includes(action.def.id)) continue;
      // reactors "target": the one the act is aimed at (a dodge, a parry, a defensive abort).
      const reactors = t.def.reactors === 'target' ? (target && target !== actor && !target.out ? [target] : []) : this.reactorsFor(t, actor);
      for (const r of reactors) {
        this.react(t, r, actor, actSeq, 0, { action: action.def.id, actor: actor.id, target: target?.id ?? null });
        if (actor.out) return;
      }
    }
  }

  private reactorsFor(t: CTrigger, by: Cmb): Cmb[] {
    return this.cmbs.filter((o) => {
      if (o === by || o.out) return false;
      if (t.def.reactors === 'enemies') return o.side !== by.side;
      if (t.def.reactors === 'allies') return o.side === by.side;
      if (t.def.reactors === 'target') return false;
      return true;
    });
  }

  /** A reaction out of turn. Returns whether it happened. */
  private react(t: CTrigger, reactor: Cmb, by: Cmb, eventSeq: number, depth: number, event: Record<string, unknown> = {}): boolean {
    if (t.perRound) {
      const limit = num(t.perRound(this.base({ reactor: reactor.view, actor: reactor.view })));
      if ((reactor.reactions.get(t.def.id) ?? 0) >= limit) return false;
    }
    if (!this.canSpend(reactor, t.uses)) return false;
    const maxDepth = this.rs.limits.reactionDepth ?? DEFAULT_LIMITS.reactionDepth;
    void depth;
    if (this.reactionDepth >= maxDepth) throw this.rs.evaluator.at(t.ptr, `reactions nested deeper than ${maxDepth} (limits.reactionDepth): trigger "${t.def.id}" keeps setting itself off`);
    const f: Frame = { actor: reactor, target: by, action: t.perform, local: {}, reaction: {}, defer: null, prefix: `r${this.round}.${reactor.id}.${t.def.id}`, depth: depth + 1, event };
    const s = this.summary();
    const data: Data = {
      round: this.round,
      phase: this.phase ?? null,
      step: this.step ?? null,
      options: this.rs.options,
      holder: this.holder,
      sides: this.sidesMap,
      sideList: s.sideList,
      standingSides: s.standingSides,
      lastStanding: s.lastStanding,
      best: s.best,
      everyone: this.everyone,
      reactor: reactor.view,
      actor: reactor.view,
      mover: by.view,
      target: by.view,
      distance: this.distance(reactor, by),
      action: t.perform?.view ?? null,
      event,
    };
    if (t.perform && !alwaysTrue(t.perform.requires) && !truthy(t.perform.requires(this.frameData(f)))) return false;
    const wanted = truthy(t.when(data));
    if (t.def.decide) {
      // An optional reaction is the reactor's choice: a labelled decision whose default is `when`.
      if (this.decide(`r${this.round}.${reactor.id}.${t.def.id}.${by.id}`, ['react', 'pass'], wanted ? 'react' : 'pass', reactor.id) !== 'react') return false;
    } else if (!wanted) return false;
    for (const [k, fn] of t.with) f.reaction[k] = fn(data);
    this.spend(reactor, t.uses);
    reactor.reactions.set(t.def.id, (reactor.reactions.get(t.def.id) ?? 0) + 1);
    this.countAct();
    if (t.perform) (reactor.view.done as string[]).push(t.perform.def.id);
    let actSeq = eventSeq;
    if (t.perform || t.uses.length) {
      actSeq = this.emit('act', { combatant: reactor.id, action: t.perform?.def.id ?? t.def.id, target: by.id, reaction: { trigger: t.def.id, to: eventSeq, by: by.id } }).seq;
    }
    this.reactionDepth++;
    try {
      // A reaction's act can itself be reacted to; reactionDepth bounds the chain.
      if (t.perform) this.fireActTriggers('before', reactor, t.perform, actSeq, by);
      if (!reactor.out) {
        if (t.perform) this.runEffects(t.perform.effects, f);
        this.runEffects(t.effects, f);
      }
      if (t.perform) this.fireActTriggers('after', reactor, t.perform, actSeq, by);
    } finally {
      this.reactionDepth--;
    }
    this.checkEnd();
    return true;
  }

  // ---------------------------------------------------------------- effects

  private runEffects(effects: CEffect[], f: Frame): void {
    for (const e of effects) e(f, this.effectApi);
  }

  private readonly effectApi = {
    data: (f: Frame) => this.frameData(f),
    setPrefix: (f: Frame) => {
      this.rs.evaluator.ctx.labelPrefix = f.prefix;
    },
    roll: (f: Frame, label: string, notation: string) => this.dice.roll(`${f.prefix}.${label}`, notation),
    damage: (f: Frame, who: 'self' | 'target', amount: number, stat: string) => {
      const target = who === 'self' ? f.actor : f.target;
      if (!target) return;
      if (f.defer) f.defer.push({ target, amount, stat, by: f.actor });
      else this.applyDamage(target, amount, stat, f.actor);
    },
    heal: (f: Frame, who: 'self' | 'target', amount: number, stat: string) => {
      const target = who === 'self' ? f.actor : f.target;
      if (!target) return;
      this.setView(target, stat, num(target.view[stat]) + amount);
      this.emit('damage', { target: target.id, amount: -amount, stat, value: target.view[stat], by: f.actor.id });
      this.recheckOut(target);
    },
    set: (f: Frame, who: 'self' | 'target', key: string, value: unknown, until: { moment: Moment; count: number } | null) => {
      const target = who === 'self' ? f.actor : f.target;
      if (!target) return;
      if (until) this.conditions.push({ id: `set:${key}`, owner: target, moment: this.ownTurn(until.moment, f), remaining: until.count, restore: { key, value: target.view[key] } });
      this.setView(target, key, value as Scalar);
      this.recheckOut(target);
    },
    condition: (f: Frame, who: 'self' | 'target', id: string, moment: Moment, count: number, then: CEffect[]) => {
      const target = who === 'self' ? f.actor : f.target;
      if (!target) return;
      this.conditions.push({ id, owner: target, moment: this.ownTurn(moment, f), remaining: count, ...(then.length ? { then: { effects: then, by: f.actor, target: f.target, prefix: `${f.prefix}.${id}` } } : {}) });
      (target.view.conditions as string[]).push(id);
      this.emit('condition', { target: target.id, condition: id, by: f.actor.id, ends: describeMoment(moment), rounds: count });
    },
    note: (f: Frame, text: string) => {
      this.emit('note', { combatant: f.actor.id, text });
    },
    adjust: (f: Frame, who: 'self' | 'target', key: string, by: number, until: { moment: Moment; count: number } | null) => {
      const target = who === 'self' ? f.actor : f.target;
      if (!target) return;
      this.setView(target, key, num(target.view[key]) + by);
      if (until) this.conditions.push({ id: `adjust:${key}`, owner: target, moment: this.ownTurn(until.moment, f), remaining: until.count, adjust: { key, by } });
      if (key === 'initiative') this.emit('initiative', { who: target.id, scope: 'combatant', value: target.view.initiative, adjusted: by });
      this.recheckOut(target);
    },
    hold: (f: Frame, spec: HoldSpec) => this.hold(f, spec),
  };

  /** `own-turn` means the turn of whoever started the effect. */
  private ownTurn(m: Moment, f: Frame): Moment {
    return m === 'own-turn' ? { turnOf: f.actor.id } : m;
  }

  private applyDamage(target: Cmb, amount: number, stat: string, by: Cmb): void {
    const wasOut = target.out;
    this.setView(target, stat, num(target.view[stat]) - amount);
    this.emit('damage', { target: target.id, amount, stat, value: target.view[stat], by: by.id });
    const bySide = this.sideById.get(by.side)!;
    const tSide = this.sideById.get(target.side)!;
    if (by.side !== target.side) bySide.view.damageDealt = num(bySide.view.damageDealt) + amount;
    tSide.view.damageTaken = num(tSide.view.damageTaken) + amount;
    this.sideSummary = null;
    this.recheckOut(target);
    if (!wasOut && target.out && by.side !== target.side) {
      bySide.view.downed = num(bySide.view.downed) + 1;
      this.sideSummary = null;
    }
    const seq = this.seq - 1;
    for (const t of this.rs.triggers) {
      if (t.def.on !== 'damage' || amount <= 0) continue;
      const reactors = t.def.reactors === 'target' ? [target] : this.reactorsFor(t, by).filter((r) => r !== target || t.def.reactors === 'others');
      for (const r of reactors) if (!r.out) this.react(t, r, t.def.reactors === 'target' ? by : target, seq, 0, { amount, by: by.id, target: target.id, stat });
    }
  }

  private recheckOut(c: Cmb): void {
    const out = truthy(this.rs.out(this.actorData(c.view)));
    if (out && !c.out) {
      c.out = true;
      this.sideById.get(c.side)!.standing--;
      this.touchLine();
      this.emit('down', { combatant: c.id });
    } else if (!out && c.out) {
      c.out = false;
      this.sideById.get(c.side)!.standing++;
      this.touchLine();
    }
    this.refreshSideViews();
  }

  private expire(moment: Moment): void {
    const key = describeMoment(moment);
    const ending: Condition[] = [];
    const keep: Condition[] = [];
    for (const cond of this.conditions) {
      if (describeMoment(cond.moment) === key && --cond.remaining <= 0) ending.push(cond);
      else keep.push(cond);
    }
    // Settle the list first: effects of an ending condition may start new ones.
    this.conditions = keep;
    for (const cond of ending) {
      if (cond.adjust) {
        this.setView(cond.owner, cond.adjust.key, num(cond.owner.view[cond.adjust.key]) - cond.adjust.by);
        this.recheckOut(cond.owner);
        continue;
      }
      if (cond.restore) {
        this.setView(cond.owner, cond.restore.key, cond.restore.value);
        this.recheckOut(cond.owner);
        continue;
      }
      const list = cond.owner.view.conditions as string[];
      const i = list.indexOf(cond.id);
      if (i >= 0) list.splice(i, 1);
      this.emit('condition', { target: cond.owner.id, condition: cond.id, ended: true });
      if (cond.then && !cond.then.by.out) {
        const f: Frame = { actor: cond.then.by, target: cond.then.target, action: null, local: {}, reaction: {}, defer: null, prefix: cond.then.prefix, depth: 0 };
        this.runEffects(cond.then.effects, f);
      }
    }
  }

  // ---------------------------------------------------------------- end

  private checkEnd(): void {
    if (this.ended) throw new CombatEnded();
    const data = this.baseData();
    for (const e of this.rs.end) {
      if (!truthy(e.when(data))) continue;
      const w = e.winner(data);
      this.ended = { winner: typeof w === 'string' && this.sideById.has(w) ? w : null, reason: e.def.reason };
      throw new CombatEnded();
    }
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Each stat with its default, read once per compiled ruleset (every combat of a simulation sets them up). */
const STAT_DEFAULTS = new WeakMap<CompiledRuleset, Array<[string, unknown]>>();
function statDefaults(rs: CompiledRuleset): Array<[string, unknown]> {
  let list = STAT_DEFAULTS.get(rs);
  if (!list) {
    list = Object.entries(rs.def.combatant.stats).map(([stat, sd]) => [stat, sd.default ?? 0] as [string, unknown]);
    STAT_DEFAULTS.set(rs, list);
  }
  return list;
}

/** `fn` is an absent optional expression whose value is truthy: no need to build its data. */
function alwaysTrue(fn: Fn): boolean {
  const k = constantOf(fn);
  return k !== undefined && truthy(k.value);
}

/** `fn` is an absent optional expression whose value is falsy. */
function alwaysFalse(fn: Fn): boolean {
  const k = constantOf(fn);
  return k !== undefined && !truthy(k.value);
}

export function describeMoment(m: Moment): string {
  if (typeof m === 'string') return m;
  return 'phase' in m ? `phase:${m.phase}` : `turn:${m.turnOf}`;
}

export function runCombat(rs: CompiledRuleset, encounter: Encounter, opts: RunOptions): RunResult {
  return new Engine(rs, encounter, opts).run();
}

export type { Ruleset };
export type { CompiledOrdering };
