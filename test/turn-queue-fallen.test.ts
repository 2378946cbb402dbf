/**
 * The turn queue leaves unasked a fallen candidate that cannot change who plays next (run/turn-queue.ts,
 * dropFallen): the traces must be those of a queue that asks every fallen candidate before every turn.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import type { Program } from '../interpreter/core.js';
import type { Fn } from '../interpreter/compile/evaluator.js';
import type { CompiledKey } from '../interpreter/compile/ordering.js';
import type { CompiledRuleset } from '../interpreter/compile/types.js';
import { ROOT } from './support/cases.js';

const program = loadProgram(join(ROOT, 'rulesets/d20-srd/d20-srd.json'));

/**
 * The program with every select of a step for the fallen counted, and (`asksAll`) the turn order's
 * first key wrapped in a function of its own: no longer a built-in key, so every fallen candidate
 * is asked before every turn, as before the skip.
 */
function variant(asksAll: boolean): { program: Program; asked: { n: number } } {
  const asked = { n: 0 };
  const rs = program.compiled;
  const count =
    (f: Fn): Fn =>
    (d) => {
      asked.n++;
      return f(d);
    };
  const phases = rs.phases.map((p) => ({
    ...p,
    steps: p.steps.map((s) => (s.perform && s.def.includeOut ? { ...s, select: count(s.select) } : s)),
  }));
  const [k0, ...rest] = rs.turnOrder.keys;
  const first: CompiledKey = asksAll ? (it, env) => k0!(it, env) : k0!;
  const compiled: CompiledRuleset = { ...rs, phases, turnOrder: { ...rs.turnOrder, keys: [first, ...rest] } };
  return { program: { ...program, compiled }, asked };
}

/** Two fighters against a fighter and a dying one tied with it on initiative (a re-rolled tie), and a dead one. */
function tiedWithTheFallen(hpOfFallen: number) {
  const enc = {
    kind: 'encounter',
    id: 'tied-with-the-fallen',
    name: 'Tied with the fallen',
    ruleset: 'd20-srd',
    sides: [
      {
        id: 'a',
        combatants: [
          { id: 'a1', stats: { hp: 30, position: 0 } },
          { id: 'a2', stats: { hp: 30, position: 0 } },
        ],
      },
      {
        id: 'b',
        combatants: [
          { id: 'b1', stats: { hp: 30, position: 100 } },
          { id: 'b2', stats: { hp: hpOfFallen, position: 100 } },
          { id: 'b3', stats: { hp: -12, position: 100 } },
        ],
      },
    ],
    dice: { 'init.a1.d20': 18, 'init.a2.d20': 5, 'init.b1.d20': 10, 'init.b2.d20': 10, 'init.b3.d20': 3 },
  };
  return loadEncounter(join(ROOT, 'tied-with-the-fallen.json'), program, JSON.stringify(enc));
}

describe('fallen candidates of the turn queue', () => {
  it('breaks a tie between a fallen and a standing combatant before the first turn, as a queue asking everyone does', () => {
    const r = run(program, tiedWithTheFallen(-3), { seed: 1, rounds: 1 });
    const at = (pred: (e: (typeof r.events)[number]) => boolean) => r.events.findIndex(pred);
    const tie = at((e) => e.type === 'roll' && (e as { label?: string }).label === 'init.turns.tie.b2');
    const firstTurn = at((e) => e.type === 'turn.start');
    expect(tie).toBeGreaterThan(0);
    expect(tie).toBeLessThan(firstTurn);
  });

  it('gives the same traces as a queue asking every fallen candidate, asking fewer', () => {
    const skipping = variant(false);
    const asking = variant(true);
    const encounters = [tiedWithTheFallen(-3), tiedWithTheFallen(-9), loadEncounter(join(ROOT, 'bench/encounters/d20-4v4.json'), program)];
    for (const enc of encounters) {
      for (let seed = 1; seed <= 40; seed++) {
        const a = run(skipping.program, enc, { seed });
        const b = run(asking.program, enc, { seed });
        expect(JSON.stringify(a.events)).toBe(JSON.stringify(b.events));
      }
    }
    expect(skipping.asked.n).toBeLessThan(asking.asked.n);
  });
});
