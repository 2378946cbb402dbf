/**
 * run/data-probes.ts: the actor and base probes, written again in place, must hold at every call
 * what a new actorData / baseData literal would hold: the same keys in the same order, the same
 * values. Checked at every call over every sample under each overlay stack and both benchmark
 * encounters (the probes wrapped for the test, then restored).
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { Engine } from '../interpreter/run/engine.js';
import { listVariants, ROOT } from './support/cases.js';

const proto = Engine.prototype as unknown as Record<string, (...a: unknown[]) => Record<string, unknown>>;
const original = { actorProbe: proto.actorProbe!, baseProbe: proto.baseProbe! };
const calls = { actorProbe: 0, baseProbe: 0 };
const wrong: string[] = [];

function same(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && Object.is(a[k], b[k]));
}

proto.actorProbe = function (this: Engine, actor: unknown) {
  calls.actorProbe++;
  const p = original.actorProbe.call(this, actor);
  if (!same(p, this.actorData(actor as Record<string, unknown>))) wrong.push(`actorProbe round ${this.round} phase ${this.phase}`);
  return p;
};
proto.baseProbe = function (this: Engine) {
  calls.baseProbe++;
  const p = original.baseProbe.call(this);
  if (!same(p, this.baseData())) wrong.push(`baseProbe round ${this.round} phase ${this.phase}`);
  return p;
};
afterAll(() => {
  proto.actorProbe = original.actorProbe;
  proto.baseProbe = original.baseProbe;
});

describe('data probes hold what new data would', () => {
  it('at every call, in every sample and both benchmark encounters', () => {
    const cases: Array<[string, string[], string]> = listVariants().map((v) => [v.ruleset, v.overlays, v.encounter]);
    cases.push(['rulesets/d20-srd/d20-srd.json', [], 'bench/encounters/d20-4v4.json']);
    cases.push([
      'rulesets/ose/ose.json',
      ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => `rulesets/ose/overlays/${o}.json`),
      'bench/encounters/ose-phased-6v6.json',
    ]);
    for (const [ruleset, overlays, encounter] of cases) {
      const program = loadProgram(
        join(ROOT, ruleset),
        overlays.map((o) => join(ROOT, o)),
      );
      const enc = loadEncounter(join(ROOT, encounter), program);
      for (let seed = 1; seed <= 2; seed++) run(program, enc, { seed });
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(calls.actorProbe).toBeGreaterThan(1000);
    expect(calls.baseProbe).toBeGreaterThan(1000);
  });
});
