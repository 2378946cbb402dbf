/**
 * Action-point turns (issue 14, concept 3): the validator's checks of `cost`, `economy.counts`
 * and `economy.refresh`, and the repetition bound of `round.declare.repeat`. The mechanics
 * themselves are the golden cases of examples/packs/tempo (test/example-packs.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run, validateFile } from '../interpreter/pipeline.js';
import { ROOT } from './support/cases.js';

const FILE = join(ROOT, 'examples/packs/tempo/rulesets/tempo.json');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a ruleset edited as plain JSON
const tempo = (): any => JSON.parse(readFileSync(FILE, 'utf8'));
const errors = (rs: unknown) => validateFile(FILE, JSON.stringify(rs, null, 2)).filter((d) => d.severity === 'error');

function runWith(rs: unknown, rounds = 1) {
  const path = join(ROOT, 'examples/packs/tempo/rulesets/ap-test.json');
  const program = loadProgram(path, [], new Map([[path, JSON.stringify(rs)]]));
  const enc = loadEncounter(join(ROOT, 'examples/packs/tempo/encounters/den.json'), program);
  return run(program, enc, { seed: 5, rounds }).events;
}

describe('action-point turns', () => {
  it('the example validates', () => {
    expect(errors(tempo())).toEqual([]);
  });
  it('a misspelt slot in cost, counts or refresh is a located error with did-you-mean', () => {
    const rs = tempo();
    rs.actions[1].cost = { acton: 2 };
    rs.economy.counts = { reacton: 1 };
    rs.economy.refresh = { actoin: 'own-turn' };
    const found = errors(rs).map((d) => `${d.pointer} ${d.message}`);
    expect(found).toContain('/actions/1/cost/acton unknown slot "acton"; did you mean "action"?');
    expect(found).toContain('/economy/counts/reacton unknown slot "reacton"; did you mean "reaction"?');
    expect(found).toContain('/economy/refresh/actoin unknown slot "actoin"; did you mean "action"?');
  });
  it('uses and cost together are an error', () => {
    const rs = tempo();
    rs.actions[1].uses = ['action'];
    expect(errors(rs).map((d) => d.pointer)).toContain('/actions/1/cost');
  });
  it('repeat declares until the slots are spent: three one-action strikes, or a two-action blow and a strike', () => {
    const events = runWith(tempo());
    const declared = (who: string) =>
      events.filter((e) => e.type === 'declare' && e.combatant === who).map((e) => (e as { action: string }).action);
    expect(declared('fighter')).toEqual(['strike', 'strike', 'strike']);
    expect(declared('ogre')).toEqual(['heavy-blow', 'strike']);
  });
  it('without repeat, one declaration per phase; a count of 0 declares nothing', () => {
    const rs = tempo();
    rs.round.declare.repeat = false;
    expect(runWith(rs).filter((e) => e.type === 'declare' && e.combatant === 'fighter')).toHaveLength(1);
    rs.round.declare.repeat = true;
    rs.economy.counts.action = 0;
    expect(runWith(rs).filter((e) => e.type === 'declare' && e.action !== 'delay')).toHaveLength(0);
  });
  it('an action costing no slot cannot make repeat loop: the slots bound it', () => {
    const rs = tempo();
    rs.actions.find((a: { id: string }) => a.id === 'strike').uses = [];
    rs.actions.find((a: { id: string }) => a.id === 'strike').requires = undefined;
    const fighter = runWith(rs).filter((e) => e.type === 'declare' && e.combatant === 'fighter');
    // Free strikes: the repetition stops at the bound (the slots the combatant has), never loops.
    expect(fighter.length).toBeLessThanOrEqual(4);
    expect(fighter.length).toBeGreaterThan(0);
  });
});
