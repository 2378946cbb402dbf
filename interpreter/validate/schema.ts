/**
 * Stage 2 of the pipeline: validate a document against a JSON Schema (2020-12, ajv).
 *
 * ajv's raw errors are turned into Diagnostics that point at the offending value (or at the
 * offending key for unknown properties) and say what was expected in plain words. Errors of
 * `oneOf`/`anyOf` are reduced to the alternative the author most plausibly meant: every branch
 * is re-validated on its own to learn which ajv errors belong to it, branches that clearly do
 * not apply (wrong type, wrong discriminator such as `"kind": "other"`) are set aside, and the
 * errors of the best remaining branch are reported instead of the whole pile.
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ErrorObject, Options as AjvOptions, ValidateFunction } from 'ajv';
import { PhasebookError, joinPointer, type Diagnostic } from '../diagnostics.js';
import { parsePointer, type SourceDocument } from '../read/read.js';

// ajv/dist/2020.js is CommonJS: `module.exports` is the class and `.default` points to itself.
const Ajv2020 = Ajv2020Module.default;
type Ajv = InstanceType<typeof Ajv2020>;

export interface SchemaValidator {
  /** Validate `doc.value` against the schema whose `$id` is `schemaId`. Sorted, deduplicated. */
  validate(doc: SourceDocument, schemaId: string): Diagnostic[];
  /** Whether a schema with this `$id` was registered. */
  hasSchema(schemaId: string): boolean;
}

export interface SchemaValidatorOptions {
  /** Extra string formats (ajv 2020 knows none by default; strict mode refuses unknown ones). */
  formats?: Record<string, RegExp | ((value: string) => boolean)>;
}

/** Maximum Levenshtein distance for "did you mean" suggestions. */
export const SUGGESTION_DISTANCE = 2;

/**
 * Build a validator for a set of schemas. Every schema must have a `$id`; schemas may `$ref`
 * one another by it. All schemas are compiled immediately (strict mode), so a broken schema
 * fails here rather than at the first document.
 */
export function createSchemaValidator(schemas: object[], options: SchemaValidatorOptions = {}): SchemaValidator {
  const base: AjvOptions = { allErrors: true, allowUnionTypes: true, strictNumbers: true };
  // Strict mode, except `strictRequired`: it cannot see properties declared through `allOf`,
  // `$ref` or `if`/`then` (the usual 2020-12 composition with `unevaluatedProperties`), and
  // would refuse correct schemas. `allowUnionTypes` permits `"type": ["integer", "string"]`.
  const ajv = new Ajv2020({ ...base, strict: true, strictRequired: false, verbose: true });
  const ids: string[] = [];
  for (const [i, schema] of schemas.entries()) {
    const id = (schema as { $id?: unknown }).$id;
    if (typeof id !== 'string' || id === '') throw new Error(`schema #${i} has no "$id"; every Phasebook schema needs one`);
    ids.push(id);
  }
  for (const [name, format] of Object.entries(options.formats ?? {})) ajv.addFormat(name, format);
  for (const schema of schemas) ajv.addSchema(schema);
  for (const id of ids) ajv.getSchema(id); // compile now (throws on a broken schema)

  // Where every schema object lives, to re-validate single oneOf/anyOf branches.
  const locations = new Map<object, SchemaLocation>();
  for (const [i, schema] of schemas.entries()) indexSchema(schema, ids[i]!, '', locations);

  // A lenient twin used only to compile branches on their own: a branch taken out of context
  // may break strict rules (e.g. `properties` without `type`) that hold in context.
  let twin: Ajv | null = null;
  const getTwin = (): Ajv => {
    if (twin === null) {
      twin = new Ajv2020({ ...base, strict: false, logger: false });
      for (const [name, format] of Object.entries(options.formats ?? {})) twin.addFormat(name, format);
      for (const schema of schemas) twin.addSchema(schema);
    }
    return twin;
  };
  const branchValidator = (ref: string): ValidateFunction | null => {
    try {
      return getTwin().getSchema(ref) ?? null;
    } catch {
      return null;
    }
  };

  /** The schema object a `$ref` found in `from` points to. */
  const resolveRef = (from: object, ref: string): unknown => {
    const loc = locations.get(from);
    if (loc === undefined) return undefined;
    let target: string;
    try {
      target = ref.startsWith('#') ? loc.base + ref : new URL(ref, loc.base).href;
    } catch {
      target = ref;
    }
    return branchValidator(target)?.schema;
  };

  return {
    hasSchema(schemaId) {
      try {
        return ids.includes(schemaId) || ajv.getSchema(schemaId) !== undefined;
      } catch {
        return false;
      }
    },
    validate(doc, schemaId) {
      let validate: ValidateFunction | undefined;
      try {
        validate = ajv.getSchema(schemaId);
      } catch {
        validate = undefined;
      }
      if (validate === undefined) {
        const { line, col } = doc.locate('');
        throw new PhasebookError([
          { file: doc.file, line, col, pointer: '', message: `no schema with $id ${JSON.stringify(schemaId)} is known`, severity: 'error' },
        ]);
      }
      if (validate(doc.value)) return [];
      const reduced = reduceErrors([...(validate.errors ?? [])], { locations, branchValidator });
      return finishDiagnostics(reduced.map((e) => toDiagnostic(doc, e, resolveRef)));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Suggestions

/** Levenshtein edit distance (insert, delete, substitute; each costs 1). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The candidate closest to `word` within `maxDistance` edits (first one wins ties), if any.
 * A candidate as far from `word` as `word` is long ("a" → "b") is never suggested.
 */
export function closestName(word: string, candidates: Iterable<string>, maxDistance = SUGGESTION_DISTANCE): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    if (c === word) continue;
    const d = levenshtein(word, c);
    if (d <= maxDistance && d < bestDistance && d < Math.max(word.length, c.length)) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Reducing oneOf / anyOf noise

interface SchemaLocation {
  /** Absolute `$id` of the schema resource holding the object. */
  base: string;
  /** JSON pointer of the object inside that resource. */
  pointer: string;
}

/** Keywords whose values are data, not subschemas: never descend into them. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'description', 'title', '$comment']);

function indexSchema(node: unknown, base: string, pointer: string, out: Map<object, SchemaLocation>): void {
  if (node === null || typeof node !== 'object') return;
  if (!Array.isArray(node)) {
    const id = (node as { $id?: unknown }).$id;
    if (typeof id === 'string' && pointer !== '') {
      base = resolveId(id, base);
      pointer = '';
    }
  }
  if (!out.has(node)) out.set(node, { base, pointer });
  if (Array.isArray(node)) {
    node.forEach((item, i) => indexSchema(item, base, joinPointer(pointer, i), out));
  } else {
    for (const [key, value] of Object.entries(node)) {
      if (!DATA_KEYWORDS.has(key)) indexSchema(value, base, joinPointer(pointer, key), out);
    }
  }
}

function resolveId(id: string, base: string): string {
  try {
    return new URL(id, base).href.replace(/#.*$/, '');
  } catch {
    return id.replace(/#.*$/, '');
  }
}

interface ReduceContext {
  locations: Map<object, SchemaLocation>;
  branchValidator(ref: string): ValidateFunction | null;
}

/** A diagnostic made by the reducer itself (combined alternatives). */
interface Synthetic extends ErrorObject {
  keyword: 'phasebook:alternatives';
  params: { message: string; expectations: string[] };
}

const UMBRELLAS = new Set(['oneOf', 'anyOf']);

/**
 * Replace every failed oneOf/anyOf (and the errors of all its branches, which ajv reports as a
 * contiguous block just before it) by the errors of the most plausible branch. Works from the
 * end so outer alternatives are resolved first; each branch's block is reduced recursively.
 */
function reduceErrors(list: ErrorObject[], ctx: ReduceContext): ErrorObject[] {
  const out: ErrorObject[] = [];
  let k = list.length - 1;
  while (k >= 0) {
    const e = list[k]!;
    if (UMBRELLAS.has(e.keyword)) {
      const groups = branchGroups(e, list, k, ctx);
      if (groups !== null) {
        const size = groups.reduce((n, g) => n + g.length, 0);
        const chosen = chooseBranch(e, groups.map((g) => reduceErrors(g, ctx)));
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
  const loc = ctx.locations.get(u.parentSchema as object);
  if (loc === undefined) return null;
  const counts: ErrorObject[][] = [];
  for (let i = 0; i < branches.length; i++) {
    const pointer = joinPointer(loc.pointer, u.keyword, i);
    const ref = loc.base + '#' + pointer.split('/').map(encodeURIComponent).join('/');
    const v = ctx.branchValidator(ref);
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
      const values = c.keyword === 'const' ? [(c.params as { allowedValue: unknown }).allowedValue] : (c.params as { allowedValues: unknown[] }).allowedValues;
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

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

// ---------------------------------------------------------------------------------------------
// Messages

function typeList(params: unknown): string[] {
  const t = (params as { type?: unknown }).type;
  if (Array.isArray(t)) return t.map(String);
  return typeof t === 'string' ? t.split(',') : [];
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function typeName(t: string): string {
  return TYPE_NAMES[t] ?? t;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** A scalar as JSON (shortened), a container by its kind. */
function formatValue(value: unknown): string {
  if (value !== null && typeof value === 'object') return describeType(value);
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? s.slice(0, 57) + '…"' : s;
}

function formatList(items: string[], conjunction: 'or' | 'and'): string {
  const shown = items.length > 20 ? [...items.slice(0, 20), `${items.length - 20} more`] : items;
  if (shown.length <= 1) return shown.join('');
  return shown.slice(0, -1).join(', ') + ` ${conjunction} ` + shown[shown.length - 1];
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

interface Problem {
  pointer: string;
  atKey: boolean;
  message: string;
}

type RefResolver = (from: object, ref: string) => unknown;

/**
 * Property names a schema declares, also through `allOf`/`anyOf`/`oneOf`, `then`/`else` and
 * `$ref` — what `unevaluatedProperties: false` lets through by name.
 */
function declaredProperties(schema: unknown, resolveRef: RefResolver, seen = new Set<object>()): string[] {
  if (schema === null || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const s = schema as Record<string, unknown>;
  const names: string[] = [];
  if (s.properties !== null && typeof s.properties === 'object') names.push(...Object.keys(s.properties));
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    const list = s[k];
    if (Array.isArray(list)) for (const sub of list) names.push(...declaredProperties(sub, resolveRef, seen));
  }
  for (const k of ['then', 'else']) names.push(...declaredProperties(s[k], resolveRef, seen));
  if (typeof s.$ref === 'string') names.push(...declaredProperties(resolveRef(schema, s.$ref), resolveRef, seen));
  return unique(names);
}

function problemOf(e: ErrorObject, resolveRef: RefResolver): Problem {
  const path = e.instancePath;
  const p = e.params as Record<string, unknown>;
  const got = (): string => describeType(e.data);
  const at = (message: string): Problem => ({ pointer: path, atKey: false, message });
  switch (e.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(p.additionalProperty ?? p.unevaluatedProperty);
      let allowed: string[];
      if (e.keyword === 'unevaluatedProperties') {
        allowed = declaredProperties(e.parentSchema, resolveRef);
      } else {
        const properties = (e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
        allowed = properties && typeof properties === 'object' ? Object.keys(properties) : [];
      }
      const suggestion = closestName(name, allowed);
      let message = `unknown property ${JSON.stringify(name)}`;
      if (suggestion !== undefined) message += `; did you mean ${JSON.stringify(suggestion)}?`;
      else if (allowed.length > 0 && allowed.length <= 12) message += ` (allowed: ${allowed.map((a) => JSON.stringify(a)).join(', ')})`;
      return { pointer: joinPointer(path, name), atKey: true, message };
    }
    case 'required':
      return at(`missing required property ${JSON.stringify(p.missingProperty)}`);
    case 'dependentRequired':
      return at(`property ${JSON.stringify(p.property)} requires property ${JSON.stringify(p.missingProperty)}`);
    case 'type': {
      const expected = typeList(p).map(typeName);
      const data = e.data;
      const gotText = expected.includes('an integer') && typeof data === 'number' ? String(data) : got();
      return at(`expected ${formatList(expected, 'or')}, got ${gotText}`);
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[] | undefined) ?? [];
      let message =
        allowed.length === 1
          ? `expected ${formatValue(allowed[0])}, got ${formatValue(e.data)}`
          : `expected one of ${formatList(allowed.map(formatValue), 'or')}, got ${formatValue(e.data)}`;
      if (typeof e.data === 'string') {
        // Values are often short codes ("d6"): allow at most one edit per two characters.
        const distance = Math.min(SUGGESTION_DISTANCE, Math.floor((e.data.length - 1) / 2));
        const suggestion = closestName(e.data, allowed.filter((a): a is string => typeof a === 'string'), distance);
        if (suggestion !== undefined) message += `; did you mean ${JSON.stringify(suggestion)}?`;
      }
      return at(message);
    }
    case 'const':
      return at(`expected ${formatValue(p.allowedValue)}, got ${formatValue(e.data)}`);
    case 'false schema': {
      const segs = parsePointer(path);
      const parentIsObject = segs.length > 0 && !/^(0|[1-9][0-9]*)$/.test(segs[segs.length - 1]!);
      return parentIsObject
        ? { pointer: path, atKey: true, message: `property ${JSON.stringify(segs[segs.length - 1])} is not allowed here` }
        : at('no value is allowed here');
    }
    case 'phasebook:alternatives':
      return at((e as Synthetic).params.message);
    case 'oneOf':
    case 'anyOf':
      return at('does not match any of the allowed alternatives');
    case 'if':
      return at(`does not satisfy the "${String(p.failingKeyword)}" part of a conditional rule`);
    case 'not':
      return at('matches a schema it must not match');
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return at(`must be ${String(p.comparison)} ${String(p.limit)}, got ${formatValue(e.data)}`);
    case 'multipleOf':
      return at(`must be a multiple of ${String(p.multipleOf)}, got ${formatValue(e.data)}`);
    case 'minLength':
      return at(`must be at least ${plural(Number(p.limit), 'character')} long`);
    case 'maxLength':
      return at(`must be at most ${plural(Number(p.limit), 'character')} long`);
    case 'minItems':
      return at(`must have at least ${plural(Number(p.limit), 'item')}`);
    case 'maxItems':
    case 'items':
    case 'unevaluatedItems':
    case 'additionalItems':
      return {
        pointer: p.limit !== undefined ? joinPointer(path, Number(p.limit)) : path,
        atKey: false,
        message: `must have at most ${plural(Number(p.limit), 'item')}`,
      };
    case 'minProperties':
      return at(`must have at least ${plural(Number(p.limit), 'property')}`.replace('propertys', 'properties'));
    case 'maxProperties':
      return at(`must have at most ${plural(Number(p.limit), 'property')}`.replace('propertys', 'properties'));
    case 'uniqueItems': {
      const i = Number(p.i);
      const j = Number(p.j);
      return { pointer: joinPointer(path, Math.max(i, j)), atKey: false, message: `duplicate item: items ${Math.min(i, j)} and ${Math.max(i, j)} are identical` };
    }
    case 'pattern':
      return at(`must match the pattern ${JSON.stringify(p.pattern)}, got ${formatValue(e.data)}`);
    case 'format':
      return at(`must be a valid ${String(p.format)}, got ${formatValue(e.data)}`);
    default:
      return at(e.message ?? `fails the "${e.keyword}" rule`);
  }
}

function toDiagnostic(doc: SourceDocument, e: ErrorObject, resolveRef: RefResolver): Diagnostic {
  let problem = problemOf(e, resolveRef);
  if (e.propertyName !== undefined) {
    // An error from `propertyNames`: it is about the key itself.
    problem = {
      pointer: joinPointer(e.instancePath, e.propertyName),
      atKey: true,
      message: `invalid property name ${JSON.stringify(e.propertyName)}: ${problem.message}`,
    };
  }
  const { line, col } = problem.atKey ? doc.locateKey(problem.pointer) : doc.locate(problem.pointer);
  return { file: doc.file, line, col, pointer: problem.pointer, message: problem.message, severity: 'error' };
}

function finishDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of list) {
    const key = `${d.line}:${d.col}:${d.pointer}:${d.severity}:${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out.sort((a, b) => a.line - b.line || a.col - b.col || (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0) || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
}
