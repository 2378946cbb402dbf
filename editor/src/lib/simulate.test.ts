/**
 * The Simulate panel's engine: the worker job and the page side run the CLI's own code (series
 * loading, slices, accumulators, report), so the editor's numbers are the CLI's for the same
 * seed — proven here against the real `phasebook simulate` binary, sweep, examples and curves
 * included. Work is bounded by run counts, never by time.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Core } from '../../../interpreter/core.js';
import { aggregate, compare } from '../../../interpreter/simulate/aggregate.js';
import type { CombatRecord } from '../../../interpreter/simulate/record.js';
import { loadSeries } from '../../../interpreter/simulate/series.js';
import { runSlice, type RunMessage } from '../../../interpreter/simulate/series-core.js';
import { run } from '../../../interpreter/pipeline.js';
import { parseSweep } from '../../../interpreter/simulate/sweep.js';
import { BIN, ROOT, ensureBuilt } from '../../../test/support/binary.js';
import { browserValidator } from './validator.js';
import type { DocText, SimulateRequest, SimulateResponse } from './protocol.js';
import { clampRuns, editorPlan, flatSeries, SimulationRun, splitRuns, workerCount, type WorkerLike } from './simulate.js';
import { runSimulateJob } from './simulate-job.js';
import { exampleFor, groupRows, numberRows, roundsData, survivalData, sweepFigures, winRateData } from './simulate-figures.js';
import { memoryKV } from './persist.js';
import { loadSimulation, saveSimulation, useStore } from './simulate-store.js';

const LONG = 900_000;
vi.setConfig({ testTimeout: LONG, hookTimeout: LONG });

const R = 'rulesets/ose/';
const paths = ['ose.json', 'overlays/phased-round.json', 'overlays/crossbow-speed.json', 'encounters/skirmish.json'];
const docs: DocText[] = paths.map((p) => ({ path: `ose/${p}`, text: readFileSync(R + p, 'utf8') }));
const A = {
  name: 'ose + phased-round + crossbow-speed',
  ruleset: 'ose/ose.json',
  overlays: ['ose/overlays/phased-round.json', 'ose/overlays/crossbow-speed.json'],
  encounter: 'ose/encounters/skirmish.json',
};
const B = { ...A, name: 'ose + phased-round', overlays: ['ose/overlays/phased-round.json'] };
/** The same variants as files, for the CLI. */
const onDisk = (v: typeof A) => ({
  ...v,
  ruleset: 'rulesets/' + v.ruleset,
  encounter: 'rulesets/' + v.encounter,
  overlays: v.overlays.map((o) => 'rulesets/' + o),
});
const SPEARMEN = 'count:/sides/bandits/combatants/spearman=0..2';
const core = new Core(browserValidator());

/** A Worker stand-in that runs the job in-process and delivers each message asynchronously. */
function fakeWorker(log: { terminated: number }, delayMs = 0): WorkerLike {
  let dead = false;
  const w: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(req: SimulateRequest) {
      const out: SimulateResponse[] = [];
      runSimulateJob(core, structuredClone(req), (r) => out.push(structuredClone(r)));
      let k = 0;
      const next = () => {
        if (dead || k >= out.length) return;
        w.onmessage?.({ data: out[k++]! } as MessageEvent<SimulateResponse>);
        setTimeout(next, delayMs);
      };
      setTimeout(next, delayMs);
    },
    terminate() {
      dead = true;
      log.terminated++;
    },
  };
  return w;
}

const finished = (r: SimulationRun) => new Promise<void>((resolve) => r.subscribe(() => r.status !== 'running' && resolve()));

function simulate(plan: ReturnType<typeof editorPlan>, workers: number, log = { terminated: 0 }, chunk = 4): SimulationRun {
  return new SimulationRun({ docs, plan, workers, chunk, createWorker: () => fakeWorker(log) });
}

describe('simulate: splitting and limits', () => {
  it('splits run indices into contiguous slices that cover every run once', () => {
    expect(splitRuns(10, 4)).toEqual([
      { from: 0, to: 3 },
      { from: 3, to: 6 },
      { from: 6, to: 9 },
      { from: 9, to: 10 },
    ]);
    expect(splitRuns(2, 4)).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
    for (const [n, k] of [
      [500, 3],
      [20000, 4],
      [7, 7],
      [1, 4],
    ] as const) {
      const s = splitRuns(n, k);
      expect(s.reduce((t, x) => t + x.to - x.from, 0)).toBe(n);
      s.slice(1).forEach((x, j) => expect(x.from).toBe(s[j]!.to));
    }
  });
  it('uses hardwareConcurrency workers, at most 4, never more than runs', () => {
    expect(workerCount(16, 500)).toBe(4);
    expect(workerCount(2, 500)).toBe(2);
    expect(workerCount(undefined, 500)).toBe(2);
    expect(workerCount(8, 3)).toBe(3);
    expect(clampRuns(50_000)).toBe(20_000);
    expect(clampRuns(0)).toBe(1);
    expect(clampRuns(Number.NaN)).toBe(500);
  });
});

describe('simulate: the worker job', () => {
  it('gives the CLI worker’s messages (records and curves) for the same seeds, every series on every index, the sweep’s patches applied', () => {
    const plan = editorPlan([A, B], parseSweep(SPEARMEN), 15, 7);
    const series = flatSeries(plan);
    expect(series).toHaveLength(6);
    const msgs: SimulateResponse[] = [];
    runSimulateJob(core, { id: 1, type: 'simulate', docs, series, seed: 7, from: 3, to: 15, chunk: 5, curves: true }, (r) => msgs.push(r));
    expect(msgs.map((m) => m.phase)).toEqual(['ready', 'chunk', 'chunk', 'chunk', 'done']);
    const ready = msgs[0]!;
    // count 0 removes the spearman; count 2 adds spearman-2.
    expect(ready.phase === 'ready' && ready.series.map((s) => s.sideOf.filter(([c]) => c.startsWith('spearman')).map(([c]) => c))).toEqual([
      [],
      [],
      ['spearman'],
      ['spearman'],
      ['spearman', 'spearman-2'],
      ['spearman', 'spearman-2'],
    ]);
    const runs = msgs.flatMap((m) => (m.phase === 'chunk' ? m.runs : []));
    expect(runs.map((r) => r.i)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    // The CLI's worker thread: loadSeries (files) and runSlice with the file pipeline's run.
    series.forEach((s, n) => {
      const cli: RunMessage[] = [];
      runSlice(
        loadSeries({ ...s, ...onDisk(s as typeof A) }),
        { seed: 7, from: 3, to: 15, curves: true },
        (p, e, seed) => run(p, e, { seed }).events,
        (m) => cli.push(m),
      );
      expect(runs.map((r) => r.series[n])).toEqual(cli);
    });
  });
  it('reports bad documents as diagnostics', () => {
    const msgs: SimulateResponse[] = [];
    const broken = docs.map((d) => (d.path.endsWith('crossbow-speed.json') ? { ...d, text: d.text.replace('"version"', '"versio"') } : d));
    const series = flatSeries(editorPlan([A, B], null, 5, 1));
    runSimulateJob(core, { id: 1, type: 'simulate', docs: broken, series, seed: 1, from: 0, to: 5, chunk: 5, curves: true }, (r) =>
      msgs.push(r),
    );
    expect(msgs).toHaveLength(1);
    const m = msgs[0]!;
    expect(m.phase).toBe('error');
    if (m.phase === 'error') expect(m.diagnostics[0]!.file).toBe('ose/overlays/crossbow-speed.json');
  });
  it('reports a sweep value the documents refuse as the sweep’s problem', () => {
    const msgs: SimulateResponse[] = [];
    const series = flatSeries(editorPlan([A], parseSweep('count:/sides/bandits/combatants/spearmen=1,2'), 5, 1));
    runSimulateJob(core, { id: 1, type: 'simulate', docs, series, seed: 1, from: 0, to: 5, chunk: 5, curves: true }, (r) => msgs.push(r));
    const m = msgs[0]!;
    expect(m.phase === 'error' && m.diagnostics[0]!.message).toMatch(/sweep: no "spearmen" at \/sides\/bandits\/combatants/);
  });
});

beforeAll(() => ensureBuilt(), LONG);

describe('simulate: the editor’s numbers are the CLI’s', () => {
  it('a sweep of two variants with examples and curves: the same CSV as `phasebook simulate`, whatever the number of workers', async () => {
    const cli = spawnSync(
      process.execPath,
      [
        BIN,
        'simulate',
        onDisk(A).ruleset,
        onDisk(A).encounter,
        ...onDisk(A).overlays.flatMap((o) => ['--with', o]),
        '--vs',
        `${onDisk(B).ruleset} ${onDisk(B)
          .overlays.map((o) => `--with ${o}`)
          .join(' ')}`,
        '--sweep',
        SPEARMEN,
        '--runs',
        '24',
        '--seed',
        '5',
        '--examples',
        '3',
        '--curves',
        '--workers',
        '2',
        '--format',
        'csv',
      ],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PHASEBOOK_DEBUG: '' } },
    );
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    expect(cli.stdout).toMatch(/^sweep,value,variant,figure/);
    expect(cli.stdout).toContain('example-seed');
    expect(cli.stdout).toContain('curve-survival');
    for (const workers of [1, 3]) {
      const log = { terminated: 0 };
      const sim = simulate(editorPlan([A, B], parseSweep(SPEARMEN), 24, 5), workers, log);
      expect(sim.workers).toBe(workers);
      await finished(sim);
      expect(sim.status).toBe('done');
      expect(sim.done).toBe(24);
      expect(sim.report('csv')).toBe(cli.stdout);
      expect(log.terminated).toBe(workers);
    }
  });
});

describe('simulate: the page side', () => {
  it('cancel terminates the workers and keeps the runs done so far (paired)', async () => {
    const log = { terminated: 0 };
    const sim = new SimulationRun({
      docs,
      plan: editorPlan([A, B], null, 200, 1),
      workers: 2,
      chunk: 2,
      notifyMs: 0,
      createWorker: () => fakeWorker(log, 5),
    });
    await new Promise<void>((resolve) => {
      const off = sim.subscribe(() => {
        if (sim.done >= 4) {
          off();
          resolve();
        }
      });
    });
    sim.cancel();
    expect(sim.status).toBe('cancelled');
    expect(log.terminated).toBe(2);
    const done = sim.done;
    expect(done).toBeLessThan(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(sim.done).toBe(done);
    const r = sim.results()!;
    expect(r.rows[0]!.variants.map((x) => x.result.runs)).toEqual([done, done]);
  });

  it('fails with the worker’s diagnostics', async () => {
    const sim = new SimulationRun({
      docs: docs.slice(0, 2),
      plan: editorPlan([A], null, 10, 1),
      workers: 2,
      createWorker: () => fakeWorker({ terminated: 0 }),
    });
    await finished(sim);
    expect(sim.status).toBe('failed');
    expect(sim.diagnostics[0]!.message).toMatch(/no document/);
    expect(sim.results()).toBeNull();
  });

  it('survives a reload: saved as JSON and restored, it gives the same report, examples and curves', async () => {
    const sim = simulate(editorPlan([A, B], parseSweep(SPEARMEN), 12, 9), 2);
    await finished(sim);
    useStore(memoryKV());
    await saveSimulation(sim.toJSON()!);
    const saved = await loadSimulation();
    expect(saved).not.toBeNull();
    const back = SimulationRun.restore(saved!);
    expect(back.status).toBe('done');
    expect(back.done).toBe(12);
    expect(back.report('json')).toBe(sim.report('json'));
    expect(back.results()).toEqual(sim.results());
  });

  it('the example behind a point replays to its outcome', async () => {
    const sim = simulate(editorPlan([A], parseSweep(SPEARMEN), 40, 2), 2);
    await finished(sim);
    const rows = sim.results()!.rows;
    let checked = 0;
    for (const row of rows) {
      const s = row.variants[0]!;
      for (const side of ['party', 'bandits']) {
        const ex = exampleFor(s.examples, { winner: side });
        if (!s.result.sides[side]!.wins) {
          expect(ex).toBeNull();
          continue;
        }
        const loaded = loadSeries({ ...s.spec, ...onDisk(s.spec as typeof A) });
        const replay = run(loaded.program, loaded.encounter, { seed: ex!.seed });
        expect(replay.winner).toBe(side);
        checked++;
      }
      const byRound = exampleFor(s.examples, { round: s.result.rounds.median });
      const loaded = loadSeries({ ...s.spec, ...onDisk(s.spec as typeof A) });
      expect(run(loaded.program, loaded.encounter, { seed: byRound!.seed }).rounds).toBe(s.result.rounds.median);
    }
    expect(checked).toBeGreaterThan(2);
  });

  it('sweep lines: a figure per side’s win rate, rounds and standing at the end, a point per value and series per variant', async () => {
    const sim = simulate(editorPlan([A, B], parseSweep(SPEARMEN), 10, 3), 2);
    await finished(sim);
    const r = sim.results()!;
    const figs = sweepFigures(r, ['A', 'B'], 'count:/sides/bandits/combatants/spearman');
    expect(figs.map((f) => f.id)).toEqual(['win-party', 'win-bandits', 'rounds', 'standing-party', 'standing-bandits']);
    for (const f of figs) {
      expect(f.x).toEqual(['0', '1', '2']);
      expect(f.series.map((s) => s.intervals.length)).toEqual([3, 3]);
    }
    // The win-rate points are the CLI report's win rates of each value.
    expect(figs[0]!.series[1]!.intervals).toEqual(r.rows.map((row) => row.variants[1]!.result.sides.party!.winRate));
  });
});

describe('simulate: figures', () => {
  const rec = (winner: string | null, rounds: number, fighterLives: boolean): CombatRecord => ({
    winner,
    reason: '',
    rounds,
    damageDealt: {},
    damageTaken: {},
    survived: { fighter: fighterLives, orc: !fighterLives },
    kills: {},
    actedFirst: {},
    acted: {},
  });
  const sideOf = new Map([
    ['fighter', 'pcs'],
    ['orc', 'orcs'],
  ]);
  const a = aggregate('A', [rec('pcs', 2, true), rec('pcs', 3, true), rec('orcs', 3, false), rec(null, 5, false)], sideOf);
  const b = aggregate('B', [rec('pcs', 3, true), rec('orcs', 4, false)], sideOf);

  it('win rates per side, with "no winner" when a run had none', () => {
    const d = winRateData([a, b], ['A', 'B']);
    expect(d.categories).toEqual(['pcs', 'orcs', 'no winner']);
    expect(d.series.map((s) => s.intervals.map((i) => i.estimate))).toEqual([
      [0.5, 0.25, 0.25],
      [0.5, 0.5, 0],
    ]);
    expect(d.series[0]!.intervals[0]!.low).toBeLessThan(0.5);
  });

  it('survival per combatant', () => {
    const d = survivalData([a, b], ['A', 'B']);
    expect(d.categories).toEqual(['fighter (pcs)', 'orc (orcs)']);
    expect(d.series[1]!.intervals.map((i) => i.estimate)).toEqual([0.5, 0.5]);
  });

  it('rounds: exactly, at least, at most, over every value from the smallest to the largest', () => {
    expect(roundsData([a, b], ['A', 'B'], 'exactly')).toEqual({
      values: [2, 3, 4, 5],
      series: [
        { label: 'A', counts: [1, 2, 0, 1], fractions: [0.25, 0.5, 0, 0.25] },
        { label: 'B', counts: [0, 1, 1, 0], fractions: [0, 0.5, 0.5, 0] },
      ],
    });
    expect(roundsData([a, b], ['A', 'B'], 'at-least').series[0]!.counts).toEqual([4, 3, 1, 1]);
    expect(roundsData([a, b], ['A', 'B'], 'at-most').series[1]!.counts).toEqual([0, 1, 2, 2]);
  });

  it('the numbers table: both variants and B − A with its interval and significance', () => {
    const rows = numberRows({ results: [a, b], comparison: compare(a, b) });
    expect(rows.map((r) => `${r.figure}/${r.subject}`)).toEqual([
      'win rate/pcs',
      'win rate/orcs',
      'rounds/mean',
      'damage dealt per combat/pcs',
      'damage dealt per combat/orcs',
      'survival/fighter',
      'survival/orc',
    ]);
    expect(rows[0]!.values).toHaveLength(2);
    expect(rows[0]!.values[0]!.estimate).toBe('50.0%');
    expect(rows[0]!.values[0]!.interval).toMatch(/^\[\d+\.\d%, \d+\.\d%\]$/);
    expect(rows[1]!.difference!.estimate).toBe('+25.0%');
    expect(groupRows(rows).map((g) => [g.figure, g.rows.length])).toEqual([
      ['win rate', 2],
      ['rounds', 1],
      ['damage dealt per combat', 2],
      ['survival', 2],
    ]);
    expect(rows.every((r) => typeof r.significant === 'boolean')).toBe(true);
  });
});
