/** Scenes the movement tests share, built from the shipped rulesets. */
import { join } from 'node:path';
import { loadEncounter, loadProgram } from '../../interpreter/pipeline.js';
import { ROOT } from './cases.js';

/** Fighters advancing at three speeds on archers who lurk (OSE's lurking overlay: a `during` move trigger). */
export function lurkers() {
  const program = loadProgram(
    join(ROOT, 'rulesets/ose/ose.json'),
    ['phased-round', 'lurking'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`)),
  );
  const south = [];
  const north = [];
  const script = [];
  for (let i = 0; i < 8; i++)
    south.push({ id: `f${i}`, stats: { hp: 30, position: 60 + 7 * i, speed: 40 + (i % 3) * 10 }, tags: ['one-handed'] });
  for (let i = 0; i < 6; i++) {
    north.push({ id: `a${i}`, stats: { hp: 20, range: 50, position: -(i % 4) * 5 }, tags: ['missile'] });
    script.push({ round: 1, combatant: `a${i}`, action: 'lurk' }, { round: 2, combatant: `a${i}`, action: 'lurk' });
  }
  const enc = {
    kind: 'encounter',
    id: 'lurkers',
    name: 'Lurkers',
    ruleset: 'ose',
    sides: [
      { id: 'south', combatants: south },
      { id: 'north', combatants: north },
    ],
    script,
  };
  return { program, enc: loadEncounter(join(ROOT, 'lurkers.json'), program, JSON.stringify(enc)) };
}
