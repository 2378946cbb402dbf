/**
 * A referee's ruling that does not fit is refused before it is logged (interpreter/session/
 * referee-checks.ts): a stat set to text where it holds a number, an empty or negative amount,
 * a mistyped stat. Before, each was logged and read as 0 (`set ogre hp lots`: the ogre fought on
 * "at 0 hp"; an empty amount box in the editor logged a damage of null).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram } from '../interpreter/pipeline.js';
import { Session } from '../interpreter/session/session.js';
import { SessionError } from '../interpreter/session/pending.js';
import type { Intervention } from '../interpreter/run/host.js';
import { ROOT } from './support/cases.js';

const program = loadProgram(join(ROOT, 'rulesets/d20-srd/d20-srd.json'), []);
const enc = loadEncounter(join(ROOT, 'rulesets/d20-srd/encounters/sample.json'), program);
const fresh = () => new Session(program, enc, { seed: 1, modes: { roll: { sides: { party: 'ask' } } } });
const hpOf = (s: Session, id: string) => s.snapshot().combatants.find((c) => c.id === id)!.stats.hp;

describe('referee rulings are checked before they are logged', () => {
  const refused: Array<[string, Intervention, RegExp]> = [
    ['text for a number stat', { op: 'set', who: 'ogre', stat: 'hp', value: 'lots' }, /hp is a number/],
    ['an empty value (the editor’s empty box)', { op: 'set', who: 'ogre', stat: 'hp', value: '' }, /hp is a number/],
    ['a mistyped stat', { op: 'set', who: 'ogre', stat: 'hpp', value: 3 }, /ogre has no stat "hpp"; its stats are hp, /],
    ['damage of no amount', { op: 'damage', who: 'ogre', amount: null as unknown as number }, /the amount is a number, not null/],
    ['damage of NaN', { op: 'damage', who: 'ogre', amount: Number.NaN }, /the amount is a number/],
    ['negative damage', { op: 'damage', who: 'ogre', amount: -5 }, /0 or more \(heal goes the other way\)/],
    ['damage to a mistyped stat', { op: 'damage', who: 'ogre', amount: 3, stat: 'hitpoints' }, /no stat "hitpoints"/],
    ['damage to a stat that is not a number', { op: 'damage', who: 'ogre', amount: 3, stat: 'damage' }, /ogre's damage is not a number/],
  ];
  for (const [what, iv, message] of refused) {
    it(`refuses ${what}, and logs nothing`, () => {
      const s = fresh();
      expect(() => s.intervene(iv)).toThrow(SessionError);
      expect(() => s.intervene(iv)).toThrow(message);
      expect(s.entries()).toEqual([]);
      expect(hpOf(s, 'ogre')).toBe(70);
    });
  }

  it('takes what fits: a number, a string stat set to text, a stat that is not hp', () => {
    const s = fresh();
    s.intervene({ op: 'damage', who: 'ogre', amount: 5 });
    s.intervene({ op: 'heal', who: 'ogre', amount: 0 });
    s.intervene({ op: 'set', who: 'ogre', stat: 'damage', value: '3d8' });
    s.intervene({ op: 'damage', who: 'ogre', amount: 1, stat: 'armor' });
    expect(hpOf(s, 'ogre')).toBe(65);
    expect(s.entries()).toHaveLength(4);
  });

  it('replays a saved log as it was written (old logs are not checked again)', () => {
    const log = [{ label: 'init.fighter.d20', intervention: { op: 'set', who: 'ogre', stat: 'hp', value: 'lots' } as Intervention }];
    const s = new Session(program, enc, { seed: 1, modes: { roll: { sides: { party: 'ask' } } }, log });
    expect(s.entries()).toEqual(log);
  });
});
