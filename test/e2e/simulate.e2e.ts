/**
 * Compare → Simulate end to end, in headless Chromium under the production CSP: OSE's phased
 * round with crossbow speed (A) and without (B), run in Web Workers; both series drawn in every
 * chart, both variants in the numbers table, the CLI's CSV, and Cancel stopping a long run.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { open, type Session } from './browser.js';
import { loadEncounter, loadProgram, run } from '../../interpreter/pipeline.js';
import { aggregate, compare } from '../../interpreter/simulate/aggregate.js';
import { recordOf } from '../../interpreter/simulate/record.js';
import { formatCsv } from '../../interpreter/simulate/report.js';
import { runSeed } from '../../interpreter/simulate/stats.js';

let s: Session | null = null;
afterEach(async () => {
  if (s) expect(s.problems, 'no CSP violation and no page error').toEqual([]);
  await s?.close();
  s = null;
});

interface SimState {
  status: 'running' | 'done' | 'cancelled' | 'failed';
  done: number;
  runs: number;
  workers: number;
  rate: number;
  names: string[];
}
const state = (page: Page) => page.evaluate(() => (window as any).__phasebook.simulate?.state as SimState | null);
const charts = (page: Page) =>
  page.evaluate(() => {
    const cs = (window as any).__phasebook.simulate.charts as Record<string, any>;
    return Object.fromEntries(
      Object.entries(cs).map(([k, c]) => [
        k,
        {
          datasets: c.data.datasets.length,
          labels: c.data.labels.length,
          drawn: c.data.datasets.map((_: unknown, i: number) => c.getDatasetMeta(i).data.length),
        },
      ]),
    );
  }) as Promise<Record<string, { datasets: number; labels: number; drawn: number[] }>>;

/** Crossbow speed active: Compare's A has it (with phased-round, which it requires), B has not. */
async function openSimulate(page: Page) {
  await page.click('[data-testid=sidebar] button.doc[data-path="ose/overlays/crossbow-speed.json"]');
  await page.waitForFunction(() => document.querySelector('header .doc-title')?.textContent === 'ose/overlays/crossbow-speed.json');
  await page.click('button[role=tab]:has-text("Compare")');
  await page.click('[data-testid=compare-view-simulate]');
  await page.waitForSelector('[data-testid=simulate]');
}

/** The CLI's CSV (`phasebook simulate … --format csv`) computed in-process with the CLI's pipeline. */
function cliCsv(runs: number, seed: number): string {
  const R = 'rulesets/ose/';
  const sideOf = new Map(
    (
      JSON.parse(readFileSync(R + 'encounters/skirmish.json', 'utf8')) as {
        sides: Array<{ id: string; combatants: Array<{ id: string }> }>;
      }
    ).sides.flatMap((sd) => sd.combatants.map((c) => [c.id, sd.id] as [string, string])),
  );
  const variant = (name: string, overlays: string[]) => {
    const program = loadProgram(
      R + 'ose.json',
      overlays.map((o) => R + 'overlays/' + o),
    );
    const enc = loadEncounter(R + 'encounters/skirmish.json', program);
    return aggregate(
      name,
      Array.from({ length: runs }, (_, i) => recordOf(run(program, enc, { seed: runSeed(seed, i) }).events)),
      sideOf,
    );
  };
  const a = variant('ose + phased-round + crossbow-speed', ['phased-round.json', 'crossbow-speed.json']);
  const b = variant('ose + phased-round', ['phased-round.json']);
  return formatCsv([a, b], [compare(a, b)]);
}

describe('Compare → Simulate', () => {
  it('simulates OSE phased with and without crossbow speed: two series in every chart, both variants in the numbers, the CLI’s CSV', async () => {
    s = await open();
    const { page } = s;
    await openSimulate(page);
    await page.fill('[data-testid=sim-runs]', '200');
    await page.fill('[data-testid=sim-seed]', '7');
    await page.click('[data-testid=sim-run]');
    await page.waitForFunction(() => (window as any).__phasebook.simulate?.state?.status === 'done', null, { timeout: 60000 });
    const st = (await state(page))!;
    expect(st.done).toBe(200);
    expect(st.workers).toBeGreaterThanOrEqual(1);
    expect(st.workers).toBeLessThanOrEqual(4);
    expect(st.names).toEqual(['ose + phased-round + crossbow-speed', 'ose + phased-round']);

    const cs = await charts(page);
    expect(Object.keys(cs).sort()).toEqual(['chart-rounds', 'chart-survival', 'chart-win-rate']);
    expect(cs['chart-win-rate']).toMatchObject({ datasets: 2, labels: 2, drawn: [2, 2] });
    expect(cs['chart-survival']).toMatchObject({ datasets: 2, labels: 10, drawn: [10, 10] });
    expect(cs['chart-rounds']!.datasets).toBe(2);
    for (const id of ['chart-win-rate', 'chart-rounds', 'chart-survival']) {
      expect(await page.getAttribute(`[data-testid=${id}]`, 'data-datasets')).toBe('2');
      expect(await page.getAttribute(`[data-testid=${id}]`, 'aria-label')).toMatch(/A · .*B · |mean/);
    }

    // The numbers: a column per variant, and B − A.
    const heads = await page.$$eval('[data-testid=sim-numbers] [data-testid=sim-numbers-variant]', (els) =>
      els.map((e) => (e as HTMLElement).dataset.name),
    );
    expect(heads).toEqual(st.names);
    const party = await page.$$eval('[data-testid=sim-numbers] tr[data-figure="win rate"][data-subject=party] td', (tds) =>
      tds.map((t) => t.textContent!.trim()),
    );
    expect(party[0]).toMatch(/^\d+\.\d% \[\d+\.\d%, \d+\.\d%\]$/);
    expect(party[1]).toMatch(/^\d+\.\d% \[\d+\.\d%, \d+\.\d%\]$/);
    expect(party[2]).toMatch(/^[+−]\d+\.\d% \[[+−]\d+\.\d%, [+−]\d+\.\d%\]$/);
    expect(await page.$$eval('[data-testid=sim-numbers] tr[data-figure=survival]', (rows) => rows.length)).toBe(10);

    // The rounds toggle: "at least" starts at 100% of runs for the smallest round count.
    const before = await page.evaluate(() => (window as any).__phasebook.simulate.charts['chart-rounds'].data.datasets[0].data[0]);
    await page.check('[data-testid=rounds-mode-at-least]');
    await page.waitForFunction((b) => (window as any).__phasebook.simulate.charts['chart-rounds'].data.datasets[0].data[0] !== b, before);
    expect(
      await page.evaluate(() => (window as any).__phasebook.simulate.charts['chart-rounds'].data.datasets.map((d: any) => d.data[0])),
    ).toEqual([1, 1]);

    // CSV: the same file as `phasebook simulate --runs 200 --seed 7 --format csv`.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=sim-csv]')]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('variant,figure,subject,estimate,low,high');
    expect(csv).toBe(cliCsv(200, 7));
  });

  it('Cancel stops a long run and keeps the partial results', async () => {
    s = await open();
    const { page } = s;
    await openSimulate(page);
    await page.fill('[data-testid=sim-runs]', '20000');
    await page.click('[data-testid=sim-run]');
    await page.waitForFunction(() => ((window as any).__phasebook.simulate?.state?.done ?? 0) >= 40, null, { timeout: 30000 });
    expect(await page.isEnabled('[data-testid=sim-cancel]')).toBe(true);
    await page.click('[data-testid=sim-cancel]');
    await page.waitForFunction(() => (window as any).__phasebook.simulate.state.status === 'cancelled');
    const done = (await state(page))!.done;
    expect(done).toBeGreaterThanOrEqual(40);
    expect(done).toBeLessThan(20000);
    // The workers are gone: nothing arrives any more.
    await page.waitForTimeout(1500);
    expect((await state(page))!.done).toBe(done);
    expect(await page.textContent('[data-testid=sim-status]')).toMatch(/Cancelled after \d+ of 20000 runs: partial results/);
    expect(await page.isEnabled('[data-testid=sim-cancel]')).toBe(false);
    // The partial results are drawn and tabulated, for both variants, on the same runs.
    expect((await charts(page))['chart-win-rate']!.datasets).toBe(2);
    expect(await page.$$eval('[data-testid=sim-numbers] [data-testid=sim-numbers-variant]', (els) => els.length)).toBe(2);
    expect(await page.textContent('[data-testid=sim-numbers] caption')).toContain(`after ${done} runs each`);
  });
});
