// Embedding Phasebook: play a combat, asking the user for every roll. node examples/ask-rolls.mjs <ruleset> <encounter>
import { createInterface } from 'node:readline';
import { formatTimeline, loadEncounter, loadProgram, openSession } from 'phasebook/node';

const [rulesetFile, encounterFile] = process.argv.slice(2);
const program = loadProgram(rulesetFile);
const encounter = loadEncounter(encounterFile, program);
// Every roll is asked; declarations and decisions follow the ruleset's default policy.
const session = openSession(program, encounter, { seed: 1, modes: { roll: { default: 'ask' } } });
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
while (session.pending) {
  const { label, notation, why, who } = session.pending;
  process.stdout.write(`${who?.combatant ?? who?.side ?? 'referee'} rolls ${why} (${notation}) [${label}]: `);
  const { value, done } = await lines.next();
  try {
    session.answer(done || value.trim() === '' ? 'roll' : value.trim());
  } catch (err) {
    console.log(`\n${err.message}`); // dice the notation cannot show: asked again
  }
}
console.log(`\n${formatTimeline(session.events)}`);
