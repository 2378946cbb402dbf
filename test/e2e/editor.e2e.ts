/**
 * The editor end to end, in headless Chromium, against the production build served with its
 * Content-Security-Policy (no eval): the flows of the editor issue, and its "done when".
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { open, type Session } from './browser.js';
import { LONG, addTwoHandedFirst, clockOf, waitSaved } from './helpers.js';

let s: Session | null = null;
afterEach(async () => {
  if (s) expect(s.problems, 'no CSP violation and no page error').toEqual([]);
  await s?.close();
  s = null;
});

type Act = { actor: string; action: string; phase: string; step: string; round: string };

const openDoc = async (page: Page, path: string) => {
  await page.click(`[data-testid=sidebar] button.doc[data-path="${path}"]`);
  await page.waitForFunction((p) => document.querySelector('header .doc-title')?.textContent === p, path);
};
const modelText = (page: Page) => page.evaluate(() => (window as any).__phasebook.editor.getModel().getValue() as string);
const setText = (page: Page, text: string) => page.evaluate((t) => (window as any).__phasebook.editor.getModel().setValue(t), text);
const markers = (page: Page) =>
  page.evaluate(() => {
    const pb = (window as any).__phasebook;
    return pb.monaco.editor
      .getModelMarkers({ owner: 'phasebook', resource: pb.editor.getModel().uri })
      .map((m: any) => ({ line: m.startLineNumber, col: m.startColumn, message: m.message }));
  });
const timelineActs = (page: Page, scope = '[data-testid=timeline]') =>
  page.evaluate(
    (sel) =>
      [...document.querySelectorAll(`${sel} [data-testid=act]`)].map((e) => {
        const d = (e as HTMLElement).dataset;
        return { actor: d.actor!, action: d.action!, phase: d.phase!, step: d.step!, round: d.round! };
      }),
    scope,
  ) as Promise<Act[]>;
/** Wait until the timeline shows an act whose data attributes include all of `want`. */
const waitForAct = (page: Page, want: Partial<Act>, scope = '[data-testid=timeline]') =>
  page.waitForFunction(
    ([w, sel]) =>
      [...document.querySelectorAll(`${sel} [data-testid=act]`)].some((e) => {
        const d = (e as HTMLElement).dataset as Record<string, string | undefined>;
        return Object.entries(w).every(([k, v]) => d[k] === v);
      }),
    [want, scope] as const,
    { timeout: LONG },
  );

describe('the editor', () => {
  it('1. opens with the built-in rulesets of all five systems', async () => {
    s = await open();
    for (const p of [
      'ose/ose.json',
      'ose/overlays/crossbow-speed.json',
      'd20-srd/d20-srd.json',
      'cepheus/cepheus.json',
      'mage/mage.json',
      'unbalanced-world/unbalanced-world.json',
      'ose/encounters/skirmish.json',
    ]) {
      await s.page.waitForSelector(`[data-testid=sidebar] button.doc[data-path="${p}"]`);
    }
    // A timeline is shown for the active document from the start.
    await s.page.waitForSelector('[data-testid=timeline] [data-testid=act]', { timeout: LONG });
  });

  it('2. a schema error typed in Monaco gets a marker at its line, with the validator’s message', async () => {
    s = await open();
    await openDoc(s.page, 'ose/overlays/crossbow-speed.json');
    const text = await modelText(s.page);
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes('"version"'));
    lines[at] = lines[at]!.replace('"1.0.0"', '1');
    await setText(s.page, lines.join('\n'));
    await s.page.waitForFunction(() => (window as any).__phasebook.monaco.editor.getModelMarkers({ owner: 'phasebook' }).length > 0, null, {
      timeout: LONG,
    });
    const ms = await markers(s.page);
    expect(ms[0]!.line).toBe(at + 1);
    expect(ms[0]!.message).toMatch(/expected a string/);
  });

  it("2b. hover on a property shows its description from the schema, and completion offers the schema's properties", async () => {
    s = await open();
    await openDoc(s.page, 'ose/overlays/crossbow-speed.json');
    const text = await modelText(s.page);
    const line = text.split('\n').findIndex((l) => l.includes('"requires"')) + 1;
    const col = text.split('\n')[line - 1]!.indexOf('requires') + 3;
    await s.page.evaluate(
      ([l, c]) => {
        const ed = (window as any).__phasebook.editor;
        ed.focus();
        ed.setPosition({ lineNumber: l, column: c });
        ed.trigger('test', 'editor.action.showHover', {});
      },
      [line, col] as const,
    );
    await s.page.waitForFunction(
      () => /must be applied before this one/.test(document.querySelector('.monaco-hover')?.textContent ?? ''),
      null,
      { timeout: LONG },
    );
    // Completion inside a new, empty property name of the overlay object.
    await s.page.evaluate(() => {
      const pb = (window as any).__phasebook;
      const ed = pb.editor;
      const model = ed.getModel();
      const lines: string[] = model.getValue().split('\n');
      const last = lines.lastIndexOf('}'); // 1-based: the line before the root's closing brace
      const col = model.getLineMaxColumn(last);
      model.pushEditOperations([], [{ range: new pb.monaco.Range(last, col, last, col), text: ',\n  ""' }], () => null);
      ed.focus();
      ed.setPosition({ lineNumber: last + 1, column: 4 });
      ed.trigger('test', 'editor.action.triggerSuggest', {});
    });
    await s.page.waitForFunction(() => /decisions/.test(document.querySelector('.suggest-widget')?.textContent ?? ''), null, {
      timeout: LONG,
    });
  });

  it('3. switching the crossbow-speed module off moves the crossbowmen in the timeline', async () => {
    s = await open();
    await openDoc(s.page, 'ose/overlays/crossbow-speed.json');
    await waitForAct(s.page, { actor: 'crossbowman-1', round: '1', step: 'crossbows' });
    await s.page.click('button[role=tab]:has-text("Visual")');
    const box = s.page.locator('[data-testid=module-toggles] label[title="ose/overlays/crossbow-speed.json"] input[type=checkbox]');
    await expect(box.isChecked()).resolves.toBe(true);
    await box.uncheck();
    await waitForAct(s.page, { actor: 'crossbowman-1', round: '1', step: 'missiles' });
    const r1 = (await timelineActs(s.page)).filter((a) => a.round === '1' && a.phase === 'missile');
    expect(r1.some((a) => a.step === 'crossbows')).toBe(false);
  });

  it('3b. an edit typed in Monaco is run once (posted at once, not again after Svelte’s update), and the timeline shows it', async () => {
    s = await open();
    await openDoc(s.page, 'ose/overlays/crossbow-speed.json');
    await waitForAct(s.page, { actor: 'crossbowman-1', round: '1', step: 'crossbows' });
    // The engine has settled (no run in flight or waiting); count the runs posted from now on.
    const idle = () =>
      s!.page.waitForFunction(
        () => {
          const e = (window as any).__phasebook.engine;
          return !e.inFlight && e.next === null;
        },
        null,
        { timeout: LONG },
      );
    await idle();
    const runs = await s.page.getAttribute('[data-testid=timeline-panel]', 'data-run');
    await s.page.evaluate(() => {
      const e = (window as any).__phasebook.engine;
      const w = e.worker as Worker;
      const post = w.postMessage.bind(w);
      e.__runsPosted = 0;
      w.postMessage = (m: { type: string }) => {
        if (m.type === 'run') e.__runsPosted++;
        post(m);
      };
    });
    // The crossbows step selects no one: it leaves the timeline.
    const text = await modelText(s.page);
    const from = '"select": { "and": [{ "in": ["crossbow"';
    expect(text).toContain(from);
    await s.page.evaluate(
      ([f, t]: [string, string]) => {
        const pb = (window as any).__phasebook;
        const m = pb.editor.getModel();
        const at = m.getValue().indexOf(f);
        const a = m.getPositionAt(at);
        const b = m.getPositionAt(at + f.length);
        m.pushEditOperations([], [{ range: new pb.monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column), text: t }], () => null);
      },
      [from, '"select": { "and": [false, { "in": ["crossbow"'] as [string, string],
    );
    await s.page.waitForFunction((r) => document.querySelector('[data-testid=timeline-panel]')?.getAttribute('data-run') !== r, runs, {
      timeout: LONG,
    });
    await idle();
    expect(await s.page.getAttribute('[data-testid=timeline-panel]', 'data-run')).toBe(String(Number(runs) + 1));
    const acts = await timelineActs(s.page);
    expect(acts.some((a) => a.step === 'crossbows')).toBe(false);
    expect(acts.length).toBeGreaterThan(0);
    expect(await s.page.evaluate(() => (window as any).__phasebook.engine.__runsPosted)).toBe(1);
  });

  it('4. dragging a phase to a new place changes the JSON, and undo restores it', async () => {
    s = await open();
    await openDoc(s.page, 'ose/ose.json');
    const before = await modelText(s.page);
    const order = (t: string) => (JSON.parse(t) as { round: { phases: Array<{ id: string }> } }).round.phases.map((p) => p.id);
    expect(order(before)).toEqual(['morale', 'movement', 'missile', 'spells', 'melee']);
    await s.page.click('button[role=tab]:has-text("Visual")');
    await s.page
      .locator('li.card[data-phase=melee] .head')
      .dragTo(s.page.locator('li.card[data-phase=missile]'), { targetPosition: { x: 20, y: 5 } });
    await s.page.waitForFunction((b) => (window as any).__phasebook.editor.getModel().getValue() !== b, before, { timeout: LONG });
    const after = await modelText(s.page);
    expect(order(after)).toEqual(['morale', 'movement', 'melee', 'missile', 'spells']);
    // A minimal edit: the text outside the phases is untouched.
    expect(after.slice(0, before.indexOf('"phases"'))).toBe(before.slice(0, before.indexOf('"phases"')));
    await s.page.click('button[role=tab]:has-text("Code")');
    await s.page.evaluate(() => (window as any).__phasebook.editor.focus());
    await s.page.keyboard.press('Control+Z');
    await s.page.waitForFunction((b) => (window as any).__phasebook.editor.getModel().getValue() === b, before, { timeout: LONG });
  });

  it('5. after a reload the unsaved, invalid text is still there', async () => {
    s = await open();
    await openDoc(s.page, 'ose/overlays/crossbow-speed.json');
    const broken = (await modelText(s.page)).replace('"changes": [', '"changes": [[[ oops');
    const since = await clockOf(s.page);
    await setText(s.page, broken);
    await waitSaved(s.page, since); // saved as it is made (debounced), whatever the machine's load
    await s.page.reload();
    await s.page.waitForFunction(() => Boolean((window as any).__phasebook?.editor?.getModel()), null, { timeout: LONG });
    await s.page.waitForFunction((b) => (window as any).__phasebook.editor.getModel().getValue() === b, broken, { timeout: LONG });
    expect(await s.page.textContent('header .doc-title')).toBe('ose/overlays/crossbow-speed.json');
  });

  it('6. an imported overlay validates and shows in Compare', async () => {
    s = await open();
    const dir = mkdtempSync(join(tmpdir(), 'phasebook-e2e-'));
    const file = join(dir, 'crossbows-with-bows.json');
    writeFileSync(
      file,
      JSON.stringify(
        {
          $schema: 'https://phasebook.dev/schemas/v1/ruleset.schema.json',
          kind: 'overlay',
          id: 'crossbows-with-bows',
          name: 'Crossbows shoot with the bows',
          version: '1.0.0',
          extends: 'ose',
          requires: ['phased-round', 'crossbow-speed'],
          changes: [
            { op: 'remove', path: '/round/phases/missile/steps/crossbows' },
            {
              op: 'replace',
              path: '/round/phases/missile/steps/missiles/select',
              value: { '!': { in: ['siege', { var: 'actor.tags' }] } },
            },
          ],
        },
        null,
        2,
      ),
    );
    await s.page.setInputFiles('[data-testid=import-input]', file);
    await s.page.waitForFunction(
      () => document.querySelector('header .doc-title')?.textContent?.endsWith('crossbows-with-bows.json'),
      null,
      { timeout: LONG },
    );
    await s.page.waitForFunction(() => document.querySelector('header .status')?.textContent?.trim() === 'valid', null, { timeout: LONG });
    await s.page.click('button[role=tab]:has-text("Compare")');
    await s.page.waitForSelector('[data-testid=compare-a] [data-testid=act]', { timeout: LONG });
    await s.page.waitForSelector('[data-testid=compare-b] [data-testid=act]', { timeout: LONG });
    const diff = await s.page.textContent('[data-testid=diff]');
    expect(diff).toMatch(/crossbows/);
  });

  it('done when: a house rule moving two-handed weapons before one-handed changes the timeline, compares with the base, and survives a reload', async () => {
    s = await open();
    // Write the house rule as a designer would: a new document with its text.
    await addTwoHandedFirst(s.page);
    await s.page.waitForFunction(() => document.querySelector('header .doc-title')?.textContent === 'mine/two-handed-first.json');
    await s.page.waitForFunction(() => document.querySelector('header .status')?.textContent?.trim() === 'valid', null, { timeout: LONG });
    // The timeline: in some round the two-handed step comes before the one-handed melee step.
    await waitForAct(s.page, { step: 'two-handed' });
    const acts = await timelineActs(s.page);
    const round = acts.find((a) => a.step === 'two-handed')!.round;
    const inRound = acts.filter((a) => a.round === round && a.phase === 'melee');
    const firstTwo = inRound.findIndex((a) => a.step === 'two-handed');
    const firstOne = inRound.findIndex((a) => a.step === 'melee');
    if (firstOne >= 0) expect(firstTwo).toBeLessThan(firstOne);
    // Compare with the base: the other variant runs, and the diff names the move.
    await s.page.click('button[role=tab]:has-text("Compare")');
    await s.page.waitForSelector('[data-testid=compare-b] [data-testid=act]', { timeout: LONG });
    expect(await s.page.textContent('[data-testid=diff]')).toMatch(/two-handed/);
    // Reload: still there (once the workspace says it has saved).
    await waitSaved(s.page, 0);
    await s.page.reload();
    await s.page.waitForFunction(() => Boolean((window as any).__phasebook?.editor?.getModel()), null, { timeout: LONG });
    await s.page.waitForSelector('[data-testid=sidebar] button.doc[data-path="mine/two-handed-first.json"]');
    expect(JSON.parse(await modelText(s.page)).id).toBe('two-handed-first');
  });
});
