/** The flow of a combat: rounds, turns (of sides, of combatants, or of everyone), phases, and the end. */
import { truthy } from '../compile/evaluator.js';
import { alwaysTrue } from '../compile/constants.js';
import type { CPhase } from '../compile/types.js';
import type { Engine } from './engine.js';
import { pauseByHost } from './host-ops.js';
import { repeatAfter } from './repeat.js';
import { turnQueueMethods } from './turn-queue.js';
import type { Cmb, RunResult } from './types.js';

/** Thrown to unwind when the fight ends. Not an Error: no stack trace is captured (it is thrown once per combat). */
export class CombatEnded {}

function run(this: Engine): RunResult {
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

function playRound(this: Engine): void {
  this.phase = this.step = this.turn = undefined;
  this.actsThisRound = 0;
  this.decls = [];
  // Cleared only when not empty: clear() gives a set a new table even when it holds nothing.
  if (this.endedTurn.size) this.endedTurn.clear();
  if (this.resuming.size) this.resuming.clear();
  if (this.turnPlayed.size) this.turnPlayed.clear();
  for (const c of this.cmbs) {
    c.slots = this.roundSlots(c);
    if (c.reactions.size) c.reactions.clear();
    c.view.plan = [];
    c.view.doneLastRound = c.view.done ?? [];
    c.view.done = [];
    c.view.moved = 0;
    c.view.engagedAtRoundStart = this.isEngaged(c);
  }
  this.historyRoundStart();
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
  this.runMoments('round-start');
  this.rollInitiative();
  for (const c of this.cmbs) c.view.initiativeAtRoundStart = c.view.initiative;
  // The surprise round: only those it names act.
  if (this.round === 0 && this.rs.surprise) {
    for (const c of this.cmbs) if (!truthy(this.rs.surprise.who(this.actorProbe(c.view)))) this.endedTurn.add(c);
  }
  this.rs.declare.time.roundStart(this);
  this.rs.turnMode.playTurns(this);
  // Held turns that resume at the very end of the round, in initiative order.
  this.resumeAtRoundEnd();
  if (this.rs.finally.length) {
    const everyone = new Set(this.cmbs);
    for (const phase of this.rs.finally) this.playPhase(phase, everyone);
  }
  this.phase = this.step = this.turn = undefined;
  this.runMoments('round-end');
  // Temporary adjustments end first: "highest + 1" for a held-over delayer counts without them.
  this.expire('round-end');
  this.expireHolds();
  this.emit('round.end');
  this.checkEnd();
}

/** One turn: the given combatants play every phase (a side's turn, a combatant's, or everyone's). */
function playTurn(this: Engine, members: Set<Cmb>, who: string[] | null): void {
  const outerPhase = this.phase;
  const outerStep = this.step;
  const outerTurn = this.turn;
  const outerPasses = this.passes;
  if (who) {
    // One member (a combatant's turn): its id itself, the string join would give.
    this.turn = who.length === 1 ? who[0]! : who.join('+');
    this.phase = this.step = undefined;
    // A run that does not keep turn starts (a record-only one) takes the event's number only, without its fields.
    if (this.keeps('turn.start')) this.emit('turn.start', { who });
    else this.seq++;
    this.historyTurnStart(members);
    this.refreshOwnTurnSlots(members);
    this.loseCarriedHolds(members);
    if (this.conditions.length) for (const c of members) this.expire({ turnOf: c.id });
    if (this.opts.host) pauseByHost(this, 'turn', who);
  }
  const phases = this.rs.phaseChoice ? this.rs.phases.slice() : this.rs.phases;
  let chosen = false;
  // `pass` in expressions: this turn's repetitions + 1 (never counted up without round.repeat: one shared zero then).
  const repeated = this.rs.repeat ? { n: 0 } : NO_REPEATS;
  this.passes = repeated;
  for (let i = 0; i < phases.length; i++) {
    if (allEnded(this, members)) break;
    if (!chosen && who && this.rs.phaseChoice?.phases.has(phases[i]!.def.id)) {
      chosen = true;
      this.choosePhaseOrder(phases, i, who);
    }
    this.playPhase(phases[i]!, members);
    i = repeatAfter(this, phases, i, members, repeated);
  }
  if (who) this.expireTurnEnd(members);
  this.phase = outerPhase;
  this.step = outerStep;
  this.turn = outerTurn;
  this.passes = outerPasses;
  // A turn played inside another (a held action stepping in): say where the other goes on.
  if (who && outerTurn !== undefined) this.emit('turn.start', { who: outerTurn.split('+'), continued: true });
}

/**
 * The repetitions of a turn when the ruleset repeats no phases: shared, since run/repeat.ts counts
 * only with round.repeat (not frozen: a frozen object would give engine.passes a second shape).
 */
const NO_REPEATS = { n: 0 };

/** Whether every member's turn has ended (no copy of the set: this is asked before each phase). */
function allEnded(eng: Engine, members: Set<Cmb>): boolean {
  for (const c of members) if (!eng.endedTurn.has(c)) return false;
  return true;
}

function playPhase(this: Engine, phase: CPhase, members: Set<Cmb>): void {
  if (!alwaysTrue(phase.when) && !truthy(phase.when(this.baseProbe()))) return;
  const id = phase.def.id;
  this.phase = id;
  this.step = undefined;
  this.emit('phase.start');
  if (this.conditions.length) this.expire(phaseExpiry(phase));
  // Those taking part: the members whose turn has not ended (the same set when none has).
  let active = members;
  if (this.endedTurn.size) {
    active = new Set<Cmb>();
    for (const c of members) if (!this.endedTurn.has(c)) active.add(c);
  }
  this.rs.declare.time.phaseStart(this, active, id);
  const steps = phase.steps;
  for (let i = 0; i < steps.length; i++) this.playStep(steps[i]!, active);
  this.step = undefined;
  // By index: a skip's event adds no declaration (nothing here pushes to decls while it is read).
  const decls = this.decls;
  for (let i = 0; i < decls.length; i++) {
    const d = decls[i]!;
    if (!d.done && d.phase === id && active.has(d.c) && !this.endedTurn.has(d.c)) {
      d.done = true;
      this.emit('skip', { combatant: d.c.id, action: d.action.def.id, reason: 'no step of this phase selects it' });
    }
  }
  if (this.rs.moments.size) this.runMoments(phaseMoment(phase));
}

/**
 * `phase:<id>`, the moment at a phase's end, made once per compiled phase (a WeakMap: phase ids
 * come from documents, and a long-lived editor compiles many rulesets).
 */
const PHASE_MOMENTS = new WeakMap<CPhase, string>();
function phaseMoment(phase: CPhase): string {
  let m = PHASE_MOMENTS.get(phase);
  if (m === undefined) PHASE_MOMENTS.set(phase, (m = `phase:${phase.def.id}`));
  return m;
}

/**
 * `{ phase: <id> }`, the moment conditions lasting until a phase end at, made once per compiled
 * phase (expire only compares it, never keeps or changes it).
 */
const PHASE_EXPIRIES = new WeakMap<CPhase, { phase: string }>();
function phaseExpiry(phase: CPhase): { phase: string } {
  let m = PHASE_EXPIRIES.get(phase);
  if (m === undefined) PHASE_EXPIRIES.set(phase, (m = { phase: phase.def.id }));
  return m;
}

/**
 * round.phaseChoice: when a turn reaches the first of the phases whose order is chosen, whoever's
 * turn it is chooses which comes first; the chosen one takes that place, the others follow in order.
 */
function choosePhaseOrder(this: Engine, phases: CPhase[], at: number, who: string[]): void {
  const pc = this.rs.phaseChoice!;
  const slots: number[] = [];
  phases.forEach((p, i) => {
    if (i >= at && pc.phases.has(p.def.id)) slots.push(i);
  });
  const options = slots.map((i) => phases[i]!.def.id);
  const fallback = options.includes(pc.def.default) ? pc.def.default : options[0]!;
  const by = who.join('+');
  const first = this.decide(`r${this.round}.${by}.${pc.def.id}`, options, fallback, by);
  const inOrder = slots.map((i) => phases[i]!);
  const ordered = [...inOrder.filter((p) => p.def.id === first), ...inOrder.filter((p) => p.def.id !== first)];
  slots.forEach((slot, k) => {
    phases[slot] = ordered[k]!;
  });
}

/** The fight ends when an end condition holds: unwinds the run. */
function checkEnd(this: Engine): void {
  if (this.ended) throw new CombatEnded();
  const data = this.baseProbe();
  for (const e of this.rs.end) {
    if (!truthy(e.when(data))) continue;
    const w = e.winner(data);
    this.ended = { winner: typeof w === 'string' && this.sideById.has(w) ? w : null, reason: e.def.reason };
    throw new CombatEnded();
  }
}

export const roundMethods = {
  run,
  playRound,
  playTurn,
  choosePhaseOrder,
  playPhase,
  ...turnQueueMethods,
  checkEnd,
};
