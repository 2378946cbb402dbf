/**
 * Named expressions ({"expr": "name"}, the ruleset's `expressions`): every name used is
 * defined (else "did you mean"), no named expression uses itself through others, and a derived
 * value does not reach, through a name, what a derived value cannot see.
 */
import type { Ruleset } from '../model/types.js';
import { joinPointer } from '../diagnostics.js';
import { varPathsOf } from '../expr/var-paths.js';
import { closestName } from './precompiled.js';
import { expressionList, type Problem } from './expressions.js';
import { DERIVED_VARIABLES } from './names.js';
import { forEachKeyIn } from './tree.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every {"expr": …} operator in an expression: the name it uses (or null when not a literal string) and the pointer of that name. */
export function namedUses(expr: unknown, ptr = ''): Array<{ name: string | null; pointer: string }> {
  const out: Array<{ name: string | null; pointer: string }> = [];
  const visit = (v: unknown, p: string): void => {
    if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${p}/${i}`));
    else if (isObject(v)) {
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0] === 'expr') {
        const arg = v.expr;
        const name = Array.isArray(arg) ? arg[0] : arg;
        out.push({ name: typeof name === 'string' ? name : null, pointer: Array.isArray(arg) ? `${p}/expr/0` : `${p}/expr` });
        return;
      }
      for (const k of keys) visit(v[k], joinPointer(p, k));
    }
  };
  visit(expr, ptr);
  return out;
}

/** Each {"expr": …} of an expression with a literal name, in document order, with a function that makes its pointer. */
function forEachNamedUse(expr: unknown, ptr: string, found: (name: string, pointer: () => string) => void): void {
  forEachKeyIn(
    expr,
    (o, k, keys, here) => {
      if (k !== 'expr' || keys.length !== 1) return;
      const arg = o.expr;
      const name = Array.isArray(arg) ? arg[0] : arg;
      if (typeof name === 'string') {
        const at = here();
        found(name, () => (Array.isArray(arg) ? `${at}/expr/0` : `${at}/expr`));
      }
      return true;
    },
    ptr,
  );
}

export function checkNamedExpressions(rs: Ruleset): Problem[] {
  const problems: Problem[] = [];
  const named = rs.expressions ?? {};
  const names = Object.keys(named);
  const has = (n: string) => Object.prototype.hasOwnProperty.call(named, n);
  const listing = () =>
    names.length ? `the named expressions are ${names.join(', ')}` : 'this ruleset names no expressions (add them under "expressions")';
  // A name that is not a literal string: the expression compiler says it must be one.
  const list = expressionList(rs);
  for (let n = 0; n < list.length; n++) {
    const e = list[n]!;
    forEachNamedUse(e.expr, e.pointer, (name, pointer) => {
      if (has(name)) return;
      const near = closestName(name, names);
      problems.push({
        pointer: pointer(),
        message: `unknown named expression "${name}"${near === undefined ? `; ${listing()}` : `; did you mean "${near}"?`}`,
      });
    });
  }
  // A body of several keys is no operator: JSON Logic would read it as a plain value, silently.
  for (const n of names) {
    const body = named[n];
    if (isObject(body) && Object.keys(body).length > 1)
      problems.push({
        pointer: joinPointer('/expressions', n),
        message: `named expression "${n}" is an object of ${Object.keys(body).length} keys (${Object.keys(body).join(', ')}), not one operator; a named expression is one expression (it has no "description")`,
      });
  }
  // Cycles: a name that uses itself, directly or through others.
  const uses = new Map(names.map((n) => [n, namedUses(named[n]).flatMap((u) => (u.name !== null && has(u.name) ? [u.name] : []))]));
  const state = new Map<string, 1 | 2>();
  const visit = (n: string, chain: string[]): void => {
    if (state.get(n) === 2) return;
    if (state.get(n) === 1) {
      problems.push({
        pointer: joinPointer('/expressions', n),
        message: `named expression "${n}" uses itself: ${[...chain.slice(chain.indexOf(n)), n].join(' → ')}`,
      });
      return;
    }
    state.set(n, 1);
    for (const m of uses.get(n) ?? []) visit(m, [...chain, n]);
    state.set(n, 2);
  };
  for (const n of names) visit(n, []);
  // A derived value sees only its own combatant, also through the names it uses.
  const allowed = new Set<string>(DERIVED_VARIABLES);
  for (const [name, d] of Object.entries(rs.combatant.derived ?? {})) {
    const seen = new Set<string>();
    const queue = namedUses(d.expr).flatMap((u) => (u.name !== null && has(u.name) ? [u.name] : []));
    while (queue.length > 0) {
      const n = queue.shift()!;
      if (seen.has(n)) continue;
      seen.add(n);
      for (const { path, scoped } of varPathsOf(named[n])) {
        const root = path.split('.')[0]!;
        if (scoped || /^\d+$/.test(root) || allowed.has(root)) continue;
        problems.push({
          pointer: joinPointer('/combatant/derived', name, 'expr'),
          message: `derived value "${name}" uses named expression "${n}", which reads "${path}"; a derived value sees only ${DERIVED_VARIABLES.join(', ')}`,
        });
      }
      queue.push(...(uses.get(n) ?? []));
    }
  }
  return problems;
}
