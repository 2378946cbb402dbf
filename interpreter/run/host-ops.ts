/**
 * What the engine does for its host (run/host.ts), kept out of the engine class: the
 * declaration question, pause points, a referee's interventions and the tracker's snapshot.
 * Only runs with a host reach this file.
 */
import { num, truthy } from '../compile/evaluator.js';
import type { CompiledRuleset } from '../compile/types.js';
import { untilText } from '../trace/until.js';
import { describeMoment } from './conditions.js';
import type { Engine } from './engine.js';
import type { Cmb, ConditionMoment } from './types.js';
import { initHistory } from './history.js';
import type { CombatantState, DeclarationOption, DeclarationAsk, EngineHost, HostOps, Intervention, TrackerSnapshot } from './host.js';

/** Counters of host labels (declarations, pauses) per engine, for `#n` suffixes. */
const HOST_LABELS = new WeakMap<Engine, Map<string, number>>();

/** Give the host its dice hook and its operations. */
export function attachHost(e: Engine, host: EngineHost): void {
  e.dice.answer = (label, notation) => {
    host.at(label);
    return host.roll({ label, notation });
  };
  host.attach(hostOps(e));
}

/** A host label, with `#2`, `#3`… when the same question comes again in a run. */
function hostLabel(e: Engine, asked: string): string {
  let counts = HOST_LABELS.get(e);
  if (!counts) HOST_LABELS.set(e, (counts = new Map()));
  const n = (counts.get(asked) ?? 0) + 1;
  counts.set(asked, n);
  return n === 1 ? asked : `${asked}#${n}`;
}

/**
 * The declaration question of one combatant in one phase (label `r<round>.<phase>.declare.<id>`).
 * Returns true when the host settled it (an answer, nothing, or the combatant is out after an
 * intervention); false to let the engine declare as in a plain run.
 */
export function declareByHost(e: Engine, c: Cmb, phase: string, budget: Record<string, number>): boolean {
  const host = e.opts.host!;
  const label = hostLabel(e, `r${e.round}.${phase}.declare.${c.id}`);
  host.at(label);
  if (c.out || !e.cmbs.includes(c)) return true;
  // Not asked (auto mode): the plain run's declaration, without building the options first.
  if (host.asksDeclaration && !host.asksDeclaration({ label, combatant: c.id, side: c.side, phase, round: e.round })) return false;
  const options: DeclarationOption[] = [];
  const performed = performedOnly(e.rs);
  for (const action of e.rs.actions.values()) {
    if (!action.phases.has(phase) || performed.has(action.def.id) || !e.canPlan(budget, action.uses)) continue;
    const targets = action.targetKind.options(e, c);
    if (targets.length === 0) continue;
    options.push({ action: action.def.id, name: action.def.name ?? action.def.id, uses: [...action.uses], targets });
  }
  // Nothing to choose in this phase: nothing to ask.
  if (options.length === 0) return false;
  const script = (e.encounter.script ?? []).find(
    (s) => s.round === e.round && s.combatant === c.id && e.rs.actions.get(s.action)?.phases.has(phase),
  );
  let fallback: DeclarationAsk['default'] = null;
  if (script) fallback = { action: script.action, target: script.target ?? null };
  else {
    const p = e.policyChoice(c, phase, budget);
    if (p) fallback = { action: p.action.def.id, target: p.target?.id ?? null };
  }
  const answer = host.declare({ label, combatant: c.id, side: c.side, phase, round: e.round, options, default: fallback });
  if (answer === undefined) return false;
  if (answer === null) {
    e.emit('note', { combatant: c.id, text: `declares nothing for ${phase}` });
    return true;
  }
  const action = e.rs.actions.get(answer.action);
  if (!action) throw new Error(`declaration ${label}: unknown action "${answer.action}"`);
  const target = answer.target === null ? null : (e.byId.get(answer.target) ?? null);
  e.addDecl(c, action, target, phase, budget, false, true);
  return true;
}

/** Actions that steps or triggers perform and no policy declares: not a combatant's to declare. */
const PERFORMED = new WeakMap<CompiledRuleset, Set<string>>();
function performedOnly(rs: CompiledRuleset): Set<string> {
  let set = PERFORMED.get(rs);
  if (!set) {
    set = new Set<string>();
    for (const p of rs.phases) for (const st of p.steps) if (st.perform) set.add(st.perform.def.id);
    for (const p of rs.finally) for (const st of p.steps) if (st.perform) set.add(st.perform.def.id);
    for (const t of rs.triggers) if (t.perform) set.add(t.perform.def.id);
    for (const p of rs.policy) set.delete(p.action.def.id);
    PERFORMED.set(rs, set);
  }
  return set;
}

/** A pause point at a turn's or a step's start (label `r<round>.pause.turn.<who>` or `r<round>.pause.<phase>.<step>`). */
export function pauseByHost(e: Engine, kind: 'turn' | 'step', who: string[] | null): void {
  const host = e.opts.host!;
  const asked = kind === 'turn' ? `r${e.round}.pause.turn.${(who ?? []).join('+')}` : `r${e.round}.pause.${e.phase}.${e.step}`;
  const label = hostLabel(e, asked);
  host.at(label);
  host.pause({ label, at: kind, round: e.round, phase: e.phase ?? null, step: e.step ?? null, who });
}

/** The operations a host may call. */
export function hostOps(e: Engine): HostOps {
  return {
    intervene: (iv) => intervene(e, iv),
    snapshot: () => snapshot(e),
    events: () => e.events,
    sideOf: (id) => e.byId.get(id)?.side,
    isSide: (id) => e.sideById.has(id),
  };
}

function who(e: Engine, id: string): Cmb {
  const c = e.byId.get(id);
  if (!c || !e.cmbs.includes(c)) throw new Error(`no combatant "${id}" in the fight`);
  return c;
}

function intervene(e: Engine, iv: Intervention): void {
  switch (iv.op) {
    case 'damage':
    case 'heal': {
      const c = who(e, iv.who);
      const stat = iv.stat ?? 'hp';
      const delta = iv.op === 'damage' ? -iv.amount : iv.amount;
      e.setView(c, stat, num(c.view[stat]) + delta);
      e.emit('intervention', { op: iv.op, target: c.id, amount: iv.amount, stat, value: num(c.view[stat]) });
      e.recheckOut(c);
      break;
    }
    case 'set': {
      const c = who(e, iv.who);
      e.setView(c, iv.stat, iv.value);
      e.emit('intervention', { op: 'set', target: c.id, stat: iv.stat, value: iv.value });
      e.recheckOut(c);
      break;
    }
    case 'condition': {
      const c = who(e, iv.who);
      const list = c.view.conditions as string[];
      if (iv.remove) {
        e.conditions = e.conditions.filter((k) => !(k.owner === c && k.id === iv.condition));
        const i = list.indexOf(iv.condition);
        if (i >= 0) list.splice(i, 1);
        e.emit('intervention', { op: 'condition', target: c.id, condition: iv.condition, removed: true });
      } else {
        const rounds = iv.rounds;
        const moment = conditionMoment(e, iv);
        e.conditions.push({ id: iv.condition, owner: c, moment, remaining: rounds ?? 1 });
        list.push(iv.condition);
        e.emit('intervention', {
          op: 'condition',
          target: c.id,
          condition: iv.condition,
          ...(rounds ? { rounds } : {}),
          ...(iv.endsAt ? { ends: describeMoment(moment) } : {}),
        });
      }
      e.recheckOut(c);
      break;
    }
    case 'join':
      join(e, iv.side, iv.combatant);
      break;
    case 'flee': {
      const c = who(e, iv.who);
      // Gone from the fight for good: nothing picks, orders or heals it any more.
      e.cmbs.splice(e.cmbs.indexOf(c), 1);
      e.everyone.splice(e.everyone.indexOf(c.view), 1);
      if (!c.out) {
        c.out = true;
        e.sideById.get(c.side)!.standing--;
      }
      e.touchLine();
      e.refreshSideViews();
      e.emit('intervention', { op: 'flee', target: c.id });
      break;
    }
  }
  e.checkEnd();
}

/**
 * When a referee's condition ends: at the start or the end of a combatant's turn (`endsAt`, the
 * moments a ruleset's `own-turn` uses), else after `rounds` round ends, else with the fight.
 */
function conditionMoment(e: Engine, iv: Extract<Intervention, { op: 'condition' }>): ConditionMoment {
  if (!iv.endsAt) return iv.rounds ? 'round-end' : 'combat-end';
  const { turnOf, when = 'start' } = iv.endsAt;
  const c = who(e, turnOf);
  if (when !== 'start' && when !== 'end') throw new Error(`endsAt.when is "start" or "end", not "${String(when)}"`);
  if (e.rs.turnMode.name === 'none') throw new Error(`nobody takes turns in these rules: give ${iv.condition} rounds, not a turn`);
  return when === 'end' ? { turnEndOf: c.id } : { turnOf: c.id };
}

function join(e: Engine, sideId: string, spec: Extract<Intervention, { op: 'join' }>['combatant']): void {
  const side = e.sideById.get(sideId);
  if (!side) throw new Error(`no side "${sideId}"`);
  if (e.byId.has(spec.id)) throw new Error(`there is already a combatant "${spec.id}"`);
  const view: Record<string, unknown> = {};
  for (const [stat, sd] of Object.entries(e.rs.def.combatant.stats)) view[stat] = sd.default ?? 0;
  for (const [stat, v] of Object.entries(spec.stats ?? {})) view[stat] = v;
  Object.assign(view, {
    id: spec.id,
    name: spec.name ?? spec.id,
    side: sideId,
    tags: [...(spec.tags ?? [])],
    plan: [],
    done: [],
    doneLastRound: [],
  });
  Object.assign(view, { initiativeAtRoundStart: null, conditions: [], moved: 0, engagedAtRoundStart: false, initiative: null });
  if (typeof view.position !== 'number') view.position = 0;
  initHistory(view, e.rs);
  const index = Math.max(-1, ...[...e.byId.values()].map((c) => c.index)) + 1;
  const c: Cmb = {
    id: spec.id,
    side: sideId,
    index,
    view,
    slots: { ...e.rs.def.economy.slots },
    out: false,
    reactions: new Map(),
    initiative: null,
  };
  Object.defineProperty(view, 'engaged', { enumerable: true, get: () => e.isEngaged(c) });
  for (const [name, d] of e.rs.derived) {
    Object.defineProperty(view, name, {
      enumerable: true,
      get: () => d({ actor: view, options: e.rs.options, sides: e.sidesMap, round: e.round }),
    });
  }
  side.members.push(c);
  (side.view.members as unknown[] | undefined)?.push(view);
  e.cmbs.push(c);
  e.byId.set(c.id, c);
  e.everyone.push(view);
  c.out = truthy(e.rs.out({ actor: view, options: e.rs.options }));
  if (!c.out) side.standing++;
  e.touchLine();
  e.refreshSideViews();
  e.emit('intervention', { op: 'join', target: c.id, side: sideId });
  // Initiative by the ruleset's rules: a combatant's own roll, or its side's.
  const ini = e.rs.initiative;
  if (ini.def.scope === 'combatant') {
    const value = e.initiativeValue(`init.${c.id}`, { actor: view }, ini.rolls.kept);
    c.initiative = value;
    view.initiative = value;
    view.initiativeAtRoundStart = value;
    e.emit('initiative', { who: c.id, scope: 'combatant', value });
  }
}

const RESUMES: Record<string, string> = {
  'before-act': 'may step in before any act this round',
  'round-end': 'comes back at the end of the round',
};

function snapshot(e: Engine): TrackerSnapshot {
  const turn = e.turn === undefined ? null : e.turn.split('+');
  const inTurn = new Set(turn ?? []);
  const toCome = e.rs.turnMode.toCome(e, inTurn, turn);
  const holding = [...e.holds].map(([c, h]) => ({
    id: c.id,
    resumes:
      h.resume === 'at'
        ? `at initiative ${num(c.view.initiative)}`
        : (RESUMES[h.resume] ?? h.resume) + (h.expires === 'first-next-round' ? ', else first next round' : ''),
  }));
  const allowance = e.round === 0 && e.rs.surprise ? e.rs.surprise.slots : e.rs.def.economy.slots;
  const statNames = Object.keys(e.rs.def.combatant.stats);
  const nameOf = (id: string) => String(e.byId.get(id)?.view.name ?? id);
  const combatants: CombatantState[] = [];
  for (const s of e.sides) {
    for (const c of s.members) {
      const stats: Record<string, unknown> = {};
      for (const k of statNames) stats[k] = c.view[k];
      const spent: Record<string, number> = {};
      const own = e.rs.slotCounts.length && !(e.round === 0 && e.rs.surprise) ? e.slotAllowance(c) : allowance;
      for (const [k, n] of Object.entries(own)) spent[k] = n - (c.slots[k] ?? 0);
      combatants.push({
        id: c.id,
        name: String(c.view.name ?? c.id),
        side: c.side,
        out: c.out,
        initiative: typeof c.view.initiative === 'number' ? c.view.initiative : null,
        stats,
        slots: { ...c.slots },
        spent,
        conditions: e.conditions
          .filter((k) => k.owner === c && !k.id.includes(':'))
          .map((k) => {
            const ends = describeMoment(k.moment);
            return { id: k.id, ends, remaining: k.remaining, until: untilText(ends, k.remaining, nameOf, e.round) };
          }),
        plan: e.decls.filter((d) => d.c === c && !d.done).map((d) => d.action.def.id),
      });
    }
  }
  return {
    round: e.round,
    phase: e.phase ?? null,
    step: e.step ?? null,
    turn,
    toCome,
    holding,
    sides: e.sides.map((s) => ({
      id: s.id,
      standing: s.standing,
      total: s.members.length,
      initiative: s.initiative,
      holder: e.holder === s.id,
    })),
    combatants,
    ended: e.ended ? { ...e.ended } : null,
  };
}
