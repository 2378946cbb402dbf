#!/usr/bin/env node
/**
 * The CLI's precompiled schema validators (issue 9, cold start): the same ajv standalone code as
 * the editor's (scripts/build-validators.mjs), for the four schemas the Node pipeline checks
 * (ruleset, encounter, trace, session), written to dist/generated/validators.js. `npm run build`
 * runs it after tsc. interpreter/pipeline.ts uses the module when its fingerprint matches the
 * schemas, so `phasebook run` neither loads nor runs ajv's compiler; without it (or when stale)
 * the pipeline compiles the schemas with ajv as before.
 *
 *   node scripts/build-cli-validators.mjs [--out DIR]
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateValidatorsCode, ROOT } from './build-validators.mjs';

export const CLI_SCHEMA_NAMES = ['ruleset', 'encounter', 'trace', 'session'];

const args = process.argv.slice(2);
const at = args.indexOf('--out');
const outDir = at >= 0 && args[at + 1] ? resolve(args[at + 1]) : join(ROOT, 'dist', 'generated');
const schemas = CLI_SCHEMA_NAMES.map((n) => JSON.parse(readFileSync(join(ROOT, 'schemas', `${n}.schema.json`), 'utf8')));
const { code } = generateValidatorsCode(schemas, CLI_SCHEMA_NAMES);
mkdirSync(outDir, { recursive: true });
const path = join(outDir, 'validators.js');
const tmp = `${path}.${process.pid}.tmp`;
writeFileSync(tmp, code);
renameSync(tmp, path); // a reader never sees half a module
process.stderr.write(`wrote ${path} (${Buffer.byteLength(code)} bytes)\n`);
