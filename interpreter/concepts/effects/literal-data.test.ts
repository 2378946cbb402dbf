/**
 * `damage`, `heal` and `set` with literal amounts, values and round counts do not make the act's
 * data (stat-change.ts, set.ts): the trace is the one the same values give written as
 * expressions, which read it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run } from '../../pipeline.js';

const ROOT = join(import.meta.dirname, '../../..');
const MINI = join(ROOT, 'test/fixtures/bad/mini.json');
const ENC = join(ROOT, 'test/fixtures/bad/mini-encounter.json');

/** The trace of the mini ruleset whose `hit` runs `effects` (hp 5 for everyone). */
function traceWith(effects: unknown[]): string {
  const doc = JSON.parse(readFileSync(MINI, 'utf8')) as Record<string, unknown> & {
    actions: Array<Record<string, unknown>>;
    combatant: { stats: Record<string, unknown> };
  };
  doc.actions[0]!.effects = effects;
  doc.combatant.stats.hp = { description: 'Hit points.', default: 5 };
  doc.combatant.stats.guard = { description: 'A flag.', default: false };
  const program = loadProgram(MINI, [], new Map([[MINI, JSON.stringify(doc)]]));
  const enc = loadEncounter(ENC, program);
  return JSON.stringify(run(program, enc, { seed: 7 }).events);
}

/** `x` written as an expression that gives x when it reads the act's data (the actor's hp, never 0 as it acts). */
const computed = (x: unknown): unknown => ({ if: [{ var: 'actor.hp' }, x, 'no data'] });

describe('literal amounts and values', () => {
  it('give the trace the same values give computed', () => {
    const cases: Array<(w: (x: unknown) => unknown) => unknown[]> = [
      (w) => [{ op: 'damage', amount: w(2) }],
      (w) => [
        { op: 'damage', to: 'self', amount: w(1) },
        { op: 'damage', amount: w(3) },
      ],
      (w) => [
        { op: 'heal', to: 'self', amount: w(1) },
        { op: 'damage', amount: w(2) },
      ],
      (w) => [
        { op: 'set', key: 'guard', value: w(true), until: { rounds: w(1), endsAt: 'round-end' } },
        { op: 'damage', amount: w(1) },
      ],
      (w) => [
        { op: 'set', on: 'target', key: 'hp', value: w(1) },
        { op: 'damage', amount: w(1) },
      ],
    ];
    for (const make of cases) {
      const literal = traceWith(make((x) => x));
      expect(literal).toBe(traceWith(make(computed)));
      expect(literal).toContain('"type":"damage"');
    }
  });
});
