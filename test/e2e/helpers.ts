/**
 * What the editor's end-to-end tests share: the page of each test (opened by the test, checked
 * for CSP violations and page errors after it, then closed), the time bound of a long test,
 * opening a document of the workspace, and the house rule the editor tests write.
 */
import { afterEach, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { open, type Session } from './browser.js';

/** An upper bound for a test of many steps on a loaded machine (never a measure of speed). */
export const LONG = 180_000;

/**
 * Call once in a test file: returns the function that opens the editor for a test (the whole
 * browser session: its page and the editor's address). After each test, its page must have had
 * no CSP violation and no page error, and it is closed.
 */
export function sessionPerTest(): () => Promise<Session> {
  let s: Session | null = null;
  afterEach(async () => {
    if (s) expect(s.problems, 'no CSP violation and no page error').toEqual([]);
    await s?.close();
    s = null;
  });
  return async () => (s = await open());
}

/** As `sessionPerTest`, for a test that needs only the page. */
export function editorPerTest(): () => Promise<Page> {
  const openSession = sessionPerTest();
  return async () => (await openSession()).page;
}

/**
 * The house rule of the "done when" of the editor issue: two-handed weapons before one-handed
 * (OSE, phased round), added to the workspace as mine/two-handed-first.json.
 */
export async function addTwoHandedFirst(page: Page): Promise<void> {
  const text = JSON.stringify(
    {
      $schema: 'https://phasebook.dev/schemas/v1/ruleset.schema.json',
      kind: 'overlay',
      id: 'two-handed-first',
      name: 'Two-handed weapons before one-handed',
      version: '1.0.0',
      extends: 'ose',
      requires: ['phased-round', 'two-handed-last'],
      changes: [{ op: 'move', path: '/round/phases/melee/steps/two-handed', before: 'melee' }],
    },
    null,
    2,
  );
  await page.evaluate((t) => (window as any).__phasebook.workspace.add('mine/two-handed-first.json', t), text);
}

/** Open a workspace document from the sidebar, and wait until it is the one shown. */
export async function openDoc(page: Page, path: string): Promise<void> {
  await page.click(`[data-testid=sidebar] button.doc[data-path="${path}"]`);
  await page.waitForFunction((p) => document.querySelector('header .doc-title')?.textContent === p, path);
}

/** The page's clock now: pass it to `waitSaved` before an edit. */
export const clockOf = (page: Page): Promise<number> => page.evaluate(() => Date.now());

/** Wait until the workspace has saved everything made after `since` (its save state, never a fixed pause). */
export async function waitSaved(page: Page, since: number): Promise<void> {
  await page.waitForFunction(
    (t) => {
      const s = (window as any).__phasebook.workspace.saveState;
      return s.state === 'saved' && s.at > t;
    },
    since,
    { timeout: LONG },
  );
}
