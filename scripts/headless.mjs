/**
 * What the editor scripts (measurements, traces, screenshots) share: a preview server of an
 * editor build and headless Chromium started the same way. The e2e tests have their own
 * (test/e2e/browser.ts), with a CSP guard on every page.
 */
import { join } from 'node:path';
import { preview } from 'vite';
import { chromium } from 'playwright-core';
import { findBrowser } from './find-browser.mjs';

/** Chromium with nothing of its own running in the background, so that timings are the page's. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Headless Chromium (the one find-browser.mjs finds, else /usr/bin/chromium). */
export function launchChromium() {
  return chromium.launch({ executablePath: findBrowser() ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** A preview server of the editor build of the checkout at `root` (its dist/editor), on a free port. */
export function previewEditor(root) {
  return preview({ configFile: join(root, 'editor', 'vite.config.ts'), preview: { port: 0, host: '127.0.0.1' }, logLevel: 'silent' });
}

/**
 * A preview server of the build at `root`, headless Chromium, and a page (1400×900) in a fresh
 * context with `initScript` added (e.g. editor-probes.mjs's installUsableProbe), not yet
 * navigated: the setup the trace scripts share. `close()` stops the browser and the server.
 */
export async function openEditorPage(root, initScript) {
  const server = await previewEditor(root);
  const url = server.resolvedUrls.local[0];
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const close = async () => {
    await browser.close();
    server.httpServer.close();
  };
  return { server, url, browser, context, page, close };
}
