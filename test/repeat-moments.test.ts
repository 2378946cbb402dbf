/**
 * Bounded repetition (round.repeat, issue 14 concept 5) and side and encounter state with
 * moments (state, moments, the state effect; concept 6), on the initiative-passes example.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PhasebookError } from '../interpreter/diagnostics.js';
import type { Ruleset } from '../interpreter/model/types.js';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import type { TraceEvent } from '../interpreter/trace/events.js';
import { checkState } from '../interpreter/validate/state.js';

const ROOT = join(import.meta.dirname, '..');
const PACK = join(ROOT, 'examples/packs/initiative-passes');
const DIR = mkdtempSync(join(tmpdir(), 'pb-repeat-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));
let n = 0;
const write = (doc: unknown): string => {
  const f = join(DIR, `doc-${++n}.json`);
  writeFileSync(f, JSON.stringify(doc, null, 2));
  return f;
};
/**
 * The pack's ruleset with a pass counter kept in encounter state by moments (the pack itself
 * reads the built-in `pass` now; these tests are about state and moments).
 */
const passes = (): Ruleset => {
  const rs = JSON.parse(readFileSync(join(PACK, 'rulesets/initiative-passes.json'), 'utf8')) as Ruleset;
  rs.state = { encounter: { pass: { description: 'The pass being played this round, from 1.', default: 1 } } };
  rs.moments = [
    { id: 'first-pass', at: 'round-start', for: 'encounter', effects: [{ op: 'state', of: 'encounter', key: 'pass', value: 1 }] },
    ...(rs.moments ?? []),
    { id: 'next-pass', at: { phaseEnd: 'pass' }, for: 'encounter', effects: [{ op: 'state', of: 'encounter', key: 'pass', add: 1 }] },
  ];
  return rs;
};
const ENC = join(PACK, 'cases/fast-acts-in-later-passes/encounter.json');
const PINS = { 'r1.init.operative.dice': '13', 'r1.init.partner.dice': '3', 'r1.init.guard.dice': '2' };
function events(rs: Ruleset, rolls: Record<string, string> = PINS, rounds = 1): TraceEvent[] {
  const program = loadProgram(write(rs));
  return run(program, loadEncounter(ENC, program), { seed: 1, rounds, rolls: new Map(Object.entries(rolls)) }).events;
}
const failure = (f: () => unknown): PhasebookError => {
  try {
    f();
  } catch (e) {
    if (e instanceof PhasebookError) return e;
    throw e;
  }
  throw new Error('expected a PhasebookError');
};

describe('round.repeat', () => {
  it('plays the phases again while the condition holds, refilling the slots', () => {
    const ev = events(passes());
    expect(ev.filter((e) => e.type === 'repeat').map((e) => (e as { count: number }).count)).toEqual([2, 3]);
    // The operative acts in every pass: its slot came back each time.
    expect(ev.filter((e) => e.type === 'act' && e.combatant === 'operative')).toHaveLength(3);
  });

  it('without refresh, a spent slot stays spent: the later passes are empty', () => {
    const rs = passes();
    delete rs.round.repeat!.refresh;
    const ev = events(rs);
    expect(ev.filter((e) => e.type === 'act' && e.combatant === 'operative')).toHaveLength(1);
  });

  it('is bounded by limits.repeats, with a warning', () => {
    const rs = passes();
    rs.round.repeat!.while = true;
    rs.limits = { rounds: 1, repeats: 4 };
    const ev = events(rs);
    expect(ev.filter((e) => e.type === 'repeat')).toHaveLength(4);
    expect(ev.filter((e) => e.type === 'warning').map((e) => (e as { message: string }).message)).toEqual([
      'phases pass…pass repeated 4 times this turn (limits.repeats); the turn goes on',
    ]);
  });

  it('an unknown phase is a located error with did you mean', () => {
    const rs = passes();
    rs.round.repeat!.phases = ['pas'];
    const err = failure(() => loadProgram(write(rs)));
    expect(err.diagnostics[0]!.pointer).toBe('/round/repeat/phases/0');
    expect(err.diagnostics[0]!.message).toBe('unknown phase "pas"; did you mean "pass"?');
  });

  it('the repeated phases must follow each other', () => {
    const rs = passes();
    rs.round.phases.push({ id: 'second', steps: [{ id: 's' }] }, { id: 'third', steps: [{ id: 't' }] });
    rs.round.repeat!.phases = ['pass', 'third'];
    expect(failure(() => loadProgram(write(rs))).diagnostics[0]!.message).toMatch(/must follow each other/);
  });
});

describe('moments and state', () => {
  it('a moment "for": "each" runs once for every standing combatant at the phase end, with no act', () => {
    const ev = events(passes());
    const adjusted = ev.filter((e) => e.type === 'initiative' && e.adjusted === -10);
    expect(adjusted).toHaveLength(9); // three combatants, three passes
    expect(ev.filter((e) => e.type === 'act')).toHaveLength(5);
  });

  it('encounter state is read by expressions and changed by moments', () => {
    // End the fight as soon as the third pass begins: the counter must have reached 3.
    const rs = passes();
    rs.end.unshift({
      id: 'third-pass',
      description: 'Stop at pass 3.',
      when: { '>=': [{ var: 'encounter.pass' }, 3] },
      winner: null,
      reason: 'third pass',
    });
    const ev = events(rs);
    expect(ev.at(-1)).toMatchObject({ type: 'combat.end', reason: 'third pass' });
    // The check happens at the round's end: all three passes were played.
    expect(ev.filter((e) => e.type === 'repeat')).toHaveLength(2);
  });

  it('the built-in pass is the pass being played: 1, 2, 3', () => {
    const rs = passes();
    rs.state = { encounter: { seen: { description: 'Passes seen, as `pass` says.', default: '' } } };
    rs.moments = [
      ...rs.moments!.filter((m) => m.id === 'pass-over'),
      {
        id: 'log',
        at: { phaseEnd: 'pass' },
        for: 'encounter',
        effects: [{ op: 'state', of: 'encounter', key: 'seen', value: { cat: [{ var: 'encounter.seen' }, { var: 'pass' }] } }],
      },
    ];
    rs.end.unshift({
      id: 'seen',
      description: 'Three passes seen.',
      when: { '==': [{ var: 'encounter.seen' }, '123'] },
      winner: null,
      reason: 'three passes',
    });
    const ev = events(rs);
    expect(ev.at(-1)).toMatchObject({ type: 'combat.end', reason: 'three passes' });
  });

  it('side state starts at its default and a "side" moment changes each side once', () => {
    const rs = passes();
    rs.state = { ...rs.state, side: { morale: { description: 'Morale.', default: 5 } } };
    rs.moments!.push({ id: 'waver', at: 'round-end', for: 'side', effects: [{ op: 'state', of: 'side', key: 'morale', add: -1 }] });
    rs.end.unshift({
      id: 'broken',
      description: 'Morale 3.',
      when: { and: [{ '==': [{ var: 'sides.team.state.morale' }, 3] }, { '==': [{ var: 'sides.guards.state.morale' }, 3] }] },
      winner: null,
      reason: 'morale',
    });
    const ev = events(rs, PINS, 5);
    expect(ev.at(-1)).toMatchObject({ type: 'combat.end', reason: 'morale', round: 2 });
  });

  it('unknown state keys are located errors with did you mean', () => {
    const rs = passes();
    rs.state = { ...rs.state, side: { morale: { description: 'Morale.' } } };
    rs.policy[0]!.when = { and: [{ var: 'encounter.pas' }, { var: 'sides.team.state.moral' }] };
    rs.moments!.push({ id: 'x', at: 'round-end', for: 'side', effects: [{ op: 'state', of: 'encounter', key: 'passes', value: 1 }] });
    expect(checkState(rs)).toEqual([
      { pointer: '/policy/0/when/and/0/var', message: 'unknown encounter value "pas"; did you mean "pass"?' },
      { pointer: '/policy/0/when/and/1/var', message: 'unknown side value "moral"; did you mean "morale"?' },
      { pointer: '/moments/3/effects/0/key', message: 'unknown encounter value "passes"; did you mean "pass"?' },
    ]);
  });

  it('a moment at the end of an unknown phase is a located error', () => {
    const rs = passes();
    rs.moments![1]!.at = { phaseEnd: 'passs' };
    const err = failure(() => loadProgram(write(rs)));
    expect([err.diagnostics[0]!.pointer, err.diagnostics[0]!.message]).toEqual([
      '/moments/1/at/phaseEnd',
      'unknown phase "passs"; did you mean "pass"?',
    ]);
  });
});

describe('the repeat effect', () => {
  const mini = (): Ruleset => JSON.parse(readFileSync(join(ROOT, 'test/fixtures/bad/mini.json'), 'utf8')) as Ruleset;
  const MINI_ENC = write({
    kind: 'encounter',
    id: 'tough-duel',
    name: 'Tough duel',
    ruleset: 'mini',
    sides: [
      { id: 'red', combatants: [{ id: 'ann', stats: { hp: 100 } }] },
      { id: 'blue', combatants: [{ id: 'bob', stats: { hp: 100 } }] },
    ],
  });
  /** mini.json whose hit is an exploding d6: roll again while it shows 6, each roll dealt as damage. */
  function exploding(): Ruleset {
    const rs = mini();
    rs.actions[0]!.effects = [
      {
        op: 'repeat',
        effects: [
          { op: 'roll', dice: '1d6', as: 'd', label: 'boom' },
          { op: 'damage', amount: { var: 'local.d.total' } },
        ],
        until: { '<': [{ var: 'local.d.total' }, 6] },
      },
    ];
    return rs;
  }
  const run1 = (rs: Ruleset, rolls: Record<string, string>) => {
    const program = loadProgram(write(rs));
    return run(program, loadEncounter(MINI_ENC, program), { seed: 1, rounds: 1, rolls: new Map(Object.entries(rolls)) }).events;
  };

  it('repeats until the condition holds: 6, 6, then 2 deals three times', () => {
    const ev = run1(exploding(), { 'r1.ann.hit.boom': '6', 'r1.ann.hit.boom#2': '6', 'r1.ann.hit.boom#3': '2', 'r1.bob.hit.boom': '3' });
    const byAnn = ev.filter((e) => e.type === 'damage' && e.by === 'ann').map((e) => (e as { amount: number }).amount);
    expect(byAnn).toEqual([6, 6, 2]);
    const byBob = ev.filter((e) => e.type === 'damage' && e.by === 'bob').map((e) => (e as { amount: number }).amount);
    expect(byBob).toEqual([3]);
  });

  it('is bounded by limits.repeats, with a warning', () => {
    const rs = exploding();
    rs.limits = { repeats: 3 };
    const sixes = Object.fromEntries(
      ['', '#2', '#3', '#4'].flatMap((k) => [
        [`r1.ann.hit.boom${k}`, '6'],
        [`r1.bob.hit.boom${k}`, '6'],
      ]),
    );
    const ev = run1(rs, sixes);
    expect(ev.filter((e) => e.type === 'damage' && e.by === 'ann')).toHaveLength(3);
    const warnings = ev.filter((e) => e.type === 'warning').map((e) => (e as { message: string }).message);
    expect(warnings).toContain('/actions/0/effects/0: repeated 3 times and "until" never held (limits.repeats); the act goes on');
  });
});
