/**
 * The timeline's view model: a run's events (the trace, schemas/trace.schema.json) grouped as
 * rounds → turns → phases → steps → acts. Simultaneous actors form ONE group; a reaction sits
 * under the act (or move) that set it off; rolls, decisions, damage, moves and downs sit under
 * the act they belong to (found by the actor named in their label, `by` or `combatant`), or stand
 * on their own where no act claims them. Pure: no Svelte, no DOM, no rules logic.
 */
import { type TraceEvent, initiativeLine } from '../../../interpreter/index.js';

export interface SideInfo {
  id: string;
  /** Place in the encounter's side order, from 0 (picks the colour). */
  index: number;
  combatants: string[];
}

interface DetailBase {
  seq: number;
  /** One readable line (for plain rendering, tests and screen readers). */
  text: string;
}
export type Detail =
  | (DetailBase & { kind: 'roll'; label: string; expr: string; dice: number[]; total: number; pinned: boolean })
  | (DetailBase & { kind: 'decision'; label: string; options: string[]; chosen: string; by: string | null; pinned: boolean })
  | (DetailBase & { kind: 'damage'; target: string; amount: number; stat: string | null; value: number | null; by: string | null })
  | (DetailBase & { kind: 'down'; combatant: string })
  | (DetailBase & { kind: 'move'; combatant: string; from: number; to: number })
  | (DetailBase & { kind: 'note'; combatant: string | null })
  | (DetailBase & { kind: 'condition'; target: string; condition: string; ended: boolean })
  | (DetailBase & { kind: 'initiative'; who: string; value: number | null })
  | (DetailBase & { kind: 'skip'; combatant: string; action: string; reason: string })
  | (DetailBase & { kind: 'declare'; combatant: string; action: string; target: string | null })
  | (DetailBase & { kind: 'warning' });

export interface ActNode {
  seq: number;
  round: number;
  turn: string | null;
  phase: string;
  step: string;
  actor: string;
  action: string;
  target: string | null;
  /** Shared by the members of a simultaneous group. */
  group: string | null;
  /** Present for a reaction out of turn. */
  reaction: { trigger: string; by: string; to: number } | null;
  details: Detail[];
  /** Reactions this act (or its move) set off, in the order they happened. */
  reactions: ActNode[];
  /** Stable identity across two runs: round, actor, action and occurrence. */
  key: string;
}

export type Item = { kind: 'act'; act: ActNode } | { kind: 'group'; id: string; acts: ActNode[] } | { kind: 'detail'; detail: Detail };

export interface StepView {
  id: string;
  items: Item[];
}
export interface PhaseView {
  id: string;
  /** Declarations and decisions before the first step. */
  pre: Detail[];
  steps: StepView[];
  /** The phase goes on after another turn played inside it. */
  continued: boolean;
}
export interface TurnView {
  /** Whose turn; null for rounds without turns (everyone plays each phase). */
  who: string[] | null;
  continued: boolean;
  pre: Detail[];
  phases: PhaseView[];
}
export interface RoundView {
  round: number;
  /** Round 0: the surprise round. */
  surprise: boolean;
  /** Initiative, declarations and decisions before the first turn or phase. */
  pre: Detail[];
  turns: TurnView[];
}
export interface TimelineModel {
  ruleset: string | null;
  version: string | null;
  overlays: string[];
  encounter: string | null;
  seed: number | null;
  sides: SideInfo[];
  /** Combatant id → side index. */
  sideOf: Record<string, number>;
  rounds: RoundView[];
  end: { round: number; winner: string | null; reason: string } | null;
  warnings: string[];
  /** Every act (reactions included) in the order they happened. */
  acts: ActNode[];
}

const arrow = (t: string | null) => (t ? ` → ${t}` : '');

/** The actor a label names: `r2.elf.shoot.attack` → elf (only when elf is a combatant). */
export function labelActor(label: string, combatants: ReadonlySet<string>): string | null {
  const m = /^r\d+\.(.+)$/.exec(label);
  if (!m) return null;
  // Combatant ids may hold dots in principle: take the longest known prefix.
  const rest = m[1]!.split('.');
  for (let n = rest.length - 1; n >= 1; n--) {
    const cand = rest.slice(0, n).join('.');
    if (combatants.has(cand)) return cand;
  }
  return null;
}

function detailOf(e: TraceEvent): Detail | null {
  const seq = e.seq;
  switch (e.type) {
    case 'roll': {
      const { label, expr, dice, total } = e;
      return {
        kind: 'roll',
        seq,
        label,
        expr,
        dice,
        total,
        pinned: !!e.pinned,
        text: `⚄ ${label} = ${total} (${expr}: ${dice.join(',')})${e.pinned ? ' pinned' : ''}`,
      };
    }
    case 'decision': {
      const { label, options, chosen, by } = e;
      return {
        kind: 'decision',
        seq,
        label,
        options,
        chosen,
        by,
        pinned: !!e.pinned,
        text: `⚖ ${label} = ${chosen} (${options.join(' | ')}; by ${by})`,
      };
    }
    case 'damage': {
      const { target, amount: n, stat, value, by } = e;
      const text = n >= 0 ? `${target} takes ${n} ${stat} (now ${value})` : `${target} regains ${-n} ${stat} (now ${value})`;
      return { kind: 'damage', seq, target, amount: n, stat, value, by, text };
    }
    case 'down':
      return { kind: 'down', seq, combatant: e.combatant, text: `✝ ${e.combatant} is out of the fight` };
    case 'move':
      return { kind: 'move', seq, combatant: e.combatant, from: e.from, to: e.to, text: `${e.combatant} moves ${e.from} → ${e.to} ft` };
    case 'note':
      return { kind: 'note', seq, combatant: e.combatant, text: `“${e.text}”` };
    case 'condition':
      return {
        kind: 'condition',
        seq,
        target: e.target,
        condition: e.condition,
        ended: !!e.ended,
        text: e.ended ? `${e.target}: ${e.condition} ends` : `${e.target}: ${e.condition} until ${e.ends} (${e.rounds} round(s))`,
      };
    case 'initiative':
      return { kind: 'initiative', seq, who: e.who, value: e.value, text: initiativeLine(e) };
    case 'skip':
      return {
        kind: 'skip',
        seq,
        combatant: e.combatant,
        action: e.action,
        reason: e.reason,
        text: `✗ ${e.combatant} ${e.action} skipped: ${e.reason}`,
      };
    case 'declare':
      return {
        kind: 'declare',
        seq,
        combatant: e.combatant,
        action: e.action,
        target: e.target,
        text: `declare ${e.combatant}: ${e.action}${arrow(e.target)} (for ${e.for})${e.scripted ? ' [script]' : ''}`,
      };
    case 'warning':
      return { kind: 'warning', seq, text: `warning: ${e.message}` };
    default:
      return null;
  }
}

/** Build the view model of a run. */
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

/** Phases and steps in which nothing happened are left out (as in the CLI's timeline). */
function prune(model: TimelineModel): void {
  for (const r of model.rounds) {
    for (const t of r.turns) {
      for (const p of t.phases) p.steps = p.steps.filter((s) => s.items.length > 0);
      t.phases = t.phases.filter((p) => p.pre.length > 0 || p.steps.length > 0);
    }
    r.turns = r.turns.filter((t) => t.who !== null || t.pre.length > 0 || t.phases.length > 0);
  }
}

/** Every roll and decision label in the run (for pins that never came up). */
export function labelsOf(events: readonly TraceEvent[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) if (e.type === 'roll' || e.type === 'decision') out.add(e.label);
  return out;
}

// ───────────────────────── comparing two runs ─────────────────────────

/** Where an act happened, as compared between two runs. */
export interface ActPosition {
  round: number;
  /** Place of its turn among the turns both runs have (null without turns). */
  turn: number | null;
  turnOf: string | null;
  phase: string;
  step: string;
  /** Place in its step among the acts (a simultaneous group counting once) both runs have. */
  index: number;
  group: string | null;
}

export type ActMark = { kind: 'moved'; here: ActPosition; there: ActPosition } | { kind: 'only' };

export function describePosition(p: ActPosition): string {
  const turn = p.turnOf ? ` · turn of ${p.turnOf}` : '';
  return `round ${p.round}${turn} · ${p.phase} › ${p.step} #${p.index + 1}`;
}

interface Located {
  act: ActNode;
  turnKey: string | null;
}

function locateActs(model: TimelineModel): Located[] {
  const out: Located[] = [];
  for (const r of model.rounds) {
    const turnCount = new Map<string, number>();
    for (const t of r.turns) {
      let turnKey: string | null = null;
      if (t.who) {
        const k = `r${r.round}:${t.who.join('+')}`;
        const n = (turnCount.get(k) ?? 0) + 1;
        turnCount.set(k, n);
        turnKey = `${k}#${n}`;
      }
      const visit = (a: ActNode) => {
        out.push({ act: a, turnKey });
        a.reactions.forEach(visit);
      };
      for (const p of t.phases)
        for (const s of p.steps)
          for (const it of s.items) {
            if (it.kind === 'act') visit(it.act);
            else if (it.kind === 'group') it.acts.forEach(visit);
          }
    }
  }
  return out;
}

function positions(located: Located[], shared: Set<string>, sharedTurns: Set<string>): Map<string, ActPosition> {
  const out = new Map<string, ActPosition>();
  // Turn ranks among the turns both runs have.
  const turnRank = new Map<string, number>();
  const seenTurns: string[] = [];
  for (const l of located) if (l.turnKey && !seenTurns.includes(l.turnKey)) seenTurns.push(l.turnKey);
  const perRound = new Map<string, number>();
  for (const k of seenTurns) {
    if (!sharedTurns.has(k)) continue;
    const r = k.split(':')[0]!;
    const n = perRound.get(r) ?? 0;
    turnRank.set(k, n);
    perRound.set(r, n + 1);
  }
  // Slots within each step (by turn, phase, step) in the order the acts happened.
  const byStep = new Map<string, Located[]>();
  for (const l of located) {
    const k = `${l.act.round}|${l.turnKey ?? ''}|${l.act.phase}|${l.act.step}`;
    if (!byStep.has(k)) byStep.set(k, []);
    byStep.get(k)!.push(l);
  }
  for (const list of byStep.values()) {
    list.sort((a, b) => a.act.seq - b.act.seq);
    let index = -1;
    let lastSlot: string | null = null;
    for (const l of list) {
      const slot = l.act.group && !l.act.reaction ? `g:${l.act.group}` : `a:${l.act.seq}`;
      if (shared.has(l.act.key) && slot !== lastSlot) {
        index++;
        lastSlot = slot;
      }
      out.set(l.act.key, {
        round: l.act.round,
        turn: l.turnKey !== null ? (turnRank.get(l.turnKey) ?? null) : null,
        turnOf: l.turnKey ? l.turnKey.split(':')[1]!.replace(/#\d+$/, '') : null,
        phase: l.act.phase,
        step: l.act.step,
        index: Math.max(0, index),
        group: l.act.group,
      });
    }
  }
  return out;
}

const samePlace = (a: ActPosition, b: ActPosition) =>
  a.round === b.round && a.turn === b.turn && a.phase === b.phase && a.step === b.step && a.index === b.index;

/**
 * Compare two runs act by act. An act is matched by round, actor, action and occurrence; it has
 * moved when its turn (among the turns both runs have), phase, step or place in the step (among
 * the acts both runs have) differ. Acts only one run has are marked `only`.
 */
export function compareTimelines(
  a: TimelineModel,
  b: TimelineModel,
): { a: Map<string, ActMark>; b: Map<string, ActMark>; moved: string[] } {
  const la = locateActs(a);
  const lb = locateActs(b);
  const keysA = new Set(la.map((l) => l.act.key));
  const keysB = new Set(lb.map((l) => l.act.key));
  const shared = new Set([...keysA].filter((k) => keysB.has(k)));
  const turnsA = new Set(la.map((l) => l.turnKey).filter((k): k is string => !!k));
  const turnsB = new Set(lb.map((l) => l.turnKey).filter((k): k is string => !!k));
  const sharedTurns = new Set([...turnsA].filter((k) => turnsB.has(k)));
  const pa = positions(la, shared, sharedTurns);
  const pb = positions(lb, shared, sharedTurns);
  const marksA = new Map<string, ActMark>();
  const marksB = new Map<string, ActMark>();
  const moved: string[] = [];
  for (const k of keysA) {
    if (!shared.has(k)) {
      marksA.set(k, { kind: 'only' });
      continue;
    }
    const x = pa.get(k)!;
    const y = pb.get(k)!;
    if (!samePlace(x, y)) {
      moved.push(k);
      marksA.set(k, { kind: 'moved', here: x, there: y });
      marksB.set(k, { kind: 'moved', here: y, there: x });
    }
  }
  for (const k of keysB) if (!shared.has(k)) marksB.set(k, { kind: 'only' });
  return { a: marksA, b: marksB, moved };
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
