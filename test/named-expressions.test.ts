/**
 * Named expressions (issue 14, concept 9): written once under the ruleset's "expressions",
 * used as {"expr": "name"} wherever an expression is accepted. Checked by the validator
 * (unknown names with "did you mean", cycles, derived values), changed by overlays.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PhasebookError } from '../interpreter/diagnostics.js';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { checkNamedExpressions } from '../interpreter/validate/named-expressions.js';
import type { Ruleset } from '../interpreter/model/types.js';

const ROOT = join(import.meta.dirname, '..');
const DIR = mkdtempSync(join(tmpdir(), 'pb-named-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));
const mini = (): Ruleset => JSON.parse(readFileSync(join(ROOT, 'test/fixtures/bad/mini.json'), 'utf8')) as Ruleset;
const ENC = join(ROOT, 'test/fixtures/bad/mini-encounter.json');
let n = 0;
const write = (doc: unknown): string => {
  const f = join(DIR, `doc-${++n}.json`);
  writeFileSync(f, JSON.stringify(doc, null, 2));
  return f;
};
const trace = (rsPath: string, overlays: string[] = []) => {
  const program = loadProgram(rsPath, overlays);
  return run(program, loadEncounter(ENC, program), { seed: 7 }).events;
};
const failure = (f: () => unknown): PhasebookError => {
  try {
    f();
  } catch (e) {
    if (e instanceof PhasebookError) return e;
    throw e;
  }
  throw new Error('expected a PhasebookError');
};

/** mini.json whose hit deals 1 + 1d2 (written inline, or through names). */
const dealt = { '+': [1, { roll: ['1d2', 'extra'] }] };
function withNames(): Ruleset {
  const rs = mini();
  rs.expressions = { 'extra-damage': { roll: ['1d2', 'extra'] }, 'hit-damage': { '+': [1, { expr: 'extra-damage' }] } };
  (rs.actions[0]!.effects![0] as { amount: unknown }).amount = { expr: 'hit-damage' };
  return rs;
}

describe('named expressions', () => {
  it('run exactly as the same expression written in place', () => {
    const inline = mini();
    (inline.actions[0]!.effects![0] as { amount: unknown }).amount = dealt;
    const a = trace(write(inline));
    const b = trace(write(withNames()));
    expect(b).toEqual(a);
    // And the expression did something: some damage is 2 or 3, never the plain 1.
    const amounts = b.filter((e) => e.type === 'damage').map((e) => (e as { amount: number }).amount);
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.every((x) => x === 2 || x === 3)).toBe(true);
  });

  it('follow an overlay that replaces one of them', () => {
    const base = write({ ...withNames(), $schema: undefined });
    const overlay = write({
      kind: 'overlay',
      id: 'flat-extra',
      name: 'Flat extra damage',
      version: '1.0.0',
      extends: 'mini',
      changes: [{ op: 'replace', path: '/expressions/extra-damage', value: 5 }],
    });
    const amounts = trace(base, [overlay])
      .filter((e) => e.type === 'damage')
      .map((e) => (e as { amount: number }).amount);
    expect(amounts.length).toBeGreaterThan(0);
    expect(new Set(amounts)).toEqual(new Set([6]));
  });

  it('an unknown name is a located error with "did you mean"', () => {
    const rs = withNames();
    (rs.actions[0]!.effects![0] as { amount: unknown }).amount = { expr: 'hit-damag' };
    const file = write(rs);
    const err = failure(() => loadProgram(file));
    expect(err.diagnostics).toHaveLength(1);
    const d = err.diagnostics[0]!;
    expect(d.pointer).toBe('/actions/0/effects/0/amount/expr');
    expect(d.message).toBe('unknown named expression "hit-damag"; did you mean "hit-damage"?');
    expect(d.file).toBe(file);
    expect(d.line).toBeGreaterThan(1);
  });

  it('a name far from every other lists the names there are', () => {
    const rs = withNames();
    rs.policy[0]!.when = { expr: 'zzzzzzzz' };
    expect(checkNamedExpressions(rs)).toEqual([
      {
        pointer: '/policy/0/when/expr',
        message: 'unknown named expression "zzzzzzzz"; the named expressions are extra-damage, hit-damage',
      },
    ]);
  });

  it('a body of several keys (a "description" beside the operator) is reported, not read as a plain value', () => {
    const rs = withNames();
    rs.expressions!['extra-damage'] = { description: 'one or two more', roll: ['1d2', 'extra'] };
    expect(checkNamedExpressions(rs)).toEqual([
      {
        pointer: '/expressions/extra-damage',
        message:
          'named expression "extra-damage" is an object of 2 keys (description, roll), not one operator; a named expression is one expression (it has no "description")',
      },
    ]);
    expect(checkNamedExpressions(withNames())).toEqual([]);
  });

  it('a cycle is refused', () => {
    const rs = withNames();
    rs.expressions!['extra-damage'] = { '+': [1, { expr: 'hit-damage' }] };
    const problems = checkNamedExpressions(rs);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(/^named expression "(extra-damage|hit-damage)" uses itself: /);
    expect(problems[0]!.message).toContain('extra-damage → hit-damage');
  });

  it('a named expression reaching another combatant from a derived value is flagged', () => {
    const rs = withNames();
    rs.expressions!['their-hp'] = { var: 'target.hp' };
    rs.combatant.derived = { grit: { description: 'Grit.', expr: { expr: 'their-hp' } } };
    expect(checkNamedExpressions(rs)).toEqual([
      {
        pointer: '/combatant/derived/grit/expr',
        message:
          'derived value "grit" uses named expression "their-hp", which reads "target.hp"; a derived value sees only actor, options, sides, round',
      },
    ]);
  });

  it('the name must be a literal string', () => {
    const rs = withNames();
    rs.policy[0]!.when = { expr: { var: 'round' } };
    const err = failure(() => loadProgram(write(rs)));
    expect(err.diagnostics[0]!.pointer).toBe('/policy/0/when/expr');
    expect(err.diagnostics[0]!.message).toMatch(/must be written as a string/);
  });

  it('the names in a body are checked like any expression', () => {
    const rs = withNames();
    rs.expressions!['hit-damage'] = { '+': [1, { var: 'actor.hq' }] };
    const err = failure(() => loadProgram(write(rs)));
    expect(err.diagnostics.map((d) => [d.pointer, d.message])).toEqual([
      ['/expressions/hit-damage/+/1/var', 'unknown stat "hq" in "actor.hq"; did you mean "hp"?'],
    ]);
  });
});
