/**
 * The example packs (examples/packs/<pack>/): each readme has its rule-by-rule table, and each
 * pack's golden cases (cases/<case>/, the same form as test/samples) quote the mechanic they test
 * from the file they cite, give the order of acts written by hand from it, and every event of
 * their runs is valid by the trace schema. Discovery is generic (listExampleCases): a new example
 * pack needs no change here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_PACKS, expectCase, listExampleCases, listExamplePacks, ROOT, runCase } from './support/cases.js';

const cases = listExampleCases();
const ajv = new Ajv2020({ strict: false, allErrors: true });
const validEvent = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/trace.schema.json'), 'utf8')) as object);

describe('example packs', () => {
  it('there are golden cases for at least two example packs', () => {
    expect(new Set(cases.map((c) => c.name.split('/')[0])).size).toBeGreaterThanOrEqual(2);
  });
  for (const pack of listExamplePacks()) {
    it(`${pack}: its readme has a rule-by-rule table (✓ / ~ / ✗) and it has golden cases`, () => {
      const readme = join(EXAMPLE_PACKS, pack, 'README.md');
      expect(existsSync(readme)).toBe(true);
      expect(readFileSync(readme, 'utf8')).toMatch(/\|[^\n]*\|\s*(✓|~|✗)\s*\|/);
      expect(cases.filter((c) => c.name.startsWith(`${pack}/`)).length).toBeGreaterThan(0);
    });
  }
  for (const c of cases) {
    it(`${c.name} — ${c.spec.rule.quote.slice(0, 90)}`, () => {
      expect(existsSync(join(ROOT, c.spec.rule.file)), `the cited file ${c.spec.rule.file}`).toBe(true);
      // Whitespace as a reader sees it: a quote may run across the readme's wrapped lines.
      const flat = (t: string) => t.replace(/\s+/g, ' ');
      expect(flat(readFileSync(join(ROOT, c.spec.rule.file), 'utf8')), 'the quote is in the cited file').toContain(flat(c.spec.rule.quote));
      const result = runCase(c);
      expectCase(c, result);
      // Every event, new fields included (a roll's modifiers), is one the trace schema lists.
      const bad = result.events.filter((e) => !validEvent(e)).map((e) => `${JSON.stringify(e)}: ${ajv.errorsText(validEvent.errors)}`);
      expect(bad.slice(0, 3)).toEqual([]);
    });
  }
});
