/**
 * Elective order (issue 14, concept 1): the validator's checks of `round.turns.elective`. The
 * order itself is tested by the golden cases of examples/packs/baton (test/example-packs.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateFile, loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { ROOT } from './support/cases.js';

const FILE = join(ROOT, 'examples/packs/baton/rulesets/baton.json');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a ruleset edited as plain JSON
const baton = (): any => JSON.parse(readFileSync(FILE, 'utf8'));
const problems = (rs: unknown) => validateFile(FILE, JSON.stringify(rs, null, 2)).filter((d) => d.severity === 'error');

describe('elective order', () => {
  it('the example validates', () => {
    expect(problems(baton())).toEqual([]);
  });
  it('turns.elective without by "elective" is a located error', () => {
    const rs = baton();
    rs.round.turns.by = 'combatant';
    const [p] = problems(rs);
    expect(p?.pointer).toBe('/round/turns/elective');
    expect(p?.message).toMatch(/set "by": "elective"/);
    expect(p?.line).toBeGreaterThan(1);
  });
  it('a misspelt name in prefer is reported with did-you-mean', () => {
    const rs = baton();
    rs.round.turns.elective.prefer = { '!=': [{ var: 'next.sdie' }, { var: 'actor.side' }] };
    const [p] = problems(rs);
    expect(p?.pointer).toBe('/round/turns/elective/prefer/!=/0/var');
    expect(p?.message).toMatch(/did you mean "side"/);
  });
  it('a default expression naming a candidate is the default choice', () => {
    const rs = baton();
    // The default is always the last candidate in turn order (a foe or a friend).
    rs.round.turns.elective.default = {
      var: [{ cat: ['candidates.', { '-': [{ reduce: [{ var: 'candidates' }, { '+': [{ var: 'accumulator' }, 1] }, 0] }, 1] }, '.id'] }],
    };
    const path = join(ROOT, 'examples/packs/baton/rulesets/elective-default.json');
    const program = loadProgram(path, [], new Map([[path, JSON.stringify(rs)]]));
    const enc = loadEncounter(join(ROOT, 'examples/packs/baton/encounters/bridge.json'), program);
    const events = run(program, enc, { seed: 1, rounds: 1 }).events;
    const decisions = events.filter((e) => e.type === 'decision') as Array<{ options: string[]; chosen: string }>;
    expect(decisions.length).toBeGreaterThan(2);
    for (const d of decisions) expect(d.chosen).toBe(d.options[d.options.length - 1]);
  });
});
