/**
 * Comparing the timelines of two runs: each act's place (round, turn, phase, step, index among
 * what both runs have), and which acts moved or happen in one run only.
 */
import type { ActNode, TimelineModel } from './types.js';

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
