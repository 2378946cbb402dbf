/**
 * Compare → Simulate end to end, in headless Chromium under the production CSP: OSE's phased
 * round with crossbow speed (A) and without (B), run in Web Workers; both series drawn in every
 * chart, both variants in the numbers table, the CLI's CSV (the real binary's, byte for byte),
 * Cancel stopping a long run; a sweep drawn against its values, a click on a point opening that
 * combat in the timeline, PNG and SVG export, the results surviving a reload, and axe on it all.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { open, type Session } from './browser.js';
import { BIN, ROOT, ensureBuilt } from '../support/binary.js';

/** An upper bound for a test of many steps on a loaded machine (never a measure of speed). */
const LONG = 300_000;
beforeAll(() => ensureBuilt(), LONG);

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

/** `phasebook simulate … --format csv` of the real binary, with the panel's examples (3) and curves. */
function cliCsv(runs: number, seed: number, extra: string[] = [], withB = true): string {
  const R = 'rulesets/ose/';
  const r = spawnSync(
    process.execPath,
    [
      BIN,
      'simulate',
      R + 'ose.json',
      R + 'encounters/skirmish.json',
      '--with',
      R + 'overlays/phased-round.json',
      '--with',
      R + 'overlays/crossbow-speed.json',
      ...(withB ? ['--vs', `${R}ose.json --with ${R}overlays/phased-round.json`] : []),
      ...extra,
      ...['--runs', String(runs), '--seed', String(seed), '--examples', '3', '--curves', '--workers', '2', '--format', 'csv'],
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PHASEBOOK_DEBUG: '' } },
  );
  expect(r.stderr).toBe('');
  return r.stdout;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
async function seriousViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const r = await (window as any).axe.run(document.querySelector('[data-testid=simulate]'), { resultTypes: ['violations'] });
    return (r.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>)
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ['heading-order', 'landmark-unique'].includes(v.id))
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  });
}

/** Where point k of dataset d of a chart is drawn, in page coordinates. */
async function pointOf(page: Page, chart: string, d: number, k: number) {
  await page.locator(`[data-testid=${chart}]`).scrollIntoViewIfNeeded();
  const box = (await page.locator(`[data-testid=${chart}] canvas`).boundingBox())!;
  const p = await page.evaluate(
    ([c, d, k]) => {
      const el = (window as any).__phasebook.simulate.charts[c].getDatasetMeta(d).data[k];
      return { x: el.x as number, y: el.y as number };
    },
    [chart, d, k] as const,
  );
  return { x: box.x + p.x, y: box.y + p.y };
}

describe('Compare → Simulate', () => {
  it(
    'simulates OSE phased with and without crossbow speed: two series in every chart, both variants in the numbers, the CLI’s CSV',
    async () => {
      s = await open();
      const { page } = s;
      await openSimulate(page);
      await page.fill('[data-testid=sim-runs]', '200');
      await page.fill('[data-testid=sim-seed]', '7');
      await page.click('[data-testid=sim-run]');
      await page.waitForFunction(() => (window as any).__phasebook.simulate?.state?.status === 'done', null, { timeout: LONG });
      const st = (await state(page))!;
      expect(st.done).toBe(200);
      expect(st.workers).toBeGreaterThanOrEqual(1);
      expect(st.workers).toBeLessThanOrEqual(4);
      expect(st.names).toEqual(['ose + phased-round + crossbow-speed', 'ose + phased-round']);

      const cs = await charts(page);
      expect(Object.keys(cs).sort()).toEqual([
        'chart-curve-bandits',
        'chart-curve-party',
        'chart-rounds',
        'chart-survival',
        'chart-win-rate',
      ]);
      // Curves by round: per variant a band (two bounds) and a line.
      expect(cs['chart-curve-party']!.datasets).toBe(6);
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

      // CSV: the same file as `phasebook simulate --runs 200 --seed 7 --examples 3 --curves --format csv`.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=sim-csv]')]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv.split('\n')[0]).toBe('variant,figure,subject,estimate,low,high');
      expect(csv).toContain('example-seed');
      expect(csv).toBe(cliCsv(200, 7));
    },
    LONG,
  );

  it(
    'Cancel stops a long run and keeps the partial results',
    async () => {
      s = await open();
      const { page } = s;
      await openSimulate(page);
      await page.fill('[data-testid=sim-runs]', '20000');
      await page.click('[data-testid=sim-run]');
      await page.waitForFunction(() => ((window as any).__phasebook.simulate?.state?.done ?? 0) >= 40, null, { timeout: LONG });
      expect(await page.isEnabled('[data-testid=sim-cancel]')).toBe(true);
      // A bound for a starved page (the workers take every core), not a measure of speed.
      await page.click('[data-testid=sim-cancel]', { timeout: LONG });
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
    },
    LONG,
  );

  it(
    'a sweep: a chart per figure against the values, a click on a point opens that combat in the timeline; PNG and SVG; kept after a reload',
    async () => {
      s = await open();
      const { page } = s;
      await openSimulate(page);
      await page.uncheck('[data-testid=sim-with-b]');
      await page.selectOption('[data-testid=sim-sweep-kind]', 'count');
      await page.selectOption('[data-testid=sim-sweep-combatant]', '/sides/bandits/combatants/spearman');
      await page.fill('[data-testid=sim-sweep-values]', '0..2');
      expect(await page.textContent('[data-testid=sim-sweep-arg]')).toBe('--sweep count:/sides/bandits/combatants/spearman=0..2');
      expect(await seriousViolations(page)).toEqual([]);
      await page.fill('[data-testid=sim-runs]', '60');
      await page.fill('[data-testid=sim-seed]', '3');
      await page.click('[data-testid=sim-run]');
      await page.waitForFunction(() => (window as any).__phasebook.simulate?.state?.status === 'done', null, { timeout: LONG });
      const st = (await state(page))! as SimState & { target: string; values: string[] };
      expect(st.target).toBe('count:/sides/bandits/combatants/spearman');
      expect(st.values).toEqual(['0', '1', '2']);

      // A chart per figure, a point per value, one variant: its band (two bounds) and its line.
      const cs = await charts(page);
      for (const id of ['win-party', 'win-bandits', 'rounds', 'standing-party', 'standing-bandits']) {
        expect(cs[`chart-sweep-${id}`], id).toMatchObject({ datasets: 3, labels: 3, drawn: [3, 3, 3] });
      }
      // The same numbers as the CLI's sweep.
      const csv = await page.evaluate(() => (window as any).__phasebook.simulate.report('csv') as string);
      expect(csv).toBe(cliCsv(60, 3, ['--sweep', 'count:/sides/bandits/combatants/spearman=0..2'], false));

      // A click on the point "bandits won" at 2 spearmen opens a combat the bandits won there.
      const wins = await page.evaluate(
        () => (window as any).__phasebook.simulate.results().rows[2].variants[0].result.sides.bandits.wins as number,
      );
      expect(wins).toBeGreaterThan(0);
      const at = await pointOf(page, 'chart-sweep-win-bandits', 2, 2);
      await page.mouse.click(at.x, at.y);
      await page.waitForSelector('[data-testid=timeline]');
      const opened = await page.evaluate(() => {
        const pb = (window as any).__phasebook;
        return { seed: pb.variants.main.seed as number, encounter: pb.variants.main.encounterId as string };
      });
      const ex = await page.evaluate(
        () =>
          (window as any).__phasebook.simulate
            .results()
            .rows[2].variants[0].examples.find((e: any) => e.winner === 'bandits' && e.round === null).runs[0] as { seed: number },
      );
      expect(opened.seed).toBe(ex.seed);
      await page.waitForFunction(
        (seed) => {
          const pb = (window as any).__phasebook;
          return pb.variants.main.seed === seed && pb.engine.lastGood && pb.engine.runDiagnostics.length === 0;
        },
        ex.seed,
        { timeout: LONG },
      );
      await page.waitForFunction(() => (window as any).__phasebook.engine.lastGood.winner === 'bandits', null, { timeout: LONG });
      // The timeline runs the patched encounter, a document of its own: two spearmen.
      expect(await page.locator('[data-testid=sidebar] button.doc[data-path="ose/encounters/skirmish.sim-spearman-x2.json"]').count()).toBe(
        1,
      );
      const events = await page.evaluate(
        () => (window as any).__phasebook.engine.lastGood.events[0].sides as Array<{ combatants: string[] }>,
      );
      expect(events.flatMap((x) => x.combatants).filter((c) => c.startsWith('spearman'))).toEqual(['spearman', 'spearman-2']);

      // Back to Simulate: the charts are there; PNG and SVG of a chart.
      await page.click('button[role=tab]:has-text("Compare")');
      await page.click('[data-testid=compare-view-simulate]');
      await page.waitForSelector('[data-testid=chart-sweep-win-party]');
      const [png] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=chart-sweep-win-party-png]')]);
      expect(png.suggestedFilename()).toMatch(/\.png$/);
      const bytes = readFileSync((await png.path())!);
      expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const [svg] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=chart-sweep-win-party-svg]')]);
      expect(svg.suggestedFilename()).toMatch(/\.svg$/);
      const text = readFileSync((await svg.path())!, 'utf8');
      expect(text).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(text).toContain('A · ose + phased-round + crossbow-speed');
      expect((text.match(/<path/g) ?? []).length).toBeGreaterThan(3);
      expect(await seriousViolations(page)).toEqual([]);

      // A reload: the last simulation is still there (from IndexedDB), charts and all.
      await page.reload();
      await page.waitForFunction(() => Boolean((window as any).__phasebook?.editor), null, { timeout: LONG });
      await page.click('button[role=tab]:has-text("Compare")');
      await page.click('[data-testid=compare-view-simulate]');
      await page.waitForFunction(() => (window as any).__phasebook.simulate?.state?.status === 'done', null, { timeout: LONG });
      const back = (await state(page))! as SimState & { target: string };
      expect(back.done).toBe(60);
      expect(back.target).toBe('count:/sides/bandits/combatants/spearman');
      expect((await charts(page))['chart-sweep-win-bandits']).toMatchObject({ datasets: 3, labels: 3 });
      expect(await page.evaluate(() => (window as any).__phasebook.simulate.report('csv') as string)).toBe(csv);
    },
    LONG,
  );
});
