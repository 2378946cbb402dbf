/**
 * The timeline's view model: a run's events (the trace, schemas/trace.schema.json) grouped as
 * rounds → turns → phases → steps → acts. Simultaneous actors form ONE group; a reaction sits
 * under the act (or move) that set it off; rolls, decisions, damage, moves and downs sit under
 * the act they belong to (found by the actor named in their label, `by` or `combatant`), or stand
 * on their own where no act claims them. Pure: no Svelte, no DOM, no rules logic.
 */
import type { TraceEvent } from '../../../interpreter/index.js';
import { detailOf, labelActor } from './timeline/details.js';
import type { ActNode, Detail, PhaseView, RoundView, StepView, TimelineModel, TurnView } from './timeline/types.js';

export type * from './timeline/types.js';
export { labelActor } from './timeline/details.js';
export { compareTimelines, describePosition, type ActMark, type ActPosition } from './timeline/compare.js';

export function buildTimeline(events: readonly TraceEvent[]): TimelineModel {
  const model: TimelineModel = {
    ruleset: null,
    version: null,
    overlays: [],
    encounter: null,
    seed: null,
    sides: [],
    sideOf: {},
    rounds: [],
    end: null,
    warnings: [],
    acts: [],
  };
  const combatants = new Set<string>();
  let round: RoundView | null = null;
  let turn: TurnView | null = null;
  let phase: PhaseView | null = null;
  let step: StepView | null = null;
  /** Acts of the current step (reactions included), newest last: the candidates owning a detail. */
  let stepActs: ActNode[] = [];
  /** Who last damaged a combatant in this step: their down goes under that act. */
  let lastHit = new Map<string, ActNode>();
  /** seq of an act or of a detail → the act it belongs to (where reactions hang). */
  const ownerOfSeq = new Map<number, ActNode>();
  /** Occurrences of round:actor:action, for stable keys. */
  const occurrences = new Map<string, number>();

  const ensureRound = (n: number): RoundView => {
    if (!round || round.round !== n) {
      round = { round: n, surprise: n === 0, pre: [], turns: [] };
      model.rounds.push(round);
      turn = null;
      phase = null;
      step = null;
    }
    return round;
  };
  const resetStep = () => {
    stepActs = [];
    lastHit = new Map();
  };
  const ensureTurn = (r: RoundView): TurnView => {
    if (!turn) {
      turn = { who: null, continued: false, pre: [], phases: [] };
      r.turns.push(turn);
    }
    return turn;
  };
  const ensurePhase = (r: RoundView, id: string): PhaseView => {
    if (!phase || phase.id !== id) {
      phase = { id, pre: [], steps: [], continued: true };
      ensureTurn(r).phases.push(phase);
      step = null;
      resetStep();
    }
    return phase;
  };
  const ensureStep = (r: RoundView, phaseId: string, id: string): StepView => {
    const p = ensurePhase(r, phaseId);
    if (!step || step.id !== id) {
      step = { id, items: [] };
      p.steps.push(step);
      resetStep();
    }
    return step;
  };
  const loose = (r: RoundView, d: Detail) => {
    if (step) step.items.push({ kind: 'detail', detail: d });
    else if (phase) phase.pre.push(d);
    else if (turn) turn.pre.push(d);
    else r.pre.push(d);
  };
  const actOf = (who: string | null | undefined): ActNode | undefined => {
    if (!who) return undefined;
    for (let i = stepActs.length - 1; i >= 0; i--) if (stepActs[i]!.actor === who) return stepActs[i];
    return undefined;
  };
  const attach = (r: RoundView, d: Detail, owner: ActNode | undefined) => {
    if (owner) {
      owner.details.push(d);
      ownerOfSeq.set(d.seq, owner);
    } else loose(r, d);
  };

  for (const e of events) {
    switch (e.type) {
      case 'combat.start': {
        model.ruleset = e.ruleset;
        model.version = e.version;
        model.overlays = [...e.overlays];
        model.encounter = e.encounter;
        model.seed = e.seed;
        model.sides = e.sides.map((s, index) => ({ id: s.id, index, combatants: [...s.combatants] }));
        for (const s of model.sides)
          for (const c of s.combatants) {
            model.sideOf[c] = s.index;
            combatants.add(c);
          }
        break;
      }
      case 'round.start':
        ensureRound(e.round);
        resetStep();
        break;
      case 'turn.start': {
        const r = ensureRound(e.round);
        turn = { who: [...e.who], continued: !!e.continued, pre: [], phases: [] };
        r.turns.push(turn);
        phase = null;
        step = null;
        resetStep();
        break;
      }
      case 'phase.start': {
        const r = ensureRound(e.round);
        phase = { id: e.phase, pre: [], steps: [], continued: false };
        ensureTurn(r).phases.push(phase);
        step = null;
        resetStep();
        break;
      }
      case 'step.start': {
        const r = ensureRound(e.round);
        const p = ensurePhase(r, e.phase);
        step = { id: e.step, items: [] };
        p.steps.push(step);
        resetStep();
        break;
      }
      case 'act': {
        const r = ensureRound(e.round);
        const s = ensureStep(r, e.phase, e.step);
        const actor = e.combatant;
        const action = e.action;
        const occKey = `${e.round}:${actor}:${action}`;
        const n = (occurrences.get(occKey) ?? 0) + 1;
        occurrences.set(occKey, n);
        const node: ActNode = {
          seq: e.seq,
          round: e.round,
          turn: e.turn ?? null,
          phase: e.phase,
          step: e.step,
          actor,
          action,
          target: e.target,
          group: e.group ?? null,
          reaction: e.reaction ? { trigger: e.reaction.trigger, by: e.reaction.by, to: e.reaction.to } : null,
          details: [],
          reactions: [],
          key: `r${e.round}:${actor}:${action}${n > 1 ? `#${n}` : ''}`,
        };
        model.acts.push(node);
        ownerOfSeq.set(node.seq, node);
        const parent = node.reaction ? ownerOfSeq.get(node.reaction.to) : undefined;
        if (parent) parent.reactions.push(node);
        else if (node.group) {
          const last = s.items[s.items.length - 1];
          if (last && last.kind === 'group' && last.id === node.group) last.acts.push(node);
          else s.items.push({ kind: 'group', id: node.group, acts: [node] });
        } else s.items.push({ kind: 'act', act: node });
        stepActs.push(node);
        break;
      }
      case 'roll':
      case 'decision': {
        const r = ensureRound(e.round);
        const d = detailOf(e)!;
        const who = labelActor(e.label, combatants);
        attach(r, d, actOf(who));
        break;
      }
      case 'damage': {
        const r = ensureRound(e.round);
        const d = detailOf(e)!;
        const owner = actOf(e.by) ?? (e.by ? undefined : stepActs[stepActs.length - 1]);
        if (owner) lastHit.set(e.target, owner);
        attach(r, d, owner);
        break;
      }
      case 'down': {
        const r = ensureRound(e.round);
        const who = e.combatant;
        attach(r, detailOf(e)!, lastHit.get(who) ?? actOf(who) ?? stepActs[stepActs.length - 1]);
        break;
      }
      case 'move':
      case 'note': {
        const r = ensureRound(e.round);
        attach(r, detailOf(e)!, actOf(e.combatant) ?? stepActs[stepActs.length - 1]);
        break;
      }
      case 'condition': {
        const r = ensureRound(e.round);
        attach(r, detailOf(e)!, actOf(e.by) ?? (step ? actOf(e.target) : undefined));
        break;
      }
      case 'initiative': {
        const r = ensureRound(e.round);
        attach(r, detailOf(e)!, step ? (actOf(e.who) ?? stepActs[stepActs.length - 1]) : undefined);
        break;
      }
      case 'skip':
      case 'declare': {
        const r = ensureRound(e.round);
        loose(r, detailOf(e)!);
        break;
      }
      case 'warning': {
        model.warnings.push(e.message);
        if (model.rounds.length) loose(ensureRound(e.round), detailOf(e)!);
        break;
      }
      case 'combat.end':
        model.end = { round: e.round, winner: e.winner, reason: e.reason };
        break;
      default:
        break;
    }
  }
  prune(model);
  return model;
}

/** Phases, steps and continued turns in which nothing happened are left out (as in the CLI's timeline). */
function prune(model: TimelineModel): void {
  for (const r of model.rounds) {
    for (const t of r.turns) {
      for (const p of t.phases) p.steps = p.steps.filter((s) => s.items.length > 0);
      t.phases = t.phases.filter((p) => p.pre.length > 0 || p.steps.length > 0);
    }
    // A continued turn (an interrupted one resumed) with nothing left to do shows nothing.
    r.turns = r.turns.filter((t) => t.pre.length > 0 || t.phases.length > 0 || (t.who !== null && !t.continued));
  }
}

/** Every roll and decision label in the run (for pins that never came up). */
export function labelsOf(events: readonly TraceEvent[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) if (e.type === 'roll' || e.type === 'decision') out.add(e.label);
  return out;
}

/** Check a pinned roll value: a total ("7") or single dice ("3,4"). */
export function parseRollPin(text: string): string | null {
  const t = text.trim().replace(/\s+/g, '');
  if (/^-?\d+$/.test(t)) return t;
  if (/^\d+(,\d+)+$/.test(t)) return t;
  return null;
}

/** The pinned dice and decisions of a variant. */
export interface Pins {
  rolls: Record<string, string>;
  choices: Record<string, string>;
}
/** Pin a roll or decision (value null: unpin). */
export type PinFn = (kind: 'roll' | 'choice', label: string, value: string | null) => void;

/** What followed an act, in the order it happened: its details and the reactions it set off. */
export function actEntries(
  act: ActNode,
): Array<{ kind: 'detail'; seq: number; detail: Detail } | { kind: 'reaction'; seq: number; act: ActNode }> {
  return [
    ...act.details.map((detail) => ({ kind: 'detail' as const, seq: detail.seq, detail })),
    ...act.reactions.map((r) => ({ kind: 'reaction' as const, seq: r.seq, act: r })),
  ].sort((x, y) => x.seq - y.seq);
}
