/**
 * run/data-probes.ts: the actor, base and policy probes (and run/cmb-items.ts an item's data), written again in place, must hold at every
 * call what a new actorData / baseData / policy frame's frameData literal would hold: the same keys in the same order, the same
 * values. Checked at every call over every sample under each overlay stack and both benchmark
 * encounters (the probes wrapped for the test, then restored).
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { Engine } from '../interpreter/run/engine.js';
import { CmbItem } from '../interpreter/run/cmb-items.js';
import { listVariants, ROOT } from './support/cases.js';

const proto = Engine.prototype as unknown as Record<string, (...a: unknown[]) => Record<string, unknown>>;
const original = { actorProbe: proto.actorProbe!, baseProbe: proto.baseProbe!, policyProbe: proto.policyProbe! };
const calls = { actorProbe: 0, baseProbe: 0, policyProbe: 0, itemData: 0 };
const itemProto = CmbItem.prototype as unknown as { data: () => Record<string, unknown> };
const itemData = itemProto.data;
const wrong: string[] = [];

/** The same keys in the same order and the same values (`local` and `reaction`: both empty objects, as a policy frame's). */
function same(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const empty = (x: unknown) => typeof x === 'object' && x !== null && Object.keys(x).length === 0;
  return (
    ka.length === kb.length &&
    ka.every((k, i) => k === kb[i] && (k === 'local' || k === 'reaction' ? empty(a[k]) && empty(b[k]) : Object.is(a[k], b[k])))
  );
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
proto.policyProbe = function (this: Engine, c: unknown, target: unknown, action: unknown) {
  calls.policyProbe++;
  const p = original.policyProbe.call(this, c, target, action);
  const { lastFrame, lastFrameData } = this;
  const fresh = this.frameData({ actor: c, target, action, local: {}, reaction: {}, defer: null, prefix: '', depth: 0 } as Parameters<
    Engine['frameData']
  >[0]);
  this.lastFrame = lastFrame;
  this.lastFrameData = lastFrameData;
  if (!same(p, fresh)) wrong.push(`policyProbe round ${this.round} phase ${this.phase}`);
  return p;
};
itemProto.data = function (this: CmbItem) {
  calls.itemData++;
  const p = itemData.call(this);
  const eng = (this as unknown as { eng: Engine }).eng;
  if (!same(p, eng.actData(this.c.view, null, null))) wrong.push(`CmbItem.data round ${eng.round} phase ${eng.phase}`);
  return p;
};
afterAll(() => {
  itemProto.data = itemData;
  proto.actorProbe = original.actorProbe;
  proto.baseProbe = original.baseProbe;
  proto.policyProbe = original.policyProbe;
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
    expect(calls.policyProbe).toBeGreaterThan(1000);
    expect(calls.itemData).toBeGreaterThan(1000);
  });
});
