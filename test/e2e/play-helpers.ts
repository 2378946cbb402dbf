/**
 * Helpers of the table-mode e2e tests (play.e2e.ts, campaigns.e2e.ts): reading the pending input and
 * the log, starting a fight, and answering as a player at the table with typed dice.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
/** An upper bound for a fight of many steps on a loaded machine (never a measure of speed). */
export const LONG = 480_000;
/** At most this many answers in one fight (a bound by count, not by time). */
export const MAX_ANSWERS = 600;

export const pendingKind = (page: Page) => page.getAttribute('[data-testid=pending]', 'data-kind');
export const pendingLabel = (page: Page) => page.getAttribute('[data-testid=pending]', 'data-label');
export const logCount = (page: Page) => page.$$eval('[data-testid=log-entry]', (els) => els.length);

/** The player view: a second page of the same browser on the editor's `?view=player`, fed over the same BroadcastChannel. */
export async function openPlayerView(page: Page, url: string): Promise<Page> {
  const player = await page.context().newPage();
  await player.goto(`${url}?view=player`);
  return player;
}

/** Start a fight from the Play tab: a ruleset (by path), overlays (by path), an encounter (by path). */
export async function startFight(page: Page, ruleset: string, encounter: string, overlays: string[] = []) {
  await page.click('[data-testid=mode-play]');
  await page.waitForSelector('[data-testid=play-setup]');
  const value = await page.$eval(
    `[data-testid=play-ruleset] option:text-matches("${ruleset.replace(/\//g, '\\/')}")`,
    (o) => (o as HTMLOptionElement).value,
  );
  await page.selectOption('[data-testid=play-ruleset]', value);
  for (const o of overlays) await page.check(`[data-testid=play-overlay][data-path="${o}"]`);
  const enc = await page.$eval(
    `[data-testid=play-encounter] option:text-matches("${encounter.replace(/\//g, '\\/')}")`,
    (o) => (o as HTMLOptionElement).value,
  );
  await page.selectOption('[data-testid=play-encounter]', enc);
  await page.click('[data-testid=play-start]');
  await page.waitForSelector('[data-testid=tracker]');
}

/** The dice a player rolls for a notation: each die shows its highest face but one (or 1 on a d2 or less). */
export function physicalDice(notation: string): string {
  const m = /(\d*)d(\d+)/.exec(notation);
  if (!m) return '1';
  const n = Number(m[1] || '1');
  const faces = Number(m[2]);
  return Array.from({ length: n }, () => String(Math.max(1, faces - 1))).join(',');
}

/** Answer one pending input as a player at the table: typed dice, the highlighted declaration, the default decision. */
export async function answerOne(page: Page): Promise<void> {
  const before = await pendingLabel(page);
  const kind = await pendingKind(page);
  const n = await logCount(page);
  if (kind === 'roll') {
    const notation = (await page.textContent('[data-testid=pending] .ask code')) ?? '1d6';
    await page.fill('[data-testid=dice]', physicalDice(notation));
    await page.press('[data-testid=dice]', 'Enter');
  } else if (kind === 'declaration') {
    if (await page.isEnabled('[data-testid=declare]')) await page.click('[data-testid=declare]');
    else await page.click('[data-testid=declare-nothing]');
  } else if (kind === 'decision') {
    await page.click('[data-testid=option].default');
  } else {
    await page.click('[data-testid=go-on]');
  }
  // Each answer adds one entry to the log (and the next request replaces this one).
  await page.waitForFunction(
    ([k, l]) =>
      document.querySelectorAll('[data-testid=log-entry]').length === k + 1 ||
      document.querySelector('[data-testid=pending]')?.getAttribute('data-label') !== l,
    [n, before] as const,
  );
  const err = await page.$('[data-testid=play-error]');
  expect(err ? await err.textContent() : null, `answer to ${before}`).toBeNull();
}

export async function playToTheEnd(page: Page): Promise<number> {
  let answers = 0;
  while ((await pendingKind(page)) !== 'none') {
    await answerOne(page);
    answers++;
    if (answers > MAX_ANSWERS) throw new Error(`no end after ${MAX_ANSWERS} answers`);
  }
  return answers;
}

/** The value of the option of a select whose text matches `re`. */
export const optionValue = (page: Page, select: string, re: string) =>
  page.$eval(`${select} option:text-matches("${re.replace(/\//g, '\\/')}")`, (o) => (o as HTMLOptionElement).value);
export const checkedOverlays = (page: Page) =>
  page.$$eval('[data-testid=play-overlay]:checked', (els) => els.map((e) => (e as HTMLElement).dataset.path).sort());
