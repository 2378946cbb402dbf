import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Core } from '../../../interpreter/core.js';
import { loadEncounter, loadProgram, run } from '../../../interpreter/pipeline.js';
import { aggregate, compare } from '../../../interpreter/simulate/aggregate.js';
import { recordOf, type CombatRecord } from '../../../interpreter/simulate/record.js';
import { formatCsv } from '../../../interpreter/simulate/report.js';
import { runSeed } from '../../../interpreter/simulate/stats.js';
import { browserValidator } from './validator.js';
import type { DocText, SimulateRequest, SimulateResponse, Variant } from './protocol.js';
import {
  clampRuns,
  groupRows,
  numberRows,
  roundsData,
  runSimulateJob,
  SimulationRun,
  splitRuns,
  survivalData,
  winRateData,
  workerCount,
  type WorkerLike,
} from './simulate.js';

const R = 'rulesets/ose/';
const paths = ['ose.json', 'overlays/phased-round.json', 'overlays/crossbow-speed.json', 'encounters/skirmish.json'];
const docs: DocText[] = paths.map((p) => ({ path: `ose/${p}`, text: readFileSync(R + p, 'utf8') }));
const A: Variant = {
  ruleset: 'ose/ose.json',
  overlays: ['ose/overlays/phased-round.json', 'ose/overlays/crossbow-speed.json'],
  encounter: 'ose/encounters/skirmish.json',
  seed: 1,
  rolls: {},
  choices: {},
};
const B: Variant = { ...A, overlays: ['ose/overlays/phased-round.json'] };
const core = new Core(browserValidator());

/** The CLI worker's records (interpreter/simulate/worker.ts) for runs from…to − 1. */
function cliRecords(overlays: string[], seed: number, from: number, to: number): CombatRecord[] {
  const program = loadProgram(
    R + 'ose.json',
    overlays.map((o) => R + o),
  );
  const enc = loadEncounter(R + 'encounters/skirmish.json', program);
  const out: CombatRecord[] = [];
  for (let i = from; i < to; i++) out.push(recordOf(run(program, enc, { seed: runSeed(seed, i) }).events));
  return out;
}

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
  it('gives the CLI worker’s records for the same seeds, in chunks, every variant on every index', () => {
    const msgs: SimulateResponse[] = [];
    runSimulateJob(core, { id: 1, type: 'simulate', docs, variants: [A, B], seed: 7, from: 3, to: 15, chunk: 5 }, (r) => msgs.push(r));
    expect(msgs.map((m) => m.phase)).toEqual(['ready', 'chunk', 'chunk', 'chunk', 'done']);
    const ready = msgs[0]!;
    expect(ready.phase === 'ready' && ready.sides.map((s) => s.id)).toEqual(['party', 'bandits']);
    const runs = msgs.flatMap((m) => (m.phase === 'chunk' ? m.runs : []));
    expect(runs.map((r) => r.i)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(runs.map((r) => r.records[0])).toEqual(cliRecords(['overlays/phased-round.json', 'overlays/crossbow-speed.json'], 7, 3, 15));
    expect(runs.map((r) => r.records[1])).toEqual(cliRecords(['overlays/phased-round.json'], 7, 3, 15));
  });
  it('reports bad documents as diagnostics', () => {
    const msgs: SimulateResponse[] = [];
    const broken = docs.map((d) => (d.path.endsWith('crossbow-speed.json') ? { ...d, text: d.text.replace('"version"', '"versio"') } : d));
    runSimulateJob(core, { id: 1, type: 'simulate', docs: broken, variants: [A, B], seed: 1, from: 0, to: 5, chunk: 5 }, (r) =>
      msgs.push(r),
    );
    expect(msgs).toHaveLength(1);
    const m = msgs[0]!;
    expect(m.phase).toBe('error');
    if (m.phase === 'error') expect(m.diagnostics[0]!.file).toBe('ose/overlays/crossbow-speed.json');
  });
});

describe('simulate: the page side', () => {
  it('collects the workers’ records by index: the same aggregates and CSV as the CLI, whatever the number of workers', async () => {
    const names = ['ose + phased-round + crossbow-speed', 'ose + phased-round'];
    const expected = (() => {
      const a = aggregate(
        names[0]!,
        cliRecords(['overlays/phased-round.json', 'overlays/crossbow-speed.json'], 3, 0, 30),
        sideOfSkirmish(),
      );
      const b = aggregate(names[1]!, cliRecords(['overlays/phased-round.json'], 3, 0, 30), sideOfSkirmish());
      return formatCsv([a, b], [compare(a, b)]);
    })();
    for (const workers of [1, 3]) {
      const log = { terminated: 0 };
      const sim = new SimulationRun({
        docs,
        variants: [
          { name: names[0]!, variant: A },
          { name: names[1]!, variant: B },
        ],
        runs: 30,
        seed: 3,
        workers,
        chunk: 4,
        createWorker: () => fakeWorker(log),
      });
      expect(sim.workers).toBe(workers);
      await finished(sim);
      expect(sim.status).toBe('done');
      expect(sim.done).toBe(30);
      expect(sim.csv()).toBe(expected);
      expect(log.terminated).toBe(workers);
      const r = sim.results()!;
      expect(r.comparison!.a).toBe(names[0]);
      expect(r.comparison!.b).toBe(names[1]);
    }
  });

  it('cancel terminates the workers and keeps the runs done so far (paired)', async () => {
    const log = { terminated: 0 };
    const sim = new SimulationRun({
      docs,
      variants: [
        { name: 'A', variant: A },
        { name: 'B', variant: B },
      ],
      runs: 200,
      seed: 1,
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
    expect(r.results.map((x) => x.runs)).toEqual([done, done]);
  });

  it('fails with the worker’s diagnostics', async () => {
    const sim = new SimulationRun({
      docs: docs.slice(0, 2),
      variants: [{ name: 'A', variant: A }],
      runs: 10,
      seed: 1,
      workers: 2,
      createWorker: () => fakeWorker({ terminated: 0 }),
    });
    await finished(sim);
    expect(sim.status).toBe('failed');
    expect(sim.diagnostics[0]!.message).toMatch(/no document/);
    expect(sim.results()).toBeNull();
  });
});

function sideOfSkirmish(): Map<string, string> {
  const enc = JSON.parse(readFileSync(R + 'encounters/skirmish.json', 'utf8')) as {
    sides: Array<{ id: string; combatants: Array<{ id: string }> }>;
  };
  return new Map(enc.sides.flatMap((s) => s.combatants.map((c) => [c.id, s.id] as [string, string])));
}

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
    const rows = numberRows({ runs: 4, results: [a, b], comparison: compare(a, b) });
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
