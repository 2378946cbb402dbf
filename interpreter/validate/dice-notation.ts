/**
 * Dice notation known at load time, checked at load time.
 *
 * The engine rolls whatever string reaches a dice place: the `dice` of a `roll` effect, the
 * first argument of the `roll` and `sharedRoll` operators, and the `reroll` of a tie-break.
 * Which values reach those places is followed statically, through:
 *   - literals (`"1d20"`, `"2D"`, `3`);
 *   - stats read from a combatant (`{"var": "actor.damage"}`, also target, reactor, mover, self),
 *     and derived values (their expression is followed in turn);
 *   - `local.<name>`, to the `with` of every `call` that sets it;
 *   - both branches of `if` / `?:`, and the default of a `var`.
 * A stat found this way is a *dice stat*: its default in the ruleset and its value in every
 * encounter must be valid notation, and a mistake is reported at that value, before any combat.
 * A notation computed by an expression (`{"cat": [{"var": "local.pool"}, "d10"]}`) can only be
 * checked when it is rolled; then the roll effect reports the place of its expression.
 */
import { joinPointer } from '../diagnostics.js';
import { Dice, DiceError, parseNotation } from '../dice/index.js';
import type { Ruleset } from '../model/types.js';
import { pointerOf, treeOf, type RulesetTree } from './tree.js';

export interface DiceUse {
  /** Pointer (into the resolved ruleset) of the dice place the value reaches. */
  at: string;
}

export interface DiceFlow {
  /** Stats whose values are rolled as dice notation, with the first place each reaches. */
  stats: Map<string, DiceUse>;
  /** Literal notations (pointer into the resolved ruleset → value). */
  literals: Array<{ pointer: string; value: unknown; use: DiceUse }>;
}

const COMBATANT_ROOTS = new Set(['actor', 'target', 'reactor', 'mover', 'self']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The single operator of a JSON Logic object, and its arguments as a list. */
function operator(v: unknown): { op: string; args: unknown[] } | null {
  if (!isObject(v)) return null;
  const keys = Object.keys(v);
  if (keys.length !== 1) return null;
  const op = keys[0]!;
  const a = v[op];
  return { op, args: Array.isArray(a) ? a : [a] };
}

/** A value given to a procedure: the expression, and the node of the `call` that gives it. */
interface Local {
  expr: unknown;
  node: number;
  name: string;
  pointer?: string;
}

/**
 * Every value given to a procedure, by name: `local.<name>` → the `with` entries that set it.
 * Locals live in one frame per act (a procedure called from a procedure sees its caller's
 * locals), so any call may have set the local a dice place reads.
 */
function localsOf(tree: RulesetTree): Map<string, Local[]> {
  const locals = new Map<string, Local[]>();
  const { nodes } = tree;
  for (let i = 0; i < nodes.length; i++) {
    const v = nodes[i] as Record<string, unknown>;
    if (Array.isArray(v) || v.op !== 'call' || !isObject(v.with)) continue;
    const w = v.with;
    for (const name of Object.keys(w)) {
      const list = locals.get(name) ?? [];
      list.push({ expr: w[name], node: i, name });
      locals.set(name, list);
    }
  }
  return locals;
}

/** The pointer of a local's `with` entry. */
const localPointer = (tree: RulesetTree, l: Local): string => (l.pointer ??= joinPointer(pointerOf(tree, l.node), 'with', l.name));

/** Objects keyed by names, not JSON Logic: {"with": {"roll": …}} is a value named roll. */
const NAMED = new Set(['with', 'params', 'stats', 'tags', 'derived', 'slots', 'orderings', 'procedures', 'options']);

const flows = new WeakMap<Ruleset, DiceFlow>();

/** The dice flow of a ruleset (computed once per ruleset object: encounters are checked against it often). */
export function diceFlow(rs: Ruleset): DiceFlow {
  let flow = flows.get(rs);
  if (!flow) flows.set(rs, (flow = computeDiceFlow(rs)));
  return flow;
}

function computeDiceFlow(rs: Ruleset): DiceFlow {
  const flow: DiceFlow = { stats: new Map(), literals: [] };
  const tree = treeOf(rs);
  const locals = localsOf(tree);
  const stats = rs.combatant?.stats ?? {};
  const derived = rs.combatant?.derived ?? {};
  const seen = new Set<string>();

  /** Follow the values `expr` (found at `ptr`) may take to the dice place `use`. */
  const follow = (expr: unknown, ptr: string, use: DiceUse): void => {
    if (seen.has(ptr)) return;
    seen.add(ptr);
    if (typeof expr === 'string' || typeof expr === 'number' || typeof expr === 'boolean') {
      flow.literals.push({ pointer: ptr, value: expr, use });
      return;
    }
    const o = operator(expr);
    if (!o) return;
    if (o.op === 'if' || o.op === '?:') {
      // Branch values: every second argument, and the last one (the else).
      o.args.forEach((a, i) => {
        if (i % 2 === 1 || i === o.args.length - 1) follow(a, `${ptr}/${o.op}/${i}`, use);
      });
      return;
    }
    if (o.op !== 'var') return;
    const path = o.args[0];
    if (o.args.length > 1) follow(o.args[1], `${ptr}/var/1`, use);
    if (typeof path !== 'string') return;
    const [root, name, ...rest] = path.split('.');
    if (name === undefined || rest.length) return;
    if (root && COMBATANT_ROOTS.has(root)) {
      if (Object.prototype.hasOwnProperty.call(stats, name)) {
        if (!flow.stats.has(name)) flow.stats.set(name, use);
      } else if (Object.prototype.hasOwnProperty.call(derived, name)) {
        follow(derived[name]!.expr, joinPointer('/combatant/derived', name, 'expr'), use);
      }
    } else if (root === 'local') {
      for (const l of locals.get(name) ?? []) follow(l.expr, localPointer(tree, l), use);
    }
  };

  // Dice places: everywhere but the options, decisions and source, and the params of actions.
  const { nodes, key, inParams } = tree;
  const skipped = [tree.ranges.get('options'), tree.ranges.get('decisions'), tree.ranges.get('source')];
  for (let i = 0; i < nodes.length; i++) {
    const range = skipped.find((r) => r !== undefined && r[0] === i);
    if (range) {
      i = range[1] - 1;
      continue;
    }
    const v = nodes[i];
    if (inParams[i] || !isObject(v)) continue;
    const hasRoll = v.op === 'roll' && 'dice' in v;
    const hasTies = isObject(v.ties) && 'reroll' in v.ties;
    const parentKey = key[i];
    const o = typeof parentKey === 'string' && NAMED.has(parentKey) ? null : operator(v);
    const isRollOp = o !== null && (o.op === 'roll' || o.op === 'sharedRoll') && o.args.length > 0;
    if (!hasRoll && !hasTies && !isRollOp) continue;
    const ptr = pointerOf(tree, i);
    if (hasRoll) follow(v.dice, `${ptr}/dice`, { at: `${ptr}/dice` });
    if (hasTies) follow((v.ties as Record<string, unknown>).reroll, `${ptr}/ties/reroll`, { at: `${ptr}/ties/reroll` });
    if (isRollOp) {
      const at = Array.isArray(v[o.op]) ? `${ptr}/${o.op}/0` : `${ptr}/${o.op}`;
      follow(o.args[0], at, { at });
    }
  }
  return flow;
}

/** Why `value` is not dice notation, or null when it is. */
export function notationProblem(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number')
    return `dice notation must be a string such as "1d6", got ${JSON.stringify(value)}`;
  try {
    parseNotation(String(value));
    return null;
  } catch (err) {
    if (err instanceof DiceError) return err.message;
    throw err;
  }
}

/** Why a pinned value (`"7"`, `"3,4"`) cannot pin a roll, or null when it can. */
export function pinProblem(label: string, value: unknown): string | null {
  try {
    new Dice(0, new Map([[label, String(value)]]));
    return null;
  } catch (err) {
    if (err instanceof DiceError) return err.message;
    throw err;
  }
}
