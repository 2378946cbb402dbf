/**
 * Rule packs in the editor, in headless Chromium under the production CSP: a stranger's zip
 * (examples/crossroads-1.0.0.zip: a ruleset, an overlay and an encounter) is dropped on the
 * workspace, shows as a folder with its manifest and presets, and its preset runs against its
 * encounter; its documents are read-only until copied; a malicious zip is refused and adds
 * nothing; removing a pack asks first.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { strToU8, zipSync } from 'fflate';
import { open, type Session } from './browser.js';
import { LONG } from './helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const ZIP = join(ROOT, 'examples', 'crossroads-1.0.0.zip');
const SLIP = join(ROOT, 'test', 'fixtures', 'packs', 'bad', 'zip-slip.zip');
const PACK = 'packs/example/crossroads';

let s: Session | null = null;
afterEach(async () => {
  if (s) expect(s.problems, 'no CSP violation and no page error').toEqual([]);
  await s?.close();
  s = null;
});

const docPaths = (page: Page) =>
  page.evaluate(() => ((window as any).__phasebook.workspace.docs as Array<{ path: string }>).map((d) => d.path).sort());

/** Drop a file on the sidebar as a user dragging it from the desktop would. */
async function dropFile(page: Page, name: string, bytes: Buffer) {
  await page.evaluate(
    ([n, b64]) => {
      const bin = atob(b64);
      const data = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) data[i] = bin.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([data], n, { type: 'application/zip' }));
      const target = document.querySelector('[data-testid=sidebar]')!;
      for (const type of ['dragenter', 'dragover', 'drop'])
        target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    [name, bytes.toString('base64')] as const,
  );
}

describe('rule packs in the editor', () => {
  it('a dropped zip pack keeps its structure, shows its manifest and presets, and its preset runs against its encounter', async () => {
    s = await open();
    const { page } = s;
    await page.waitForSelector('[data-testid=sidebar] button.doc[data-path="ose/ose.json"]');
    await dropFile(page, 'crossroads-1.0.0.zip', readFileSync(ZIP));
    await page.waitForSelector('[data-testid=packs] article[data-pack="example/crossroads"]', { timeout: LONG });
    expect(await page.textContent('[data-testid=pack-status]')).toBe('Imported example/crossroads 1.0.0 (4 files).');

    // The pack is a folder with its manifest and documents, in the pack's own structure; no readme.txt.json.
    const paths = await docPaths(page);
    expect(paths.filter((p) => p.startsWith('packs/'))).toEqual([
      `${PACK}/encounters/ambush.json`,
      `${PACK}/overlays/wounds-hurt.json`,
      `${PACK}/phasebook-pack.json`,
      `${PACK}/rulesets/crossroads.json`,
    ]);
    expect(paths.some((p) => /\.zip|README/.test(p))).toBe(false);
    const card = (await page.textContent('[data-testid=packs] article[data-pack="example/crossroads"]'))!.replace(/\s+/g, ' ');
    for (const t of [
      'Duel at the Crossroads',
      'example/crossroads 1.0.0',
      'Phasebook contributors',
      'CC0-1.0',
      'Plain crossroads',
      'Gritty: wounds hurt',
    ])
      expect(card).toContain(t);

    // Run the "gritty" preset: the crossroads ruleset with wounds-hurt, on the ambush.
    await page.click('[data-testid=packs] li[data-preset=gritty] button:text("Run")');
    await page.waitForFunction(
      () => document.querySelector('header .doc-title')?.textContent === 'packs/example/crossroads/encounters/ambush.json',
    );
    await page.waitForFunction(
      () => {
        const acts = [...document.querySelectorAll('[data-testid=timeline] [data-testid=act]')].map((e) => (e as HTMLElement).dataset);
        return (
          acts.some((d) => d.actor === 'ranger' && d.action === 'shoot') && acts.some((d) => d.actor === 'knight' && d.action === 'strike')
        );
      },
      null,
      { timeout: LONG },
    );
    // The run bar names the rules in use: the pack's ruleset and its overlay.
    const inUse = await page.$$eval('[data-testid=rules-in-use]', (rows) => rows[0]!.textContent!.replace(/\s+/g, ' '));
    expect(inUse).toContain('Crossroads skirmish');
    expect(
      await page.$$eval('[data-testid=rules-in-use]', (rows) =>
        [...rows[0]!.querySelectorAll('[data-testid=overlay-in-use]')].map((e) => (e as HTMLElement).dataset.overlay),
      ),
    ).toEqual(['wounds-hurt']);
  }, 180_000);

  it('pack documents are read-only until copied into mine/; a malicious zip adds nothing; removing asks first', async () => {
    s = await open();
    const { page } = s;
    await page.setInputFiles('[data-testid=pack-zip-input]', ZIP);
    await page.waitForSelector('[data-testid=packs] article[data-pack="example/crossroads"]', { timeout: LONG });

    await page.click(`[data-testid=sidebar] button.doc[data-path="${PACK}/overlays/wounds-hurt.json"]`);
    await page.waitForSelector('[data-testid=pack-readonly]');
    const readOnly = () =>
      page.evaluate(() => {
        const pb = (window as any).__phasebook;
        return pb.editor.getOption(pb.monaco.editor.EditorOption.readOnly) as boolean;
      });
    expect(await readOnly()).toBe(true);
    await page.click('[data-testid=pack-readonly] button');
    await page.waitForFunction(() => document.querySelector('header .doc-title')?.textContent === 'mine/wounds-hurt.json');
    expect(await readOnly()).toBe(false);

    // A zip-slip pack from a stranger: refused with a located message, not one document added.
    const before = await docPaths(page);
    await page.setInputFiles('[data-testid=pack-zip-input]', SLIP);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=pack-status]')?.textContent === 'Pack refused: nothing was imported.',
    );
    expect(await page.textContent('[data-testid=pack-problems]')).toContain(
      "zip-slip.zip!../../evil.json:1:1  /  refused: a path that climbs out of the pack ('..')",
    );
    expect(await docPaths(page)).toEqual(before);

    // Removing asks first: Cancel keeps the pack, Remove takes its files (the copy in mine/ stays).
    await page.click('[data-testid=packs] article[data-pack="example/crossroads"] button.danger');
    await page.waitForSelector('dialog[open] #pack-remove-title');
    await page.click('dialog[open] button:text("Cancel")');
    expect((await docPaths(page)).filter((p) => p.startsWith('packs/')).length).toBe(4);
    await page.click('[data-testid=packs] article[data-pack="example/crossroads"] button.danger');
    await page.click('dialog[open] button[type=submit]');
    await page.waitForFunction(() => !document.querySelector('[data-testid=packs] article[data-pack]'));
    const after = await docPaths(page);
    expect(after.filter((p) => p.startsWith('packs/'))).toEqual([]);
    expect(after).toContain('mine/wounds-hurt.json');
  }, 180_000);

  it('a pack that builds on a shipped system (pack-id:doc-id references) imports and runs its preset', async () => {
    const json = (v: unknown) => strToU8(JSON.stringify(v, null, 2));
    const zip = zipSync({
      'phasebook-pack.json': json({
        kind: 'pack',
        id: 'alice/gritty',
        name: 'Gritty OSE',
        version: '1.0.0',
        compatibility: { language: '^1.0.0' },
        dependencies: { 'phasebook/ose': '^1.0.0' },
        contents: [{ path: 'overlays/gritty.json', kind: 'overlay' }],
        presets: [
          {
            id: 'gritty',
            name: 'Gritty phased round',
            ruleset: 'phasebook/ose:ose',
            overlays: ['phasebook/ose:phased-round', 'gritty'],
            encounter: 'phasebook/ose:skirmish',
          },
        ],
      }),
      'overlays/gritty.json': json({
        kind: 'overlay',
        id: 'gritty',
        name: 'No natural 20s',
        version: '1.0.0',
        extends: 'phasebook/ose@^1:ose',
        requires: ['phasebook/ose:phased-round'],
        changes: [{ op: 'replace', path: '/options/naturalRolls/default', value: false }],
      }),
    });
    s = await open();
    const { page } = s;
    await page.setInputFiles('[data-testid=pack-zip-input]', { name: 'gritty.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    await page.waitForSelector('[data-testid=packs] article[data-pack="alice/gritty"]', { timeout: LONG });
    // innerText, as a reader sees it: the markup may wrap the text across lines.
    expect(await page.innerText('[data-testid=packs] article[data-pack="alice/gritty"] .dep-ok')).toContain(
      'phasebook/ose ^1.0.0: 1.0.0 ✓',
    );
    await page.click('[data-testid=packs] article[data-pack="alice/gritty"] li[data-preset=gritty] button:text("Run")');
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-testid=rules-in-use]')][0]?.querySelectorAll('[data-testid=overlay-in-use]').length === 2,
      null,
      { timeout: LONG },
    );
    expect(
      await page.$$eval('[data-testid=rules-in-use]', (rows) =>
        [...rows[0]!.querySelectorAll('[data-testid=overlay-in-use]')].map((e) => (e as HTMLElement).dataset.overlay),
      ),
    ).toEqual(['phased-round', 'gritty']);
    // The phased round runs on the skirmish: the movement phase comes first.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid=timeline] [data-testid=act]')].some(
          (e) => (e as HTMLElement).dataset.phase === 'movement',
        ),
      null,
      { timeout: LONG },
    );
  }, 180_000);

  it('two packs with the same short ids are kept apart, and pack presets are entries of the variant picker', async () => {
    const json = (v: unknown) => strToU8(JSON.stringify(v, null, 2));
    /** A pack `<author>/gritty` with overlays "slow" and "gritty" (which requires its own "slow") on the shipped OSE. */
    const pack = (author: string) =>
      Buffer.from(
        zipSync({
          'phasebook-pack.json': json({
            kind: 'pack',
            id: `${author}/gritty`,
            name: `Gritty OSE by ${author}`,
            version: '1.0.0',
            compatibility: { language: '^1.0.0' },
            dependencies: { 'phasebook/ose': '^1.0.0' },
            contents: [
              { path: 'overlays/slow.json', kind: 'overlay' },
              { path: 'overlays/gritty.json', kind: 'overlay' },
            ],
            presets: [
              {
                id: 'gritty',
                name: `${author}'s gritty round`,
                ruleset: 'phasebook/ose:ose',
                overlays: ['slow', 'gritty'],
                encounter: 'phasebook/ose:skirmish',
              },
            ],
          }),
          'overlays/slow.json': json({
            kind: 'overlay',
            id: 'slow',
            name: `Slow (${author})`,
            version: '1.0.0',
            extends: 'phasebook/ose:ose',
            changes: [{ op: 'replace', path: '/options/naturalRolls/default', value: false }],
          }),
          'overlays/gritty.json': json({
            kind: 'overlay',
            id: 'gritty',
            name: `Gritty (${author})`,
            version: '1.0.0',
            extends: 'phasebook/ose:ose',
            requires: ['slow'],
            changes: [{ op: 'replace', path: '/options/naturalRolls/default', value: false }],
          }),
        }),
      );
    s = await open();
    const { page } = s;
    for (const author of ['alice', 'bob']) {
      await page.setInputFiles('[data-testid=pack-zip-input]', {
        name: `${author}.zip`,
        mimeType: 'application/zip',
        buffer: pack(author),
      });
      await page.waitForSelector(`[data-testid=packs] article[data-pack="${author}/gritty"]`, { timeout: LONG });
    }
    /** The workspace paths of the overlays the main variant runs, in order. */
    const variantPaths = () =>
      page.evaluate(() => {
        const pb = (window as any).__phasebook;
        return (pb.variants.main.overlayIds as string[]).map((id) => pb.workspace.byId(id)?.path as string);
      });

    // OSE's house-rule modules list both packs' overlays, each named with its pack.
    await page.click('[data-testid=sidebar] button.doc[data-path="ose/ose.json"]');
    await page.waitForFunction(() => document.querySelector('header .doc-title')?.textContent === 'ose/ose.json');
    await page.click('button[role=tab]:has-text("Visual")');
    await page.waitForSelector('[data-testid=module-toggles]');
    for (const author of ['alice', 'bob'])
      for (const id of ['slow', 'gritty'])
        await page.waitForSelector(`[data-testid=module-toggles] input[data-module="packs/${author}/gritty/overlays/${id}.json"]`);
    // Bob's gritty needs "slow": Bob's own, not Alice's.
    await page.check('[data-testid=module-toggles] input[data-module="packs/bob/gritty/overlays/gritty.json"]');
    await page.waitForFunction(() => (window as any).__phasebook.variants.main.overlayIds.length === 2);
    expect(await variantPaths()).toEqual(['packs/bob/gritty/overlays/slow.json', 'packs/bob/gritty/overlays/gritty.json']);
    await page.uncheck('[data-testid=module-toggles] input[data-module="packs/bob/gritty/overlays/slow.json"]');
    await page.waitForFunction(() => (window as any).__phasebook.variants.main.overlayIds.length === 0);

    // The presets are entries of the variant picker: Alice's runs her overlays on the skirmish.
    const options = await page.$$eval('[data-testid=preset-picker] option', (els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options).toEqual(expect.arrayContaining(['alice/gritty#gritty', 'bob/gritty#gritty', 'phasebook/ose#by-the-book']));
    await page.selectOption('[data-testid=preset-picker]', 'alice/gritty#gritty');
    await page.waitForFunction(() => (window as any).__phasebook.variants.main.overlayIds.length === 2);
    expect(await variantPaths()).toEqual(['packs/alice/gritty/overlays/slow.json', 'packs/alice/gritty/overlays/gritty.json']);
    expect(await page.$eval('[data-testid=preset-picker]', (e) => (e as HTMLSelectElement).value)).toBe('alice/gritty#gritty');
    // It runs: the timeline's last run is this variant (its overlays by id), without a problem.
    await page.waitForFunction(
      () => {
        const e = (window as any).__phasebook.engine;
        return JSON.stringify(e?.lastGood?.events?.[0]?.overlays) === JSON.stringify(['slow', 'gritty']) && e.runDiagnostics.length === 0;
      },
      null,
      { timeout: LONG },
    );
    // Compare offers the same presets for B.
    await page.click('button[role=tab]:has-text("Compare")');
    await page.waitForSelector('[data-testid=preset-picker-b]');
    expect(await page.$$eval('[data-testid=preset-picker-b] option', (els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual(
      expect.arrayContaining(['alice/gritty#gritty', 'bob/gritty#gritty']),
    );
  }, 180_000);
});
