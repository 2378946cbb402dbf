/**
 * Stage 4 of the pipeline: compile a resolved ruleset for the engine. Every expression becomes a
 * closure, every reference is looked up, and every concept a document names (effect op, hold
 * mode, trigger kind, initiative scope, target picker, sort key, tie-break) is bound to its
 * registered definition in concepts/. Compiling happens once per ruleset; a simulation of
 * thousands of combats reuses it.
 */
import { Evaluator, type Fn } from './evaluator.js';
import type { ExpressionCache } from './expression-cache.js';
import type { Action, ElectiveOrder, Ordering, Phase, Ruleset } from '../model/types.js';
import type { ResolvedRuleset } from '../resolve/overlays.js';
import { compileKey, keyMayRoll, resolveOrderingRef, type CompiledOrdering } from './ordering.js';
import { constant } from './constants.js';
import { mayRoll } from './may-roll.js';
import { compileEffects, type Procedures } from './effects.js';
import type { CAction, CompiledRuleset, CPhase, CTrigger } from './types.js';
import { joinPointer } from '../diagnostics.js';
import { DECLARE_TIMES } from '../concepts/declare-times/index.js';
import { INITIATIVE_SCOPES } from '../concepts/initiative-scopes/index.js';
import { INITIATIVE_ROLLS } from '../concepts/initiative-rolls/index.js';
import { compileDeal, compileDecks } from './decks.js';
import { compileRepeat } from './repeat.js';
import { compileMoments } from './moments.js';
import { TARGET_PICKERS } from '../concepts/targets/index.js';
import { TARGET_KINDS } from '../concepts/target-kinds/index.js';
import { TURN_MODES } from '../concepts/turn-modes/index.js';
import { REACTOR_KINDS, TRIGGER_KINDS } from '../concepts/triggers/index.js';
import { tieBreakOf } from '../concepts/tie-breaks/index.js';

export type { CompiledRuleset, CAction, CEffect, CPhase, CStep, CTrigger, HoldSpec, Moment } from './types.js';
export { constantOf } from './constants.js';
export { ExpressionCache } from './expression-cache.js';
export { MAX_CALL_DEPTH } from '../concepts/effects/call.js';

/** The registered definition named `name` in `table`, or a located error listing the known names. */
function lookup<T>(table: Record<string, T>, name: string, ev: Evaluator, ptr: string, what: string): T {
  if (Object.hasOwn(table, name)) return table[name]!;
  throw ev.at(ptr, `unknown ${what} "${name}"; the ${what}s are ${Object.keys(table).join(', ')}`);
}

/** The slots an action spends, one entry per unit: `cost` ({"action": 2}) spelled out, else `uses`. */
function usesOf(a: Action): string[] {
  if (!a.cost) return a.uses ?? [];
  return Object.entries(a.cost).flatMap(([slot, n]) => Array.from({ length: n }, () => slot));
}

/** round.turns.elective: its expressions compiled (absent: the defaults). */
function compileElective(el: ElectiveOrder | undefined, ev: Evaluator): CompiledRuleset['elective'] {
  const def = el ?? {};
  const at = '/round/turns/elective';
  return {
    def,
    id: def.id ?? 'next',
    prefer: def.prefer === undefined ? null : ev.compile(def.prefer, `${at}/prefer`),
    default: def.default === undefined ? null : ev.compile(def.default, `${at}/default`),
  };
}

export function compileRuleset(
  resolved: ResolvedRuleset,
  opts: { optionValues?: Record<string, unknown>; expressions?: ExpressionCache } = {},
): CompiledRuleset {
  const def = resolved.ruleset;
  const ev = new Evaluator(resolved, def.limits?.expressionSteps, opts.expressions);
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
      const key = compileKey(k, (expr) => numericKey(ev, expr, joinPointer(kp, 'expr')));
      if (typeof key === 'string') throw ev.at(kp, key);
      return key;
    });
    const ties = o.ties ?? 'simultaneous';
    if (!tieBreakOf(ties)) throw ev.at(joinPointer(base, 'ties'), `unknown tie-break ${JSON.stringify(ties)}`);
    return {
      keys,
      ties,
      builtinKeys: o.keys.every((k) => typeof k === 'string' || 'preset' in k),
      pureTail: o.keys.length > 1 && o.keys.slice(1).every((k) => !keyMayRoll(k, def)),
    };
  };

  const actions = new Map<string, CAction>();
  def.actions.forEach((a, i) => {
    const ptr = `/actions/${i}`;
    actions.set(a.id, {
      def: a,
      ptr,
      view: { id: a.id, tags: a.tags ?? [], phase: a.phase, uses: usesOf(a), params: { ...(a.params ?? {}) } },
      abort: a.abort === undefined ? null : ev.compile(a.abort, `${ptr}/abort`),
      phases: new Set([a.phase, ...(a.alsoIn ?? [])]),
      uses: usesOf(a),
      targetKind: lookup(TARGET_KINDS, a.target ?? 'enemy', ev, `${ptr}/target`, 'target kind'),
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
      onDeclare: [],
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
    actions.get(a.id)!.onDeclare = compileEffects(a.onDeclare ?? [], `/actions/${i}/onDeclare`, ev, procs);
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
      kind: lookup(TRIGGER_KINDS, t.on, ev, `${ptr}/on`, 'trigger kind'),
      reactors: lookup(REACTOR_KINDS, t.reactors, ev, `${ptr}/reactors`, 'reactor kind'),
      perRound: t.limit?.perRound === undefined ? null : ev.compile(t.limit.perRound, `${ptr}/limit/perRound`),
      when: c(t.when, `${ptr}/when`, true),
      whenFirst: !t.decide && !mayRoll(t.when, def) && !mayRoll(t.limit?.perRound, def) && !mayRoll(perform?.def.requires, def),
      // A literal distance (the usual case) needs no data to evaluate.
      within: typeof t.within === 'number' ? constant(t.within) : c(t.within, `${ptr}/within`, 0),
      perform,
      effects: compileEffects(t.effects ?? [], `${ptr}/effects`, ev, procs),
      uses: t.uses ?? perform?.uses ?? [],
      with: Object.entries(t.with ?? {}).map(([k, e]) => [k, ev.compile(e, joinPointer(ptr, 'with', k))] as [string, Fn]),
    };
  });

  // Each trigger kind fires its own list, by timing (`act:before`); damage fires all its triggers.
  const triggersAt: CompiledRuleset['triggersAt'] = {};
  for (const t of triggers) {
    const byTiming = (triggersAt[t.def.on] ??= {});
    for (const key of [t.def.timing, 'any']) (byTiming[key] ??= []).push(t);
  }

  const choice = def.round.phaseChoice;
  if (choice) {
    const ids = phases.map((p) => p.def.id);
    choice.phases.forEach((id, i) => {
      if (!ids.includes(id))
        throw ev.at(`/round/phaseChoice/phases/${i}`, `unknown phase "${id}"; the phases of a turn are ${ids.join(', ')}`);
    });
    if (!choice.phases.includes(choice.default))
      throw ev.at('/round/phaseChoice/default', `"${choice.default}" is not one of ${choice.phases.join(', ')}`);
  }

  const ini = def.initiative;
  const decks = compileDecks(def, ev);
  return {
    decks,
    repeat: compileRepeat(def, ev),
    moments: compileMoments(def, ev, procs),
    def,
    overlays: resolved.overlays,
    evaluator: ev,
    options,
    limits: def.limits ?? {},
    derived: Object.entries(def.combatant.derived ?? {}).map(([k, d]) => [
      k,
      ev.compile(d.expr, joinPointer('/combatant/derived', k, 'expr')),
    ]),
    out: ev.compile(def.combatant.out, '/combatant/out'),
    cannotAct: c(def.combatant.cannotAct, '/combatant/cannotAct', false),
    reach: 5,
    initiative: {
      def: ini,
      scope: lookup(INITIATIVE_SCOPES, ini.scope, ev, '/initiative/scope', 'initiative scope'),
      rolls: lookup(INITIATIVE_ROLLS, ini.roll, ev, '/initiative/roll', 'initiative roll'),
      deal: compileDeal(ini.deal, decks, ev),
      formula: ev.compile(ini.formula, '/initiative/formula'),
      modifiers: (ini.modifiers ?? []).map((m, i) => ({
        when: c(m.when, `/initiative/modifiers/${i}/when`, true),
        add: ev.compile(m.add, `/initiative/modifiers/${i}/add`),
      })),
      judgments: (ini.judgments ?? []).map((j, i) => ({
        def: j,
        when: c(j.when, `/initiative/judgments/${i}/when`, true),
        default: ev.compile(j.default, `/initiative/judgments/${i}/default`),
      })),
    },
    turnMode: lookup(TURN_MODES, def.round.turns.by, ev, '/round/turns/by', 'turn mode'),
    elective: compileElective(def.round.turns.elective, ev),
    slotCounts: Object.entries(def.economy.counts ?? {}).map(([k, e]) => [k, ev.compile(e, joinPointer('/economy/counts', k))]),
    ownTurnSlots: Object.entries(def.economy.refresh ?? {})
      .filter(([, when]) => when === 'own-turn')
      .map(([k]) => k),
    turnOrder: orderingAt(def.round.turns.order, '/round/turns/order'),
    declare: {
      time: lookup(DECLARE_TIMES, def.round.declare.when, ev, '/round/declare/when', 'declaration time'),
      order: orderingAt(def.round.declare.order, '/round/declare/order'),
      choice: def.round.declare.choice ? { def: def.round.declare.choice } : null,
    },
    phases,
    outTurnRollFree: def.round.phases.every((p) => p.steps.every((s) => !s.perform || !s.includeOut || !mayRoll(s.select, def))),
    finally: finallyPhases,
    phaseChoice: choice ? { def: choice, phases: new Set(choice.phases) } : null,
    surprise: def.round.surprise
      ? {
          when: ev.compile(def.round.surprise.when, '/round/surprise/when'),
          who: ev.compile(def.round.surprise.who, '/round/surprise/who'),
          slots: def.round.surprise.slots,
        }
      : null,
    actions,
    triggers,
    triggersAt,
    policy: def.policy.map((p, i) => {
      const action = actionAt(p.action, `/policy/${i}/action`);
      // Without a picker: the action's own kind of target, or the nearest enemy.
      const target = p.target ?? action.targetKind.defaultPicker;
      const picker = lookup(TARGET_PICKERS, target, ev, `/policy/${i}/target`, 'target picker');
      return { def: p, action, when: c(p.when, `/policy/${i}/when`, true), target, picker, needsTarget: picker.needsTarget };
    }),
    end: def.end.map((e, i) => ({ def: e, when: ev.compile(e.when, `/end/${i}/when`), winner: c(e.winner, `/end/${i}/winner`, null) })),
  };
}

/**
 * A sort key computed by an expression must give a number: text would count as 0 and tie
 * everyone without a word (found by a stranger writing a system from the README). Text is a
 * located error at run time, naming the key's place.
 */
function numericKey(ev: Evaluator, expr: unknown, ptr: string): Fn {
  const fn = ev.compile(expr, ptr);
  return (d) => {
    const v = fn(d);
    if (typeof v === 'string') {
      throw ev.at(ptr, `a sort key must be a number, but this one gave the text ${JSON.stringify(v.slice(0, 40))}`);
    }
    return v;
  };
}
