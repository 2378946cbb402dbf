/**
 * Golden cases from the source texts (test/samples/<ruleset>/<case>/). Each case cites its
 * rule; the expected order was written by hand from the text.
 */
import { describe, expect, it } from 'vitest';
import { expectCase, listCases, runCase } from './support/cases.js';

const cases = listCases();

describe('golden cases', () => {
  it('there are golden cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });
  for (const c of cases) {
    it(`${c.name} — ${c.spec.rule.quote.slice(0, 90)}`, () => {
      expectCase(c, runCase(c));
    });
  }
});
