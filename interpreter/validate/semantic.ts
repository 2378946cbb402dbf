/**
 * Stage 2b: semantic checks that a schema cannot express — dangling ids, unknown stats, tags
 * and options, cycles among derived values, a round with no phases. Each problem points at
 * the place in the resolved ruleset; the pipeline maps it back to the file it came from.
 */
import { varPathsOf } from '../expr/var-paths.js';
import type { Encounter, Ruleset } from '../model/types.js';
import { ORDER_KEYS, ORDER_PRESETS } from '../concepts/sort-keys/index.js';
import { joinPointer } from '../diagnostics.js';
import { diceFlow, notationProblem, pinProblem } from './dice-notation.js';
import { expressionList, varPaths, type Problem } from './expressions.js';
import { withShared } from './shared.js';
import { forEachKeyIn, forEachObjectUnder, pointerOf, treeOf } from './tree.js';
import { checkNames } from './names.js';
import { checkNamedExpressions } from './named-expressions.js';
import { checkDecks } from './decks.js';
import { checkState } from './state.js';
import { closestName } from './precompiled.js';

/** "; did you mean …?" when a known name is near. */
const didYouMean = (word: string, names: Iterable<string>): string => {
  const near = closestName(word, [...names]);
  return near === undefined ? '' : `; did you mean "${near}"?`;
};

export type { Problem };

/** Checks registered beside the ones below, each in its own file: one concept, one line. */
const RULESET_CHECKS: Array<(rs: Ruleset) => Problem[]> = [checkNames, checkNamedExpressions, checkDecks, checkState];

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
const DURATION_ROOTS = ['actions', 'triggers'];
const ACTION_FIELDS = new Set(['id', 'tags', 'phase', 'uses', 'params']);
const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function checkRuleset(rs: Ruleset): Problem[] {
  return withShared(rs, () => checkAll(rs));
}

function checkAll(rs: Ruleset): Problem[] {
  const problems: Problem[] = [];
  const p = (pointer: string, message: string) => problems.push({ pointer, message });
  const unique = (items: Array<{ id: string }>, ptr: string, what: string) => {
    const seen = new Map<string, number>();
    items.forEach((it, i) => {
      if (seen.has(it.id)) p(`${ptr}/${i}/id`, `duplicate ${what} id "${it.id}" (also at ${ptr}/${seen.get(it.id)})`);
      else seen.set(it.id, i);
    });
  };

  if (rs.round.phases.length === 0) {
    // Everything else would only repeat this: actions name phases that are gone.
    p('/round/phases', 'a round needs at least one phase; nothing would ever happen (did an overlay remove them all?)');
    return problems;
  }
  if (rs.actions.length === 0)
    p('/actions', 'a ruleset needs at least one action; nobody could ever act (did an overlay remove them all?)');
  if (rs.end.length === 0) p('/end', 'a ruleset needs at least one end condition; only the round limit could end a combat');
  unique(rs.round.phases, '/round/phases', 'phase');
  (rs.round.finally ?? []).forEach((ph, i) => {
    if (rs.round.phases.some((x) => x.id === ph.id))
      p(`/round/finally/${i}/id`, `phase id "${ph.id}" is also a phase of round.phases; phase ids must be unique`);
  });
  (rs.round.finally ?? []).forEach((ph, i) => unique(ph.steps, `/round/finally/${i}/steps`, 'step'));
  rs.round.phases.forEach((ph, i) => unique(ph.steps, `/round/phases/${i}/steps`, 'step'));
  unique(rs.actions, '/actions', 'action');
  unique(rs.triggers ?? [], '/triggers', 'trigger');
  unique(rs.policy, '/policy', 'policy line');
  unique(rs.end, '/end', 'end condition');

  const derived = new Set(Object.keys(rs.combatant.derived ?? {}));
  const allPhases = [...rs.round.phases, ...(rs.round.finally ?? [])];
  const phaseIds = new Set(allPhases.map((ph) => ph.id));
  const actionIds = new Set(rs.actions.map((a) => a.id));
  const slots = new Set(Object.keys(rs.economy.slots));
  rs.actions.forEach((a, i) => {
    if (!phaseIds.has(a.phase)) p(`/actions/${i}/phase`, `unknown phase "${a.phase}"; the phases are ${[...phaseIds].join(', ')}`);
    (a.alsoIn ?? []).forEach((ph, k) => {
      if (!phaseIds.has(ph)) p(`/actions/${i}/alsoIn/${k}`, `unknown phase "${ph}"; the phases are ${[...phaseIds].join(', ')}`);
    });
    (a.uses ?? []).forEach((s, j) => {
      if (!slots.has(s)) p(`/actions/${i}/uses/${j}`, `unknown slot "${s}"; economy.slots has ${[...slots].join(', ')}`);
    });
    for (const slot of Object.keys(a.cost ?? {})) {
      if (!slots.has(slot)) p(joinPointer(`/actions/${i}/cost`, slot), `unknown slot "${slot}"${didYouMean(slot, slots)}`);
    }
    if (a.cost && a.uses) p(`/actions/${i}/cost`, 'give "uses" or "cost", not both (cost {"action": 2} spends two actions)');
    if (a.movement && !a.movement.toward && !a.movement.away) p(`/actions/${i}/movement`, 'a movement needs "toward" or "away"');
  });
  const actionTagSet = new Set(rs.actions.flatMap((a) => a.tags ?? []));
  (rs.triggers ?? []).forEach((t, i) => {
    if (t.perform && !actionIds.has(t.perform)) p(`/triggers/${i}/perform`, `unknown action "${t.perform}"`);
    (t.actions ?? []).forEach((a, j) => {
      if (!actionIds.has(a)) p(`/triggers/${i}/actions/${j}`, `unknown action "${a}"`);
    });
    (t.uses ?? []).forEach((s, j) => {
      if (!slots.has(s)) p(`/triggers/${i}/uses/${j}`, `unknown slot "${s}"`);
    });
    (t.actionTags ?? []).forEach((tag, j) => {
      if (!actionTagSet.has(tag)) {
        p(`/triggers/${i}/actionTags/${j}`, `no action has the tag "${tag}"${didYouMean(tag, actionTagSet)}`);
      }
    });
    if (!t.perform && !t.effects) p(`/triggers/${i}`, 'a trigger needs "perform" or "effects"');
    if (t.timing === 'during' && t.within === undefined) p(`/triggers/${i}`, 'a trigger with timing "during" needs "within"');
    if (t.timing === 'during' && t.on !== 'move') p(`/triggers/${i}/timing`, 'timing "during" only applies to moves');
  });
  for (const [list, base] of [
    [rs.round.phases, '/round/phases'],
    [rs.round.finally ?? [], '/round/finally'],
  ] as const) {
    list.forEach((ph, i) =>
      ph.steps.forEach((s, j) => {
        if (s.perform && !actionIds.has(s.perform)) p(`${base}/${i}/steps/${j}/perform`, `unknown action "${s.perform}"`);
        checkOrderingRef(s.order, `${base}/${i}/steps/${j}/order`);
      }),
    );
  }
  checkOrderingRef(rs.round.turns.order, '/round/turns/order');
  for (const key of ['counts', 'refresh'] as const) {
    for (const slot of Object.keys(rs.economy[key] ?? {})) {
      if (!slots.has(slot)) p(joinPointer(`/economy/${key}`, slot), `unknown slot "${slot}"${didYouMean(slot, slots)}`);
    }
  }
  if (rs.round.turns.elective && rs.round.turns.by !== 'elective') {
    p('/round/turns/elective', `turns.elective applies only to elective order; set "by": "elective" (it is "${rs.round.turns.by}")`);
  }
  checkOrderingRef(rs.round.declare.order, '/round/declare/order');
  rs.policy.forEach((pe, i) => {
    if (!actionIds.has(pe.action)) p(`/policy/${i}/action`, `unknown action "${pe.action}"`);
  });

  function checkOrderingRef(ref: unknown, ptr: string) {
    if (ref === undefined) return;
    if (typeof ref === 'string') {
      // Own properties only: "constructor" must not find Object's (it did, and crashed the run).
      if (!hasOwn(rs.orderings ?? {}, ref) && !hasOwn(ORDER_PRESETS, ref)) {
        p(
          ptr,
          `unknown ordering "${ref}"; presets are ${Object.keys(ORDER_PRESETS).join(', ')}${rs.orderings ? `; this ruleset names ${Object.keys(rs.orderings).join(', ')}` : ''}`,
        );
      }
      return;
    }
    const keys = (ref as { keys: unknown[] }).keys;
    keys.forEach((k, i) => {
      if (typeof k === 'string' && !hasOwn(ORDER_KEYS, k))
        p(`${ptr}/keys/${i}`, `unknown sort key "${k}"; built-in keys are ${Object.keys(ORDER_KEYS).join(', ')}`);
    });
  }

  // Durations that end at a phase must name one.
  const tree = treeOf(rs);
  forEachObjectUnder(tree, DURATION_ROOTS, (x, i) => {
    if (tree.key[i] === 'endsAt' && typeof x.phase === 'string' && !phaseIds.has(x.phase)) {
      p(`${pointerOf(tree, i)}/phase`, `unknown phase "${x.phase}"`);
    }
  });

  // Unknown stats, options and tags in expressions.
  const options = new Set(Object.keys(rs.options ?? {}));
  const tags = new Set(Object.keys(rs.combatant.tags ?? {}));

  const tagsOfActions = actionTags(rs);
  const list = expressionList(rs);
  for (let n = 0; n < list.length; n++) {
    const e = list[n]!;
    const ptr = e.pointer;
    const vars = varPaths(e);
    for (let m = 0; m < vars.length; m++) {
      const v = vars[m]!;
      const path = v.path;
      if (!path.startsWith('options.') && !path.startsWith('action.')) continue; // nothing else is checked here
      if (path.split('.').some((seg) => FORBIDDEN_SEGMENTS.has(seg))) continue; // the compiler rejects these
      const [root, field] = path.split('.');
      if (root === 'options' && field !== undefined && !options.has(field))
        p(ptr + v.pointer, `unknown option "${field}"; options are ${[...options].join(', ') || '(none)'}`);
      if (root === 'action' && field !== undefined && !ACTION_FIELDS.has(field))
        p(ptr + v.pointer, `unknown action field "${field}"; actions expose ${[...ACTION_FIELDS].join(', ')}`);
    }
    literalTagTests(e.expr, (tag, pointer) => {
      if (!tags.has(tag) && !tagsOfActions.has(tag)) p(ptr + pointer(), `unknown tag "${tag}"; combatant tags are ${[...tags].join(', ')}`);
    });
  }

  // Dice notation known now is checked now, not in the middle of a combat.
  const flow = diceFlow(rs);
  for (const l of flow.literals) {
    const why = notationProblem(l.value);
    if (why) p(l.pointer, l.pointer === l.use.at ? why : `${why} (it is rolled at ${l.use.at})`);
  }
  for (const [name, use] of flow.stats) {
    const def = rs.combatant.stats[name]!.default;
    const why = def === undefined ? null : notationProblem(def);
    if (why)
      p(
        joinPointer('/combatant/stats', name, 'default'),
        `stat "${name}" is rolled as dice (at ${use.at}), so its default must be dice notation: ${why}`,
      );
  }

  // Derived values must not depend on themselves.
  const deps = new Map<string, string[]>();
  for (const [name, d] of Object.entries(rs.combatant.derived ?? {})) {
    deps.set(
      name,
      varPathsOf(d.expr)
        .map((v) => v.path.split('.'))
        .filter((s) => s[0] === 'actor' && derived.has(s[1]!))
        .map((s) => s[1]!),
    );
  }
  const state = new Map<string, 1 | 2>();
  const visit = (n: string, chain: string[]): void => {
    if (state.get(n) === 2) return;
    if (state.get(n) === 1) {
      p(joinPointer('/combatant/derived', n, 'expr'), `derived value "${n}" depends on itself: ${[...chain, n].join(' → ')}`);
      return;
    }
    state.set(n, 1);
    for (const m of deps.get(n) ?? []) visit(m, [...chain, n]);
    state.set(n, 2);
  };
  for (const n of deps.keys()) visit(n, []);
  for (const check of RULESET_CHECKS) problems.push(...check(rs));
  return problems;
}

function actionTags(rs: Ruleset): Set<string> {
  return new Set(rs.actions.flatMap((a) => a.tags ?? []));
}

const TAG_VARIABLE = /^(actor|target|reactor|mover|self)\.tags$/;

/**
 * `{"in": ["crossbow", {"var": "actor.tags"}]}`: each literal tag name an expression tests, in
 * document order, with a function that makes its pointer (relative to the expression).
 */
function literalTagTests(expr: unknown, found: (tag: string, pointer: () => string) => void): void {
  forEachKeyIn(expr, (o, k, _keys, here) => {
    const x = o[k];
    if (
      k === 'in' &&
      Array.isArray(x) &&
      typeof x[0] === 'string' &&
      isObject(x[1]) &&
      typeof x[1].var === 'string' &&
      TAG_VARIABLE.test(x[1].var)
    ) {
      const at = here();
      found(x[0], () => `${at}/in/0`);
    }
  });
}

/** Check an encounter against the ruleset it runs under. Pointers are into the encounter. */
export function checkEncounter(enc: Encounter, rs: Ruleset): Problem[] {
  // Written for another ruleset: every stat, tag and action would be unknown. Say it once.
  if (typeof enc.ruleset === 'string' && enc.ruleset !== rs.id) {
    return [
      {
        pointer: '/ruleset',
        message: `this encounter is written for ruleset "${enc.ruleset}", not "${rs.id}": run it with the ruleset it names`,
      },
    ];
  }
  const problems: Problem[] = [];
  const p = (pointer: string, message: string) => problems.push({ pointer, message });
  const stats = new Set(Object.keys(rs.combatant.stats));
  const tags = new Set(Object.keys(rs.combatant.tags ?? {}));
  const ids = new Map<string, string>();
  const sideIds = new Set<string>();
  const diceStats = diceFlow(rs).stats;
  enc.sides.forEach((s, i) => {
    if (sideIds.has(s.id)) p(`/sides/${i}/id`, `duplicate side id "${s.id}"`);
    sideIds.add(s.id);
    s.combatants.forEach((c, j) => {
      const ptr = `/sides/${i}/combatants/${j}`;
      if (ids.has(c.id) || sideIds.has(c.id)) p(`${ptr}/id`, `duplicate id "${c.id}" (combatant and side ids must all differ)`);
      ids.set(c.id, s.id);
      for (const [k, v] of Object.entries(c.stats ?? {})) {
        if (!stats.has(k)) {
          p(joinPointer(ptr, 'stats', k), `unknown stat "${k}" for ruleset "${rs.id}"; its stats are ${[...stats].join(', ')}`);
          continue;
        }
        // A stat keeps the type of its default: a number stays a number, dice stay a string.
        const def = rs.combatant.stats[k]!.default;
        if (def !== undefined && typeof v !== typeof def) {
          p(
            joinPointer(ptr, 'stats', k),
            `stat "${k}" expects a ${typeof def} like its default ${JSON.stringify(def)}, got ${JSON.stringify(v)}`,
          );
          continue;
        }
        const use = diceStats.get(k);
        const why = use ? notationProblem(v) : null;
        if (why)
          p(joinPointer(ptr, 'stats', k), `stat "${k}" is rolled as dice by ruleset "${rs.id}", so it must be dice notation: ${why}`);
      }
      (c.tags ?? []).forEach((t, k) => {
        if (!tags.has(t)) p(`${ptr}/tags/${k}`, `unknown tag "${t}" for ruleset "${rs.id}"; its tags are ${[...tags].join(', ')}`);
      });
    });
  });
  // Pinned dice of the encounter: each must be a total or a list of dice (as for --roll).
  for (const [label, value] of Object.entries(enc.dice ?? {})) {
    const why = pinProblem(label, value);
    if (why) p(joinPointer('/dice', label), why);
  }
  const actions = new Set(rs.actions.map((a) => a.id));
  (enc.script ?? []).forEach((e, i) => {
    if (!ids.has(e.combatant)) p(`/script/${i}/combatant`, `unknown combatant "${e.combatant}"`);
    if (!actions.has(e.action))
      p(`/script/${i}/action`, `unknown action "${e.action}" in ruleset "${rs.id}"; its actions are ${[...actions].join(', ')}`);
    if (e.target !== undefined && !ids.has(e.target)) p(`/script/${i}/target`, `unknown target "${e.target}"`);
  });
  return problems;
}
