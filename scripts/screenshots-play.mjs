#!/usr/bin/env node
/**
 * Screenshots of table mode for the README (docs/editor-play*.png). Run after
 * `npm run build:editor`:  node scripts/screenshots-play.mjs
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { launchChromium, previewEditor } from './headless.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = await previewEditor(root);
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1500, height: 900 } });
const page = await context.newPage();
const url = server.resolvedUrls.local[0];
await page.goto(`${url}?mode=play`);
await page.waitForSelector('[data-testid=play-setup]');
const shot = async (p, name) => p.screenshot({ path: join(root, 'docs', `${name}.png`) });

// The builder: a party and four goblins, set up with the forms.
const rs = await page.$eval(
  '[data-testid=play-ruleset] option:text-matches("d20-srd.json")',
  (o) => /** @type {HTMLOptionElement} */ (o).value,
);
await page.selectOption('[data-testid=play-ruleset]', rs);
await page.click('[data-testid=new-encounter]');
await page.waitForSelector('[data-testid=encounter-builder]');
const field = async (who, sel, value) => {
  const f = `[data-testid=builder-combatant][data-id="${who}"] ${sel}`;
  if (!(await page.isVisible(f))) await page.click(`[data-testid=builder-combatant][data-id="${who}"] summary`);
  await page.fill(f, value);
  await page.press(f, 'Tab');
};
await field('hero', '[data-testid=c-name]', 'Brunhild');
await field('hero', '[data-testid=stat][data-stat=hp]', '24');
await field('foe', '[data-testid=c-name]', 'Goblin');
await field('foe', '[data-testid=stat][data-stat=hp]', '5');
await page.click('[data-testid=builder-combatant][data-id=foe] [data-testid=duplicate]');
await page.waitForTimeout(300);
await page.click('[data-testid=builder-combatant][data-id=hero] summary');
await page.evaluate(() => document.querySelector('[data-testid=encounter-builder]').scrollIntoView());
await page.waitForTimeout(300);
await shot(page, 'editor-play-builder');

// The fight: the sample ambush, a few answers in, with the player view open.
const player = await context.newPage();
await player.setViewportSize({ width: 1000, height: 600 });
await player.goto(`${url}?view=player`);
const enc = await page.$eval(
  '[data-testid=play-encounter] option:text-matches("d20-srd/encounters/sample.json")',
  (o) => /** @type {HTMLOptionElement} */ (o).value,
);
await page.selectOption('[data-testid=play-encounter]', enc);
await page.click('[data-testid=play-start]');
await page.waitForSelector('[data-testid=tracker]');
for (const d of ['12', '15', '17', '9']) {
  await page.fill('[data-testid=dice]', d);
  await page.press('[data-testid=dice]', 'Enter');
  await page.waitForTimeout(150);
}
for (let i = 0; i < 6; i++) {
  await page.keyboard.press('n');
  await page.waitForTimeout(150);
}
await page.check('[data-testid=combatant][data-id=ogre] input[aria-label^=Hide]');
await page.waitForTimeout(500);
await shot(page, 'editor-play');
await shot(player, 'editor-player-view');
await page.locator('body').press('?');
await page.waitForTimeout(300);
await shot(page, 'editor-play-help');

// A campaign: made from a pack preset, the sample's adventurers as its party, one fight kept.
await page.keyboard.press('Escape');
await page.click('[data-testid=close-fight]');
await page.waitForSelector('[data-testid=play-setup]');
await page.selectOption('[data-testid=play-preset]', 'phasebook/d20-srd#referee-ties');
await page.fill('[data-testid=campaign-name]', 'The Sunless Citadel');
await page.click('[data-testid=campaign-create]');
await page.waitForSelector('[data-testid=campaign-side]');
await page.selectOption('[data-testid=campaign-side]', '0');
await page.click('[data-testid=campaign-set-party]');
await page.waitForTimeout(300);
await page.click('[data-testid=play-start]');
await page.waitForSelector('[data-testid=tracker]');
for (const d of ['14', '11']) {
  await page.fill('[data-testid=dice]', d);
  await page.press('[data-testid=dice]', 'Enter');
  await page.waitForTimeout(150);
}
await page.click('[data-testid=close-fight]');
await page.waitForSelector('[data-testid=play-resume]');
await page.evaluate(() => document.querySelector('[data-testid=play]').scrollTo(0, 0));
await page.waitForTimeout(300);
await shot(page, 'editor-play-campaign');

await browser.close();
server.httpServer.close();
console.log(
  'docs/editor-play.png, docs/editor-play-builder.png, docs/editor-player-view.png, docs/editor-play-help.png, docs/editor-play-campaign.png',
);
