/**
 * The CLI's generated schema validators (scripts/build-cli-validators.mjs writes them into
 * dist/generated/cli/ at `npm run build`; interpreter/pipeline-validators.ts loads them): the
 * same Diagnostics as the validators ajv compiles at run time, a quick verdict that always agrees
 * with the detailed one, and no use of them once the schemas changed (the pipeline then compiles
 * the schemas with ajv).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { PhasebookError } from '../interpreter/diagnostics.js';
import { SCHEMA_IDS } from '../interpreter/core.js';
import { generatedValidators } from '../interpreter/pipeline-validators.js';
import { schemas } from '../interpreter/pipeline.js';
import { readDocumentText, type SourceDocument } from '../interpreter/read/read.js';
import { createValidatorFromSource, type SchemaValidator, type ValidateFunctionSource } from '../interpreter/validate/precompiled.js';
import { createSchemaValidator } from '../interpreter/validate/schema.js';
import { SESSION_SCHEMA_ID } from '../interpreter/session/save.js';
import { jsonFilesUnder } from './support/files.js';

const ROOT = join(import.meta.dirname, '..');
const DIR = join(ROOT, 'dist', 'generated', 'cli');
const IDS = [...Object.values(SCHEMA_IDS), SESSION_SCHEMA_ID];

let source: ValidateFunctionSource;
let generated: SchemaValidator;
let runtime: SchemaValidator;

beforeAll(() => {
  if (!existsSync(join(DIR, 'index.json')))
    throw new Error(`${relative(ROOT, DIR)} is missing: run \`npm run build\` first (npm test does)`);
  const found = generatedValidators(ROOT, DIR);
  if (found === null) throw new Error(`${relative(ROOT, DIR)} is stale: run \`npm run build\``);
  source = found;
  generated = createValidatorFromSource(source, () => schemas());
  runtime = createSchemaValidator(schemas());
});

const files = (dir: string) => jsonFilesUnder(dir);

function read(file: string, text: string): SourceDocument | null {
  try {
    return readDocumentText(file, text);
  } catch (err) {
    if (err instanceof PhasebookError) return null;
    throw err;
  }
}

describe('the generated CLI validators', () => {
  it('are used only while every schema is byte for byte the one they were generated from', () => {
    const copy = mkdtempSync(join(tmpdir(), 'phasebook-cli-validators-'));
    try {
      cpSync(DIR, copy, { recursive: true });
      expect(generatedValidators(ROOT, copy)).not.toBeNull();
      const snapshot = join(copy, 'schemas', 'encounter.schema.json');
      writeFileSync(snapshot, readFileSync(snapshot, 'utf8').replace(/\n$/, ' \n'));
      expect(generatedValidators(ROOT, copy)).toBeNull();
      cpSync(join(DIR, 'schemas'), join(copy, 'schemas'), { recursive: true });
      rmSync(join(copy, 'ruleset-errors.cjs'));
      expect(generatedValidators(ROOT, copy)).toBeNull();
      expect(generatedValidators(ROOT, join(copy, 'absent'))).toBeNull();
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('know the same schemas', () => {
    for (const id of [...IDS, 'https://phasebook.dev/schemas/v1/nope.json']) expect(generated.hasSchema(id)).toBe(runtime.hasSchema(id));
  });

  it('give the Diagnostics of the run-time validator on every shipped document and bad fixture', () => {
    const corpus = [...files(join(ROOT, 'rulesets')), ...files(join(ROOT, 'test', 'fixtures', 'bad')), ...files(join(ROOT, 'examples'))];
    let failing = 0;
    for (const file of corpus) {
      const name = relative(ROOT, file);
      const doc = read(name, readFileSync(file, 'utf8'));
      if (doc === null) continue;
      for (const id of IDS) {
        const expected = runtime.validate(doc, id);
        if (expected.length) failing++;
        expect(generated.validate(doc, id), `${name} against ${id}`).toEqual(expected);
      }
    }
    expect(failing).toBeGreaterThan(50);
  });

  it('say quickly exactly what the detailed ones say: valid or not', () => {
    const load = createRequire(join(DIR, 'index.json'));
    const index = JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as { schemaIds: Record<string, string> };
    const docs = [...files(join(ROOT, 'rulesets')), ...files(join(ROOT, 'test', 'fixtures', 'bad'))].flatMap((f) => {
      try {
        return [JSON.parse(readFileSync(f, 'utf8')) as unknown];
      } catch {
        return [];
      }
    });
    // Each document as is, and with one value after another removed or turned into a string.
    const variants = function* (v: unknown): Generator<unknown> {
      yield v;
      const text = JSON.stringify(v);
      for (let i = 0, n = 0; n < 40 && i < text.length; i++) {
        const at = text.indexOf('":', i);
        if (at < 0) break;
        i = at + 2;
        n++;
        try {
          yield JSON.parse(`${text.slice(0, i)}"x"${text.slice(i).replace(/^("([^"\\]|\\.)*"|[^,}\]]*)/, '')}`);
        } catch {
          // not every cut leaves JSON
        }
      }
    };
    let invalid = 0;
    for (const name of Object.values(index.schemaIds)) {
      const quick = (load(`./${name}.cjs`) as Record<string, ValidateFunction>)[name]!;
      const detailed = (load(`./${name}-errors.cjs`) as Record<string, ValidateFunction>)[name]!;
      for (const doc of docs)
        for (const v of variants(doc)) {
          const verdict = detailed(v);
          if (!verdict) invalid++;
          expect(quick(v)).toBe(verdict);
        }
    }
    expect(invalid).toBeGreaterThan(1000);
  });
});
