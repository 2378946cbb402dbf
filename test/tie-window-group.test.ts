/**
 * A lone act inside a tied contested step-in (the hold mode `contested`): the holder's resumed
 * act is a group of one, played when nobody holds any more, and must still join the tie's
 * simultaneous group (the same group id as the act it stepped in against). Neither the safety
 * net nor the golden cases notice if it does not (a shortcut for groups of one that skipped the
 * open tie window passed both).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { ROOT } from './support/cases.js';
import { contestEncounter } from './support/scenes.js';

const RS = join(ROOT, 'examples/packs/dealt-initiative/rulesets/dealt-initiative.json');
const ENC = join(ROOT, 'examples/packs/dealt-initiative/encounters/contest.json');
const enc = contestEncounter;

describe('a group of one act in a tied step-in', () => {
  it('a tied step-in: the holder, alone in its group and with no one holding any more, acts in the tie`s group', () => {
    const program = loadProgram(RS);
    const encounter = loadEncounter(ENC, program, JSON.stringify(enc));
    const events = run(program, encounter, {
      seed: 1,
      rounds: 1,
      choices: new Map([
        ['r1.deal.action.sniper', 'AS'],
        ['r1.deal.action.boss', 'KS'],
        ['r1.deal.action.thug', '2C'],
      ]),
      rolls: new Map([
        ['r1.sniper.step-in.boss', '3'],
        ['r1.boss.step-in.sniper', '3'],
      ]),
    }).events;
    const acts = events.flatMap((e) => (e.type === 'act' && e.action === 'attack' ? [[e.combatant, e.group ?? null]] : []));
    expect(acts).toEqual([
      ['sniper', 'g1'],
      ['boss', 'g1'],
      ['thug', null],
    ]);
  });
});
