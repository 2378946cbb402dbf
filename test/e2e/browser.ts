/**
 * A fresh headless Chromium page on the editor for each test, with a guard that fails the test
 * on any Content-Security-Policy violation or page error.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface Session {
  browser: Browser;
  page: Page;
  problems: string[];
  url: string;
  close(): Promise<void>;
}

export async function open(): Promise<Session> {
  // Found by global-setup.ts (scripts/find-browser.mjs): PHASEBOOK_BROWSER, CHROME_PATH or a usual place.
  const browser = await chromium.launch({ executablePath: inject('browserPath'), headless: true, args: ARGS });
  const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
  const page = await context.newPage();
  // A hang guard for every wait and action, not a measure of speed: two shared cores under load.
  page.setDefaultTimeout(120_000);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(`csp: ${m.text()}`);
  });
  const url = inject('editorUrl');
  await page.goto(url);
  await page.waitForFunction(() => Boolean((window as unknown as { __phasebook?: { editor?: unknown } }).__phasebook?.editor), null, {
    timeout: 120_000,
  });
  return { browser, page, problems, url, close: () => browser.close() };
}
