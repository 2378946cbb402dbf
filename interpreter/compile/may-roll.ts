/**
 * Whether evaluating an expression can roll dice (the only thing an expression does besides
 * giving its value): it holds a `roll` or `sharedRoll`, a named expression that can roll, or reads
 * a derived value that can roll (derived values are getters, evaluated at each read). Such an
 * expression must be evaluated exactly when and in the order the rules say, since every roll
 * moves the dice of everything after it; one that cannot roll may be skipped or evaluated in
 * another order without changing a trace. Conservative, when some derived value can roll: a
 * `var` path that is not literal text counts as rolling, and so does any text (a path given to
 * `missing`, …) one of whose dotted names is a rolling derived value.
 */
import type { Ruleset } from '../model/types.js';

const ROLLING_OPS = new Set(['roll', 'sharedRoll']);

/** The derived values and named expressions of a ruleset that can roll, found once per definition. */
interface Rolling {
  derived: Set<string>;
  named: Set<string>;
}
const ROLLING = new WeakMap<Ruleset, Rolling>();

/** Whether `expr` (an expression of `def`) can roll dice when evaluated. */
export function mayRoll(expr: unknown, def: Ruleset): boolean {
  return reaches(expr, rollingOf(def));
}

function rollingOf(def: Ruleset): Rolling {
  let r = ROLLING.get(def);
  if (r) return r;
  r = { derived: new Set(), named: new Set() };
  const derived = Object.entries(def.combatant.derived ?? {});
  const named = Object.entries(def.expressions ?? {});
  // A fixed point: a value that reads one that can roll can roll too.
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, d] of derived) {
      if (!r.derived.has(name) && reaches(d.expr, r)) {
        r.derived.add(name);
        changed = true;
      }
    }
    for (const [name, body] of named) {
      if (!r.named.has(name) && reaches(body, r)) {
        r.named.add(name);
        changed = true;
      }
    }
  }
  ROLLING.set(def, r);
  return r;
}

/** Whether `value` holds a rolling operator, names a rolling expression or reads a rolling derived value. */
function reaches(value: unknown, r: Rolling): boolean {
  if (typeof value === 'string') return r.derived.size > 0 && value.split('.').some((name) => r.derived.has(name));
  if (Array.isArray(value)) return value.some((v) => reaches(v, r));
  if (typeof value !== 'object' || value === null) return false;
  for (const [k, v] of Object.entries(value)) {
    if (ROLLING_OPS.has(k)) return true;
    if (k === 'expr' && (typeof v !== 'string' || r.named.has(v))) return true;
    if (k === 'var' && r.derived.size > 0 && dynamicPath(v)) return true;
    if (reaches(v, r)) return true;
  }
  return false;
}

/** A `var`'s path is an expression, not literal text (its names then are checked as text). */
function dynamicPath(arg: unknown): boolean {
  const path: unknown = Array.isArray(arg) ? arg[0] : arg;
  return typeof path === 'object' && path !== null;
}
