/**
 * The code view before Monaco has loaded: the document is a plain, editable text area whose
 * edits run the timeline, and Monaco then takes over the same text, cursor, focus and undo
 * history. Monaco's chunks are held back by the test until the plain view has been used.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { ARGS } from './browser.js';

/** An upper bound for a test of many steps on a loaded machine (never a measure of speed). */
const LONG = 180_000;

let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  browser = null;
});

describe('the plain text view until Monaco', () => {
  it('edits in it run the timeline, and Monaco takes them over with the cursor, the focus and undo', async () => {
    browser = await chromium.launch({ executablePath: inject('browserPath'), headless: true, args: ARGS });
    const page = await (await browser.newContext({ viewport: { width: 1500, height: 950 } })).newPage();
    page.setDefaultTimeout(LONG);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/assets\/editor\.api-/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(inject('editorUrl'));
    const plain = page.locator('textarea[data-testid=plain-editor]');
    await page.waitForSelector('[data-testid=timeline] [data-testid=act]');
    const before = await plain.inputValue();
    const runs = await page.getAttribute('[data-testid=timeline-panel]', 'data-run');

    // Type into the plain view: the workspace follows, and the timeline runs again.
    const at = before.indexOf('"crossbow"') + 1;
    await plain.focus();
    await plain.evaluate((el: HTMLTextAreaElement, i) => el.setSelectionRange(i, i), at);
    await page.keyboard.type('XY');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Z');
    const typed = before.slice(0, at) + 'XY\nZ' + before.slice(at);
    expect(await plain.inputValue()).toBe(typed);
    await page.waitForFunction((r) => document.querySelector('[data-testid=timeline-panel]')?.getAttribute('data-run') !== r, runs);

    // Monaco comes: the same text, the cursor where it was, the focus in the editor.
    release();
    await page.waitForFunction(() => Boolean((window as any).__phasebook?.editor?.getModel()));
    const st = await page.evaluate(() => {
      const ed = (window as any).__phasebook.editor;
      return {
        text: ed.getModel().getValue() as string,
        offset: ed.getModel().getOffsetAt(ed.getPosition()) as number,
        focus: ed.hasTextFocus() as boolean,
      };
    });
    expect(st).toEqual({ text: typed, offset: at + 4, focus: true });
    expect(await plain.count()).toBe(0);

    // Typing goes on at the cursor; undo goes back through what was typed before Monaco came.
    await page.keyboard.type('W');
    const model = () => page.evaluate(() => (window as any).__phasebook.editor.getModel().getValue() as string);
    expect(await model()).toBe(before.slice(0, at) + 'XY\nZW' + before.slice(at));
    for (let i = 0; i < 3; i++) await page.keyboard.press('Control+Z');
    expect(await model()).toBe(before);
    expect(errors).toEqual([]);
  });
});
