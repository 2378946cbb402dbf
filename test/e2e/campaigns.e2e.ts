/**
 * Campaigns in table mode, in headless Chromium under the production CSP: a campaign made from a
 * pack preset, given a party, switched to and from another, reloaded, exported, deleted and
 * imported back; a damaged campaign file is refused at its line and JSON pointer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { open, type Session } from './browser.js';
import { LONG, answerOne, checkedOverlays, logCount, optionValue, pendingLabel } from './play-helpers.js';

let s: Session | null = null;
afterEach(async () => {
  if (s) expect(s.problems, 'no CSP violation and no page error').toEqual([]);
  await s?.close();
  s = null;
});

describe('campaigns', () => {
  it(
    'a campaign keeps its ruleset, a pack preset and its party; it switches the setup in one choice, survives a reload, and exports and imports with its fights',
    { timeout: LONG },
    async () => {
      s = await open();
      const page = s.page;
      await page.click('[data-testid=mode-play]');
      await page.waitForSelector('[data-testid=play-setup]');

      // d20 with the shipped pack's preset "The referee orders ties…": its ruleset and both overlays.
      await page.selectOption('[data-testid=play-preset]', 'phasebook/d20-srd#referee-ties');
      expect(await page.$eval('[data-testid=play-ruleset]', (e) => (e as HTMLSelectElement).selectedOptions[0]!.textContent)).toContain(
        'd20-srd/d20-srd.json',
      );
      expect(await checkedOverlays(page)).toEqual(['d20-srd/overlays/delay-ties-first.json', 'd20-srd/overlays/ties-referee.json']);
      expect(await page.$eval('[data-testid=play-encounter]', (e) => (e as HTMLSelectElement).selectedOptions[0]!.textContent)).toContain(
        'd20-srd/encounters/sample.json',
      );

      // A campaign from this setup; the sample's adventurers become its party.
      await page.fill('[data-testid=campaign-name]', 'The Sunless Citadel');
      await page.click('[data-testid=campaign-create]');
      await page.waitForSelector('[data-testid=campaign-info]');
      expect(await page.textContent('[data-testid=campaign-rules]')).toBe(
        'd20-srd + ties-referee + delay-ties-first (preset “The referee orders ties, delayers keep their order”)',
      );
      await page.selectOption('[data-testid=campaign-side]', '0');
      await page.click('[data-testid=campaign-set-party]');
      await page.waitForFunction(() => document.querySelector('[data-testid=campaign-party]')?.textContent?.includes('Fighter 6'));
      expect(await page.textContent('[data-testid=campaign-party]')).toBe('Fighter 6, Rogue 5, Ranger 4, Wizard 5');

      // A new encounter from the forms' template (a hero and a foe): the party takes the hero's side.
      await page.click('[data-testid=new-encounter]');
      await page.waitForSelector('[data-testid=encounter-builder]');
      await page.click('[data-testid=play-start]');
      await page.waitForSelector('[data-testid=tracker]');
      expect(await page.$$eval('[data-testid=combatant]', (els) => els.map((e) => (e as HTMLElement).dataset.id))).toEqual([
        'fighter',
        'rogue',
        'archer',
        'wizard',
        'foe',
      ]);
      expect(await pendingLabel(page)).toMatch(/^init\.fighter\./);
      for (let i = 0; i < 3; i++) await answerOne(page);
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=saved]')?.getAttribute('data-count')) >= 3);
      await page.click('[data-testid=close-fight]');
      await page.waitForSelector('[data-testid=play-setup]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=play-resume]').length === 1);

      // A second campaign, on OSE: choosing a campaign is one choice that switches the rules.
      await page.selectOption('[data-testid=play-ruleset]', await optionValue(page, '[data-testid=play-ruleset]', 'ose/ose.json'));
      await page.check('[data-testid=play-overlay][data-path="ose/overlays/phased-round.json"]');
      await page.fill('[data-testid=campaign-name]', 'Keep on the Borderlands');
      await page.click('[data-testid=campaign-create]');
      await page.waitForFunction(() => document.querySelector('[data-testid=campaign-rules]')?.textContent === 'ose + phased-round');
      expect(await page.$$('[data-testid=play-resume]')).toHaveLength(0);
      await page.selectOption('[data-testid=campaign-select]', 'the-sunless-citadel');
      await page.waitForFunction(() => document.querySelector('[data-testid=campaign-rules]')?.textContent?.startsWith('d20-srd'));
      expect(await page.$eval('[data-testid=play-ruleset]', (e) => (e as HTMLSelectElement).selectedOptions[0]!.textContent)).toContain(
        'd20-srd/d20-srd.json',
      );
      expect(await checkedOverlays(page)).toEqual(['d20-srd/overlays/delay-ties-first.json', 'd20-srd/overlays/ties-referee.json']);
      expect(await page.$eval('[data-testid=play-preset]', (e) => (e as HTMLSelectElement).value)).toBe('phasebook/d20-srd#referee-ties');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=play-resume]').length === 1);

      // A reload: the active campaign, its party and its fight are still there; the fight resumes.
      await page.reload();
      await page.waitForFunction(() => Boolean((window as any).__phasebook?.editor), null, { timeout: LONG });
      await page.click('[data-testid=mode-play]');
      await page.waitForFunction(
        () => (document.querySelector('[data-testid=campaign-select]') as HTMLSelectElement)?.value === 'the-sunless-citadel',
      );
      expect(await page.textContent('[data-testid=campaign-party]')).toBe('Fighter 6, Rogue 5, Ranger 4, Wizard 5');
      await page.click('[data-testid=play-resume] >> nth=0');
      await page.waitForSelector('[data-testid=tracker]');
      expect(await logCount(page)).toBe(3);
      await page.click('[data-testid=close-fight]');
      await page.waitForSelector('[data-testid=play-setup]');

      // Export: the campaign file, with its party and its fight as a saved session.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=campaign-export]')]);
      expect(download.suggestedFilename()).toBe('the-sunless-citadel.campaign.json');
      const text = await new Promise<string>((resolve, reject) => {
        void download.createReadStream().then((stream) => {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          stream.on('error', reject);
        }, reject);
      });
      const file = JSON.parse(text);
      expect(file).toMatchObject({
        $schema: 'https://phasebook.dev/schemas/v1/campaign.schema.json',
        kind: 'campaign',
        id: 'the-sunless-citadel',
        ruleset: { id: 'd20-srd' },
        overlays: [{ id: 'ties-referee' }, { id: 'delay-ties-first' }],
        preset: { pack: 'phasebook/d20-srd', id: 'referee-ties' },
      });
      expect(file.party.combatants.map((c: { id: string }) => c.id)).toEqual(['fighter', 'rogue', 'archer', 'wizard']);
      expect(file.fights).toHaveLength(1);
      expect(file.fights[0].session.log).toHaveLength(3);

      // Delete it (asked twice): its fight goes too.
      await page.click('[data-testid=campaign-delete]');
      await page.click('[data-testid=campaign-delete-yes]');
      await page.waitForFunction(() => !document.querySelector('[data-testid=campaign-select] option[value="the-sunless-citadel"]'));
      expect(await page.$eval('[data-testid=campaign-select]', (e) => (e as HTMLSelectElement).value)).toBe('');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=play-resume]').length === 0);

      // A damaged file is refused with the line, column and JSON pointer of the fault; nothing is kept.
      const bad = text.replace(/"seed": \d+/, '"seed": "three"');
      const line = bad.split('\n').findIndex((l) => l.includes('"seed": "three"')) + 1;
      await page.setInputFiles('[data-testid=campaign-import]', {
        name: 'bad.campaign.json',
        mimeType: 'application/json',
        buffer: Buffer.from(bad),
      });
      await page.waitForSelector('[data-testid=campaign-problems]');
      expect(await page.textContent('[data-testid=campaign-problems]')).toMatch(
        new RegExp(`^bad\\.campaign\\.json:${line}:\\d+  /fights/0/session/seed  expected an integer, got a string$`),
      );
      expect(await page.$$('[data-testid=campaign-select] option[value="the-sunless-citadel"]')).toHaveLength(0);

      // The good file brings the campaign back with its fight, which resumes where it was.
      await page.setInputFiles('[data-testid=campaign-import]', {
        name: 'the-sunless-citadel.campaign.json',
        mimeType: 'application/json',
        buffer: Buffer.from(text),
      });
      await page.waitForFunction(
        () => (document.querySelector('[data-testid=campaign-select]') as HTMLSelectElement)?.value === 'the-sunless-citadel',
      );
      expect(await page.textContent('[data-testid=campaign-status]')).toBe('Imported the campaign “The Sunless Citadel” with 1 fight.');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=play-resume]').length === 1);
      await page.click('[data-testid=play-resume] >> nth=0');
      await page.waitForSelector('[data-testid=tracker]');
      expect(await logCount(page)).toBe(3);
      expect(await page.$$eval('[data-testid=combatant]', (els) => els.map((e) => (e as HTMLElement).dataset.id))).toContain('wizard');
    },
  );
});
