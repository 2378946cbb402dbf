/**
 * What the editor's end-to-end tests share: the page of each test (opened by the test, checked
 * for CSP violations and page errors after it, then closed), the time bound of a long test, and
 * opening a document of the workspace.
 */
import { afterEach, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { open, type Session } from './browser.js';

/** An upper bound for a test of many steps on a loaded machine (never a measure of speed). */
export const LONG = 180_000;

/**
 * Call once in a test file: returns the function that opens the editor for a test. After each
 * test, its page must have had no CSP violation and no page error, and it is closed.
 */
export function editorPerTest(): () => Promise<Page> {
  let s: Session | null = null;
  afterEach(async () => {
    if (s) expect(s.problems, 'no CSP violation and no page error').toEqual([]);
    await s?.close();
    s = null;
  });
  return async () => {
    s = await open();
    return s.page;
  };
}

/** Open a workspace document from the sidebar, and wait until it is the one shown. */
export async function openDoc(page: Page, path: string): Promise<void> {
  await page.click(`[data-testid=sidebar] button.doc[data-path="${path}"]`);
  await page.waitForFunction((p) => document.querySelector('header .doc-title')?.textContent === p, path);
}
