#!/usr/bin/env node
/**
 * Precompile Phasebook's schema validators for the editor, which runs under a
 * Content-Security-Policy without 'unsafe-eval' (ajv compiles validators with `new Function`).
 *
 * Writes editor/src/generated/validators.js (and its .d.ts): ajv standalone code, one
 * dependency-free ES module exporting
 *   - a validate function per schema (ruleset, encounter, trace) and `schemaIds` ($id → export),
 *   - a validate function per oneOf/anyOf branch that the error reducer of
 *     interpreter/validate/reduce-errors.ts may re-validate on its own, and `branchRefs`
 *     (ref → export),
 *   - `schemaFingerprint`, by which the editor refuses a module generated from other schemas.
 * interpreter/validate/precompiled.ts turns it into a SchemaValidator with the same
 * Diagnostics as `phasebook validate`.
 *
 *   node scripts/build-validators.mjs [--out DIR]
 *
 * Also usable as a module: `generateValidatorsCode(schemas)` and `writeValidators(options)`.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
/** @type {typeof import('ajv/dist/2020.js').default} */
const Ajv2020 = require('ajv/dist/2020.js').default;
/** @type {typeof import('ajv/dist/standalone/index.js').default} */
const standaloneCode = require('ajv/dist/standalone/index.js').default;

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_OUT_DIR = join(ROOT, 'editor', 'src', 'generated');
/** The schemas, in the order the editor passes them to createPrecompiledValidator. */
export const SCHEMA_NAMES = ['ruleset', 'encounter', 'trace'];

// The same options as interpreter/validate/schema.ts (AJV_*_OPTIONS); the test compares them.
export const AJV_BASE_OPTIONS = { allErrors: true, allowUnionTypes: true, strictNumbers: true };
export const AJV_MAIN_OPTIONS = { ...AJV_BASE_OPTIONS, strict: true, strictRequired: false, verbose: true };
export const AJV_BRANCH_OPTIONS = { ...AJV_BASE_OPTIONS, strict: false, logger: false };

/** ajv's run-time helpers that standalone code `require`s, inlined so the module stands alone. */
const RUNTIME = {
  ucs2length: () => require('ajv/dist/runtime/ucs2length').default,
  equal: () => require('ajv/dist/runtime/equal').default,
};

/** @returns {object[]} the schema documents, parsed, in SCHEMA_NAMES order. */
export function readSchemas(root = ROOT) {
  return SCHEMA_NAMES.map((n) => JSON.parse(readFileSync(join(root, 'schemas', `${n}.schema.json`), 'utf8')));
}

/** Same as schemaFingerprint() in interpreter/validate/precompiled.ts. */
export function schemaFingerprint(schemas) {
  const text = JSON.stringify(schemas);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${text.length.toString(16)}-${h.toString(16).padStart(8, '0')}`;
}

// --- Branch refs: the same walk as SchemaIndex and branchRef() in schema-index.ts -----------

const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'description', 'title', '$comment']);
const UMBRELLAS = ['oneOf', 'anyOf'];
const escapeSegment = (s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
const joinPointer = (base, ...segs) => base + segs.map((s) => '/' + escapeSegment(s)).join('');

function resolveId(id, base) {
  try {
    return new URL(id, base).href.replace(/#.*$/, '');
  } catch {
    return id.replace(/#.*$/, '');
  }
}

/** Every ref of a oneOf/anyOf branch in the schemas, as the reducer builds it. */
export function branchRefs(schemas) {
  const seen = new Set();
  const refs = [];
  const walk = (node, base, pointer) => {
    if (node === null || typeof node !== 'object') return;
    if (!Array.isArray(node) && typeof node.$id === 'string' && pointer !== '') {
      base = resolveId(node.$id, base);
      pointer = '';
    }
    if (!seen.has(node)) {
      seen.add(node);
      if (!Array.isArray(node)) {
        for (const keyword of UMBRELLAS) {
          if (!Array.isArray(node[keyword])) continue;
          node[keyword].forEach((_, i) => {
            const p = joinPointer(pointer, keyword, i);
            refs.push(base + '#' + p.split('/').map(encodeURIComponent).join('/'));
          });
        }
      }
    }
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, base, joinPointer(pointer, i)));
    else for (const [k, v] of Object.entries(node)) if (!DATA_KEYWORDS.has(k)) walk(v, base, joinPointer(pointer, k));
  };
  for (const [i, schema] of schemas.entries()) {
    if (typeof schema.$id !== 'string' || schema.$id === '') throw new Error(`schema #${i} has no "$id"; every Phasebook schema needs one`);
    walk(schema, schema.$id, '');
  }
  return refs;
}

// --- Code -------------------------------------------------------------------------------------

function newAjv(options, schemas) {
  const ajv = new Ajv2020({ ...options, code: { source: true, esm: true } });
  for (const s of schemas) ajv.addSchema(s);
  return ajv;
}

/**
 * The generated module's source, for schemas in SCHEMA_NAMES order (names: export names of
 * the main validators, one per schema).
 * @returns {{ code: string, dts: string, exports: { schemaIds: Record<string, string>, branchRefs: Record<string, string> } }}
 */
export function generateValidatorsCode(schemas = readSchemas(), names = SCHEMA_NAMES) {
  if (names.length !== schemas.length) throw new Error('one export name per schema is needed');
  const ids = schemas.map((s, i) => {
    if (typeof s.$id !== 'string' || s.$id === '') throw new Error(`schema #${i} has no "$id"; every Phasebook schema needs one`);
    return s.$id;
  });
  const mainMap = Object.fromEntries(names.map((n, i) => [n, ids[i]]));

  // Compile as at run time: strict, so that a broken schema fails the build as it fails the CLI.
  const strict = newAjv(AJV_MAIN_OPTIONS, schemas);
  const strictCode = standaloneCode(strict, mainMap);

  // Main and branch validators from one lenient, verbose ajv, so that the functions they share
  // ($defs reached by $ref) are emitted once. Branches need leniency (see schema.ts); for the
  // main validators the code must be exactly the strict one, which is checked below.
  const lenient = newAjv({ ...AJV_BRANCH_OPTIONS, verbose: true }, schemas);
  const lenientMain = standaloneCode(newAjv({ ...AJV_BRANCH_OPTIONS, verbose: true }, schemas), mainMap);
  if (lenientMain !== strictCode)
    throw new Error('strict and lenient ajv generate different code for the main schemas; cannot share one module');
  // The run-time twin is not verbose; `verbose` only adds fields to the errors, never changes
  // which errors there are (the reducer compares keywords and instance paths only).
  const branchMap = {};
  let n = 0;
  for (const ref of branchRefs(schemas)) {
    if (Object.values(branchMap).includes(ref)) continue;
    try {
      if (lenient.getSchema(ref) === undefined) continue; // as at run time: no validator, no reduction
    } catch {
      continue;
    }
    branchMap[`branch${n++}`] = ref;
  }
  let code = standaloneCode(lenient, { ...mainMap, ...branchMap });

  // Inline the run-time helpers ajv `require`s (standalone ESM output still uses require).
  const helpers = new Map();
  code = code.replace(/require\("ajv\/dist\/runtime\/([A-Za-z0-9_]+)"\)\.default/g, (_, name) => {
    if (!Object.hasOwn(RUNTIME, name)) throw new Error(`ajv standalone code needs the run-time helper "${name}", which is not inlined yet`);
    helpers.set(name, `const ajvRuntime_${name} = ${RUNTIME[name]().toString()};`);
    return `ajvRuntime_${name}`;
  });
  if (/\brequire\s*\(/.test(code)) throw new Error('ajv standalone code still requires a module');

  const schemaIds = Object.fromEntries(names.map((n, i) => [ids[i], n]));
  const refTable = Object.fromEntries(Object.entries(branchMap).map(([name, ref]) => [ref, name]));
  const out = [
    '// Generated by scripts/build-validators.mjs from schemas/*.schema.json (ajv standalone code). Do not edit.',
    '/* eslint-disable */',
    ...helpers.values(),
    code.replace(/^"use strict";/, ''),
    `export const schemaFingerprint = ${JSON.stringify(schemaFingerprint(schemas))};`,
    `export const schemaIds = ${JSON.stringify(schemaIds, null, 2)};`,
    `export const branchRefs = ${JSON.stringify(refTable, null, 2)};`,
    '',
  ].join('\n');
  if (/\bnew\s+Function\b|\beval\s*\(|\bFunction\s*\(/.test(out)) throw new Error('generated validators would need eval');

  const dts = [
    '// Generated by scripts/build-validators.mjs. Do not edit.',
    "import type { ValidateFunction } from 'ajv';",
    'export declare const schemaFingerprint: string;',
    'export declare const schemaIds: Readonly<Record<string, string>>;',
    'export declare const branchRefs: Readonly<Record<string, string>>;',
    ...[...names, ...Object.keys(branchMap)].map((name) => `export declare const ${name}: ValidateFunction;`),
    '',
  ].join('\n');
  return { code: out, dts, exports: { schemaIds, branchRefs: refTable } };
}

function writeIfChanged(path, text) {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return false;
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path); // atomic: a reader never sees half a module
  return true;
}

/**
 * Generate and write validators.js and validators.d.ts into `outDir` (files left untouched when
 * already up to date).
 * @returns {{ path: string, bytes: number, changed: boolean, branches: number }}
 */
export function writeValidators({ root = ROOT, outDir = DEFAULT_OUT_DIR } = {}) {
  const { code, dts, exports } = generateValidatorsCode(readSchemas(root));
  mkdirSync(outDir, { recursive: true });
  const path = join(outDir, 'validators.js');
  const changed = writeIfChanged(path, code);
  writeIfChanged(join(outDir, 'validators.d.ts'), dts);
  return { path, bytes: Buffer.byteLength(code), changed, branches: Object.keys(exports.branchRefs).length };
}

/**
 * The rule-pack manifest's validator (schemas/pack.schema.json), in a module of its own
 * (pack-validator.js), so the document validators above keep their fingerprint.
 */
export function writePackValidator({ root = ROOT, outDir = DEFAULT_OUT_DIR } = {}) {
  const schema = JSON.parse(readFileSync(join(root, 'schemas', 'pack.schema.json'), 'utf8'));
  const { code, dts } = generateValidatorsCode([schema], ['pack']);
  mkdirSync(outDir, { recursive: true });
  writeIfChanged(join(outDir, 'pack-validator.js'), code);
  writeIfChanged(join(outDir, 'pack-validator.d.ts'), dts);
}

/**
 * The campaign file's validator (schemas/campaign.schema.json, which refers to the session and
 * encounter schemas), in a module of its own (campaign-validator.js), for the editor's table mode.
 */
export function writeCampaignValidator({ root = ROOT, outDir = DEFAULT_OUT_DIR } = {}) {
  const read = (n) => JSON.parse(readFileSync(join(root, 'schemas', `${n}.schema.json`), 'utf8'));
  const { code, dts } = generateValidatorsCode(
    [read('campaign'), read('session'), read('encounter')],
    ['campaign', 'session', 'encounter'],
  );
  mkdirSync(outDir, { recursive: true });
  writeIfChanged(join(outDir, 'campaign-validator.js'), code);
  writeIfChanged(join(outDir, 'campaign-validator.d.ts'), dts);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out');
  const outDir = at >= 0 && args[at + 1] ? resolve(args[at + 1]) : DEFAULT_OUT_DIR;
  const t = Date.now();
  const r = writeValidators({ outDir });
  writePackValidator({ outDir });
  writeCampaignValidator({ outDir });
  console.log(
    `${r.changed ? 'wrote' : 'up to date:'} ${r.path.startsWith(ROOT) ? r.path.slice(ROOT.length) : r.path} ` +
      `(${(r.bytes / 1024).toFixed(0)} KiB, 3 schemas, ${r.branches} branches, ${Date.now() - t} ms)`,
  );
}
