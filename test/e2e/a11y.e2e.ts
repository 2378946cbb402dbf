/**
 * Accessibility of the main views with axe-core, in headless Chromium under the production CSP
 * (script-src 'self', no eval): axe's source is evaluated through the DevTools protocol, which
 * the page's CSP does not govern; the CSP guard of every test still watches the page. Fails on
 * any serious or critical violation, and on the two the issue named (heading order, landmarks
 * named twice). Plus the keyboard paths axe cannot see: skip links, one Tab stop for the
 * document list, the dialog's first focus, the editor's focus ring.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { LONG, editorPerTest, openDoc } from './helpers.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Rules named in the issue, checked whatever their impact. */
const ALSO = ['heading-order', 'landmark-unique'];

const openEditor = editorPerTest();

interface Violation {
  id: string;
  impact: string | null;
  nodes: string[];
}

async function axe(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    type Raw = { id: string; impact: string | null; nodes: Array<{ target: string[]; failureSummary: string }> };
    return (r.violations as Raw[]).map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)}`),
    }));
  });
}

async function expectAccessible(page: Page, view: string) {
  const bad = (await axe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO.includes(v.id));
  expect(bad, `${view}: ${JSON.stringify(bad, null, 1)}`).toEqual([]);
}

describe('accessibility (axe-core)', () => {
  it(
    '16. code, visual, compare, simulate and a dialog have no serious or critical violation',
    async () => {
      const page = await openEditor();
      await page.waitForSelector('[data-testid=timeline] [data-testid=act]', { timeout: LONG });
      await page.waitForSelector('[data-testid=code-editor] .line-numbers');
      await expectAccessible(page, 'code');
      await page.click('button[role=tab]:has-text("Visual")');
      await page.waitForSelector('[data-testid=visual-view] li.card');
      await expectAccessible(page, 'visual');
      await page.click('button[role=tab]:has-text("Code")');
      await page.click('button[role=tab]:has-text("Compare")');
      await page.waitForSelector('[data-testid=compare-b] [data-testid=act]', { timeout: LONG });
      await page.waitForSelector('[data-testid=compare-a] [data-testid=act]', { timeout: LONG });
      await expectAccessible(page, 'compare');
      await page.click('[data-testid=compare-view-simulate]');
      await page.waitForSelector('[data-testid=simulate]');
      await expectAccessible(page, 'simulate');
      await page.click('button:has-text("New house rule…")');
      await page.waitForSelector('dialog[open]');
      await expectAccessible(page, 'dialog');
    },
    LONG,
  );
});

describe('keyboard paths', () => {
  it(
    '16. skip links reach the editor, the timeline and compare',
    async () => {
      const page = await openEditor();
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to the editor');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid=code-editor]'));
      // The editor shows a focus ring.
      const ring = await page.$eval(
        '[data-testid=code-editor]',
        (el) => getComputedStyle(el, '::after').borderStyle + ' ' + getComputedStyle(el, '::after').borderWidth,
      );
      expect(ring).toBe('solid 3px');
      await page.focus('[data-testid=skip-links] a:has-text("Skip to the timeline")');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => !!document.activeElement?.closest('[data-testid=timeline-panel]'));
      await page.focus('[data-testid=skip-links] a:has-text("Skip to compare")');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'compare');
      await page.waitForSelector('[data-testid=compare-a]');
    },
    LONG,
  );

  it(
    '16. the document list is one Tab stop (arrows move in it), and the new house rule dialog starts on its name',
    async () => {
      const page = await openEditor();
      const stops = await page.$$eval('[data-testid=sidebar] button.doc', (els) =>
        els.filter((e) => (e as HTMLElement).tabIndex >= 0).map((e) => (e as HTMLElement).dataset.path),
      );
      expect(stops).toEqual([await page.textContent('header .doc-title')]);
      await page.focus('[data-testid=sidebar] button.doc[tabindex="0"]');
      await page.keyboard.press('ArrowDown');
      const moved = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.path);
      expect(moved).not.toBe(await page.textContent('header .doc-title'));
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=sidebar] .list'))).toBe(false);
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.path)).toBe(moved);
      // Each toolbar is one stop too.
      const toolbarStops = await page.$$eval('[data-testid=sidebar] [role=toolbar]', (bars) =>
        bars.map((b) => [...b.querySelectorAll('button')].filter((e) => e.tabIndex >= 0).length),
      );
      expect(toolbarStops.every((n) => n === 1)).toBe(true);
      await page.click('button:has-text("New house rule…")');
      await page.waitForSelector('dialog[open]');
      await page.waitForFunction(() => document.activeElement?.closest('label')?.textContent?.trim().startsWith('Name'));
      await page.keyboard.type('Spears first');
      await expect(page.inputValue('dialog label:has-text("Name") input')).resolves.toBe('Spears first');
    },
    LONG,
  );

  it(
    '16. the timeline never skips a heading level and names its region once',
    async () => {
      const page = await openEditor();
      for (const path of ['ose/ose.json', 'd20-srd/d20-srd.json']) {
        await openDoc(page, path);
        await page.waitForSelector('[data-testid=timeline] [data-testid=act]', { timeout: LONG });
        const levels = await page.$$eval('[data-testid=timeline-panel] :is(h1,h2,h3,h4,h5,h6)', (hs) =>
          hs.map((h) => Number(h.tagName[1])),
        );
        expect(levels.length).toBeGreaterThan(3);
        for (let i = 1; i < levels.length; i++)
          expect(levels[i]! - levels[i - 1]!, `${path}: ${levels.slice(0, i + 1).join(',')}`).toBeLessThanOrEqual(1);
        const named = await page.$$eval('[aria-label="Timeline"], [aria-labelledby]', (els) =>
          els
            .map((e) =>
              (e.getAttribute('aria-labelledby')
                ? document.getElementById(e.getAttribute('aria-labelledby')!)?.textContent
                : e.getAttribute('aria-label')
              )?.trim(),
            )
            .filter((t) => t === 'Timeline'),
        );
        expect(named).toHaveLength(1);
      }
    },
    LONG,
  );
});
