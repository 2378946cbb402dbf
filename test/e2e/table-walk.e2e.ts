/**
 * A game master's first hour in table mode, in headless Chromium: what the README's "Table mode
 * in the editor" lets them try that the other play tests do not (a campaign moved to another
 * ruleset, the referee's tools given odd values).
 */
import { describe, expect, it } from 'vitest';
import { sessionPerTest } from './helpers.js';
import { LONG, logCount, openPlayerView, optionValue, startFight } from './play-helpers.js';

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

  it('the referee tools refuse a stat set to text or an empty amount, and log nothing', { timeout: LONG }, async () => {
    const { page } = await openSession();
    await startFight(page, 'd20-srd/d20-srd.json', 'd20-srd/encounters/sample.json');
    const ogre = '[data-testid=combatant][data-id=ogre]';
    const hp = () => page.textContent(`${ogre} [data-testid=main-stat]`);
    await page.check(`${ogre} input[type=checkbox] >> nth=0`);
    // "Set" with the box left empty, then with a word: the ogre keeps its 70 hp.
    await page.selectOption('[data-testid=set-stat]', 'hp');
    for (const value of ['', 'lots']) {
      await page.fill('[data-testid=set-value]', value);
      await page.click('[data-testid=referee] button:text-is("Set")');
      await page.waitForSelector('[data-testid=play-error]');
      expect(await page.textContent('[data-testid=play-error]')).toMatch(/hp is a number/);
      expect(await hp()).toBe('70');
      expect(await logCount(page)).toBe(0);
    }
    // Damage with the amount box emptied: refused, not logged as a damage of nothing.
    await page.fill('[data-testid=amount]', '');
    await page.click('[data-testid=damage]');
    await page.waitForFunction(() => /amount/.test(document.querySelector('[data-testid=play-error]')?.textContent ?? ''));
    expect(await logCount(page)).toBe(0);
    // A number goes through, and the error goes away.
    await page.fill('[data-testid=amount]', '5');
    await page.click('[data-testid=damage]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=log-entry]').length === 1);
    expect(await hp()).toBe('65');
    expect(await page.$('[data-testid=play-error]')).toBeNull();
  });

  it('the player view shows a late combatant’s wounds from the hit points it joined with', { timeout: LONG }, async () => {
    const { page, url } = await openSession();
    await startFight(page, 'd20-srd/d20-srd.json', 'd20-srd/encounters/sample.json');
    // A goblin with 10 hp joins the tower's side, and takes 6.
    await page.fill('[data-testid=join-name]', 'Goblin');
    await page.fill('[data-testid=referee] input[type=number] >> nth=-1', '10');
    await page.click('[data-testid=join]');
    await page.waitForSelector('[data-testid=combatant][data-id=goblin]');
    await page.check('[data-testid=combatant][data-id=goblin] input[type=checkbox] >> nth=0');
    await page.fill('[data-testid=amount]', '6');
    await page.click('[data-testid=damage]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=combatant][data-id=goblin] [data-testid=main-stat]')?.textContent === '4',
    );
    // The player view opens now: its first state is the one after the damage. 4 of 10 left:
    // bloodied for the players (not "unhurt" for want of a starting value).
    const player = await openPlayerView(page, url);
    await player.waitForSelector('[data-testid=player-row][data-id=goblin]', { timeout: LONG });
    expect(await player.textContent('[data-testid=player-row][data-id=goblin] [data-testid=player-health]')).toMatch(/^\s*bloodied\s*$/);
  });

  it('a fight that has ended is marked over in the list of fights, not shown as one in progress', { timeout: LONG }, async () => {
    const { page } = await openSession();
    await startFight(page, 'd20-srd/d20-srd.json', 'd20-srd/encounters/sample.json');
    // The GM lets the computer roll for the party too: the fight runs to its end.
    await page.selectOption('[data-testid=side-mode][data-side=party]', 'auto');
    await page.waitForSelector('[data-testid=fight-over]');
    const ended = (await page.textContent('[data-testid=fight-over]'))!;
    await page.click('[data-testid=close-fight]');
    // Another fight, left in progress.
    await startFight(page, 'd20-srd/d20-srd.json', 'd20-srd/encounters/sample.json');
    await page.fill('[data-testid=dice]', '12');
    await page.press('[data-testid=dice]', 'Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=log-entry]').length === 1);
    await page.click('[data-testid=close-fight]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=play-fights] li').length === 2);
    const rows = await page.$$eval('[data-testid=play-fights] li', (els) => els.map((e) => e.textContent?.replace(/\s+/g, ' ') ?? ''));
    // Newest first: the one in progress has no mark; the ended one says how it ended.
    expect(rows[0]).not.toMatch(/over:/);
    const mark = ended.replace(/^The fight is over: /, '').replace(/\.$/, '');
    expect(rows[1]).toContain(`over: ${mark}`);
  });
});
