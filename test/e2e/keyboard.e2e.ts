/**
 * The editor with the keyboard alone, in headless Chromium under the production CSP: Tab never
 * gets trapped in Monaco and never changes a document (Monaco's Ctrl+M convention switches Tab
 * to indenting, shown above the editor).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open, type Session } from './browser.js';

/** An upper bound for a test of many steps on a loaded machine (never a measure of speed). */
const LONG = 180_000;

let s: Session | null = null;
afterEach(async () => {
  if (s) expect(s.problems, 'no CSP violation and no page error').toEqual([]);
  await s?.close();
  s = null;
});

const allTexts = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(((window as any).__phasebook.workspace.docs as Array<{ path: string; text: string }>).map((d) => [d.path, d.text])),
  ) as Promise<Record<string, string>>;

/** Where the focus is: the region of the page and a short name of the element. */
const focusAt = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const region = el?.closest('nav.left')
      ? 'sidebar'
      : el?.closest('main.center')
        ? 'center'
        : el?.closest('aside.right')
          ? 'right'
          : 'other';
    const inEditor = !!el?.closest('[data-testid=code-editor]');
    return {
      region,
      inEditor,
      tag: el?.tagName ?? '',
      text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 40),
    };
  });

describe('keyboard', () => {
  it(
    '15. Tab from the file list goes through the editor and on to the timeline, and changes no document',
    async () => {
      s = await open();
      const before = await allTexts(s.page);
      await s.page.focus('[data-testid=sidebar] button.doc[aria-current=true]');
      const seen: Array<Awaited<ReturnType<typeof focusAt>>> = [];
      for (let i = 0; i < 80; i++) {
        await s.page.keyboard.press('Tab');
        seen.push(await focusAt(s.page));
      }
      const firstEditor = seen.findIndex((f) => f.inEditor);
      expect(firstEditor, 'Tab reaches the code editor').toBeGreaterThanOrEqual(0);
      // The next Tab leaves the editor: it is one stop, not a trap.
      expect(seen[firstEditor + 1]!.inEditor, `after the editor: ${JSON.stringify(seen[firstEditor + 1])}`).toBe(false);
      expect(
        seen.slice(firstEditor).some((f) => f.region === 'right'),
        'Tab reaches the timeline panel',
      ).toBe(true);
      expect(await allTexts(s.page)).toEqual(before);
      await expect(s.page.getAttribute('[data-testid=tab-toggle]', 'aria-pressed')).resolves.toBe('false');
      await expect(s.page.textContent('[data-testid=tab-hint]')).resolves.toMatch(/Ctrl\+M/);
    },
    LONG,
  );

  it(
    '15b. Ctrl+M in the editor makes Tab indent (shown above the editor); Ctrl+M again lets Tab move on',
    async () => {
      s = await open();
      const path = await s.page.textContent('header .doc-title');
      const before = await allTexts(s.page);
      await s.page.click('[data-testid=code-editor] .view-lines');
      await s.page.keyboard.press('Control+M');
      await s.page.waitForSelector('[data-testid=tab-toggle][aria-pressed=true]');
      await s.page.keyboard.press('Tab');
      expect((await focusAt(s.page)).inEditor).toBe(true);
      await s.page.waitForFunction(
        ([p, b]) =>
          ((window as any).__phasebook.workspace.docs as Array<{ path: string; text: string }>).find((d) => d.path === p)!.text !== b,
        [path!, before[path!]!] as const,
      );
      await s.page.keyboard.press('Control+Z');
      await s.page.keyboard.press('Control+M');
      await s.page.waitForSelector('[data-testid=tab-toggle][aria-pressed=false]');
      await s.page.keyboard.press('Tab');
      expect((await focusAt(s.page)).inEditor).toBe(false);
      expect(await allTexts(s.page)).toEqual(before);
      // The button is the same setting as the key.
      await s.page.click('[data-testid=tab-toggle]');
      await s.page.waitForSelector('[data-testid=tab-toggle][aria-pressed=true]');
    },
    LONG,
  );
});
