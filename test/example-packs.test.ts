/**
 * The example packs (examples/packs/*): each manifest checks, each pack's golden cases give the
 * order of acts written by hand from the mechanic they cite, and each readme has its rule-by-rule
 * table, and every event of their runs is valid by the trace schema. Discovery is generic (test/support/pack-cases.ts): a new example pack needs no change here.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { actsOf, containsInOrder, ROOT } from './support/cases.js';
import { EXAMPLE_PACKS, listExamplePacks, listPackCases } from './support/pack-cases.js';

const cases = listPackCases();
const ajv = new Ajv2020({ strict: false, allErrors: true });
const validEvent = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/trace.schema.json'), 'utf8')) as object);

describe('example packs', () => {
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
      const program = loadProgram(
        join(ROOT, c.spec.ruleset),
        (c.spec.with ?? []).map((w) => join(ROOT, w)),
      );
      const enc = loadEncounter(c.encounterPath, program);
      const result = run(program, enc, {
        seed: c.spec.seed ?? 1,
        rolls: new Map(Object.entries(c.spec.rolls ?? {}).map(([k, v]) => [k, String(v)])),
        choices: new Map(Object.entries(c.spec.choices ?? {})),
        ...(c.spec.rounds !== undefined ? { rounds: c.spec.rounds } : {}),
      });
      const warnings = result.events.filter((e) => e.type === 'warning').map((e) => e.message);
      expect(warnings, 'every pinned roll and decision must be used').toEqual([]);
      if (c.spec.expect.acts) expect(actsOf(result.events, c.spec.only)).toEqual(c.spec.expect.acts);
      if (c.spec.expect.winner !== undefined) expect(result.winner).toBe(c.spec.expect.winner);
      if (c.spec.expect.reason !== undefined) expect(result.reason).toBe(c.spec.expect.reason);
      if (c.spec.expect.events) expect(containsInOrder(result.events, c.spec.expect.events)).toBeNull();
      // Every event, new fields included (a roll's modifiers), is one the trace schema lists.
      const bad = result.events.filter((e) => !validEvent(e)).map((e) => `${JSON.stringify(e)}: ${ajv.errorsText(validEvent.errors)}`);
      expect(bad.slice(0, 3)).toEqual([]);
    });
  }
});
