/**
 * Table mode in headless Chromium under the production CSP: a game master runs a d20 fight and
 * an OSE phased fight to the end with their own dice, undoes a mistake, reloads mid-combat and
 * carries on, and a second page on the same BroadcastChannel (the player view) mirrors it.
 */
import { describe, expect, it } from 'vitest';
import { sessionPerTest } from './helpers.js';
import {
  LONG,
  MAX_ANSWERS,
  pendingKind,
  pendingLabel,
  logCount,
  startFight,
  answerOne,
  playToTheEnd,
  optionValue,
  openPlayerView,
} from './play-helpers.js';

/** Each test's editor (its page and address); checked for CSP violations and page errors after it, then closed. */
const openTable = sessionPerTest();

describe('table mode', () => {
  it(
    'runs a d20 fight with entered dice, undoes a mistake, survives a reload, and the player view mirrors it',
    { timeout: LONG },
    async () => {
      const { page, url } = await openTable();
      // The player view: a second page on the same BroadcastChannel.
      const player = await openPlayerView(page, url);
      await player.waitForSelector('[data-testid=player-waiting]');

      await startFight(page, 'd20-srd/d20-srd.json', 'd20-srd/encounters/sample.json');
      // The party is asked: the fighter's initiative comes first, and nothing is in the log yet.
      expect(await pendingKind(page)).toBe('roll');
      expect(await pendingLabel(page)).toBe('init.fighter.d20');
      expect(await logCount(page)).toBe(0);

      // A mistake: 3 typed instead of 18. Undo takes it back; the same roll is asked again.
      await page.fill('[data-testid=dice]', '3');
      await page.press('[data-testid=dice]', 'Enter');
      await page.waitForFunction(() => document.querySelector('[data-testid=pending]')?.getAttribute('data-label') !== 'init.fighter.d20');
      expect(await logCount(page)).toBe(1);
      await page.click('[data-testid=undo]');
      await page.waitForFunction(() => document.querySelector('[data-testid=pending]')?.getAttribute('data-label') === 'init.fighter.d20');
      expect(await logCount(page)).toBe(0);
      // Dice that do not fit the notation are refused, with the reason.
      await page.fill('[data-testid=dice]', '25');
      await page.press('[data-testid=dice]', 'Enter');
      await page.waitForSelector('[data-testid=play-error]');
      expect(await logCount(page)).toBe(0);
      await page.fill('[data-testid=dice]', '18');
      await page.press('[data-testid=dice]', 'Enter');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=log-entry]').length === 1);
      expect(await page.textContent('[data-testid=log-entry]')).toContain('init.fighter.d20 18');

      // The other initiative rolls, then a few turns.
      for (let i = 0; i < 12; i++) await answerOne(page);
      const turn = (await page.textContent('[data-testid=turn]'))?.trim();
      expect(turn).not.toBe('');
      // The player view shows whose turn it is.
      await player.waitForFunction((t) => document.querySelector('[data-testid=player-turn]')?.textContent?.trim() === t, turn);
      // Monster hit points are a wound level there, the party's are numbers.
      const ogreHealth = await player.textContent('[data-testid=player-row][data-id=ogre] [data-testid=player-health]');
      expect(ogreHealth?.trim()).toMatch(/^(unhurt|hurt|bloodied|down)$/);
      const fighterHp = await player.textContent('[data-testid=player-row][data-id=fighter] [data-testid=player-health]');
      expect(fighterHp?.trim()).toMatch(/^-?\d+$/);

      // A referee ruling: 5 damage to orc-1, logged and shown.
      const hpBefore = Number(await page.textContent('[data-testid=combatant][data-id=orc-1] [data-testid=main-stat]'));
      await page.check('[data-testid=combatant][data-id=orc-1] input[type=checkbox] >> nth=0');
      await page.fill('[data-testid=amount]', '5');
      await page.click('[data-testid=damage]');
      await page.waitForFunction(
        (hp) => Number(document.querySelector('[data-testid=combatant][data-id=orc-1] [data-testid=main-stat]')?.textContent) === hp - 5,
        hpBefore,
      );
      // A hidden combatant disappears from the player view.
      await page.check('[data-testid=combatant][data-id=orc-2] input[aria-label^=Hide]');
      await player.waitForFunction(() => !document.querySelector('[data-testid=player-row][data-id=orc-2]'));

      // Reload mid-combat: the fight is kept, and resumes where it was.
      const label = await pendingLabel(page);
      const entries = await logCount(page);
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid=saved]')?.getAttribute('data-count')) >= n, entries);
      await page.reload();
      await page.waitForFunction(() => Boolean((window as any).__phasebook?.editor), null, { timeout: LONG });
      await page.click('[data-testid=mode-play]');
      await page.click('[data-testid=play-resume] >> nth=0');
      await page.waitForSelector('[data-testid=tracker]');
      expect(await pendingLabel(page)).toBe(label);
      expect(await logCount(page)).toBe(entries);
      expect(Number(await page.textContent('[data-testid=combatant][data-id=orc-1] [data-testid=main-stat]'))).toBeLessThanOrEqual(
        hpBefore - 5,
      );

      // Keyboard: ? shows the help, n answers as the ruleset would, u undoes.
      await page.locator('body').press('?');
      await page.waitForSelector('[data-testid=help][open]');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=help]:not([open])', { state: 'attached' });
      await page.locator('body').press('n');
      await page
        .waitForFunction((n) => document.querySelectorAll('[data-testid=log-entry]').length === n + 1, entries, { timeout: LONG })
        .catch(async (err) => {
          const info = await page.evaluate(() => ({
            active: document.activeElement?.outerHTML.slice(0, 120),
            pending: document.querySelector('[data-testid=pending]')?.outerHTML.slice(0, 300),
            error: document.querySelector('[data-testid=play-error]')?.textContent,
            log: document.querySelectorAll('[data-testid=log-entry]').length,
          }));
          throw new Error(`n did not answer: ${JSON.stringify(info)} (${String(err).slice(0, 80)})`);
        });
      await page.locator('body').press('u');
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=log-entry]').length === n, entries);

      // To the end with the party's own dice; the player view shows the end too.
      await playToTheEnd(page);
      await page.waitForSelector('[data-testid=fight-over]');
      await player.waitForSelector('[data-testid=player-ended]');
    },
  );

  it(
    "ends a referee's condition at the start or the end of a combatant's turn, chosen in the Referee panel",
    { timeout: LONG },
    async () => {
      const { page } = await openTable();
      await startFight(page, 'd20-srd/d20-srd.json', 'd20-srd/encounters/sample.json');
      // The party's initiative dice, up to the first declaration of the first turn.
      for (let n = 0; (await pendingKind(page)) !== 'declaration'; n++) {
        if (n > 20) throw new Error('no declaration after 20 answers');
        await answerOne(page);
      }
      const turnNow = async () => (await page.textContent('[data-testid=turn]'))!.trim();
      const now = await turnNow();
      const next = (await page.textContent('[data-testid=to-come] .chip >> nth=0'))!.replace(/^\d+\.\s*/, '').trim();
      expect(next).not.toBe(now);
      const conditionsOf = (id: string) => page.textContent(`[data-testid=combatant][data-id=${id}] [data-testid=conditions]`);
      const waitConditions = (id: string, has: string, present = true) =>
        page.waitForFunction(
          ([i, h, p]) =>
            (document.querySelector(`[data-testid=combatant][data-id=${i}] [data-testid=conditions]`)?.textContent ?? '').includes(h) === p,
          [id, has, present] as const,
        );

      // The ogre is stunned until the next combatant's turn starts (start is the default).
      await page.check('[data-testid=combatant][data-id=ogre] input[aria-label^=Select]');
      await page.fill('[data-testid=condition]', 'stunned');
      await page.selectOption('[data-testid=condition-ends-who]', { label: `${next}'s turn` });
      expect(await page.inputValue('[data-testid=condition-ends-when]')).toBe('start');
      await page.click('[data-testid=add-condition]');
      await waitConditions('ogre', `stunned (until ${next}'s turn)`);
      // The first orc is dazed until the end of this turn.
      await page.uncheck('[data-testid=combatant][data-id=ogre] input[aria-label^=Select]');
      await page.check('[data-testid=combatant][data-id=orc-1] input[aria-label^=Select]');
      await page.fill('[data-testid=condition]', 'dazed');
      await page.selectOption('[data-testid=condition-ends-who]', { label: `${now}'s turn` });
      await page.selectOption('[data-testid=condition-ends-when]', 'end');
      await page.click('[data-testid=add-condition]');
      await waitConditions('orc-1', `dazed (until the end of ${now}'s turn)`);
      expect(await page.textContent('[data-testid=log-entry] >> nth=-1')).toMatch(/condition orc-1 dazed until-turn [a-z0-9-]+ end$/);
      expect(await page.textContent('[data-testid=play-timeline]')).toMatch(/☛ referee: orc-1: dazed until the end of [a-z0-9-]+'s turn/);
      // Undo takes it back, redo puts it again.
      await page.click('[data-testid=undo]');
      await waitConditions('orc-1', 'dazed', false);
      await page.click('[data-testid=redo]');
      await waitConditions('orc-1', 'dazed');

      // On to the next turn: the orc recovers as this turn ends, the ogre as the next one starts.
      for (let n = 0; (await turnNow()) === now; n++) {
        if (n > 20) throw new Error(`the turn of ${now} did not end after 20 answers`);
        expect(await conditionsOf('orc-1')).toContain('dazed');
        expect(await conditionsOf('ogre')).toContain('stunned');
        await answerOne(page);
      }
      expect(await turnNow()).toBe(next);
      expect(await conditionsOf('orc-1')).not.toContain('dazed');
      expect(await conditionsOf('ogre')).not.toContain('stunned');
    },
  );

  it('runs an OSE phased fight to the end with entered dice, and refuses an encounter of another ruleset', { timeout: LONG }, async () => {
    const { page } = await openTable();
    await startFight(page, 'ose/ose.json', 'ose/encounters/skirmish.json', ['ose/overlays/phased-round.json']);
    const phases = new Set<string>();
    let answers = 0;
    while ((await pendingKind(page)) !== 'none') {
      const ph = await page.$('[data-testid=phase]');
      if (ph) phases.add(((await ph.textContent()) ?? '').trim());
      await answerOne(page);
      if (++answers > MAX_ANSWERS) throw new Error('no end');
    }
    await page.waitForSelector('[data-testid=fight-over]');
    // The phased round shows its phases in the tracker.
    expect(phases.size).toBeGreaterThan(1);
    // An encounter written for d20 is not run against OSE: the setup says so.
    await page.click('[data-testid=close-fight]');
    await page.waitForSelector('[data-testid=play-setup]');
    await page.check('[data-testid=play-setup] input[type=checkbox]:near(:text("show encounters of other rulesets"))');
    const d20 = await page.$eval('[data-testid=play-encounter] option:text-matches("d20-srd")', (o) => (o as HTMLOptionElement).value);
    await page.selectOption('[data-testid=play-encounter]', d20);
    await expect(page.textContent('[data-testid=play-mismatch]')).resolves.toMatch(/written for "d20-srd", not "ose"/);
    expect(await page.isDisabled('[data-testid=play-start]')).toBe(true);
  });

  it(
    'a GM who has never seen JSON sets up a party and four goblins with the forms, runs the fight with their own dice, and the player view shows whose turn it is',
    { timeout: LONG },
    async () => {
      const { page, url } = await openTable();
      const player = await openPlayerView(page, url);
      await page.click('[data-testid=mode-play]');
      await page.waitForSelector('[data-testid=play-setup]');
      const rs = await page.$eval('[data-testid=play-ruleset] option:text-matches("d20-srd.json")', (o) => (o as HTMLOptionElement).value);
      await page.selectOption('[data-testid=play-ruleset]', rs);
      await page.click('[data-testid=new-encounter]');
      await page.waitForSelector('[data-testid=encounter-builder]');
      const field = async (who: string, sel: string, value: string) => {
        const f = `[data-testid=builder-combatant][data-id="${who}"] ${sel}`;
        if (!(await page.isVisible(f))) await page.click(`[data-testid=builder-combatant][data-id="${who}"] summary`);
        await page.fill(f, value);
        await page.press(f, 'Tab');
      };
      // The party: the template's hero becomes a fighter, and a cleric joins.
      await field('hero', '[data-testid=c-name]', 'Brunhild');
      await field('hero', '[data-testid=stat][data-stat=hp]', '24');
      await field('hero', '[data-testid=stat][data-stat=attackBonus]', '5');
      await page.fill('[data-testid=builder-side][data-side=heroes] [data-testid=new-name]', 'Cleric');
      await page.click('[data-testid=builder-side][data-side=heroes] [data-testid=add-combatant]');
      await page.waitForSelector('[data-testid=builder-combatant][data-id=cleric]');
      await field('cleric', '[data-testid=stat][data-stat=hp]', '18');
      // A goblin, then three more: four goblins.
      await field('foe', '[data-testid=c-name]', 'Goblin');
      await field('foe', '[data-testid=stat][data-stat=hp]', '5');
      await page.fill('[data-testid=builder-combatant][data-id=foe] [data-testid=dup-times]', '3');
      await page.press('[data-testid=builder-combatant][data-id=foe] [data-testid=dup-times]', 'Tab');
      await page.click('[data-testid=builder-combatant][data-id=foe] [data-testid=duplicate]');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=builder-side][data-side=foes] [data-testid=builder-combatant]').length === 4,
      );
      // The code view has the same encounter (the form edited its JSON).
      const text = await page.evaluate(() => (window as any).__phasebook.editor.getModel().getValue() as string);
      const enc = JSON.parse(text);
      expect(enc.ruleset).toBe('d20-srd');
      expect(enc.sides[1].combatants.map((c: { name: string }) => c.name)).toEqual(['Goblin', 'Goblin 2', 'Goblin 3', 'Goblin 4']);
      expect(enc.sides[0].combatants[0].stats).toMatchObject({ hp: 24, attackBonus: 5 });

      await page.click('[data-testid=play-start]');
      await page.waitForSelector('[data-testid=tracker]');
      expect(await page.$$eval('[data-testid=combatant]', (els) => els.length)).toBe(6);
      // The party rolls its own dice; the goblins are automatic.
      expect(await page.getAttribute('[data-testid=pending]', 'data-label')).toMatch(/^init\.hero\./);
      let sawTurn = false;
      for (let n = 0; (await pendingKind(page)) !== 'none'; n++) {
        if (n > MAX_ANSWERS) throw new Error('no end');
        await answerOne(page);
        const turn = (await page.textContent('[data-testid=turn]'))?.trim();
        if (!sawTurn && turn && turn !== '—') {
          await player.waitForFunction((t) => document.querySelector('[data-testid=player-turn]')?.textContent?.trim() === t, turn);
          sawTurn = true;
        }
      }
      expect(sawTurn).toBe(true);
      await player.waitForSelector('[data-testid=player-ended]');
    },
  );
});

describe('table mode without a mouse', () => {
  it(
    'Tab reaches Start from the Play tab, and the shortcuts enter dice, roll for me, go next, undo and redo',
    { timeout: LONG },
    async () => {
      const { page } = await openTable();
      await page.focus('[data-testid=mode-play]');
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=play-setup]');
      // The d20 ruleset (its first encounter comes with it), chosen from the keyboard.
      await page.focus('[data-testid=play-ruleset]');
      await page.selectOption('[data-testid=play-ruleset]', await optionValue(page, '[data-testid=play-ruleset]', 'd20-srd/d20-srd.json'));
      // Tab on from the ruleset until Start has the focus: every control on the way is reachable (a bound by count).
      let tabs = 0;
      while (!(await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'play-start'))) {
        await page.keyboard.press('Tab');
        if (++tabs > 200) throw new Error('Start is not reachable with Tab');
      }
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=tracker]');
      expect(await pendingKind(page)).toBe('roll');

      // d: the dice box; type the dice, Enter.
      await page.locator('body').press('d');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('dice-box');
      await page.keyboard.type('15');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=log-entry]').length === 1);
      expect(await page.textContent('[data-testid=log-entry]')).toContain(' 15');
      // r: roll for me (the next roll is the computer's), from the dice box too.
      expect(await pendingKind(page)).toBe('roll');
      await page.keyboard.press('r');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=log-entry]').length === 2);
      // n: next, as the ruleset would; u: undo it; U: redo it.
      await page.keyboard.press('Escape');
      await page.locator('body').press('n');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=log-entry]').length === 3);
      const third = await page.textContent('[data-testid=log-entry] >> nth=2');
      await page.locator('body').press('u');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=log-entry]').length === 2);
      await page.locator('body').press('Shift+U');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=log-entry]').length === 3);
      expect(await page.textContent('[data-testid=log-entry] >> nth=2')).toBe(third);
      // A condition with a duration, on the ogre: the field suggests the ruleset's conditions; it
      // shows with the round it ends in in the tracker, in the log, and Remove takes it off.
      expect(await page.$$eval('#known-conditions option', (els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual(
        expect.arrayContaining(['charging', 'total-defense']),
      );
      await page.check('[data-testid=combatant][data-id=ogre] input[aria-label^=Select]');
      await page.fill('[data-testid=condition]', 'shaken');
      await page.fill('[data-testid=condition-rounds]', '2');
      await page.click('[data-testid=add-condition]');
      await page.waitForFunction(() =>
        document
          .querySelector('[data-testid=combatant][data-id=ogre] [data-testid=conditions]')
          ?.textContent?.includes('shaken (until the end of round'),
      );
      expect(await page.textContent('[data-testid=log-entry] >> nth=-1')).toContain('condition');
      await page.click('[data-testid=remove-condition]');
      await page.waitForFunction(
        () => !document.querySelector('[data-testid=combatant][data-id=ogre] [data-testid=conditions]')?.textContent?.includes('shaken'),
      );

      // ?: the help lists the shortcuts; Esc closes it.
      await page.locator('body').press('?');
      await page.waitForSelector('[data-testid=help][open]');
      expect(await page.textContent('[data-testid=help]')).toContain('Roll for me');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=help]:not([open])', { state: 'attached' });
    },
  );
});
