/**
 * The schema validators `npm run build` generated for the Node pipeline
 * (scripts/build-cli-validators.mjs writes dist/generated/cli/): per schema, a quick module
 * (valid or not), required (synchronously) the first time a document of that kind is validated,
 * and a detailed one (every error), required with the one for the oneOf/anyOf branches at the
 * first invalid document, each with its V8 code cache when there is one (code-cache.ts). Used
 * only while schemas/ holds byte for byte the schemas they were generated from (copies of which
 * sit next to them): then
 * nothing loads or runs ajv's compiler, and start-up neither parses nor hashes the schemas
 * (issue 9, cold start). Otherwise (the sources run by vitest, a stale or partial build) there is
 * no source, and the pipeline compiles the schemas with ajv.
 */
import type { ValidateFunction } from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunctionSource } from './validate/precompiled.js';
import { loadBuilt, sameContents } from './code-cache.js';

type Exports = Readonly<Record<string, unknown>>;

/**
 * A validate function that asks `quick` (first error only, no details) and, for an invalid
 * document only, the one that finds every error with its details, whose errors it then carries.
 */
function twoStep(quick: ValidateFunction, detailed: () => ValidateFunction | undefined): ValidateFunction {
  const validate = ((data: unknown) => {
    if (quick(data)) {
      validate.errors = null;
      return true;
    }
    const full = detailed();
    if (full === undefined) throw new Error('the generated schema validators are incomplete: run `npm run build`');
    const valid = full(data);
    validate.errors = full.errors;
    return valid;
  }) as ValidateFunction;
  return validate;
}

/** Where `npm run build` puts them, found from this module's place (compiled or bundled). */
export const GENERATED_DIR = fileURLToPath(new URL('../generated/cli/', import.meta.url));

/** The generated validators in `dir`, if all there and generated from the schemas of `packageRoot`. */
export function generatedValidators(packageRoot: string, dir = GENERATED_DIR): ValidateFunctionSource | null {
  let schemaIds: Readonly<Record<string, string>>;
  try {
    schemaIds = (JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { schemaIds: Record<string, string> }).schemaIds;
  } catch {
    return null;
  }
  const names = Object.values(schemaIds);
  if (!existsSync(join(dir, 'branches.cjs'))) return null;
  for (const name of names) {
    if (!existsSync(join(dir, `${name}.cjs`)) || !existsSync(join(dir, `${name}-errors.cjs`))) return null;
    const file = `${name}.schema.json`;
    if (!sameContents(join(dir, 'schemas', file), join(packageRoot, 'schemas', file))) return null;
  }
  // Through the code cache's loader: V8 gets the code it compiled for them at build time.
  const module = (file: string): Exports => loadBuilt(join(dir, file)) as Exports;
  const fn = (m: Exports, name: string): ValidateFunction | undefined => {
    const f = m[name];
    return typeof f === 'function' ? (f as ValidateFunction) : undefined;
  };
  const mains = new Map<string, ValidateFunction | undefined>();
  const main = (name: string): ValidateFunction | undefined => {
    const quick = fn(module(`${name}.cjs`), name);
    return quick && twoStep(quick, () => fn(module(`${name}-errors.cjs`), name));
  };
  return {
    main: (id) => {
      if (!Object.hasOwn(schemaIds, id)) return undefined;
      if (!mains.has(id)) mains.set(id, main(schemaIds[id]!));
      return mains.get(id);
    },
    branch: (ref) => {
      const branches = module('branches.cjs');
      const refs = branches.branchRefs as Readonly<Record<string, string>>;
      return Object.hasOwn(refs, ref) ? fn(branches, refs[ref]!) : undefined;
    },
  };
}
