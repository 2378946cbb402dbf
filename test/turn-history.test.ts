/**
 * Turn history in expressions (issue 14, concept 2): `lastActor`, and on every combatant `acted`,
 * `actsThisTurn` and `usedThisTurn` (acts of this turn before the current one, by action tag).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram } from '../interpreter/pipeline.js';
import { Engine } from '../interpreter/run/engine.js';
import { checkNames } from '../interpreter/validate/names.js';
import type { Ruleset } from '../interpreter/model/types.js';
import { ROOT } from './support/cases.js';

const BATON = join(ROOT, 'examples/packs/baton');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a ruleset edited as plain JSON
const baton = (): any => JSON.parse(readFileSync(join(BATON, 'rulesets/baton.json'), 'utf8'));

/** Baton with combatant turns of two phases; each hit deals 1 + the attacks already made this turn. */
function twoAttackTurns(): Ruleset {
  const rs = baton();
  rs.round.turns = { by: 'combatant', order: 'initiative-desc' };
  rs.round.phases = [
    { id: 'first', steps: [{ id: 'act' }] },
    { id: 'second', steps: [{ id: 'act' }] },
  ];
  rs.economy.slots = { action: 2 };
  const hit = (phase: string) => ({
    id: `${phase}-blow`,
    phase,
    tags: ['attack'],
    uses: ['action'],
    effects: [{ op: 'damage', amount: { '+': [1, { var: 'actor.usedThisTurn.attack' }] } }],
  });
  rs.actions = [hit('first'), hit('second')];
  rs.policy = [
    { id: 'a', action: 'first-blow', target: 'weakest-enemy' },
    { id: 'b', action: 'second-blow', target: 'weakest-enemy' },
  ];
  return rs as Ruleset;
}

function engineFor(rs: Ruleset, rounds: number): Engine {
  const path = join(BATON, 'rulesets', 'history-test.json');
  const program = loadProgram(path, [], new Map([[path, JSON.stringify(rs)]]));
  const encPath = join(BATON, 'encounters/bridge.json');
  const enc = loadEncounter(encPath, program);
  return new Engine(program.compiled, enc, { seed: 3, rounds });
}

describe('turn history', () => {
  it('usedThisTurn counts the earlier acts of the turn by tag, and starts again each turn', () => {
    const eng = engineFor(twoAttackTurns(), 1);
    const events = eng.run().events;
    const amounts = events.filter((e) => e.type === 'damage').map((e) => (e as { amount: number }).amount);
    // Six turns of two blows: 1 then 2 in each (a fresh count every turn), unless someone fell.
    expect(amounts.length).toBeGreaterThanOrEqual(10);
    for (let i = 0; i + 1 < amounts.length; i += 2) expect([amounts[i], amounts[i + 1]]).toEqual([1, 2]);
  });

  it('lastActor is who acted last; acted and actsThisTurn say who has acted this round, and how often', () => {
    const eng = engineFor(twoAttackTurns(), 1);
    const events = eng.run().events;
    const acts = events.filter((e) => e.type === 'act');
    const last = (acts[acts.length - 1] as { combatant: string }).combatant;
    expect(eng.lastActor?.id).toBe(last);
    for (const c of eng.cmbs) {
      const mine = acts.filter((a) => (a as { combatant: string }).combatant === c.id).length;
      expect(c.view.actsThisTurn).toBe(mine);
      expect(c.view.acted).toBe(mine > 0 || !c.out);
      expect((c.view.usedThisTurn as Record<string, number>).attack ?? 0).toBe(mine);
    }
  });

  it('a new round: nobody has acted yet, and lastActor carries over', () => {
    const rs = twoAttackTurns();
    // The opening blow of round 2 deals 10 when the one who acted last (in round 1) is of the actor's side.
    (rs.actions[0] as unknown as { effects: unknown[] }).effects = [
      {
        op: 'damage',
        amount: {
          if: [{ and: [{ '==': [{ var: 'round' }, 2] }, { '==': [{ var: 'lastActor.side' }, { var: 'actor.side' }] }] }, 10, 1],
        },
      },
    ];
    const eng = engineFor(rs, 2);
    const events = eng.run().events;
    const r1acts = events.filter((e) => e.type === 'act' && e.round === 1);
    const lastSide = eng.byId.get((r1acts[r1acts.length - 1] as { combatant: string }).combatant)!.side;
    const firstR2 = events.find((e) => e.type === 'damage' && e.round === 2) as { by: string; amount: number };
    expect(firstR2.amount).toBe(eng.byId.get(firstR2.by)!.side === lastSide ? 10 : 1);
  });

  it('the validator knows the history names, and suggests them', () => {
    const rs = baton() as Ruleset;
    (rs.policy[0] as unknown as Record<string, unknown>).when = {
      and: [{ var: 'lastActor.side' }, { var: 'actor.usedThisTurn.attack' }, { var: 'actor.acted' }, { var: 'actor.actsThisTurn' }],
    };
    expect(checkNames(rs)).toEqual([]);
    (rs.policy[0] as unknown as Record<string, unknown>).when = { var: 'lastActr.side' };
    expect(checkNames(rs)[0]?.message).toMatch(/did you mean "lastActor"/);
    (rs.policy[0] as unknown as Record<string, unknown>).when = { var: 'actor.usedThisTrun' };
    expect(checkNames(rs)[0]?.message).toMatch(/did you mean "usedThisTurn"/);
  });
});
