/**
 * Streamed aggregates, curves and the divergence finder, in process (no worker threads): the
 * statistics kept per run give the figures the raw values give, in any order and split any way;
 * the curves agree with the records; the first parting event of two variants is blamed on the
 * right overlay change.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { summarize, runSeed } from '../interpreter/simulate/stats.js';
import { Tally } from '../interpreter/simulate/tally.js';
import { Accumulator } from '../interpreter/simulate/accumulator.js';
import { aggregate } from '../interpreter/simulate/aggregate.js';
import { recordOf, type CombatRecord } from '../interpreter/simulate/record.js';
import { curveOf, curveStatOf, startingValues, type RunCurve } from '../interpreter/simulate/curves.js';
import { diverge } from '../interpreter/simulate/divergence.js';
import { applyPatch, parseSweep } from '../interpreter/simulate/sweep.js';
import { ROOT } from './support/cases.js';

const R = (p: string) => join(ROOT, p);
const OSE = R('rulesets/ose/ose.json');
const SKIRMISH = R('rulesets/ose/encounters/skirmish.json');
const PHASED = R('rulesets/ose/overlays/phased-round.json');
const CROSSBOW = R('rulesets/ose/overlays/crossbow-speed.json');

describe('a tally summarises like the raw values', () => {
  it('mean, median, 90th percentile, min, max and histogram are exact; the sd agrees to rounding', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 60 }), { minLength: 1, maxLength: 300 }), (values) => {
        const t = new Tally();
        for (const v of values) t.add(v);
        const a = t.summary();
        const b = summarize(values);
        expect({ ...a, sd: 0, meanInterval: 0 }).toEqual({ ...b, sd: 0, meanInterval: 0 });
        expect(a.sd).toBeCloseTo(b.sd, 9);
      }),
    );
  });
  it('merging tallies of any split gives the same summary, bit for bit', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 2, maxLength: 200 }), fc.nat(), (values, cut) => {
        const k = 1 + (cut % (values.length - 1));
        const whole = new Tally();
        values.forEach((v) => whole.add(v));
        const left = new Tally();
        const right = new Tally();
        values.slice(k).forEach((v) => right.add(v));
        values.slice(0, k).forEach((v) => left.add(v));
        right.merge(left);
        expect(JSON.stringify(right.summary())).toBe(JSON.stringify(whole.summary()));
      }),
    );
  });
});

function runs(
  n: number,
  overlays = [PHASED],
): { records: CombatRecord[]; curves: RunCurve[]; sideOf: Array<[string, string]>; start: Map<string, number> } {
  const program = loadProgram(OSE, overlays);
  const enc = loadEncounter(SKIRMISH, program);
  const stat = curveStatOf(program.resolved.ruleset);
  const start = startingValues(program.resolved.ruleset, enc, stat);
  const records: CombatRecord[] = [];
  const curves: RunCurve[] = [];
  for (let i = 0; i < n; i++) {
    const events = run(program, enc, { seed: runSeed(5, i) }).events;
    records.push(recordOf(events));
    curves.push(curveOf(events, start, stat));
  }
  return { records, curves, sideOf: enc.sides.flatMap((s) => s.combatants.map((c) => [c.id, s.id] as [string, string])), start };
}

describe('accumulators', () => {
  const data = runs(40);
  it('shards folded in any order and merged give the report of one pass, byte for byte', () => {
    const opts = { examples: 2, curves: true, stat: 'hp' };
    const one = new Accumulator('v', data.sideOf, opts);
    data.records.forEach((r, i) => one.add(i, r, data.curves[i]));
    const parts = [
      new Accumulator('v', data.sideOf, opts),
      new Accumulator('v', data.sideOf, opts),
      new Accumulator('v', data.sideOf, opts),
    ];
    // Reverse order within each part, parts merged out of order, through JSON as shards are.
    for (let i = data.records.length - 1; i >= 0; i--) parts[i % 3]!.add(i, data.records[i]!, data.curves[i]);
    const back = parts.map((p) => Accumulator.fromJSON(JSON.parse(JSON.stringify(p.toJSON()))));
    const merged = back[2]!;
    merged.merge(back[0]!);
    merged.merge(back[1]!);
    expect(JSON.stringify(merged.result())).toBe(JSON.stringify(one.result()));
    expect(JSON.stringify(merged.curves())).toBe(JSON.stringify(one.curves()));
    expect(merged.exampleList(5)).toEqual(one.exampleList(5));
  });
  it("the editor's aggregate of kept records is the streamed one", () => {
    const acc = new Accumulator('v', data.sideOf, { examples: 0, curves: false });
    data.records.forEach((r, i) => acc.add(i, r));
    expect(aggregate('v', data.records, new Map(data.sideOf))).toEqual(acc.result());
    const wins = data.records.filter((r) => r.winner === 'party').length;
    expect(acc.result().sides.party!.wins).toBe(wins);
  });
  it('examples are the first runs of each outcome, and their seeds replay that outcome', () => {
    const acc = new Accumulator('v', data.sideOf, { examples: 3, curves: false });
    data.records.forEach((r, i) => acc.add(i, r));
    const program = loadProgram(OSE, [PHASED]);
    const enc = loadEncounter(SKIRMISH, program);
    for (const e of acc.exampleList(5)) {
      const expected = data.records
        .map((r, i) => ({ r, i }))
        .filter(({ r }) => r.winner === e.winner && (e.round === null || r.rounds === e.round));
      expect(e.runs.map((x) => x.run)).toEqual(expected.slice(0, 3).map((x) => x.i));
      for (const x of e.runs) {
        const end = run(program, enc, { seed: x.seed }).events.at(-1)!;
        if (end.type !== 'combat.end') throw new Error(`the last event is ${end.type}, not combat.end`);
        expect(end.winner ?? null).toBe(e.winner);
        if (e.round !== null) expect(end.round).toBe(e.round);
      }
    }
  });
});

describe('curves by round', () => {
  const data = runs(30);
  const acc = new Accumulator('v', data.sideOf, { examples: 0, curves: true, stat: 'hp' });
  data.records.forEach((r, i) => acc.add(i, r, data.curves[i]));
  const curves = acc.curves()!;
  it('the main stat is the one the out condition reads (OSE: hp)', () => {
    expect(curveStatOf(loadProgram(OSE).resolved.ruleset)).toBe('hp');
  });
  it('start full, never rise (nobody stands up again), and end at the survivors of the records', () => {
    for (const c of curves) {
      const members = data.sideOf.filter(([, s]) => s === c.side).map(([id]) => id);
      expect(c.points[0]!.survival.estimate).toBe(1);
      expect(c.points[0]!.value.estimate).toBe(members.reduce((t, id) => t + data.start.get(id)!, 0));
      for (let r = 1; r < c.points.length; r++)
        expect(c.points[r]!.standing.estimate).toBeLessThanOrEqual(c.points[r - 1]!.standing.estimate);
      const survivors = data.records.reduce((t, rec) => t + members.filter((id) => rec.survived[id]).length, 0) / data.records.length;
      expect(c.points.at(-1)!.standing.estimate).toBeCloseTo(survivors, 12);
      expect(c.points.length).toBe(Math.max(...data.records.map((r) => r.rounds)) + 1);
    }
  });
  it('per run: a side with nobody standing has no hp left, and the last point is its survivors', () => {
    data.curves.forEach((curve, i) => {
      curve.standing.forEach((st, k) => {
        st.forEach((n, r) => {
          if (n === 0) expect(curve.value[k]![r]).toBe(0);
        });
        const side = ['party', 'bandits'][k]!;
        const survivors = data.sideOf.filter(([id, s]) => s === side && data.records[i]!.survived[id]).length;
        expect(st.at(-1)).toBe(survivors);
        expect(st).toHaveLength(data.records[i]!.rounds + 1);
      });
    });
  });
});

describe('where two variants part', () => {
  // Seed 000: "Poté následují kuše, opět v pořadí iniciativy" — crossbows shoot after the other missiles.
  const a = { name: 'A', ruleset: OSE, overlays: [PHASED], encounter: SKIRMISH, patches: [] };
  const b = { name: 'B', ruleset: OSE, overlays: [PHASED, CROSSBOW], encounter: SKIRMISH, patches: [] };
  const changeLine = (k: number) => {
    // The line of the k-th change's opening brace, read from the text.
    const lines = readFileSync(CROSSBOW, 'utf8').split('\n');
    const ops = lines.map((l, i) => (/"op"\s*:/.test(l) ? i : -1)).filter((i) => i >= 0);
    return ops[k]!; // 0-based line of "op" = 1-based line of the brace above it
  };
  it('names crossbow-speed change 0 (the missiles step no longer takes crossbows), with its line', () => {
    const d = diverge(a, b, 3);
    expect(d.index).not.toBeNull();
    expect(d.a!.step).toBe('missiles');
    expect(d.cause).toMatchObject({
      in: 'b',
      overlay: 'crossbow-speed',
      pointer: '/changes/0',
      op: 'replace',
      path: '/round/phases/missile/steps/missiles/select',
    });
    expect(d.cause!.file).toBe(CROSSBOW);
    expect(d.cause!.line).toBe(changeLine(0));
  });
  it('either way round, and identical variants do not part', () => {
    const d = diverge(b, a, 3);
    expect(d.cause).toMatchObject({ in: 'a', overlay: 'crossbow-speed', pointer: '/changes/0' });
    expect(diverge(a, { ...a, name: 'A again' }, 3).index).toBeNull();
  });
  it('against the book, the first change to bite is one of the phased round, not crossbow speed', () => {
    const d = diverge({ ...a, overlays: [] }, b, 3);
    expect(d.cause).toMatchObject({ in: 'b', overlay: 'phased-round' });
  });
  it('variants that differ beyond their overlays: it says why it names no cause', () => {
    const patches = [{ kind: 'encounter' as const, path: '/sides/party/combatants/fighter/stats/hp', value: 30 }];
    const d = diverge(a, { ...b, patches }, 3);
    expect(d.index).not.toBeNull();
    expect(d.cause).toBeNull();
    expect(d.note).toMatch(/more than their overlays/);
  });
});

describe('sweep targets', () => {
  const enc = JSON.parse(readFileSync(SKIRMISH, 'utf8')) as {
    sides: Array<{ id: string; combatants: Array<{ id: string; name?: string; stats: Record<string, unknown> }> }>;
  };
  it('count: copies a combatant with ids x, x-2, x-3 right after it', () => {
    const s = parseSweep('count:/sides/bandits/combatants/spearman=3');
    const out = applyPatch(enc, { kind: s.kind, path: s.path, value: s.values[0] }, '--sweep') as typeof enc;
    const ids = out.sides[1]!.combatants.map((c) => c.id);
    expect(ids).toEqual(['bowman-1', 'bowman-2', 'crossbowman-1', 'crossbowman-2', 'spearman', 'spearman-2', 'spearman-3', 'leader']);
    expect(enc.sides[1]!.combatants).toHaveLength(6); // the original is untouched
  });
  it('values: ranges with a step, and lists read as JSON or text', () => {
    expect(parseSweep('encounter:/sides/party/combatants/fighter/stats/hp=4..12:4').values).toEqual([4, 8, 12]);
    expect(parseSweep('encounter:/sides/party/combatants/fighter/stats/damage=1d6,1d8,"2"').values).toEqual(['1d6', '1d8', '2']);
    expect(() => parseSweep('encounter:/sides/party/combatants/fighter/stats/hp=')).toThrow(/no value/);
  });
});
