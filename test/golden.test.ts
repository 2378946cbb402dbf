/**
 * Golden cases from the source texts (test/samples/<ruleset>/<case>/). Each case cites its
 * rule; the expected order was written by hand from the text.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { actsOf, containsInOrder, listCases, ROOT } from './support/cases.js';

const cases = listCases();

describe('golden cases', () => {
  it('there are golden cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });
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
    });
  }
});
