/**
 * A reload right after typing keeps what was typed. The workspace is written to IndexedDB within
 * 250 ms of an edit; a write begun while the page unloads does not survive a reload in Chromium,
 * so the editor also keeps its last changes in localStorage when the page goes (persist/backup.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { open, type Session } from './browser.js';
import { LONG, clockOf, openDoc, waitSaved } from './helpers.js';

let s: Session | null = null;
afterEach(async () => {
  if (s) expect(s.problems, 'no CSP violation and no page error').toEqual([]);
  await s?.close();
  s = null;
});

const ready = (s: Session) =>
  s.page.waitForFunction(() => Boolean((window as any).__phasebook?.editor?.getModel()), null, { timeout: LONG });
const modelText = (s: Session) => s.page.evaluate(() => (window as any).__phasebook.editor.getModel().getValue() as string);

describe('reloading the editor', () => {
  it('an edit typed just before Ctrl+R is still there after the reload', async () => {
    s = await open();
    await openDoc(s.page, 'ose/overlays/crossbow-speed.json');
    const since = await clockOf(s.page);
    await s.page.click('.monaco-editor .view-lines');
    await s.page.keyboard.press('Control+End');
    await s.page.keyboard.type('"saved"');
    await waitSaved(s.page, since);
    // One more keystroke, then the reload at once (before the 250 ms save).
    await s.page.keyboard.type('!');
    const typed = await modelText(s);
    expect(typed.endsWith('"saved"!')).toBe(true);
    await s.page.reload();
    await ready(s);
    await s.page.waitForFunction(() => document.querySelector('header .doc-title')?.textContent === 'ose/overlays/crossbow-speed.json');
    expect(await modelText(s)).toBe(typed);
  });

  it('a document created and edited just before the reload comes back, and is the one open', async () => {
    s = await open();
    const text = '{ "kind": "overlay", "id": "quick", "extends": "ose", "changes": [ ] }';
    // Made, opened and edited in one go, then the reload: nothing of it reached IndexedDB yet.
    await s.page.evaluate(async (t) => {
      const pb = (window as any).__phasebook;
      pb.workspace.add('mine/quick.json', t);
      await new Promise((r) => setTimeout(r, 0));
      document.querySelector<HTMLButtonElement>('[data-testid=sidebar] button.doc[data-path="mine/quick.json"]')!.click();
      await new Promise((r) => setTimeout(r, 0));
      location.reload();
    }, text);
    await ready(s);
    await s.page.waitForFunction(() => document.querySelector('header .doc-title')?.textContent === 'mine/quick.json', null, {
      timeout: LONG,
    });
    expect(await modelText(s)).toBe(text);
  });
});
