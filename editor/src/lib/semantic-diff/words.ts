/**
 * The semantic diff's words: JSON Logic as short formulas, sort keys, tie-breaks, orderings and
 * steps in game terms, and deep equality of JSON values. Pure.
 */
import {
  type Ordering,
  type OrderingRef,
  type OrderKey,
  type Phase,
  type Step,
  type TieBreak,
  ORDER_KEYS,
  describeTieBreak,
} from '../../../../interpreter/index.js';

export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep equality of JSON values (key order does not matter). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => same(a[k], b[k]));
  }
  return false;
}

export const clip = (s: string, n = 110) => (s.length > n ? s.slice(0, n - 1) + '…' : s);
export const q = (s: unknown) => `'${String(s)}'`;
export const value = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : (JSON.stringify(v) ?? 'nothing'));

const INFIX: Record<string, string> = {
  '==': '=',
  '===': '=',
  '!=': '≠',
  '!==': '≠',
  '<': '<',
  '<=': '≤',
  '>': '>',
  '>=': '≥',
  '+': '+',
  '-': '−',
  '*': '×',
  '/': '/',
  '%': 'mod',
};

/**
 * A JSON Logic expression as a short formula. `{"in": ["crossbow", {"var": "actor.tags"}]}`
 * reads as a tag ("crossbow"); variables read as their path.
 */
export function describeExpr(e: unknown, depth = 0): string {
  const wrap = (s: string) => (depth > 0 ? `(${s})` : s);
  if (e === null || typeof e !== 'object') return typeof e === 'string' ? `"${e}"` : String(e);
  if (Array.isArray(e)) return `[${e.map((x) => describeExpr(x, 1)).join(', ')}]`;
  const keys = Object.keys(e);
  if (keys.length !== 1) return clip(JSON.stringify(e), 60);
  const op = keys[0]!;
  const raw = (e as Record<string, unknown>)[op];
  const args = Array.isArray(raw) ? raw : [raw];
  if (op === 'var') return String(args[0] ?? '');
  if (op === 'in' && typeof args[0] === 'string' && isObj(args[1]) && typeof args[1].var === 'string' && /\.tags$/.test(args[1].var)) {
    const who = args[1].var.replace(/\.tags$/, '');
    return who === 'actor' ? String(args[0]) : `${who} ${String(args[0])}`;
  }
  if (op === '!' || op === 'not') return `not ${describeExpr(args[0], 1)}`;
  if (op === '!!') return describeExpr(args[0], depth);
  if (op === 'and' || op === 'or') return wrap(args.map((a) => describeExpr(a, 1)).join(` ${op} `));
  if (op === 'if' || op === '?:') {
    const parts: string[] = [];
    for (let i = 0; i + 1 < args.length; i += 2)
      parts.push(`${i ? 'else if' : 'if'} ${describeExpr(args[i], 1)} then ${describeExpr(args[i + 1], 1)}`);
    if (args.length % 2 === 1) parts.push(`else ${describeExpr(args[args.length - 1], 1)}`);
    return wrap(parts.join(' '));
  }
  if (op === 'roll') return String(args[0]);
  if ((op === '+' || op === '*') && args.length > 2) return wrap(args.map((a) => describeExpr(a, 1)).join(` ${INFIX[op]} `));
  if (INFIX[op] && args.length === 2) return wrap(`${describeExpr(args[0], 1)} ${INFIX[op]} ${describeExpr(args[1], 1)}`);
  if (op === 'in' && args.length === 2) return wrap(`${describeExpr(args[0], 1)} in ${describeExpr(args[1], 1)}`);
  return `${op}(${args.map((a) => describeExpr(a, 1)).join(', ')})`;
}

export const expr = (e: unknown) => clip(describeExpr(e));

/** A sort key: a built-in one by name with its phrase from the registered table, a stat, or an expression. */
export function describeKey(k: OrderKey): string {
  const builtIn = (name: string) => (Object.hasOwn(ORDER_KEYS, name) ? `${name} (${ORDER_KEYS[name]!.phrase})` : name);
  if (typeof k === 'string') return builtIn(k);
  if ('preset' in k) return builtIn(k.preset);
  const dir = k.dir === 'asc' ? 'lowest first' : 'highest first';
  if ('stat' in k) return `${k.stat} (${dir})`;
  return k.description ? clip(k.description.replace(/\.$/, ''), 60) : `${clip(describeExpr(k.expr), 50)} (${dir})`;
}

/** A tie-break in the words of the registered table (concepts/tie-breaks). */
export function describeTies(t: TieBreak | undefined): string {
  return describeTieBreak(t);
}

export const describeKeys = (o: Ordering) => (o.keys.length ? o.keys.map(describeKey).join(', then ') : 'no keys (everyone at once)');

/** An ordering reference as the document writes it: its name, or its keys. */
export function describeOrderRef(ref: OrderingRef | undefined): string {
  if (ref === undefined) return 'simultaneous';
  if (typeof ref === 'string') return ref;
  return `${describeKeys(ref)}; ties ${describeTies(ref.ties)}`;
}

export function describeStep(s: Step): string {
  const bits: string[] = [];
  if (s.perform) bits.push(`everyone selected performs ${q(s.perform)}`);
  if (s.select !== undefined) bits.push(`selects ${expr(s.select)}`);
  bits.push(`order ${describeOrderRef(s.order)}`);
  if (s.choice) bits.push(`choice ${q(s.choice.id)} (default ${s.choice.default})`);
  return bits.join('; ');
}

export const phaseName = (p: Phase) => `Phase ${q(p.id)}`;
