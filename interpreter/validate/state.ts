/**
 * Side and encounter state: every key read (`encounter.<key>`, `sides.<id>.state.<key>`) or
 * changed (`{"op": "state", "key": …}`) is declared under the ruleset's `state`, else a located
 * error with "did you mean".
 */
import type { Ruleset } from '../model/types.js';
import { closestName } from './precompiled.js';
import { expressionList, varPaths, type Problem } from './expressions.js';
import { EFFECT_ROOTS, forEachObjectUnder, pointerOf, treeOf } from './tree.js';

export function checkState(rs: Ruleset): Problem[] {
  const problems: Problem[] = [];
  const keys = { encounter: Object.keys(rs.state?.encounter ?? {}), side: Object.keys(rs.state?.side ?? {}) };
  const check = (of: 'encounter' | 'side', key: string, at: () => string) => {
    const names = keys[of];
    if (names.includes(key)) return;
    const pointer = at();
    const near = closestName(key, names);
    const where = of === 'encounter' ? 'state.encounter' : 'state.side';
    problems.push({
      pointer,
      message: `unknown ${of} value "${key}"${near !== undefined ? `; did you mean "${near}"?` : names.length ? `; ${where} has ${names.join(', ')}` : `; declare it under ${where}`}`,
    });
  };
  const list = expressionList(rs);
  for (let n = 0; n < list.length; n++) {
    const e = list[n]!;
    const vars = varPaths(e);
    for (let m = 0; m < vars.length; m++) {
      const v = vars[m]!;
      const path = v.path;
      if (v.scoped) continue;
      if (!path.startsWith('encounter.') && !path.startsWith('sides.')) continue;
      const seg = path.split('.');
      const at = () => e.pointer + v.pointer;
      if (seg[0] === 'encounter' && seg[1] !== undefined) check('encounter', seg[1], at);
      if (seg[0] === 'sides' && seg[2] === 'state' && seg[3] !== undefined) check('side', seg[3], at);
    }
  }
  const tree = treeOf(rs);
  forEachObjectUnder(tree, EFFECT_ROOTS, (v, i) => {
    if (v.op === 'state' && (v.of === 'encounter' || v.of === 'side') && typeof v.key === 'string') {
      check(v.of, v.key, () => `${pointerOf(tree, i)}/key`);
    }
  });
  return problems;
}
