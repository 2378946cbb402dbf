/**
 * Names a stranger can misspell without any other check noticing, because a missing name
 * reads as null and null counts as 0: a stat in a sort key, a variable or a combatant field
 * in an expression, and a derived value that reads what it cannot see. Each is reported at
 * the name with "did you mean". Paths inside a loop body (map, filter, reduce, some, all,
 * none) read the element, so they are not checked; neither are the fields of `local`,
 * `reaction`, `event`, `sides` and `options` (options have their own check).
 */
import type { Ruleset } from '../model/types.js';
import { joinPointer } from '../diagnostics.js';
import { COMBATANT_VARIABLES, DERIVED_VARIABLES, EXPRESSION_VARIABLES } from '../model/variables.js';
import { closestName, levenshtein } from './suggest.js';
import { expressionList, varPaths, type Problem } from './expressions.js';

/** Fields the engine itself puts on every combatant view (run/setup.ts), besides the ruleset's stats. */
export const BUILTIN_COMBATANT_FIELDS = [
  'id',
  'name',
  'side',
  'tags',
  'plan',
  'done',
  'doneLastRound',
  'initiativeAtRoundStart',
  'conditions',
  'moved',
  'engaged',
  'engagedAtRoundStart',
  'initiative',
  'position',
  'card',
  'cards',
  'acted',
  'actsThisTurn',
  'usedThisTurn',
] as const;

// The variables themselves are listed in model/variables.ts (read by the engine too).
export { COMBATANT_VARIABLES, DERIVED_VARIABLES, EXPRESSION_VARIABLES } from '../model/variables.js';

const COMBATANT_ROOTS = new Set<string>(COMBATANT_VARIABLES);
const ROOTS = new Set<string>(EXPRESSION_VARIABLES);
const DERIVED_ROOTS = new Set<string>(DERIVED_VARIABLES);
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
const hasForbidden = (segments: string[]): boolean => {
  for (let i = 0; i < segments.length; i++) if (FORBIDDEN_SEGMENTS.has(segments[i]!)) return true;
  return false;
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const letters = (w: string) => [...w].sort().join('');
/** The nearest name; among equally near ones, the same letters swapped ("egde" → "edge"). */
function nearest(word: string, names: Iterable<string>): string | undefined {
  const list = [...names];
  const near = closestName(word, list);
  if (near === undefined) return undefined;
  const d = levenshtein(word, near);
  return list.find((n) => n !== word && letters(n) === letters(word) && levenshtein(word, n) === d) ?? near;
}
/** "did you mean" when a name is near; otherwise the names there are. */
const suggest = (word: string, names: Iterable<string>, listing: () => string): string => {
  const near = nearest(word, names);
  return near === undefined ? `; ${listing()}` : `; did you mean "${near}"?`;
};

/** The name of the derived value whose expression is at `ptr`, if it is one. */
const derivedNameOf = (ptr: string): string | undefined =>
  /^\/combatant\/derived\/([^/]+)\/expr$/.exec(ptr)?.[1]?.replace(/~1/g, '/').replace(/~0/g, '~');

export function checkNames(rs: Ruleset): Problem[] {
  const problems: Problem[] = [];
  const p = (pointer: string, message: string) => problems.push({ pointer, message });
  const stats = Object.keys(rs.combatant.stats);
  const derived = Object.keys(rs.combatant.derived ?? {});
  const fields = new Set<string>([...stats, ...derived, ...BUILTIN_COMBATANT_FIELDS]);
  const listFields = () =>
    `stats are ${stats.join(', ')}${derived.length ? `; derived: ${derived.join(', ')}` : ''}; built-in: ${BUILTIN_COMBATANT_FIELDS.join(', ')}`;

  // Variables and combatant fields in expressions.
  const list = expressionList(rs);
  for (let n = 0; n < list.length; n++) {
    const e = list[n]!;
    const ptr = e.pointer;
    const derivedName = ptr.startsWith('/combatant/derived/') ? derivedNameOf(ptr) : undefined;
    const vars = varPaths(e);
    for (let m = 0; m < vars.length; m++) {
      const v = vars[m]!;
      const path = v.path;
      if (v.scoped) continue; // a loop body reads the element (or current/accumulator)
      const segments = path.split('.');
      if (hasForbidden(segments)) continue; // the compiler rejects these
      // Indexed, not destructured: destructuring runs the array iterator, for every path.
      const root = segments[0]!;
      const field = segments.length > 1 ? segments[1] : undefined;
      if (/^\d+$/.test(root)) continue; // an index into the data, as json-logic allows
      if (derivedName !== undefined && !DERIVED_ROOTS.has(root)) {
        const hint = COMBATANT_ROOTS.has(root) && field !== undefined && fields.has(field) ? `; did you mean "actor.${field}"?` : '';
        p(
          ptr + v.pointer,
          `derived value "${derivedName}" reads "${path}", but a derived value sees only its own combatant ` +
            `(${DERIVED_VARIABLES.join(', ')}): "${root}" is null there and counts as 0${hint}`,
        );
        continue;
      }
      if (!ROOTS.has(root)) {
        p(
          ptr + v.pointer,
          `unknown variable "${root}" in "${path}"${suggest(root, ROOTS, () => `expressions can read ${[...ROOTS].join(', ')}`)}`,
        );
        continue;
      }
      if (COMBATANT_ROOTS.has(root) && field !== undefined && !fields.has(field)) {
        p(ptr + v.pointer, `unknown stat "${field}" in "${path}"${suggest(field, fields, listFields)}`);
      }
    }
  }

  // Stats named by sort keys, in named orderings and in orderings written in place.
  const checkKeys = (ordering: unknown, ptr: string) => {
    if (!isObject(ordering) || !Array.isArray(ordering.keys)) return;
    ordering.keys.forEach((k, i) => {
      if (isObject(k) && typeof k.stat === 'string' && !fields.has(k.stat)) {
        p(`${ptr}/keys/${i}/stat`, `unknown stat "${k.stat}" in a sort key${suggest(k.stat, fields, listFields)}`);
      }
    });
  };
  for (const [name, o] of Object.entries(rs.orderings ?? {})) checkKeys(o, joinPointer('/orderings', name));
  checkKeys(rs.round.turns.order, '/round/turns/order');
  checkKeys(rs.round.declare.order, '/round/declare/order');
  for (const [list, base] of [
    [rs.round.phases, '/round/phases'],
    [rs.round.finally ?? [], '/round/finally'],
  ] as const) {
    list.forEach((ph, i) => ph.steps.forEach((s, j) => checkKeys(s.order, `${base}/${i}/steps/${j}/order`)));
  }
  return problems;
}
