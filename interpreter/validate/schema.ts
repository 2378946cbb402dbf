/**
 * Stage 2 of the pipeline: validate a document against a JSON Schema (2020-12, ajv), compiling
 * the schemas at run time (Node: the CLI and the tests).
 *
 * Turning ajv's errors into Diagnostics (plain messages, positions, the reduction of
 * `oneOf`/`anyOf` noise to the alternative the author most plausibly meant) lives in
 * precompiled.ts and works on any source of validate functions: here ajv compiles them, in the
 * editor they are code ajv generated at build time (scripts/build-validators.mjs), because the
 * page's Content-Security-Policy forbids the `new Function` ajv compiles with.
 *
 * The ajv options below are also those of scripts/build-validators.mjs: change both together
 * (interpreter/validate/precompiled.test.ts checks that both give the same Diagnostics).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Options as AjvOptions, ValidateFunction } from 'ajv';
import { createValidatorFromSource, type SchemaValidator } from './precompiled.js';

export { SUGGESTION_DISTANCE, closestName, levenshtein } from './suggest.js';
export type { SchemaValidator } from './precompiled.js';

// ajv/dist/2020.js is CommonJS; its named export `Ajv2020` is the class under both Node's and
// a bundler's module resolution (the default export differs between them).
type Ajv = InstanceType<typeof Ajv2020>;

export interface SchemaValidatorOptions {
  /** Extra string formats (ajv 2020 knows none by default; strict mode refuses unknown ones). */
  formats?: Record<string, RegExp | ((value: string) => boolean)>;
}

/** Options of every ajv instance. `allowUnionTypes` permits `"type": ["integer", "string"]`. */
export const AJV_BASE_OPTIONS: Readonly<AjvOptions> = Object.freeze({ allErrors: true, allowUnionTypes: true, strictNumbers: true });

/**
 * Options of the ajv compiling whole schemas. Strict mode, except `strictRequired`: it cannot
 * see properties declared through `allOf`, `$ref` or `if`/`then` (the usual 2020-12 composition
 * with `unevaluatedProperties`), and would refuse correct schemas. `verbose` puts the schema,
 * parent schema and data in every error, which the messages need.
 */
export const AJV_MAIN_OPTIONS: Readonly<AjvOptions> = Object.freeze({
  ...AJV_BASE_OPTIONS,
  strict: true,
  strictRequired: false,
  verbose: true,
});

/**
 * Options of the lenient twin compiling single oneOf/anyOf branches: a branch taken out of
 * context may break strict rules (e.g. `properties` without `type`) that hold in context.
 */
export const AJV_BRANCH_OPTIONS: Readonly<AjvOptions> = Object.freeze({ ...AJV_BASE_OPTIONS, strict: false, logger: false });

/**
 * Build a validator for a set of schemas. Every schema must have a `$id`; schemas may `$ref`
 * one another by it. All schemas are compiled immediately (strict mode), so a broken schema
 * fails here rather than at the first document.
 */
export function createSchemaValidator(schemas: object[], options: SchemaValidatorOptions = {}): SchemaValidator {
  const ajv = new Ajv2020({ ...AJV_MAIN_OPTIONS });
  const ids: string[] = [];
  for (const [i, schema] of schemas.entries()) {
    const id = (schema as { $id?: unknown }).$id;
    if (typeof id !== 'string' || id === '') throw new Error(`schema #${i} has no "$id"; every Phasebook schema needs one`);
    ids.push(id);
  }
  for (const [name, format] of Object.entries(options.formats ?? {})) ajv.addFormat(name, format);
  for (const schema of schemas) ajv.addSchema(schema);
  for (const id of ids) ajv.getSchema(id); // compile now (throws on a broken schema)

  let twin: Ajv | null = null;
  const getTwin = (): Ajv => {
    if (twin === null) {
      twin = new Ajv2020({ ...AJV_BRANCH_OPTIONS });
      for (const [name, format] of Object.entries(options.formats ?? {})) twin.addFormat(name, format);
      for (const schema of schemas) twin.addSchema(schema);
    }
    return twin;
  };
  const get = (from: () => Ajv, ref: string): ValidateFunction | undefined => {
    try {
      return from().getSchema(ref);
    } catch {
      return undefined;
    }
  };
  return createValidatorFromSource({ main: (id) => get(() => ajv, id), branch: (ref) => get(getTwin, ref) }, schemas);
}
