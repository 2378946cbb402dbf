/**
 * The name checks of issue 14 (interpreter/validate/names.ts): what they must catch, and what
 * they must leave alone — loop bodies, `local`, every built-in field, and every shipped ruleset.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkNames, BUILTIN_COMBATANT_FIELDS } from '../interpreter/validate/names.js';
import type { Ruleset } from '../interpreter/model/types.js';

const ROOT = join(import.meta.dirname, '..');
const mini = (): Ruleset => JSON.parse(readFileSync(join(ROOT, 'test/fixtures/bad/mini.json'), 'utf8')) as Ruleset;
const withPolicyWhen = (when: unknown): Ruleset => {
  const rs = mini();
  (rs.policy[0] as unknown as Record<string, unknown>).when = when;
  return rs;
};

describe('checkNames', () => {
  it('leaves every shipped ruleset alone', () => {
    const files = readdirSync(join(ROOT, 'rulesets')).map((d) => join(ROOT, 'rulesets', d, `${d}.json`));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) expect(checkNames(JSON.parse(readFileSync(f, 'utf8')) as Ruleset), f).toEqual([]);
  });

  it('knows every built-in field of a combatant view', () => {
    const any = { or: BUILTIN_COMBATANT_FIELDS.map((f) => ({ var: `target.${f}` })) };
    expect(checkNames(withPolicyWhen(any))).toEqual([]);
  });

  it('does not check loop bodies, which read the element, nor the fields of local', () => {
    const when = {
      and: [
        { some: [{ var: 'everyone' }, { '>': [{ var: 'hp' }, 0] }] },
        { reduce: [{ var: 'everyone' }, { '+': [{ var: 'current.hp' }, { var: 'accumulator' }] }, 0] },
        { var: 'local.anything' },
        { var: 'sides.red.members' },
      ],
    };
    expect(checkNames(withPolicyWhen(when))).toEqual([]);
  });

  it('flags an unknown variable, with a suggestion', () => {
    expect(checkNames(withPolicyWhen({ var: 'evryone' }))).toEqual([
      { pointer: '/policy/0/when/var', message: 'unknown variable "evryone" in "evryone"; did you mean "everyone"?' },
    ]);
  });

  it('flags a misspelt field of any combatant variable, not only actor', () => {
    const [p] = checkNames(withPolicyWhen({ var: 'target.hq' }));
    expect(p).toEqual({ pointer: '/policy/0/when/var', message: 'unknown stat "hq" in "target.hq"; did you mean "hp"?' });
  });

  it('flags a sort-key stat in an ordering written in place', () => {
    const rs = mini();
    rs.round.phases[0]!.steps[0]!.order = { keys: [{ stat: 'hpp' }] } as never;
    expect(checkNames(rs)).toEqual([
      { pointer: '/round/phases/0/steps/0/order/keys/0/stat', message: 'unknown stat "hpp" in a sort key; did you mean "hp"?' },
    ]);
  });
});
