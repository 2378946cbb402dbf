/**
 * Golden cases of the example packs (examples/packs/<pack>/cases/<case>/): the same form as
 * test/samples, each citing the mechanic of its pack's readme it tests.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { actsOf, containsInOrder, listExampleCases, ROOT } from './support/cases.js';

const cases = listExampleCases();

describe('golden cases of the example packs', () => {
  it('there are golden cases for each example pack', () => {
    expect(new Set(cases.map((c) => c.name.split('/')[0])).size).toBeGreaterThanOrEqual(2);
  });
  for (const c of cases) {
    it(`${c.name} — ${c.spec.rule.quote.slice(0, 90)}`, () => {
      expect(existsSync(join(ROOT, c.spec.rule.file)), `the cited file ${c.spec.rule.file}`).toBe(true);
      // Whitespace as a reader sees it: a quote may run across the readme's wrapped lines.
      const flat = (t: string) => t.replace(/\s+/g, ' ');
      expect(flat(readFileSync(join(ROOT, c.spec.rule.file), 'utf8')), 'the quote is in the cited file').toContain(flat(c.spec.rule.quote));
      const program = loadProgram(
        join(ROOT, c.spec.ruleset),
        (c.spec.with ?? []).map((w) => join(ROOT, w)),
      );
      const result = run(program, loadEncounter(c.encounterPath, program), {
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
    });
  }
});
