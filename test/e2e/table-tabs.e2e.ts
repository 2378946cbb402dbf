/**
 * Table mode with a second tab, in headless Chromium: a game master who opens the editor twice
 * (the same browser, the same IndexedDB) must not lose the answers given in one tab when the
 * other, still showing an older state of the same fight, answers next.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sessionPerTest } from './helpers.js';
import { LONG, logCount, pendingLabel, startFight } from './play-helpers.js';

const openSession = sessionPerTest();

async function editorReady(page: Page) {
  await page.waitForFunction(() => Boolean((window as any).__phasebook?.editor), null, { timeout: LONG });
}

async function typeDice(page: Page, dice: string) {
  const n = await logCount(page);
  await page.fill('[data-testid=dice]', dice);
  await page.press('[data-testid=dice]', 'Enter');
  await page.waitForFunction((k) => document.querySelectorAll('[data-testid=log-entry]').length === k + 1, n);
}

describe('table mode in two tabs', () => {
  it('a second tab on the same fight: both follow each other, and no answer is lost', { timeout: LONG }, async () => {
    const { page, url } = await openSession();
    await startFight(page, 'd20-srd/d20-srd.json', 'd20-srd/encounters/sample.json');
    await typeDice(page, '12');

    // A second tab resumes the fight and enters two rolls.
    const other = await page.context().newPage();
    await other.goto(url);
    await editorReady(other);
    await other.click('[data-testid=mode-play]');
    await other.click('[data-testid=play-resume] >> nth=0');
    await other.waitForSelector('[data-testid=tracker]');
    expect(await pendingLabel(other)).toBe('init.rogue.d20');
    await typeDice(other, '15');
    await typeDice(other, '17');

    // The first tab follows: it shows the fight as the second left it.
    await page.bringToFront();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=log-entry]').length === 3, null, { timeout: LONG });
    expect(await pendingLabel(page)).toBe('init.wizard.d20');

    // An answer there goes on from that state, and the second tab follows in turn.
    await typeDice(page, '9');
    await other.waitForFunction(() => document.querySelectorAll('[data-testid=log-entry]').length === 4, null, { timeout: LONG });

    // What is kept has all four answers.
    const third = await page.context().newPage();
    await third.goto(url);
    await editorReady(third);
    await third.click('[data-testid=mode-play]');
    await third.click('[data-testid=play-resume] >> nth=0');
    await third.waitForSelector('[data-testid=tracker]');
    const kept = await third.$$eval('[data-testid=log-entry]', (els) => els.map((e) => e.textContent?.replace(/\s+/g, ' ').trim()));
    expect(kept).toEqual([
      expect.stringContaining('init.fighter.d20 12'),
      expect.stringContaining('init.rogue.d20 15'),
      expect.stringContaining('init.archer.d20 17'),
      expect.stringContaining('init.wizard.d20 9'),
    ]);
  });
});
