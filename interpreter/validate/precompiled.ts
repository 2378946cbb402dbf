/**
 * Stage 2 of the pipeline, without the schema compiler: turn the errors of already compiled
 * JSON Schema (2020-12) validate functions into Diagnostics.
 *
 * The validate functions come from a `ValidateFunctionSource`: ajv compiling the schemas at run
 * time (schema.ts, for Node) or code that ajv generated at build time (the editor, which runs
 * under a Content-Security-Policy without 'unsafe-eval'; see scripts/build-validators.mjs and
 * `createPrecompiledValidator` below). Both give the same Diagnostics for the same document.
 * This module imports ajv's types only, so a bundle that uses it contains no code generator.
 *
 * ajv's raw errors are turned into Diagnostics that point at the offending value (or at the
 * offending key for unknown properties) and say what was expected in plain words. Errors of
 * `oneOf`/`anyOf` are reduced to the alternative the author most plausibly meant: every branch
 * is re-validated on its own to learn which ajv errors belong to it, branches that clearly do
 * not apply (wrong type, wrong discriminator such as `"kind": "other"`) are set aside, and the
 * errors of the best remaining branch are reported instead of the whole pile.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { PhasebookError, joinPointer, type Diagnostic } from '../diagnostics.js';
import { parsePointer, type SourceDocument } from '../read/read.js';

export interface SchemaValidator {
  /** Validate `doc.value` against the schema whose `$id` is `schemaId`. Sorted, deduplicated. */
  validate(doc: SourceDocument, schemaId: string): Diagnostic[];
  /** Whether a schema with this `$id` was registered. */
  hasSchema(schemaId: string): boolean;
}

/**
 * Where the validate functions come from. Both must have been compiled with `verbose: true` and
 * `allErrors: true` (the branch functions need not be verbose: only their errors' keywords and
 * instance paths are compared).
 */
export interface ValidateFunctionSource {
  /** The validator of a whole schema, by `$id`; undefined when unknown. Must not throw. */
  main(schemaId: string): ValidateFunction | undefined;
  /**
   * The validator of one oneOf/anyOf branch, compiled on its own (leniently: out of context a
   * branch may break strict rules), by the ref `branchRef` builds; undefined when there is none.
   * Must not throw.
   */
  branch(ref: string): ValidateFunction | undefined;
}

/** Maximum Levenshtein distance for "did you mean" suggestions. */
export const SUGGESTION_DISTANCE = 2;

/**
 * A SchemaValidator over validate functions from `source`. `schemas` are the schema documents
 * the functions were compiled from (every one with a `$id`): locations in them say which branch
 * ref to ask for and which property names a schema declares. An error's `parentSchema` may be
 * the very object in `schemas` (ajv at run time) or a copy of it (standalone code embeds
 * copies): copies are matched to the original by content.
 */
export function createValidatorFromSource(source: ValidateFunctionSource, schemas: object[]): SchemaValidator {
  const index = new SchemaIndex(schemas);
  const ctx: ReduceContext = {
    index,
    branchValidator: (ref) => source.branch(ref) ?? null,
  };
  return {
    hasSchema(schemaId) {
      return source.main(schemaId) !== undefined;
    },
    validate(doc, schemaId) {
      const validate = source.main(schemaId);
      if (validate === undefined) {
        const { line, col } = doc.locate('');
        throw new PhasebookError([
          { file: doc.file, line, col, pointer: '', message: `no schema with $id ${JSON.stringify(schemaId)} is known`, severity: 'error' },
        ]);
      }
      if (validate(doc.value)) return [];
      const reduced = reduceErrors([...(validate.errors ?? [])], ctx);
      return finishDiagnostics(reduced.map((e) => toDiagnostic(doc, e, index)));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Precompiled (standalone) validators

/** What scripts/build-validators.mjs generates (editor/src/generated/validators.js), as a module namespace. */
export interface GeneratedValidators {
  /** `schemaFingerprint` of the schemas the code was generated from. */
  readonly schemaFingerprint: string;
  /** Schema `$id` → name of the export holding its validate function. */
  readonly schemaIds: Readonly<Record<string, string>>;
  /** Branch ref (as `branchRef` builds it) → name of the export holding its validate function. */
  readonly branchRefs: Readonly<Record<string, string>>;
  readonly [exportName: string]: unknown;
}

/**
 * A SchemaValidator over validate functions generated at build time (ajv standalone code): no
 * schema is compiled and nothing is evaluated at run time. `schemas` must be the documents the
 * code was generated from; a stale module (the schemas changed since) is refused.
 */
export function createPrecompiledValidator(generated: GeneratedValidators, schemas: object[]): SchemaValidator {
  const fingerprint = schemaFingerprint(schemas);
  if (generated.schemaFingerprint !== fingerprint) {
    throw new Error(
      `the precompiled schema validators are stale (generated from schemas ${generated.schemaFingerprint}, these are ${fingerprint}); ` +
        'run `node scripts/build-validators.mjs`',
    );
  }
  const pick = (table: Readonly<Record<string, string>>, key: string): ValidateFunction | undefined => {
    if (!Object.hasOwn(table, key)) return undefined;
    const fn = generated[table[key]!];
    return typeof fn === 'function' ? (fn as ValidateFunction) : undefined;
  };
  return createValidatorFromSource(
    { main: (id) => pick(generated.schemaIds, id), branch: (ref) => pick(generated.branchRefs, ref) },
    schemas,
  );
}

/**
 * A short fingerprint of schema documents (FNV-1a over their JSON), to tell generated code from
 * stale code. scripts/build-validators.mjs computes the same.
 */
export function schemaFingerprint(schemas: object[]): string {
  const text = JSON.stringify(schemas);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${text.length.toString(16)}-${h.toString(16).padStart(8, '0')}`;
}

/**
 * Every branch ref the reducer may ask a ValidateFunctionSource for: one per branch of every
 * oneOf/anyOf in the schemas. scripts/build-validators.mjs enumerates the same set.
 */
export function branchRefs(schemas: object[]): string[] {
  const refs: string[] = [];
  for (const [node, loc] of new SchemaIndex(schemas).locations) {
    if (Array.isArray(node)) continue;
    for (const keyword of UMBRELLAS) {
      const branches = (node as Record<string, unknown>)[keyword];
      if (Array.isArray(branches)) branches.forEach((_, i) => refs.push(branchRef(loc, keyword, i)));
    }
  }
  return refs;
}

/** The ref of branch `i` of the `keyword` (oneOf/anyOf) of the schema object at `loc`. */
export function branchRef(loc: SchemaLocation, keyword: string, i: number): string {
  const pointer = joinPointer(loc.pointer, keyword, i);
  return loc.base + '#' + pointer.split('/').map(encodeURIComponent).join('/');
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

export interface SchemaLocation {
  /** Absolute `$id` of the schema resource holding the object. */
  base: string;
  /** JSON pointer of the object inside that resource. */
  pointer: string;
}

/** Keywords whose values are data, not subschemas: never descend into them. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'description', 'title', '$comment']);

/**
 * Where every object of the schema documents lives, their resources by `$id` and their
 * `$anchor`s; and the original of a copy (standalone code embeds copies of the schemas).
 */
class SchemaIndex {
  readonly locations = new Map<object, SchemaLocation>();
  private readonly resources = new Map<string, object>();
  private readonly anchors = new Map<string, object>();
  /** Originals by their keys (a cheap first sort), built on the first copy looked up. */
  private byKeys: Map<string, object[]> | null = null;
  private readonly json = new WeakMap<object, string>();
  private readonly originals = new WeakMap<object, object | null>();

  constructor(schemas: object[]) {
    for (const [i, schema] of schemas.entries()) {
      const id = (schema as { $id?: unknown }).$id;
      if (typeof id !== 'string' || id === '') throw new Error(`schema #${i} has no "$id"; every Phasebook schema needs one`);
      this.index(schema, id, '');
    }
  }

  private index(node: unknown, base: string, pointer: string): void {
    if (node === null || typeof node !== 'object') return;
    if (!Array.isArray(node)) {
      const s = node as { $id?: unknown; $anchor?: unknown };
      if (typeof s.$id === 'string' && pointer !== '') {
        base = resolveId(s.$id, base);
        pointer = '';
      }
      if (pointer === '' && !this.resources.has(base.replace(/#$/, ''))) this.resources.set(base.replace(/#$/, ''), node);
      if (typeof s.$anchor === 'string' && !this.anchors.has(`${base}#${s.$anchor}`)) this.anchors.set(`${base}#${s.$anchor}`, node);
    }
    if (!this.locations.has(node)) this.locations.set(node, { base, pointer });
    if (Array.isArray(node)) {
      node.forEach((item, i) => this.index(item, base, joinPointer(pointer, i)));
    } else {
      for (const [key, value] of Object.entries(node)) {
        if (!DATA_KEYWORDS.has(key)) this.index(value, base, joinPointer(pointer, key));
      }
    }
  }

  /**
   * The object of the schema documents that `x` is or is a copy of. Among equal originals,
   * the one whose location ends with the error's `schemaPath` (less its keyword) wins; equal
   * objects in one resource behave the same anyway.
   */
  original(x: unknown, schemaPath = ''): object | undefined {
    if (x === null || typeof x !== 'object') return undefined;
    if (this.locations.has(x)) return x;
    const known = this.originals.get(x);
    if (known !== undefined) return known ?? undefined;
    if (this.byKeys === null) {
      this.byKeys = new Map();
      for (const node of this.locations.keys()) {
        const k = keysOf(node);
        const list = this.byKeys.get(k);
        if (list) list.push(node);
        else this.byKeys.set(k, [node]);
      }
    }
    const text = this.jsonOf(x);
    const equal = (this.byKeys.get(keysOf(x)) ?? []).filter((o) => this.jsonOf(o) === text);
    const at = schemaPath.replace(/^[^#]*#/, '').replace(/\/[^/]*$/, '');
    const found = equal.find((o) => this.locations.get(o)!.pointer.endsWith(at)) ?? equal[0];
    this.originals.set(x, found ?? null);
    return found;
  }

  /** The location of `x` (an original or a copy of one). */
  locate(x: unknown, schemaPath?: string): SchemaLocation | undefined {
    const o = this.original(x, schemaPath);
    return o === undefined ? undefined : this.locations.get(o);
  }

  /** The schema object a `$ref` found in `from` points to. */
  resolve(from: object, ref: string): unknown {
    const loc = this.locate(from);
    if (loc === undefined) return undefined;
    let target: string;
    try {
      target = ref.startsWith('#') ? loc.base + ref : new URL(ref, loc.base).href;
    } catch {
      target = ref;
    }
    const hash = target.indexOf('#');
    const uri = hash < 0 ? target : target.slice(0, hash);
    const fragment = hash < 0 ? '' : target.slice(hash + 1);
    const resource = this.resources.get(uri);
    if (resource === undefined) return undefined;
    if (fragment === '') return resource;
    if (!fragment.startsWith('/')) return this.anchors.get(`${uri}#${fragment}`);
    let node: unknown = resource;
    for (const raw of fragment.slice(1).split('/')) {
      let seg: string;
      try {
        seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return undefined;
      }
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, seg)) return undefined;
      node = (node as Record<string, unknown>)[seg];
    }
    return node;
  }

  private jsonOf(x: object): string {
    let text = this.json.get(x);
    if (text === undefined) {
      text = JSON.stringify(x);
      this.json.set(x, text);
    }
    return text;
  }
}

function keysOf(x: object): string {
  return Array.isArray(x) ? `[${x.length}]` : Object.keys(x).join('\u0000');
}

function resolveId(id: string, base: string): string {
  try {
    return new URL(id, base).href.replace(/#.*$/, '');
  } catch {
    return id.replace(/#.*$/, '');
  }
}

interface ReduceContext {
  index: SchemaIndex;
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

/**
 * Property names a schema declares, also through `allOf`/`anyOf`/`oneOf`, `then`/`else` and
 * `$ref` — what `unevaluatedProperties: false` lets through by name.
 */
function declaredProperties(schema: unknown, index: SchemaIndex, seen = new Set<object>()): string[] {
  if (schema === null || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const s = schema as Record<string, unknown>;
  const names: string[] = [];
  if (s.properties !== null && typeof s.properties === 'object') names.push(...Object.keys(s.properties));
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    const list = s[k];
    if (Array.isArray(list)) for (const sub of list) names.push(...declaredProperties(sub, index, seen));
  }
  for (const k of ['then', 'else']) names.push(...declaredProperties(s[k], index, seen));
  if (typeof s.$ref === 'string') names.push(...declaredProperties(index.resolve(schema, s.$ref), index, seen));
  return unique(names);
}

function problemOf(e: ErrorObject, index: SchemaIndex): Problem {
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
        allowed = declaredProperties(index.original(e.parentSchema, e.schemaPath) ?? e.parentSchema, index);
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
        const suggestion = closestName(
          e.data,
          allowed.filter((a): a is string => typeof a === 'string'),
          distance,
        );
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
      return {
        pointer: joinPointer(path, Math.max(i, j)),
        atKey: false,
        message: `duplicate item: items ${Math.min(i, j)} and ${Math.max(i, j)} are identical`,
      };
    }
    case 'pattern':
      return at(`must match the pattern ${JSON.stringify(p.pattern)}, got ${formatValue(e.data)}`);
    case 'format':
      return at(`must be a valid ${String(p.format)}, got ${formatValue(e.data)}`);
    default:
      return at(e.message ?? `fails the "${e.keyword}" rule`);
  }
}

function toDiagnostic(doc: SourceDocument, e: ErrorObject, index: SchemaIndex): Diagnostic {
  let problem = problemOf(e, index);
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
  return out.sort(
    (a, b) =>
      a.line - b.line ||
      a.col - b.col ||
      (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0) ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}
