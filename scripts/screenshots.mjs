#!/usr/bin/env node
/**
 * Screenshots of the editor's main views for the README (docs/*.png). Run after
 * `npm run build:editor`:  node scripts/screenshots.mjs  (or `… simulate` for the Simulate panel only)
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { launchChromium, previewEditor } from './headless.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = await previewEditor(root);
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
await page.goto(server.resolvedUrls.local[0]);
await page.waitForFunction(() => window.__phasebook?.editor?.getModel());
const open = async (path) => {
  await page.click(`[data-testid=sidebar] button.doc[data-path="${path}"]`);
  await page.waitForTimeout(1200);
};
const shot = async (name) => page.screenshot({ path: join(root, 'docs', `${name}.png`) });

const only = process.argv[2] ?? null;

await open('ose/overlays/crossbow-speed.json');
await page.waitForSelector('[data-testid=timeline] [data-testid=act]');
if (!only) await mainViews();
if (!only || only === 'simulate') await simulate();
await browser.close();

async function mainViews() {
  await shot('editor-code-timeline');

  await page.click('button[role=tab]:has-text("Visual")');
  await page.waitForTimeout(800);
  await shot('editor-visual');

  await page.click('button[role=tab]:has-text("Compare")');
  await page.waitForSelector('[data-testid=compare-b] [data-testid=act]');
  await page.waitForTimeout(800);
  await shot('editor-compare');

  await page.click('button[role=tab]:has-text("Code")');
  await page.click('button[role=tab]:has-text("Timeline")');
  const text = await page.evaluate(() => window.__phasebook.editor.getModel().getValue());
  await page.evaluate((t) => window.__phasebook.editor.getModel().setValue(t.replace('"after": "missiles"', '"after": "misiles"')), text);
  await page.waitForTimeout(1500);
  await shot('editor-error');
  await page.evaluate((t) => window.__phasebook.editor.getModel().setValue(t), text);
  await page.click('button[role=tab]:has-text("Timeline")');
}

/** Compare → Simulate: A and B swept over the number of spearmen, the figures against it. */
async function simulate() {
  await page.click('button[role=tab]:has-text("Compare")');
  await page.click('[data-testid=compare-view-simulate]');
  await page.selectOption('[data-testid=sim-sweep-kind]', 'count');
  await page.selectOption('[data-testid=sim-sweep-combatant]', '/sides/bandits/combatants/spearman');
  await page.fill('[data-testid=sim-sweep-values]', '0..3');
  await page.fill('[data-testid=sim-runs]', '200');
  await page.fill('[data-testid=sim-seed]', '1');
  await page.click('[data-testid=sim-run]');
  await page.waitForFunction(() => window.__phasebook.simulate?.state?.status === 'done', null, { timeout: 600000 });
  await page.locator('[data-testid=sim-sweep-charts]').scrollIntoViewIfNeeded();
  await page.waitForTimeout(800);
  await shot('editor-simulate');
}
server.httpServer.close();
console.log(
  only
    ? `docs/editor-${only}.png`
    : 'docs/editor-code-timeline.png, docs/editor-visual.png, docs/editor-compare.png, docs/editor-error.png, docs/editor-simulate.png',
);
