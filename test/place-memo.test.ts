/**
 * The nearest-enemy picker and `engaged` keep the answers they found at one version of the
 * battle line (run/place-memo.ts). Every answer they give, kept or not, must be the answer of a
 * plain scan over everyone at that moment: in the benchmark fight, in every OSE sample, and in
 * a fight of 80 (the sorted battle line answers there).
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { TARGET_PICKERS } from '../interpreter/concepts/targets/index.js';
import { Engine } from '../interpreter/run/engine.js';
import type { Cmb } from '../interpreter/run/types.js';
import { listVariants, ROOT } from './support/cases.js';

/** The nearest standing enemy by a plain scan: the first listed among equally near. */
function scan(eng: Engine, c: Cmb): Cmb | null {
  let best: Cmb | null = null;
  let bestD = Infinity;
  for (const o of eng.cmbs) {
    if (o.side === c.side || o.out) continue;
    const d = Math.abs((c.view.position as number) - (o.view.position as number));
    if (best === null || d < bestD) {
      best = o;
      bestD = d;
    }
  }
  return best;
}

/** Whether a standing enemy stands within reach, by a plain scan. */
const engaged = (eng: Engine, c: Cmb) =>
  eng.cmbs.some((o) => o.side !== c.side && !o.out && Math.abs((o.view.position as number) - (c.view.position as number)) <= eng.rs.reach);

/** Runs `play` with every pick and every `engaged` checked against a scan; how many were asked. */
function checked(play: () => void): number {
  const picker = TARGET_PICKERS['nearest-enemy']!;
  const pick = picker.pick.bind(picker);
  const isEngaged = Engine.prototype.isEngaged;
  let picks = 0;
  const wrong: string[] = [];
  vi.spyOn(picker, 'pick').mockImplementation((eng, c) => {
    const found = pick(eng, c);
    picks++;
    if (found !== scan(eng, c)) wrong.push(`${c.id} in round ${eng.round}`);
    return found;
  });
  vi.spyOn(Engine.prototype, 'isEngaged').mockImplementation(function (this: Engine, c: Cmb) {
    const found = isEngaged.call(this, c);
    picks++;
    if (found !== engaged(this, c)) wrong.push(`${c.id} engaged in round ${this.round}`);
    return found;
  });
  try {
    play();
  } finally {
    vi.restoreAllMocks();
  }
  expect(wrong).toEqual([]);
  return picks;
}

function fight(n: number) {
  const program = loadProgram(join(ROOT, 'rulesets/ose/ose.json'));
  const side = (id: string, at: number) => ({
    id,
    combatants: Array.from({ length: n / 2 }, (_, i) => ({
      id: `${id}${i}`,
      stats: { hp: 4 + (i % 5), position: at + (i % 7) * 5, speed: 30 + (i % 3) * 10 },
      tags: i % 4 === 0 ? ['missile'] : ['one-handed'],
    })),
  });
  const enc = { kind: 'encounter', id: `crowd-${n}`, name: 'Crowd', ruleset: 'ose', sides: [side('west', 0), side('east', 90)] };
  return { program, enc: loadEncounter(join(ROOT, `crowd-${n}.json`), program, JSON.stringify(enc)) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('nearest enemy and engaged: kept answers are the scan’s answers', () => {
  it('in the benchmark fight and every OSE sample', () => {
    const program = loadProgram(
      join(ROOT, 'rulesets/ose/ose.json'),
      ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`)),
    );
    const enc = loadEncounter(join(ROOT, 'bench/encounters/ose-phased-6v6.json'), program);
    let picks = checked(() => {
      for (let seed = 1; seed <= 20; seed++) run(program, enc, { seed });
    });
    for (const v of listVariants().filter((x) => x.ruleset.includes('/ose/'))) {
      const p = loadProgram(
        join(ROOT, v.ruleset),
        v.overlays.map((o) => join(ROOT, o)),
      );
      const e = loadEncounter(join(ROOT, v.encounter), p);
      picks += checked(() => {
        for (let seed = 1; seed <= 3; seed++) run(p, e, { seed });
      });
    }
    expect(picks).toBeGreaterThan(1000);
  });

  it('in a fight of 80, two runs interleaved', () => {
    const { program, enc } = fight(80);
    const small = fight(10);
    const picks = checked(() => {
      for (let seed = 1; seed <= 3; seed++) {
        run(program, enc, { seed, rounds: 3 });
        run(small.program, small.enc, { seed, rounds: 3 });
      }
    });
    expect(picks).toBeGreaterThan(100);
  });
});
