/**
 * Stage 4 (continued): a resolved ruleset with every expression compiled to a closure and
 * every reference looked up, ready for the engine. Compiling happens once per ruleset; a
 * simulation of thousands of combats reuses it.
 */
import { Evaluator, num, truthy, type Data, type Fn } from '../compile/evaluator.js';
import type { Action, Effect, Ordering, Phase, PolicyEntry, Ruleset, SideChoice, Step, Trigger, EndCondition, Judgment, Duration } from '../model/types.js';
import type { ResolvedRuleset } from '../resolve/overlays.js';
import { compileKey, resolveOrderingRef, type CompiledOrdering } from './ordering.js';
import { joinPointer } from '../diagnostics.js';
import { DiceError } from '../dice/index.js';

export type Moment = 'round-start' | 'round-end' | 'combat-end' | { phase: string } | { turnOf: string } | 'own-turn';

/** A compiled `hold`: how a held turn resumes. */
export interface HoldSpec {
  resume: 'at' | 'before-act' | 'round-end';
  to: Fn;
  when: Fn;
  takeOver: boolean;
  expires: 'lost' | 'first-next-round';
}

/** What effects may do to the world; the engine provides it. */
export interface EffectApi {
  data(f: unknown): Data;
  setPrefix(f: unknown): void;
  roll(f: unknown, label: string, notation: string): { total: number; dice: number[] };
  damage(f: unknown, who: 'self' | 'target', amount: number, stat: string): void;
  heal(f: unknown, who: 'self' | 'target', amount: number, stat: string): void;
  set(f: unknown, who: 'self' | 'target', key: string, value: unknown, until: { moment: Moment; count: number } | null): void;
  condition(f: unknown, who: 'self' | 'target', id: string, moment: Moment, count: number, then: CEffect[]): void;
  note(f: unknown, text: string): void;
  adjust(f: unknown, who: 'self' | 'target', key: string, by: number, until: { moment: Moment; count: number } | null): void;
  hold(f: unknown, spec: HoldSpec): void;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CEffect = (frame: any, api: EffectApi) => void;

export interface CAction {
  def: Action;
  ptr: string;
  /** What expressions see as `action`. */
  view: { id: string; tags: string[]; phase: string; uses: string[]; params: Record<string, unknown> };
  abort: Fn | null;
  uses: string[];
  requires: Fn;
  initiative: Fn | null;
  movement: { toward: boolean; distance: Fn; stopWithin: number; stopAtEnemies: boolean; blocks: boolean } | null;
  effects: CEffect[];
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
  perRound: Fn | null;
  when: Fn;
  within: Fn;
  perform: CAction | null;
  effects: CEffect[];
  uses: string[];
  with: Array<[string, Fn]>;
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
    formula: Fn;
    modifiers: Array<{ when: Fn; add: Fn }>;
    judgments: Array<{ def: Judgment; when: Fn; default: Fn }>;
  };
  turnOrder: CompiledOrdering;
  declare: { order: CompiledOrdering; choice: { def: SideChoice } | null };
  phases: CPhase[];
  finally: CPhase[];
  surprise: { when: Fn; who: Fn; slots: Record<string, number> } | null;
  actions: Map<string, CAction>;
  triggers: CTrigger[];
  policy: Array<{ def: PolicyEntry; action: CAction; when: Fn; target: string; needsTarget: boolean }>;
  end: Array<{ def: EndCondition; when: Fn; winner: Fn }>;
}

/** Functions standing for an absent expression (`() => fallback`), with their value. */
const CONSTANTS = new WeakMap<Fn, { value: unknown }>();

/**
 * `{value}` when `fn` stands for an absent, optional expression (it returns `value` and does
 * nothing else), else undefined. The engine then skips building the expression's data.
 */
export function constantOf(fn: Fn): { value: unknown } | undefined {
  return CONSTANTS.get(fn);
}

function constant(value: unknown): Fn {
  const fn: Fn = () => value;
  CONSTANTS.set(fn, { value });
  return fn;
}

export function compileRuleset(resolved: ResolvedRuleset, opts: { optionValues?: Record<string, unknown> } = {}): CompiledRuleset {
  const def = resolved.ruleset;
  const ev = new Evaluator(resolved, def.limits?.expressionSteps);
  const c = (expr: unknown, ptr: string, fallback?: unknown): Fn => (expr === undefined ? constant(fallback) : ev.compile(expr, ptr));

  const options: Record<string, unknown> = {};
  for (const [k, o] of Object.entries(def.options ?? {})) options[k] = o.default;
  Object.assign(options, opts.optionValues ?? {});

  const orderingAt = (ref: Ruleset['round']['turns']['order'], ptr: string): CompiledOrdering => {
    const o: Ordering | null = resolveOrderingRef(ref, def.orderings);
    if (!o) throw ev.at(ptr, `unknown ordering "${String(ref)}"`);
    const base = typeof ref === 'string' ? (def.orderings?.[ref] ? `/orderings/${ref}` : ptr) : ptr;
    const keys = o.keys.map((k, i) => {
      const kp = joinPointer(base, 'keys', i);
      const key = compileKey(k, (expr) => ev.compile(expr, joinPointer(kp, 'expr')));
      if (typeof key === 'string') throw ev.at(kp, key);
      return key;
    });
    return { keys, ties: o.ties ?? 'simultaneous' };
  };

  const actions = new Map<string, CAction>();
  def.actions.forEach((a, i) => {
    const ptr = `/actions/${i}`;
    actions.set(a.id, {
      def: a,
      ptr,
      view: { id: a.id, tags: a.tags ?? [], phase: a.phase, uses: a.uses ?? [], params: { ...(a.params ?? {}) } },
      abort: a.abort === undefined ? null : ev.compile(a.abort, `${ptr}/abort`),
      uses: a.uses ?? [],
      requires: c(a.requires, `${ptr}/requires`, true),
      initiative: a.initiative === undefined ? null : ev.compile(a.initiative, `${ptr}/initiative`),
      movement: a.movement
        ? {
            toward: a.movement.away === undefined,
            distance: ev.compile(a.movement.distance, `${ptr}/movement/distance`),
            stopWithin: a.movement.stopWithin ?? 5,
            stopAtEnemies: a.movement.stopAtEnemies ?? false,
            blocks: a.movement.blocks ?? true,
          }
        : null,
      effects: [],
    });
  });
  // Procedures first (filled in place, so they may call each other), then actions' effects.
  const procs: Procedures = new Map();
  for (const name of Object.keys(def.procedures ?? {})) procs.set(name, []);
  for (const [name, body] of Object.entries(def.procedures ?? {})) {
    procs.get(name)!.push(...compileEffects(body, joinPointer('/procedures', name), ev, procs));
  }
  def.actions.forEach((a, i) => {
    actions.get(a.id)!.effects = compileEffects(a.effects ?? [], `/actions/${i}/effects`, ev, procs);
  });
  const actionAt = (id: string, ptr: string): CAction => {
    const a = actions.get(id);
    if (!a) throw ev.at(ptr, `unknown action "${id}"; the actions are ${[...actions.keys()].join(', ')}`);
    return a;
  };

  const compilePhase = (p: Phase, base: string): CPhase => ({
    def: p,
    when: c(p.when, `${base}/when`, true),
    steps: p.steps.map((s, j) => {
      const ptr = `${base}/steps/${j}`;
      return {
        def: s,
        select: c(s.select, `${ptr}/select`, true),
        perform: s.perform ? actionAt(s.perform, `${ptr}/perform`) : null,
        order: orderingAt(s.order, `${ptr}/order`),
        choice: s.choice ? { def: s.choice } : null,
      };
    }),
  });
  const phases: CPhase[] = def.round.phases.map((p, i) => compilePhase(p, `/round/phases/${i}`));
  const finallyPhases: CPhase[] = (def.round.finally ?? []).map((p, i) => compilePhase(p, `/round/finally/${i}`));

  const triggers: CTrigger[] = (def.triggers ?? []).map((t, i) => {
    const ptr = `/triggers/${i}`;
    const perform = t.perform ? actionAt(t.perform, `${ptr}/perform`) : null;
    return {
      def: t,
      ptr,
      perRound: t.limit?.perRound === undefined ? null : ev.compile(t.limit.perRound, `${ptr}/limit/perRound`),
      when: c(t.when, `${ptr}/when`, true),
      // A literal distance (the usual case) needs no data to evaluate.
      within: typeof t.within === 'number' ? constant(t.within) : c(t.within, `${ptr}/within`, 0),
      perform,
      effects: compileEffects(t.effects ?? [], `${ptr}/effects`, ev, procs),
      uses: t.uses ?? perform?.uses ?? [],
      with: Object.entries(t.with ?? {}).map(([k, e]) => [k, ev.compile(e, joinPointer(ptr, 'with', k))] as [string, Fn]),
    };
  });

  const ini = def.initiative;
  return {
    def,
    overlays: resolved.overlays,
    evaluator: ev,
    options,
    limits: def.limits ?? {},
    derived: Object.entries(def.combatant.derived ?? {}).map(([k, d]) => [k, ev.compile(d.expr, joinPointer('/combatant/derived', k, 'expr'))]),
    out: ev.compile(def.combatant.out, '/combatant/out'),
    cannotAct: c(def.combatant.cannotAct, '/combatant/cannotAct', false),
    reach: 5,
    initiative: {
      def: ini,
      formula: ev.compile(ini.formula, '/initiative/formula'),
      modifiers: (ini.modifiers ?? []).map((m, i) => ({ when: c(m.when, `/initiative/modifiers/${i}/when`, true), add: ev.compile(m.add, `/initiative/modifiers/${i}/add`) })),
      judgments: (ini.judgments ?? []).map((j, i) => ({ def: j, when: c(j.when, `/initiative/judgments/${i}/when`, true), default: ev.compile(j.default, `/initiative/judgments/${i}/default`) })),
    },
    turnOrder: orderingAt(def.round.turns.order, '/round/turns/order'),
    declare: { order: orderingAt(def.round.declare.order, '/round/declare/order'), choice: def.round.declare.choice ? { def: def.round.declare.choice } : null },
    phases,
    finally: finallyPhases,
    surprise: def.round.surprise
      ? { when: ev.compile(def.round.surprise.when, '/round/surprise/when'), who: ev.compile(def.round.surprise.who, '/round/surprise/who'), slots: def.round.surprise.slots }
      : null,
    actions,
    triggers,
    policy: def.policy.map((p, i) => {
      const action = actionAt(p.action, `/policy/${i}/action`);
      const target = p.target ?? (action.def.target === 'self' ? 'self' : action.def.target === 'none' ? 'none' : 'nearest-enemy');
      return { def: p, action, when: c(p.when, `/policy/${i}/when`, true), target, needsTarget: target.endsWith('enemy') };
    }),
    end: def.end.map((e, i) => ({ def: e, when: ev.compile(e.when, `/end/${i}/when`), winner: c(e.winner, `/end/${i}/winner`, null) })),
  };
}

/** A value for a message: its JSON when short and not circular (the whole expression data may be). */
function describeValue(v: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(v);
  } catch {
    text = undefined;
  }
  if (text === undefined) return Array.isArray(v) ? 'a list' : typeof v === 'object' && v !== null ? 'an object' : String(v);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function momentOf(d: Duration): Moment {
  return typeof d.endsAt === 'string' ? d.endsAt : { phase: d.endsAt.phase };
}

const whoOf = (on: string | undefined, fallback: 'self' | 'target'): 'self' | 'target' => (on === 'self' || on === 'target' ? on : fallback);

/** Effects compile to closures too: one small definition per op. */
type Procedures = Map<string, CEffect[]>;

function compileEffects(effects: Effect[], ptr: string, ev: Evaluator, procs: Procedures): CEffect[] {
  return effects.map((e, i) => compileEffect(e, `${ptr}/${i}`, ev, procs));
}

/** Procedures may call procedures; this bounds the nesting at run time. */
export const MAX_CALL_DEPTH = 16;

function compileEffect(e: Effect, ptr: string, ev: Evaluator, procs: Procedures): CEffect {
  const x = (expr: unknown, field: string) => ev.compile(expr, `${ptr}/${field}`);
  const dur = (d: Duration, field: string) => {
    const rounds = d.rounds === undefined ? () => 1 : ev.compile(d.rounds, `${ptr}/${field}/rounds`);
    const moment = momentOf(d);
    return (data: Data) => ({ moment, count: Math.max(1, Math.floor(num(rounds(data)))) });
  };
  switch (e.op) {
    case 'roll': {
      const dice = x(e.dice, 'dice');
      return (f, api) => {
        api.setPrefix(f);
        const value = dice(api.data(f));
        if (typeof value !== 'string' && typeof value !== 'number') {
          throw ev.at(`${ptr}/dice`, `roll "${f.prefix}.${e.label}": the dice notation must be a string such as "1d20", got ${describeValue(value)}`);
        }
        const notation = String(value);
        let r: { total: number; dice: number[] };
        try {
          r = api.roll(f, e.label, notation);
        } catch (err) {
          // A notation computed at run time: point at the expression that built it (with the label).
          if (err instanceof DiceError && !err.pin) throw ev.at(`${ptr}/dice`, err.message);
          throw err;
        }
        f.local[e.as] = { total: r.total, dice: r.dice, natural: r.dice[0] ?? r.total };
      };
    }
    case 'if': {
      const cond = x(e.cond, 'cond');
      const then = compileEffects(e.then, `${ptr}/then`, ev, procs);
      const otherwise = compileEffects(e.else ?? [], `${ptr}/else`, ev, procs);
      return (f, api) => {
        api.setPrefix(f);
        for (const eff of truthy(cond(api.data(f))) ? then : otherwise) eff(f, api);
      };
    }
    case 'damage':
    case 'heal': {
      const amount = x(e.amount, 'amount');
      const who = e.to ?? 'target';
      const stat = e.stat ?? 'hp';
      return (f, api) => {
        api.setPrefix(f);
        const n = Math.max(0, Math.floor(num(amount(api.data(f)))));
        if (e.op === 'damage') api.damage(f, who, n, stat);
        else api.heal(f, who, n, stat);
      };
    }
    case 'set': {
      const value = x(e.value, 'value');
      const until = e.until ? dur(e.until, 'until') : null;
      return (f, api) => {
        api.setPrefix(f);
        const data = api.data(f);
        api.set(f, e.on ?? 'self', e.key, value(data), until ? until(data) : null);
      };
    }
    case 'condition': {
      const d = dur(e.duration, 'duration');
      const then = compileEffects(e.then ?? [], `${ptr}/then`, ev, procs);
      return (f, api) => {
        api.setPrefix(f);
        const r = d(api.data(f));
        api.condition(f, e.on ?? 'target', e.id, r.moment, r.count, then);
      };
    }
    case 'note':
      return (f, api) => api.note(f, e.text);
    case 'adjust': {
      const by = x(e.by, 'by');
      const until = e.until ? dur(e.until, 'until') : null;
      return (f, api) => {
        api.setPrefix(f);
        const data = api.data(f);
        api.adjust(f, whoOf(e.on, 'self'), e.key, num(by(data)), until ? until(data) : null);
      };
    }
    case 'hold': {
      const spec: HoldSpec = {
        resume: e.resume,
        to: e.to === undefined ? () => 'end' : x(e.to, 'to'),
        when: e.when === undefined ? () => false : x(e.when, 'when'),
        takeOver: e.takeOver ?? false,
        expires: e.expires ?? 'lost',
      };
      return (f, api) => {
        api.setPrefix(f);
        api.hold(f, spec);
      };
    }
    case 'call': {
      const body = procs.get(e.procedure);
      if (!body) throw ev.at(`${ptr}/procedure`, `unknown procedure "${e.procedure}"; procedures are ${[...procs.keys()].join(', ') || '(none)'}`);
      const args = Object.entries(e.with ?? {}).map(([k, v]) => [k, ev.compile(v, joinPointer(ptr, 'with', k))] as [string, Fn]);
      return (f, api) => {
        api.setPrefix(f);
        const data = api.data(f);
        for (const [k, fn] of args) f.local[k] = fn(data);
        f.calls = (f.calls ?? 0) + 1;
        if (f.calls > MAX_CALL_DEPTH) throw ev.at(`${ptr}/procedure`, `procedure "${e.procedure}" calls itself more than ${MAX_CALL_DEPTH} deep`);
        try {
          for (const eff of body) eff(f, api);
        } finally {
          f.calls--;
        }
      };
    }
  }
}
