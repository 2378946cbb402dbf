/**
 * The editor's validators, generated at build time (scripts/build-validators.mjs, ajv standalone
 * code), must give exactly the Diagnostics of the validators ajv compiles at run time (the CLI):
 * on every shipped document and bad fixture, and on a few hundred random single mutations of
 * the shipped documents. The module is the one the build step generates into
 * editor/src/generated/ (`npm run build:validators`, run by `npm test` before the tests).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PhasebookError, type Diagnostic } from '../diagnostics.js';
import { Core, SCHEMA_IDS } from '../core.js';
import { readDocumentText, type SourceDocument } from '../read/read.js';
import * as script from '../../scripts/build-validators.mjs';
import {
  branchRefs,
  createPrecompiledValidator,
  schemaFingerprint,
  type GeneratedValidators,
  type SchemaValidator,
} from './precompiled.js';
import { AJV_BASE_OPTIONS, AJV_BRANCH_OPTIONS, AJV_MAIN_OPTIONS, createSchemaValidator } from './schema.js';
import { jsonFilesUnder } from '../../test/support/files.js';

const ROOT = join(import.meta.dirname, '..', '..');
const GENERATED = join(ROOT, 'editor', 'src', 'generated', 'validators.js');
const SCHEMA_NAMES = ['ruleset', 'encounter', 'trace'];
const schemas = (): object[] =>
  SCHEMA_NAMES.map((n) => JSON.parse(readFileSync(join(ROOT, 'schemas', `${n}.schema.json`), 'utf8')) as object);
const ALL_IDS = Object.values(SCHEMA_IDS);

let generated: GeneratedValidators;
let precompiled: SchemaValidator;
let runtime: SchemaValidator;

beforeAll(async () => {
  // Generated once, by the build step (npm test runs build:validators first); never here, into
  // the working tree, under a time limit.
  if (!existsSync(GENERATED))
    throw new Error(`${relative(ROOT, GENERATED)} is missing: run \`npm run build:validators\` first (npm test does)`);
  generated = (await import('../../editor/src/generated/validators.js')) as unknown as GeneratedValidators;
  // Separate schema objects for each, as in the editor (its own JSON imports) and the CLI.
  precompiled = createPrecompiledValidator(generated, schemas());
  runtime = createSchemaValidator(schemas());
});

const files = (dir: string) => jsonFilesUnder(dir);

const kindSchema = (value: unknown): string =>
  (value as { kind?: unknown } | null)?.kind === 'encounter' ? SCHEMA_IDS.encounter : SCHEMA_IDS.ruleset;

function read(file: string, text: string): SourceDocument | null {
  try {
    return readDocumentText(file, text);
  } catch (err) {
    if (err instanceof PhasebookError) return null; // not JSON the reader accepts: never validated
    throw err;
  }
}

function same(doc: SourceDocument, schemaId: string, what: string): Diagnostic[] {
  const expected = runtime.validate(doc, schemaId);
  expect(precompiled.validate(doc, schemaId), what).toEqual(expected);
  return expected;
}

describe('the generated module', () => {
  it('needs no eval and no other module', () => {
    const code = readFileSync(GENERATED, 'utf8');
    expect(code).not.toMatch(/\bnew\s+Function\b|\bFunction\s*\(|\beval\s*\(/);
    expect(code).not.toMatch(/\brequire\s*\(|^\s*import\b|\bimport\s*\(/m);
  });

  it('is generated from the current schemas, and a stale one is refused', () => {
    expect(generated.schemaFingerprint, 'the generated module is stale: run `npm run build:validators`').toBe(schemaFingerprint(schemas()));
    expect(script.schemaFingerprint(schemas())).toBe(schemaFingerprint(schemas()));
    const changed = schemas();
    (changed[1] as { title?: string }).title = 'changed';
    expect(() => createPrecompiledValidator(generated, changed)).toThrow(/stale/);
  });

  it('is compiled with the options of the run-time validator', () => {
    expect(script.AJV_BASE_OPTIONS).toEqual(AJV_BASE_OPTIONS);
    expect(script.AJV_MAIN_OPTIONS).toEqual(AJV_MAIN_OPTIONS);
    expect(script.AJV_BRANCH_OPTIONS).toEqual(AJV_BRANCH_OPTIONS);
  });

  it('has a validator for every oneOf/anyOf branch the reducer can ask for', () => {
    const refs = branchRefs(schemas());
    expect(refs.length).toBeGreaterThan(0);
    expect(script.branchRefs(schemas())).toEqual(refs);
    expect(Object.keys(generated.branchRefs).sort()).toEqual([...new Set(refs)].sort());
    for (const name of Object.values(generated.branchRefs)) expect(typeof generated[name]).toBe('function');
    for (const id of ALL_IDS) expect(typeof generated[generated.schemaIds[id]!]).toBe('function');
  });

  it('knows the same schemas', () => {
    for (const id of [...ALL_IDS, 'https://phasebook.dev/schemas/v1/nope.json'])
      expect(precompiled.hasSchema(id)).toBe(runtime.hasSchema(id));
    const doc = readDocumentText('x.json', '{}');
    expect(() => precompiled.validate(doc, 'https://phasebook.dev/schemas/v1/nope.json')).toThrow(PhasebookError);
  });
});

describe('precompiled.ts', () => {
  it('imports nothing of ajv at run time (types only)', () => {
    const source = readFileSync(join(import.meta.dirname, 'precompiled.ts'), 'utf8');
    const imports = source.match(/^import\b[^;]*?from\s+'[^']+';/gms) ?? [];
    expect(imports.length).toBeGreaterThan(0);
    for (const line of imports) if (/from\s+'ajv/.test(line)) expect(line).toMatch(/^import type\b/);
  });
});

describe('same diagnostics as the run-time validator', () => {
  const corpus = [...files(join(ROOT, 'rulesets')), ...files(join(ROOT, 'test', 'fixtures', 'bad'))];

  it('on every shipped document and bad fixture, against every schema and through the pipeline', () => {
    let read_ = 0;
    let failing = 0;
    const coreP = new Core(precompiled);
    const coreR = new Core(runtime);
    for (const file of corpus) {
      const name = relative(ROOT, file);
      const doc = read(name, readFileSync(file, 'utf8'));
      if (doc === null) continue;
      read_++;
      for (const id of ALL_IDS) same(doc, id, `${name} against ${id}`);
      // What `phasebook validate` reports (schema, then semantic checks of a valid ruleset).
      const expected = coreR.validate(doc);
      if (expected.length) failing++;
      expect(coreP.validate(doc), name).toEqual(expected);
    }
    expect(read_).toBeGreaterThan(50);
    expect(failing).toBeGreaterThan(10);
  });

  it('on a few hundred random single mutations of the shipped documents', () => {
    const docs = files(join(ROOT, 'rulesets')).map((file) => ({
      name: relative(ROOT, file),
      value: JSON.parse(readFileSync(file, 'utf8')) as unknown,
    }));
    const random = mulberry32(0x5eed);
    const counts: Record<string, number> = {};
    let withErrors = 0;
    let alternatives = 0;
    const N = 400;
    for (let n = 0; n < N; n++) {
      const { name, value } = docs[n % docs.length]!;
      const copy = structuredClone(value);
      const what = mutate(copy, random);
      if (what === null) continue;
      counts[what.kind] = (counts[what.kind] ?? 0) + 1;
      const label = `${name}: ${what.kind} ${what.detail}`;
      const doc = read(`m${n}.json`, JSON.stringify(copy, null, n % 2 === 0 ? 2 : undefined));
      if (doc === null) continue;
      const diags = same(doc, kindSchema(copy), label);
      if (diags.length) withErrors++;
      if (diags.some((d) => /alternatives|, got/.test(d.message))) alternatives++;
    }
    // The mutations do what they are meant to: most documents break, in every way.
    expect(withErrors).toBeGreaterThan(N / 2);
    expect(alternatives).toBeGreaterThan(20);
    for (const kind of ['delete', 'retype', 'near-miss key', 'near-miss value']) expect(counts[kind] ?? 0).toBeGreaterThan(40);
  });
});

// ---------------------------------------------------------------------------------------------
// Mutations

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Container = Record<string, unknown> | unknown[];
interface Slot {
  parent: Container;
  key: string | number;
  path: string;
}

/** Every value below the root, with where it sits. */
function slots(root: unknown): Slot[] {
  const out: Slot[] = [];
  const walk = (node: unknown, path: string) => {
    if (node === null || typeof node !== 'object') return;
    const entries: Array<[string | number, unknown]> = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
    for (const [k, v] of entries) {
      out.push({ parent: node as Container, key: k, path: `${path}/${k}` });
      walk(v, `${path}/${k}`);
    }
  };
  walk(root, '');
  return out;
}

function objectsOf(root: unknown): Array<{ obj: Record<string, unknown>; path: string }> {
  const out: Array<{ obj: Record<string, unknown>; path: string }> = [{ obj: root as Record<string, unknown>, path: '' }];
  for (const s of slots(root)) {
    const v = (s.parent as Record<string | number, unknown>)[s.key];
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0)
      out.push({ obj: v as Record<string, unknown>, path: s.path });
  }
  return out;
}

const pick = <T>(xs: T[], random: () => number): T => xs[Math.floor(random() * xs.length)]!;

/** One character deleted, doubled, swapped with the next, or replaced; or a letter's case flipped. */
function nearMiss(word: string, random: () => number): string {
  if (word.length === 0) return 'x';
  const i = Math.floor(random() * word.length);
  switch (Math.floor(random() * 5)) {
    case 0:
      return word.length > 1 ? word.slice(0, i) + word.slice(i + 1) : word + 's';
    case 1:
      return word.slice(0, i + 1) + word[i] + word.slice(i + 1);
    case 2:
      return i + 1 < word.length ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word + 's';
    case 3:
      return word.slice(0, i) + (word[i] === 'e' ? 'a' : 'e') + word.slice(i + 1);
    default: {
      const c = word[i]!;
      const flipped = c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
      return flipped === c ? word + '2' : word.slice(0, i) + flipped + word.slice(i + 1);
    }
  }
}

/** A value of another JSON type than `v`. */
function otherType(v: unknown, random: () => number): unknown {
  const options: unknown[] = ['text', 3, 2.5, -1, true, null, [], {}, ['x'], { x: 1 }];
  const type = (x: unknown) => (x === null ? 'null' : Array.isArray(x) ? 'array' : Number.isInteger(x) ? 'integer' : typeof x);
  return pick(
    options.filter((o) => type(o) !== type(v)),
    random,
  );
}

function mutate(root: unknown, random: () => number): { kind: string; detail: string } | null {
  const r = random();
  const all = slots(root);
  if (r < 0.25) {
    const objs = objectsOf(root);
    const { obj, path } = pick(objs, random);
    const key = pick(Object.keys(obj), random);
    delete obj[key];
    return { kind: 'delete', detail: `${path}/${key}` };
  }
  if (r < 0.5) {
    const s = pick(all, random);
    const target = s.parent as Record<string | number, unknown>;
    target[s.key] = otherType(target[s.key], random);
    return { kind: 'retype', detail: `${s.path} → ${JSON.stringify(target[s.key])}` };
  }
  if (r < 0.75) {
    const { obj, path } = pick(objectsOf(root), random);
    const key = pick(Object.keys(obj), random);
    let name = nearMiss(key, random);
    for (let i = 0; i < 5 && (name in obj || name === key); i++) name = nearMiss(name, random);
    if (name in obj) return null;
    const value = obj[key];
    if (random() < 0.5) {
      // A typo in an existing key: the value moves to the misspelt name.
      const entries = Object.entries(obj);
      for (const k of Object.keys(obj)) delete obj[k];
      for (const [k, v] of entries) obj[k === key ? name : k] = v;
      return { kind: 'near-miss key', detail: `${path}/${key} → ${name}` };
    }
    obj[name] = structuredClone(value);
    return { kind: 'near-miss key', detail: `${path}/${name} added` };
  }
  const strings = all.filter((s) => typeof (s.parent as Record<string | number, unknown>)[s.key] === 'string');
  if (strings.length === 0) return null;
  // Prefer discriminators and other enum-like values, where the alternatives are chosen.
  const preferred = strings.filter((s) => s.key === 'kind' || s.key === 'op' || s.key === 'type' || s.key === 'on');
  const s = preferred.length > 0 && random() < 0.5 ? pick(preferred, random) : pick(strings, random);
  const target = s.parent as Record<string | number, unknown>;
  const before = target[s.key] as string;
  target[s.key] = nearMiss(before, random);
  return { kind: 'near-miss value', detail: `${s.path}: ${JSON.stringify(before)} → ${JSON.stringify(target[s.key])}` };
}
