/**
 * Data access: var, missing, missing_some.
 *
 * `var` follows json-logic-js: the path is String(path).split('.'); "", null or no path give
 * the whole data; a default (second argument) replaces undefined results, but a null found at
 * the end of the path is returned as null. Unlike json-logic-js it reads own properties only
 * (strings and arrays still have own indices and `length`), and the segments `__proto__`,
 * `constructor` and `prototype` are refused at compile time in literal paths and read as
 * missing in computed ones. (How "own only" is checked cheaply: see INHERITABLE.)
 */
import {
  hasOwn,
  isUnsafeSegment,
  stepBudgetError,
  variadicOp,
  type CompiledExpr,
  type EvalContext,
  type OpDefinition,
  type OpSite,
} from './core.js';
import { readerOf } from './readers.js';
import { rootedVar } from './var-roots.js';

/**
 * Every property name found on the prototype chains of the built-in prototypes (Object, Array,
 * String, Number, Boolean, Function, Map, Date… — every global constructor's `prototype`).
 *
 * Reading a segment the data object does not own is "missing". Expression data is JSON-like —
 * plain objects, arrays, strings, numbers, booleans, null — whose prototypes are built-in, so a
 * name that no built-in prototype has can only be found as an own property: for such a name the
 * own-property test is skipped (`data[name]` is undefined exactly when it is not owned). Names a
 * built-in prototype has (`toString`, `map`, `length`, `hasOwnProperty`…) are still tested, before
 * the property is read, as always. The set is taken once, when this module loads.
 */
const INHERITABLE: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  const seen = new Set<object>();
  const addChain = (start: unknown) => {
    for (let o = start; o !== null && (typeof o === 'object' || typeof o === 'function') && !seen.has(o); o = Object.getPrototypeOf(o)) {
      seen.add(o);
      for (const k of Object.getOwnPropertyNames(o)) names.add(k);
    }
  };
  // Global constructors only, read from their descriptors: never run a getter (in Node's -e and
  // REPL, or in a browser, some globals are lazy getters that warn or load things when read).
  for (const k of Object.getOwnPropertyNames(globalThis)) {
    const desc = Object.getOwnPropertyDescriptor(globalThis, k);
    const v: unknown = desc && 'value' in desc ? desc.value : undefined;
    if (typeof v !== 'function') continue;
    const proto = Object.getOwnPropertyDescriptor(v, 'prototype');
    if (proto && 'value' in proto) addChain(proto.value);
  }
  for (const v of [{}, [], '', 0, false, () => {}, function* () {}, async () => {}, [].values(), new Map().values(), ''.matchAll(/x/g)])
    addChain(Object.getPrototypeOf(v));
  return names;
})();

/** Whether reading `segment` needs the own-property test first (a built-in prototype has that name). */
export function needsOwnTest(segment: string): boolean {
  return INHERITABLE.has(segment);
}

/** Follow pre-split segments; `notFound` for anything missing. Literal paths are pre-checked. */
function walk(data: unknown, segments: readonly string[], tests: readonly boolean[], notFound: unknown): unknown {
  let cur = data;
  for (let i = 0; i < segments.length; i++) {
    if (cur === null || cur === undefined) return notFound;
    const seg = segments[i]!;
    if (tests[i] && !hasOwn.call(cur, seg)) return notFound;
    cur = (cur as Record<string, unknown>)[seg];
    if (cur === undefined) return notFound;
  }
  return cur;
}

/** A computed path, split and checked once (computed paths repeat: "sides.<side>.out"). */
interface SplitPath {
  segments: string[];
  tests: boolean[];
  unsafe: boolean;
}

function splitPath(path: string): SplitPath {
  const segments = path.split('.');
  return { segments, tests: segments.map(needsOwnTest), unsafe: segments.some(isUnsafeSegment) };
}

/** Computed paths one `var` has seen (a few at most: one per side, per combatant…), bounded. */
const PATH_CACHE_LIMIT = 64;

/** `{"var": [path, fallback]}` with a path only known at run time. */
export function lookup(data: unknown, path: unknown, fallback: unknown, cache?: Map<string, SplitPath>): unknown {
  const notFound = fallback === undefined ? null : fallback;
  if (path === undefined || path === '' || path === null) return data;
  const text = String(path);
  let split = cache?.get(text);
  if (split === undefined) {
    split = splitPath(text);
    if (cache !== undefined) {
      if (cache.size >= PATH_CACHE_LIMIT) cache.clear();
      cache.set(text, split);
    }
  }
  if (split.unsafe) return notFound;
  return walk(data, split.segments, split.tests, notFound);
}

/** Literal path segments, or undefined when the path is not a literal scalar. */
export function literalPathSegments(site: OpSite): string[] | null | undefined {
  if (site.argCount === 0) return null;
  const k = site.constantArg(0);
  if (k === undefined) return undefined;
  const p = k.value;
  if (p === '' || p === null) return null;
  if (typeof p !== 'string' && typeof p !== 'number' && typeof p !== 'boolean') return undefined;
  const segments = String(p).split('.');
  for (const s of segments) {
    if (isUnsafeSegment(s)) {
      site.fail(`variable path ${JSON.stringify(String(p))} uses "${s}", which is not allowed`, site.argPointer(0));
    }
  }
  return segments;
}

export const varOp: OpDefinition = {
  name: 'var',
  compile(args, site) {
    const n = args.length;
    const segments = literalPathSegments(site);
    if (n > 2 || segments === undefined) {
      // General form: computed path, or extra arguments (evaluated for effect, then ignored).
      const cache = new Map<string, SplitPath>();
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        const path = n > 0 ? args[0]!(d, c) : undefined;
        const fallback = n > 1 ? args[1]!(d, c) : undefined;
        for (let i = 2; i < n; i++) args[i]!(d, c);
        return lookup(d, path, fallback, cache);
      };
    }
    // Literal path. The default is still evaluated every time (json-logic-js is eager) unless it is
    // a literal that is not an array (arrays are rebuilt per evaluation, so compute them).
    const fallbackArg: CompiledExpr | undefined = n === 2 ? args[1] : undefined;
    const k = n === 2 ? site.constantArg(1) : { value: undefined };
    const constFallback = k !== undefined && !Array.isArray(k.value);
    const nf = constFallback ? (k.value === undefined ? null : k.value) : null;

    if (segments === null) {
      if (fallbackArg === undefined || constFallback) {
        return (d, c) => {
          if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
          return d;
        };
      }
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        fallbackArg(d, c);
        return d;
      };
    }
    const tests = segments.map(needsOwnTest);
    // No outer lookup when none can happen: a default computed at run time, or a first name the
    // compiler was told is never read from outside a loop (the hottest operator pays no wrapper).
    if ((!constFallback && fallbackArg) || (site.outerNames !== undefined && !site.outerNames.has(segments[0]!))) {
      return literalVar(segments, tests, constFallback, fallbackArg, nf, site);
    }
    // Short paths that may look outside do it in the same closure (outside a loop, one test).
    if (segments.length <= 3) return literalVarOrOuter(segments, tests, nf, site);
    return withOuter(literalVar(segments, tests, constFallback, fallbackArg, nf, site), segments, tests, fallbackArg, constFallback, nf);
  },
};

/**
 * Inside a loop body, a literal path whose first name the element does not have, and which the
 * context lists among its outer names (EvalContext.outerNames: actor, target…), is read from the
 * data outside the loop. Without outer names nothing changes (json-logic-js semantics).
 */
function withOuter(
  inner: CompiledExpr,
  segments: string[],
  tests: boolean[],
  fallbackArg: CompiledExpr | undefined,
  constFallback: boolean,
  nf: unknown,
): CompiledExpr {
  const root = segments[0]!;
  return (d, c) => {
    const v = inner(d, c);
    if (c.outer === undefined || c.outerNames === undefined || !c.outerNames.has(root)) return v;
    if (d !== null && typeof d === 'object' && hasOwn.call(d, root)) return v;
    // A default computed at run time is not evaluated twice: such a path does not look outside.
    if (!constFallback && fallbackArg) return v;
    if (v !== nf) return v;
    return walk(c.outer, segments, tests, nf);
  };
}

/**
 * withOuter's test after a literal path with a constant default gave `v` inside a loop (the
 * closures of literalVarOrOuter call it only when c.outer is set).
 */
function outerRead(d: unknown, c: EvalContext, v: unknown, segments: string[], tests: boolean[], nf: unknown): unknown {
  const root = segments[0]!;
  if (c.outerNames === undefined || !c.outerNames.has(root)) return v;
  if (d !== null && typeof d === 'object' && hasOwn.call(d, root)) return v;
  if (v !== nf) return v;
  return walk(c.outer, segments, tests, nf);
}

/**
 * literalVar then withOuter in one closure, for paths of one to three names with a constant (or
 * no) default: the same value, steps and order, one call fewer for the commonest reads
 * (`actor.hp`, `target.ac`…).
 */
function literalVarOrOuter(segments: string[], tests: boolean[], nf: unknown, site: OpSite): CompiledExpr {
  const s0 = segments[0]!;
  const t0 = tests[0]!;
  const r0 = readerOf(s0);
  if (!t0) {
    const rooted = rootedVar(segments, tests, nf, site, outerRead);
    if (rooted !== undefined) return rooted;
  }
  if (segments.length === 1) {
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      let r = nf;
      if (d !== null && d !== undefined && !(t0 && !hasOwn.call(d, s0))) {
        const v = r0(d as Record<string, unknown>, s0);
        if (v !== undefined) r = v;
      }
      return c.outer === undefined ? r : outerRead(d, c, r, segments, tests, nf);
    };
  }
  const s1 = segments[1]!;
  const t1 = tests[1]!;
  const r1 = readerOf(s1);
  if (segments.length === 2) {
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      let r = nf;
      if (d !== null && d !== undefined && !(t0 && !hasOwn.call(d, s0))) {
        const v = r0(d as Record<string, unknown>, s0);
        if (v !== null && v !== undefined && !(t1 && !hasOwn.call(v, s1))) {
          const w = r1(v as Record<string, unknown>, s1);
          if (w !== undefined) r = w;
        }
      }
      return c.outer === undefined ? r : outerRead(d, c, r, segments, tests, nf);
    };
  }
  const s2 = segments[2]!;
  const t2 = tests[2]!;
  const r2 = readerOf(s2);
  return (d, c) => {
    if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
    let r = nf;
    if (d !== null && d !== undefined && !(t0 && !hasOwn.call(d, s0))) {
      const v = r0(d as Record<string, unknown>, s0);
      if (v !== null && v !== undefined && !(t1 && !hasOwn.call(v, s1))) {
        const w = r1(v as Record<string, unknown>, s1);
        if (w !== null && w !== undefined && !(t2 && !hasOwn.call(w, s2))) {
          const x = r2(w as Record<string, unknown>, s2);
          if (x !== undefined) r = x;
        }
      }
    }
    return c.outer === undefined ? r : outerRead(d, c, r, segments, tests, nf);
  };
}

/** The closure of a literal path (specialised for short paths: the hottest operator). */
function literalVar(
  segments: string[],
  tests: boolean[],
  constFallback: boolean,
  fallbackArg: CompiledExpr | undefined,
  nf: unknown,
  site: OpSite,
): CompiledExpr {
  {
    if (!constFallback) {
      const fb = fallbackArg!;
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        const f = fb(d, c);
        return walk(d, segments, tests, f === undefined ? null : f);
      };
    }
    if (segments.length === 1) {
      const s0 = segments[0]!;
      const t0 = tests[0]!;
      const r0 = readerOf(s0);
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        if (d === null || d === undefined || (t0 && !hasOwn.call(d, s0))) return nf;
        const v = r0(d as Record<string, unknown>, s0);
        return v === undefined ? nf : v;
      };
    }
    if (segments.length === 2) {
      const s0 = segments[0]!;
      const s1 = segments[1]!;
      const t0 = tests[0]!;
      const t1 = tests[1]!;
      const r0 = readerOf(s0);
      const r1 = readerOf(s1);
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        if (d === null || d === undefined || (t0 && !hasOwn.call(d, s0))) return nf;
        const v = r0(d as Record<string, unknown>, s0);
        if (v === null || v === undefined || (t1 && !hasOwn.call(v, s1))) return nf;
        const w = r1(v as Record<string, unknown>, s1);
        return w === undefined ? nf : w;
      };
    }
    if (segments.length === 3) {
      const s0 = segments[0]!;
      const s1 = segments[1]!;
      const s2 = segments[2]!;
      const t0 = tests[0]!;
      const t1 = tests[1]!;
      const t2 = tests[2]!;
      const r0 = readerOf(s0);
      const r1 = readerOf(s1);
      const r2 = readerOf(s2);
      return (d, c) => {
        if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
        if (d === null || d === undefined || (t0 && !hasOwn.call(d, s0))) return nf;
        const v = r0(d as Record<string, unknown>, s0);
        if (v === null || v === undefined || (t1 && !hasOwn.call(v, s1))) return nf;
        const w = r1(v as Record<string, unknown>, s1);
        if (w === null || w === undefined || (t2 && !hasOwn.call(w, s2))) return nf;
        const x = r2(w as Record<string, unknown>, s2);
        return x === undefined ? nf : x;
      };
    }
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      return walk(d, segments, tests, nf);
    };
  }
}

/**
 * `missing` lists the keys whose value is null, "" or absent. Keys come from the arguments, or
 * from the first argument when it is an array. A key that is itself an array is read as
 * [path, default]. (json-logic-js re-evaluates each key as logic — `{"var": key}` — so a
 * one-key object coming from data would run as an operator; we read keys as plain data.)
 */
export function missingKeys(values: readonly unknown[], data: unknown): unknown[] {
  const keys = Array.isArray(values[0]) ? (values[0] as unknown[]) : values;
  const out: unknown[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const value = Array.isArray(key) ? lookup(data, key[0], key[1]) : lookup(data, key, undefined);
    if (value === null || value === '') out.push(key);
  }
  return out;
}

export const missingOp = variadicOp('missing', { many: (values, data) => missingKeys(values, data) });

function lengthOf(x: unknown): unknown {
  if (typeof x === 'string' || Array.isArray(x)) return x.length;
  if (typeof x === 'object' && x !== null && hasOwn.call(x, 'length')) return (x as { length: unknown }).length;
  return undefined;
}

/**
 * `missing_some` [need, keys]: [] when at least `need` of the keys are present, else the
 * missing ones. Like json-logic-js, `keys.length` is read as is (a string's length counts; a
 * non-array non-string gives NaN comparisons, so the missing list is returned).
 */
export const missingSomeOp = variadicOp('missing_some', {
  many(values, data, site) {
    const need = values[0];
    const options = values[1];
    const missing = missingKeys(Array.isArray(options) ? options : [options], data);
    if (options === null || options === undefined) {
      throw site.error(`"missing_some" needs a list of keys as its second argument, got ${String(options)}`);
    }
    return (lengthOf(options) as number) - missing.length >= (need as number) ? [] : missing;
  },
});
