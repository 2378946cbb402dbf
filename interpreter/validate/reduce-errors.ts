/**
 * Reducing oneOf / anyOf noise: the errors of a failed alternative are replaced by those of the
 * branch the author most plausibly meant. Every branch is re-validated on its own to learn which
 * ajv errors belong to it; branches that clearly do not apply (wrong type, wrong discriminator
 * such as `"kind": "other"`) are set aside.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { joinPointer } from '../diagnostics.js';
import { UMBRELLAS, branchRef, type SchemaIndex } from './schema-index.js';
import { describeType, formatList, formatValue, typeList, typeName } from './wording.js';

export interface ReduceContext {
  index: SchemaIndex;
  branchValidator(ref: string): ValidateFunction | null;
}

/** A diagnostic made by the reducer itself (combined alternatives). */
export interface Synthetic extends ErrorObject {
  keyword: 'phasebook:alternatives';
  params: { message: string; expectations: string[] };
}

/**
 * Replace every failed oneOf/anyOf (and the errors of all its branches, which ajv reports as a
 * contiguous block just before it) by the errors of the most plausible branch. Works from the
 * end so outer alternatives are resolved first; each branch's block is reduced recursively.
 */
export function reduceErrors(list: ErrorObject[], ctx: ReduceContext): ErrorObject[] {
  const out: ErrorObject[] = [];
  let k = list.length - 1;
  while (k >= 0) {
    const e = list[k]!;
    if (UMBRELLAS.has(e.keyword)) {
      const groups = branchGroups(e, list, k, ctx);
      if (groups !== null) {
        const size = groups.reduce((n, g) => n + g.length, 0);
        const chosen = chooseBranch(
          e,
          groups.map((g) => reduceErrors(g, ctx)),
        );
        for (let i = chosen.length - 1; i >= 0; i--) out.push(chosen[i]!);
        k -= size + 1;
        continue;
      }
    }
    out.push(e);
    k--;
  }
  out.reverse();
  // Umbrellas that could not be resolved, `if` failures and `propertyNames` summaries say
  // nothing the errors under them do not say better: drop them when such errors exist.
  return out.filter((e) => {
    if (!UMBRELLAS.has(e.keyword) && e.keyword !== 'if' && e.keyword !== 'propertyNames') return true;
    if (e.keyword === 'oneOf' && Array.isArray((e.params as { passingSchemas?: unknown }).passingSchemas)) return true;
    return !out.some((o) => o !== e && isAtOrUnder(o.instancePath, e.instancePath) && !UMBRELLAS.has(o.keyword) && o.keyword !== 'if');
  });
}

/** The ajv errors of each branch of the umbrella at `list[k]`, or null when they cannot be told apart. */
function branchGroups(u: ErrorObject, list: ErrorObject[], k: number, ctx: ReduceContext): ErrorObject[][] | null {
  const branches = u.schema;
  if (!Array.isArray(branches) || u.parentSchema === undefined) return null;
  const loc = ctx.index.locate(u.parentSchema, u.schemaPath);
  if (loc === undefined) return null;
  const counts: ErrorObject[][] = [];
  for (let i = 0; i < branches.length; i++) {
    const v = ctx.branchValidator(branchRef(loc, u.keyword, i));
    if (v === null) return null;
    try {
      v(u.data);
    } catch {
      return null;
    }
    counts.push([...(v.errors ?? [])]);
  }
  const size = counts.reduce((n, g) => n + g.length, 0);
  if (size > k) return null;
  const block = list.slice(k - size, k);
  const groups: ErrorObject[][] = [];
  let at = 0;
  for (const reval of counts) {
    const group = block.slice(at, at + reval.length);
    for (let j = 0; j < reval.length; j++) {
      const a = group[j]!;
      const b = reval[j]!;
      if (a.keyword !== b.keyword || a.instancePath !== u.instancePath + b.instancePath) return null;
    }
    groups.push(group);
    at += reval.length;
  }
  return groups;
}

function chooseBranch(u: ErrorObject, branches: ErrorObject[][]): ErrorObject[] {
  const path = u.instancePath;
  const passing = (u.params as { passingSchemas?: unknown }).passingSchemas;
  if (Array.isArray(passing)) {
    const names = passing.map((i) => `#${String(i)}`);
    return [synthetic(u, path, `matches ${names.length} alternatives (${formatList(names, 'and')}) but must match exactly one`, [])];
  }
  const rootMismatch = (errs: ErrorObject[]): boolean =>
    errs.some((e) => e.instancePath === path && (['type', 'const', 'enum'].includes(e.keyword) || isRootSynthetic(e)));
  const choiceAt = (errs: ErrorObject[], at: string): ErrorObject | undefined =>
    errs.find((e) => (e.keyword === 'const' || e.keyword === 'enum') && e.instancePath === at);
  const all = branches.map((errs, i) => ({ errs, i }));
  const rank = (list: Array<{ errs: ErrorObject[]; i: number }>) =>
    [...list].sort((a, b) => maxDepth(b.errs) - maxDepth(a.errs) || a.errs.length - b.errs.length || a.i - b.i)[0];

  // 1. Every branch wants another kind of value: say so in one message.
  if (branches.every(rootMismatch)) {
    const expectations = unique(branches.flatMap((errs) => errs.filter((e) => e.instancePath === path).flatMap(expectationsOf)));
    if (expectations.length > 0) {
      return [synthetic(u, path, `expected ${formatList(expectations, 'or')}, got ${describeType(u.data)}`, expectations)];
    }
  }
  const candidates = all.filter(({ errs }) => !rootMismatch(errs));

  // 2. Every branch that takes this kind of value refuses the same property by const/enum
  //    (typically a discriminator such as "kind"): list the values that property may take.
  const firstErrs = candidates[0]?.errs ?? [];
  for (const e of firstErrs) {
    if ((e.keyword !== 'const' && e.keyword !== 'enum') || !isChildOf(e.instancePath, path)) continue;
    if (!candidates.every(({ errs }) => choiceAt(errs, e.instancePath) !== undefined)) continue;
    const allowed: unknown[] = [];
    const seen = new Set<string>();
    for (const { errs } of candidates) {
      const c = choiceAt(errs, e.instancePath)!;
      const values =
        c.keyword === 'const'
          ? [(c.params as { allowedValue: unknown }).allowedValue]
          : (c.params as { allowedValues: unknown[] }).allowedValues;
      for (const v of values) {
        const key = JSON.stringify(v);
        if (!seen.has(key)) {
          seen.add(key);
          allowed.push(v);
        }
      }
    }
    return [{ ...e, keyword: 'enum', params: { allowedValues: allowed } }];
  }

  // 3. Set aside branches refused by a discriminating property: one they fail by const/enum
  //    while some other branch has no complaint about it. Report the best of the others.
  const discriminated = ({ errs }: { errs: ErrorObject[] }): boolean =>
    errs.some(
      (e) =>
        (e.keyword === 'const' || e.keyword === 'enum') &&
        isChildOf(e.instancePath, path) &&
        candidates.some((o) => !o.errs.some((x) => isAtOrUnder(subjectPath(x), e.instancePath))),
    );
  const plausible = candidates.filter((c) => !discriminated(c));
  return (rank(plausible) ?? rank(candidates) ?? rank(all))?.errs ?? [u];
}

function synthetic(u: ErrorObject, instancePath: string, message: string, expectations: string[]): Synthetic {
  return { instancePath, schemaPath: u.schemaPath, keyword: 'phasebook:alternatives', params: { message, expectations }, data: u.data };
}

function isRootSynthetic(e: ErrorObject): boolean {
  return e.keyword === 'phasebook:alternatives' && (e as Synthetic).params.expectations.length > 0;
}

/** What a root-level type/const/enum error says the value should have been. */
function expectationsOf(e: ErrorObject): string[] {
  switch (e.keyword) {
    case 'type':
      return typeList(e.params).map(typeName);
    case 'const':
      return [formatValue((e.params as { allowedValue: unknown }).allowedValue)];
    case 'enum':
      return (e.params as { allowedValues: unknown[] }).allowedValues.map(formatValue);
    case 'phasebook:alternatives':
      return (e as Synthetic).params.expectations;
    default:
      return [];
  }
}

/** The value an error complains about: for unknown or missing properties, the property itself. */
function subjectPath(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  const name = p.additionalProperty ?? p.unevaluatedProperty ?? (e.keyword === 'required' ? p.missingProperty : undefined);
  return typeof name === 'string' ? joinPointer(e.instancePath, name) : e.instancePath;
}

function isAtOrUnder(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(ancestor + '/');
}

function isChildOf(path: string, parent: string): boolean {
  return path.startsWith(parent + '/') && !path.slice(parent.length + 1).includes('/');
}

function maxDepth(errs: ErrorObject[]): number {
  let d = 0;
  for (const e of errs) d = Math.max(d, e.instancePath === '' ? 0 : e.instancePath.split('/').length - 1);
  return d;
}

export function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}
