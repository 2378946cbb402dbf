/**
 * Compare → Simulate with a sweep over a value the ruleset does not have (a typo in the path):
 * the panel says the sweep is the problem — not "the documents have problems" with a
 * `<command line>:1:1` location, which the editor has not.
 */
import { describe, expect, it } from 'vitest';
import { LONG, openDoc, sessionPerTest } from './helpers.js';

const openSession = sessionPerTest();

describe('Simulate: a sweep that does not fit', () => {
  it(
    'says the sweep stopped it, and names the problem as the sweep’s',
    async () => {
      const { page } = await openSession();
      await openDoc(page, 'ose/overlays/crossbow-speed.json');
      await page.click('button[role=tab]:has-text("Compare")');
      await page.click('[data-testid=compare-view-simulate]');
      await page.waitForSelector('[data-testid=simulate]');
      await page.selectOption('[data-testid=sim-sweep-kind]', 'ruleset');
      await page.fill('[data-testid=sim-sweep-path]', '/limits/roundz');
      await page.fill('[data-testid=sim-sweep-values]', '5,10');
      await page.fill('[data-testid=sim-runs]', '2');
      await page.click('[data-testid=sim-run]');
      await page.waitForSelector('[data-testid=sim-status][data-status=failed]', { timeout: LONG });
      expect(await page.textContent('[data-testid=sim-status]')).toMatch(/stopped: the sweep does not fit these documents/);
      const problem = (await page.textContent('[data-testid=sim-problems]'))!;
      expect(problem).toMatch(/^\s*Sweep:/);
      expect(problem).toContain('did you mean "rounds"');
      expect(problem).not.toContain('<command line>');
    },
    LONG,
  );
});
