/**
 * A game master's first hour in table mode, in headless Chromium: what the README's "Table mode
 * in the editor" lets them try that the other play tests do not (a campaign moved to another
 * ruleset, the referee's tools given odd values).
 */
import { describe, expect, it } from 'vitest';
import { sessionPerTest } from './helpers.js';
import { LONG, optionValue, startFight } from './play-helpers.js';

const openSession = sessionPerTest();

describe('table mode: a game master tries things', () => {
  it(
    'a campaign moved to another ruleset: its party that does not fit is named as the problem, not a line of the encounter',
    { timeout: LONG },
    async () => {
      const { page } = await openSession();
      await page.click('[data-testid=mode-play]');
      await page.waitForSelector('[data-testid=play-setup]');
      await page.selectOption('[data-testid=play-ruleset]', await optionValue(page, '[data-testid=play-ruleset]', 'd20-srd/d20-srd.json'));
      await page.fill('[data-testid=campaign-name]', 'Tower');
      await page.click('[data-testid=campaign-create]');
      await page.waitForSelector('[data-testid=campaign-info]');
      await page.click('[data-testid=campaign-set-party]');
      await page.waitForFunction(() => /Fighter/.test(document.querySelector('[data-testid=campaign-party]')?.textContent ?? ''));
      // The campaign goes on under OSE (README: "Use the ruleset and house rules chosen below changes them").
      await page.selectOption('[data-testid=play-ruleset]', await optionValue(page, '[data-testid=play-ruleset]', 'ose/ose.json'));
      await page.click('[data-testid=campaign-set-rules]');
      await page.waitForFunction(() => /^ose\b/.test(document.querySelector('[data-testid=campaign-rules]')?.textContent ?? ''));
      await page.click('[data-testid=play-start]');
      await page.waitForSelector('[data-testid=play-error]');
      const error = (await page.textContent('[data-testid=play-error]')) ?? '';
      // The d20 party has d20 stats: that is what is wrong, and what to do about it is said.
      expect(error).toMatch(/party/);
      expect(error).toMatch(/maxDex/);
      expect(error).toMatch(/the party takes the encounter's first side/);
      // Not a place in skirmish.json, which is fine (the party's stats are not in it).
      expect(error).not.toMatch(/skirmish\.json:\d+/);
      // Without the party, the same setup starts.
      await page.uncheck('[data-testid=campaign-use-party]');
      await page.click('[data-testid=play-start]');
      await page.waitForSelector('[data-testid=tracker]');
    },
  );
});
