/**
 * Side and encounter state: every key read (`encounter.<key>`, `sides.<id>.state.<key>`) or
 * changed (`{"op": "state", "key": …}`) is declared under the ruleset's `state`, else a located
 * error with "did you mean".
 */
import { collectVarPaths } from '../expr/index.js';
import { joinPointer } from '../diagnostics.js';
import type { Ruleset } from '../model/types.js';
import { closestName } from './precompiled.js';
import { expressions, type Problem } from './expressions.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function checkState(rs: Ruleset): Problem[] {
  const problems: Problem[] = [];
  const keys = { encounter: Object.keys(rs.state?.encounter ?? {}), side: Object.keys(rs.state?.side ?? {}) };
  const check = (of: 'encounter' | 'side', key: string, pointer: string) => {
    const names = keys[of];
    if (names.includes(key)) return;
    const near = closestName(key, names);
    const where = of === 'encounter' ? 'state.encounter' : 'state.side';
    problems.push({
      pointer,
      message: `unknown ${of} value "${key}"${near !== undefined ? `; did you mean "${near}"?` : names.length ? `; ${where} has ${names.join(', ')}` : `; declare it under ${where}`}`,
    });
  };
  for (const [expr, ptr] of expressions(rs)) {
    for (const { path, pointer, scoped } of collectVarPaths(expr)) {
      if (scoped) continue;
      const seg = path.split('.');
      if (seg[0] === 'encounter' && seg[1] !== undefined) check('encounter', seg[1], ptr + pointer);
      if (seg[0] === 'sides' && seg[2] === 'state' && seg[3] !== undefined) check('side', seg[3], ptr + pointer);
    }
  }
  const walk = (v: unknown, ptr: string): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${ptr}/${i}`));
    else if (isObject(v)) {
      if (v.op === 'state' && (v.of === 'encounter' || v.of === 'side') && typeof v.key === 'string') check(v.of, v.key, `${ptr}/key`);
      for (const [k, x] of Object.entries(v)) walk(x, joinPointer(ptr, k));
    }
  };
  walk(rs.actions, '/actions');
  walk(rs.triggers ?? [], '/triggers');
  walk(rs.procedures ?? {}, '/procedures');
  walk(rs.moments ?? [], '/moments');
  return problems;
}
