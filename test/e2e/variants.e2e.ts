/**
 * What the timeline runs, in headless Chromium under the production CSP: the variant follows
 * the document opened (a ruleset by the book, an overlay on its base with exactly what it
 * requires), Compare describes the change from the base to the house rule, every system shows
 * the outcome of an attack, and pins stay with the ruleset, variant and encounter they were made in.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LONG, addTwoHandedFirst, editorPerTest, openDoc } from './helpers.js';

const openEditor = editorPerTest();

/** The overlays the run bar says are in use, in order. */
const overlaysInUse = (page: Page) =>
  page.$$eval('[data-testid=timeline-panel] [data-testid=overlay-in-use]', (els) => els.map((e) => (e as HTMLElement).dataset.overlay));
/** Wait until the run bar shows exactly these overlays, and the timeline ran them (combat.start of the last run). */
async function waitForVariant(page: Page, overlays: string[]) {
  await page.waitForFunction(
    (want) => {
      const shown = [...document.querySelectorAll('[data-testid=timeline-panel] [data-testid=overlay-in-use]')].map(
        (e) => (e as HTMLElement).dataset.overlay,
      );
      const ran = (window as any).__phasebook.engine?.lastGood?.events?.[0]?.overlays as string[] | undefined;
      return (
        JSON.stringify(shown) === JSON.stringify(want) &&
        JSON.stringify(ran?.map((p) => p.replace(/^.*\//, '').replace(/\.json$/, ''))) === JSON.stringify(want)
      );
    },
    overlays,
    { timeout: LONG },
  );
}

/** Wait until the timeline's last good run is of this ruleset. */
const waitForRuleset = (page: Page, id: string) =>
  page.waitForFunction((want) => (window as any).__phasebook.engine?.lastGood?.events?.[0]?.ruleset === want, id, { timeout: LONG });
/** Wait until the run bar says one roll is pinned. */
const waitOnePinned = (page: Page) =>
  page.waitForFunction(
    () => /1 pinned/.test(document.querySelector('[data-testid=timeline-panel] [data-testid=rules-in-use]')?.textContent ?? ''),
    null,
    { timeout: LONG },
  );

describe('the variant the timeline runs', () => {
  it(
    '17. a ruleset runs by the book, an overlay with exactly what it requires, a new house rule on nothing else; the variant is shown',
    async () => {
      const page = await openEditor();
      await openDoc(page, 'ose/overlays/crossbow-speed.json');
      await waitForVariant(page, ['phased-round', 'crossbow-speed']);
      await page.waitForSelector('[data-testid=timeline] [data-testid=act][data-step=crossbows]');
      // The ruleset alone: by the book, shown as such, and no crossbow step in the timeline.
      await openDoc(page, 'ose/ose.json');
      await waitForVariant(page, []);
      await expect(page.textContent('[data-testid=timeline-panel] [data-testid=rules-in-use]')).resolves.toMatch(/Running:.*no overlays/s);
      await page.waitForSelector('[data-testid=timeline] [data-testid=act]');
      expect(await page.$$('[data-testid=timeline] [data-testid=act][data-step=crossbows]')).toHaveLength(0);
      // An overlay brings exactly what it requires, whatever ran before.
      await openDoc(page, 'ose/overlays/two-handed-last.json');
      await waitForVariant(page, ['phased-round', 'two-handed-last']);
      await openDoc(page, 'ose/overlays/crossbow-speed.json');
      await waitForVariant(page, ['phased-round', 'crossbow-speed']);
      // A new house rule (no requirements) runs on its base alone, not on the modules of before.
      await page.click('button:has-text("New house rule…")');
      await page.fill('dialog[open] input:not([type=checkbox])', 'Pikes first');
      await page.click('dialog[open] button[type=submit]');
      await page.waitForFunction(() => document.querySelector('header .doc-title')?.textContent === 'mine/pikes-first.json');
      await waitForVariant(page, ['pikes-first']);
      expect(await overlaysInUse(page)).toEqual(['pikes-first']);
      // Modules switched on by hand stay while the overlay is edited.
      await page.click('button[role=tab]:has-text("Visual")');
      await page.check('[data-testid=module-toggles] input[data-module="ose/overlays/phased-round.json"]');
      await waitForVariant(page, ['pikes-first', 'phased-round']);
      await page.evaluate(() => {
        const ws = (window as any).__phasebook.workspace;
        const d = ws.active;
        ws.setText(d.id, d.text.replace('"name": "Pikes first"', '"name": "Pikes go first"'));
      });
      await waitForVariant(page, ['pikes-first', 'phased-round']);
    },
    LONG,
  );

  it(
    '20. pins stay with the ruleset, variant and encounter they were made in, across a reload',
    async () => {
      const page = await openEditor();
      const pinned = () =>
        page.$$eval('[data-testid=timeline-panel] [data-testid=rules-in-use] .pins', (els) =>
          els.map((e) => e.textContent?.replace(/\s+/g, ' ').trim()),
        );
      await openDoc(page, 'd20-srd/d20-srd.json');
      await waitForVariant(page, []);
      const roll = page.locator('[data-testid=timeline] [data-testid=roll][data-label^="r1."]').first();
      const label = (await roll.getAttribute('data-label'))!;
      await roll.click();
      await page.fill('[data-testid=pin-input]', '1');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() =>
        /1 pinned/.test(document.querySelector('[data-testid=timeline-panel] [data-testid=rules-in-use]')?.textContent ?? ''),
      );
      await page.waitForSelector(`[data-testid=timeline] [data-testid=roll][data-label="${label}"] .badge`);
      // Another ruleset's encounter: none of those pins, neither shown nor run.
      await openDoc(page, 'ose/encounters/skirmish.json');
      await waitForRuleset(page, 'ose');
      expect(await pinned()).toEqual([]);
      const oseRun = await page.evaluate(() => (window as any).__phasebook.variants.main);
      expect(oseRun.rolls).toEqual({});
      // Another variant of the same ruleset and encounter: not its pins either.
      await openDoc(page, 'd20-srd/overlays/ties-referee.json');
      await waitForRuleset(page, 'd20-srd');
      expect(await pinned()).toEqual([]);
      // Back where they were made: there again, and after a reload too.
      await openDoc(page, 'd20-srd/d20-srd.json');
      await waitOnePinned(page);
      await page.waitForSelector(`[data-testid=timeline] [data-testid=roll][data-label="${label}"] .badge`, { timeout: LONG });
      await openDoc(page, 'ose/encounters/skirmish.json');
      await page.waitForFunction(() => (window as any).__phasebook.workspace.saveState.state === 'saved', null, { timeout: LONG });
      await page.reload();
      await page.waitForFunction(() => Boolean((window as any).__phasebook?.editor?.getModel()), null, { timeout: LONG });
      await page.waitForFunction(() => document.querySelector('header .doc-title')?.textContent === 'ose/encounters/skirmish.json');
      expect(await pinned()).toEqual([]);
      await openDoc(page, 'd20-srd/d20-srd.json');
      await waitOnePinned(page);
      expect(Object.keys((await page.evaluate(() => (window as any).__phasebook.variants.main)).rolls)).toEqual([label]);
    },
    LONG,
  );

  it(
    '18. Compare describes the change from the base to the house rule',
    async () => {
      const page = await openEditor();
      await addTwoHandedFirst(page);
      await waitForVariant(page, ['phased-round', 'two-handed-last', 'two-handed-first']);
      await page.click('button[role=tab]:has-text("Compare")');
      // A is the variant with the new rule; B its base, without it.
      await page.waitForSelector('[data-testid=diff] li', { timeout: LONG });
      expect(
        await page.$$eval('[data-testid=overlays-b] input:checked', (els) => els.map((e) => (e as HTMLElement).dataset.overlay)),
      ).toEqual(['phased-round', 'two-handed-last']);
      await expect(page.getAttribute('[data-testid=diff-head]', 'data-from')).resolves.toBe('b');
      const entries = await page.$$eval('[data-testid=diff] li', (els) =>
        els.map((e) => ({ change: (e as HTMLElement).dataset.change, text: e.textContent!.trim() })),
      );
      const twoHanded = entries.filter((e) => /two-handed/.test(e.text));
      expect(twoHanded.length, JSON.stringify(entries)).toBeGreaterThan(0);
      expect(
        twoHanded.some((e) => e.change === 'removed'),
        JSON.stringify(entries),
      ).toBe(false);
      expect(
        twoHanded.some((e) => e.change === 'moved'),
        JSON.stringify(entries),
      ).toBe(true);
      // Switch the rule onto B and off A: B is now the house rule, read from A to B.
      await page.uncheck('[data-testid=overlays-a] input[data-overlay=two-handed-first]');
      await page.check('[data-testid=overlays-b] input[data-overlay=two-handed-first]');
      await expect(page.getAttribute('[data-testid=diff-head]', 'data-from')).resolves.toBe('a');
      const again = await page.$$eval('[data-testid=diff] li', (els) =>
        els.map((e) => ({ change: (e as HTMLElement).dataset.change, text: e.textContent!.trim() })),
      );
      expect(again.filter((e) => /two-handed/.test(e.text)).map((e) => e.change)).toEqual(twoHanded.map((e) => e.change));
    },
    LONG,
  );

  it(
    '19. every system shows whether an attack hit or missed',
    async () => {
      const page = await openEditor();
      const systems: Array<[string, string]> = [
        ['ose/ose.json', 'ose'],
        ['d20-srd/d20-srd.json', 'd20-srd'],
        ['cepheus/cepheus.json', 'cepheus'],
        ['mage/mage.json', 'mage'],
        ['unbalanced-world/unbalanced-world.json', 'unbalanced-world'],
      ];
      for (const [path, id] of systems) {
        await openDoc(page, path);
        await waitForRuleset(page, id);
        await page.waitForSelector('[data-testid=timeline] [data-testid=act]');
        // Every act aimed at another combatant that rolled its dice says hit or miss, on its line.
        const acts = await page.$$eval('[data-testid=timeline] .act-block', (blocks) =>
          blocks.map((b) => {
            const line = b.querySelector(':scope > [data-testid=act]') as HTMLElement;
            const own = [...b.querySelectorAll(':scope > .details [data-testid=roll]')].map((r) => (r as HTMLElement).dataset.label!);
            return {
              key: line.dataset.key,
              actor: line.dataset.actor,
              targeted: line.querySelectorAll('.chip, [class*=chip]').length > 1,
              rolled: own.length > 0,
              outcome: line.querySelector('[data-testid=outcome]')?.textContent?.trim() ?? null,
            };
          }),
        );
        const attacks = acts.filter((a) => a.targeted && a.rolled);
        expect(attacks.length, id).toBeGreaterThan(0);
        for (const a of attacks) expect(a.outcome, `${id} ${a.key}`).toMatch(/^(✓ hits|✗ misses)$/);
      }
      // OSE by the book: the first attack, pinned to a natural 1, misses; pinned to 20, hits.
      await openDoc(page, 'ose/ose.json');
      await waitForRuleset(page, 'ose');
      const roll = page.locator('[data-testid=timeline] [data-testid=roll][data-label$=".attack"]').first();
      const label = (await roll.getAttribute('data-label'))!;
      const outcomeOf = (l: string) =>
        page.evaluate((lab) => {
          const r = document.querySelector(`[data-testid=timeline] [data-testid=roll][data-label="${lab}"]`);
          return (
            r?.closest('.act-block')?.querySelector(':scope > [data-testid=act] [data-testid=outcome]')?.getAttribute('data-outcome') ??
            null
          );
        }, l);
      for (const [value, want] of [
        ['1', 'miss'],
        ['20', 'hit'],
      ] as const) {
        await page.click(`[data-testid=timeline] [data-testid=roll][data-label="${label}"]`);
        await page.fill('[data-testid=pin-input]', value);
        await page.keyboard.press('Enter');
        await page.waitForFunction(
          ([lab, v]) =>
            (window as any).__phasebook.engine?.lastGood?.events?.some(
              (e: any) => e.type === 'roll' && e.label === lab && e.pinned && String(e.total) === v,
            ),
          [label, value] as const,
          { timeout: LONG },
        );
        await expect.poll(() => outcomeOf(label), { timeout: LONG }).toBe(want);
      }
    },
    LONG,
  );
});
