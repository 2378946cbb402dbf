/**
 * A house rule that names a ruleset or a required overlay the workspace does not have (a typo in
 * `extends` or `requires`): a marker where it names it, with the ids there are — not "valid"
 * (it was checked on its own only) nor the CLI's `--with` advice.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LONG, openDoc, sessionPerTest } from './helpers.js';

const openSession = sessionPerTest();

const markers = (page: Page) =>
  page.evaluate(() => {
    const pb = (window as any).__phasebook;
    return pb.monaco.editor
      .getModelMarkers({ owner: 'phasebook', resource: pb.editor.getModel().uri })
      .map((m: any) => ({ line: m.startLineNumber, message: m.message as string }));
  }) as Promise<Array<{ line: number; message: string }>>;

const overlay = (ext: string, requires: string[]) =>
  JSON.stringify({ kind: 'overlay', id: 'mine', name: 'Mine', version: '1.0.0', extends: ext, requires, changes: [] }, null, 2);

async function markersFor(page: Page, text: string) {
  await page.evaluate((t) => (window as any).__phasebook.editor.getModel().setValue(t), text);
  await page.waitForFunction(
    () => {
      const pb = (window as any).__phasebook;
      return pb.monaco.editor.getModelMarkers({ owner: 'phasebook', resource: pb.editor.getModel().uri }).length > 0;
    },
    null,
    { timeout: LONG },
  );
  return markers(page);
}

describe('a house rule naming what the workspace does not have', () => {
  it(
    'a ruleset id with a typo, then a required overlay with one: a marker on each, with what there is',
    async () => {
      const { page } = await openSession();
      await page.evaluate((t) => (window as any).__phasebook.workspace.add('mine/mine.json', t), overlay('ose', []));
      await openDoc(page, 'mine/mine.json');
      await page.waitForFunction(() => (window as any).__phasebook.monaco, null, { timeout: LONG });
      const m1 = await markersFor(page, overlay('osee', []));
      expect(m1).toHaveLength(1);
      expect(m1[0]!.line).toBe(6);
      expect(m1[0]!.message).toMatch(/^no ruleset "osee" in the workspace: there is .*"ose"/);
      const m2 = await markersFor(page, overlay('ose', ['phased-rund']));
      expect(m2).toHaveLength(1);
      expect(m2[0]!.line).toBe(8);
      expect(m2[0]!.message).toMatch(/^no overlay "phased-rund" in the workspace: there is .*"phased-round"/);
      expect(m2[0]!.message).not.toContain('--with');
    },
    LONG,
  );
});
