import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProgram } from '../pipeline.js';
import type { Ruleset } from '../model/types.js';
import type { ResolvedRuleset } from '../resolve/overlays.js';
import { compileRuleset } from './ruleset.js';

const RULESET = join(import.meta.dirname, '..', '..', 'rulesets', 'd20-srd', 'd20-srd.json');

/** The shipped ruleset with `edit` applied to a copy of its definition, compiled again. */
function compiledWith(edit: (def: Ruleset) => void) {
  const { resolved } = loadProgram(RULESET);
  const ruleset = structuredClone(resolved.ruleset);
  edit(ruleset);
  return compileRuleset({ ...resolved, ruleset } as ResolvedRuleset);
}

describe('roll-free evaluation order of triggers and fallen turns', () => {
  it('reads a trigger`s roll-free `when` first, unless the limit, `when` or `requires` can roll, or the reaction is a decision', () => {
    const plain = compiledWith(() => {});
    expect(plain.triggers.map((t) => t.whenFirst).every(Boolean)).toBe(true);
    const rollingLimit = compiledWith((d) => {
      d.combatant.derived!.aooPerRound!.expr = { '+': [1, { roll: ['1d2', 'aoo'] }] };
    });
    expect(rollingLimit.triggers[0]!.whenFirst).toBe(false);
    expect(rollingLimit.triggers[1]!.whenFirst).toBe(true);
    const rollingWhen = compiledWith((d) => {
      d.triggers![1]!.when = { '>': [{ roll: ['1d6', 'nerve'] }, 3] };
    });
    expect(rollingWhen.triggers[1]!.whenFirst).toBe(false);
    const decided = compiledWith((d) => {
      d.triggers![0]!.decide = true;
    });
    expect(decided.triggers[0]!.whenFirst).toBe(false);
  });

  it('asks last whether a fallen combatant needs a turn only when no such select can roll', () => {
    expect(compiledWith(() => {}).outTurnRollFree).toBe(true);
    const rolling = compiledWith((d) => {
      d.round.phases[0]!.steps[0]!.select = { '>': [{ roll: ['1d20', 'bleed'] }, 10] };
    });
    expect(rolling.outTurnRollFree).toBe(false);
  });
});
