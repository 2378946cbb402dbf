/**
 * The schema validator used in the browser (the engine worker). The page runs under a
 * Content-Security-Policy without 'unsafe-eval', so nothing is compiled here: the validate
 * functions are ajv standalone code generated at build time by scripts/build-validators.mjs
 * into src/generated/validators.js (run it, or `npm run build:editor`, after changing a
 * schema). The Diagnostics are those of `phasebook validate`: the same error reducer and
 * messages (interpreter/validate/precompiled.ts), checked by precompiled.test.ts.
 */
import { createPrecompiledValidator, type GeneratedValidators, type SchemaValidator } from '../../../interpreter/index.js';
import * as generated from '../generated/validators.js';
import ruleset from '../../../schemas/ruleset.schema.json';
import encounter from '../../../schemas/encounter.schema.json';
import trace from '../../../schemas/trace.schema.json';

export function browserValidator(): SchemaValidator {
  return createPrecompiledValidator(generated as GeneratedValidators, [ruleset, encounter, trace]);
}
