/**
 * The session (issue 11 §1): a combat driven input by input, replayed from its log.
 * - With every input automatic, a session gives byte for byte the trace of a plain run
 *   (`runCombat`), for every golden case and every sample encounter.
 * - Answering every asked input with "roll for me" / the default gives the same acts as auto.
 * - Entered dice, declarations, decisions, interventions, undo.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { Session } from '../interpreter/session/session.js';
import type { Modes } from '../interpreter/session/modes.js';
import { toJsonLines } from '../interpreter/trace/events.js';
import { actsOf, listCases, ROOT } from './support/cases.js';

const R = (p: string) => join(ROOT, p);
const toMap = (o?: Record<string, string | number>) => new Map(Object.entries(o ?? {}).map(([k, v]) => [k, String(v)]));

function samples() {
  const out: Array<{ name: string; ruleset: string; encounter: string }> = [];
  for (const id of readdirSync(R('rulesets')).sort()) {
    for (const enc of readdirSync(R(`rulesets/${id}/encounters`))
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      out.push({ name: `${id}/${enc}`, ruleset: R(`rulesets/${id}/${id}.json`), encounter: R(`rulesets/${id}/encounters/${enc}`) });
    }
  }
  return out;
}

const ASK_ALL: Modes = { roll: { default: 'ask' }, decision: { default: 'ask' }, declaration: { default: 'ask' } };

/** Answer every pending input with its default until the combat ends; returns the number of answers. */
function playDefaults(s: Session, limit = 20_000): number {
  let n = 0;
  while (s.pending && n < limit) {
    s.answerDefault();
    n++;
  }
  return n;
}

describe('a session in auto mode is a plain run', () => {
  for (const c of listCases()) {
    it(`golden ${c.name}`, () => {
      const program = loadProgram(R(c.spec.ruleset), (c.spec.with ?? []).map(R));
      const enc = loadEncounter(c.encounterPath, program);
      const opts = {
        seed: c.spec.seed ?? 1,
        rolls: toMap(c.spec.rolls),
        choices: toMap(c.spec.choices),
        ...(c.spec.rounds ? { rounds: c.spec.rounds } : {}),
      };
      const plain = toJsonLines(run(program, enc, opts).events);
      const s = new Session(program, enc, opts);
      expect(s.pending).toBeNull();
      expect(toJsonLines(s.events)).toBe(plain);
    });
  }
  for (const v of samples()) {
    it(`sample ${v.name}, seeds 1-5`, () => {
      const program = loadProgram(v.ruleset);
      const enc = loadEncounter(v.encounter, program);
      for (let seed = 1; seed <= 5; seed++) {
        const s = new Session(program, enc, { seed });
        expect(toJsonLines(s.events)).toBe(toJsonLines(run(program, enc, { seed }).events));
      }
    });
  }
});

/** A log entry no run ever reaches: the session then replays through its host, in auto mode. */
const UNREACHED = { label: 'never.asked', answer: 'roll' } as const;

describe('auto mode without the host (an empty log) and with it give the same session', () => {
  for (const v of samples()) {
    it(`sample ${v.name}, seeds 1-5: trace, result and tracker`, () => {
      const program = loadProgram(v.ruleset);
      const enc = loadEncounter(v.encounter, program);
      for (let seed = 1; seed <= 5; seed++) {
        const fast = new Session(program, enc, { seed });
        const hosted = new Session(program, enc, { seed, log: [UNREACHED] });
        expect(hosted.unreached()).toEqual([UNREACHED]);
        expect(fast.unreached()).toEqual([]);
        expect(toJsonLines(fast.events)).toBe(toJsonLines(hosted.events));
        expect(fast.result).toEqual(hosted.result);
        expect(fast.snapshot()).toEqual(hosted.snapshot());
      }
    });
  }

  it('a pin the situation does not allow: the plain run stops, the session takes the default as with its host', () => {
    const program = loadProgram(R('rulesets/cepheus/cepheus.json'));
    const enc = loadEncounter(R('rulesets/cepheus/encounters/sample.json'), program);
    const choices = new Map([['r1.boss.first-action', 'no-such-option']]);
    expect(() => run(program, enc, { seed: 1, choices })).toThrow(/no-such-option/);
    const fast = new Session(program, enc, { seed: 1, choices });
    const hosted = new Session(program, enc, { seed: 1, choices, log: [UNREACHED] });
    expect(fast.done).toBe(true);
    const decision = fast.events.find((e) => e.type === 'decision' && e.label === 'r1.boss.first-action');
    expect(decision).toMatchObject({ chosen: 'minor', pinned: true });
    expect(toJsonLines(fast.events)).toBe(toJsonLines(hosted.events));
  });
});

describe('asking everything and answering with the defaults gives the acts of auto mode', () => {
  for (const v of samples()) {
    it(v.name, () => {
      const program = loadProgram(v.ruleset);
      const enc = loadEncounter(v.encounter, program);
      // Pins of the encounter are hints in ask mode: answer them as given, so the dice agree.
      const s = new Session(program, enc, { seed: 3, modes: { ...ASK_ALL, roll: { default: 'pinned' } } });
      const answers = playDefaults(s);
      expect(answers).toBeGreaterThan(0);
      expect(s.done).toBe(true);
      const auto = run(program, enc, { seed: 3 });
      expect(actsOf(s.events)).toEqual(actsOf(auto.events));
      expect(s.result!.winner).toBe(auto.winner);
    });
  }
});

describe('driving a d20 combat', () => {
  const program = loadProgram(R('rulesets/d20-srd/d20-srd.json'));
  const enc = loadEncounter(R('rulesets/d20-srd/encounters/sample.json'), program);
  const party: Modes = {
    roll: { sides: { party: 'ask' } },
    declaration: { sides: { party: 'ask' } },
    decision: { sides: { party: 'ask' } },
  };

  it('asks the party for its initiative roll first, with who rolls and the encounter pin as a hint', () => {
    const s = new Session(program, enc, { seed: 1, modes: party });
    const p = s.pending!;
    expect(p).toMatchObject({
      kind: 'roll',
      label: 'init.fighter.d20',
      notation: '1d20',
      who: { combatant: 'fighter', side: 'party' },
      pin: '8',
    });
    expect(p.kind === 'roll' && p.why).toBe('init d20');
  });

  it('uses entered dice, marks them like pins, and undoes them', () => {
    const s = new Session(program, enc, { seed: 1, modes: party });
    expect(() => s.answer('25')).toThrow(/impossible/);
    s.answer('20');
    const roll = s.events.find((e) => e.type === 'roll' && e.label === 'init.fighter.d20');
    expect(roll).toMatchObject({ total: 20, pinned: true });
    expect(s.pending).toMatchObject({ kind: 'roll', label: 'init.rogue.d20' });
    const before = s.events.length;
    expect(s.undo()).toEqual({ label: 'init.fighter.d20', answer: '20' });
    expect(s.pending).toMatchObject({ kind: 'roll', label: 'init.fighter.d20' });
    expect(s.events.length).toBeLessThan(before);
  });

  it('asks a declaration with the actions allowed now and their targets, and plays the answer', () => {
    const s = new Session(program, enc, { seed: 1, modes: { declaration: { combatants: { archer: 'ask' } } } });
    expect(s.pending).toMatchObject({
      kind: 'declaration',
      label: 'r0.delay.declare.archer',
      options: [{ action: 'delay', targets: [null] }],
    });
    s.answer(null);
    expect(s.pending).toMatchObject({ label: 'r0.move.declare.archer' });
    s.answer(null);
    const p = s.pending!;
    expect(p.kind).toBe('declaration');
    if (p.kind !== 'declaration') return;
    expect(p.label).toBe('r0.action.declare.archer');
    const shoot = p.options.find((o) => o.action === 'shoot')!;
    expect(shoot.targets).toEqual(['orc-1', 'orc-2', 'ogre']);
    expect(p.default).toEqual({ action: 'shoot', target: 'orc-1' });
    expect(() => s.answer({ action: 'shoot', target: 'fighter' })).toThrow(/cannot target fighter/);
    s.answer({ action: 'shoot', target: 'ogre' });
    const act = s.events.find((e) => e.type === 'act' && e.combatant === 'archer');
    expect(act).toMatchObject({ action: 'shoot', target: 'ogre' });
    expect(s.events.find((e) => e.type === 'declare' && e.combatant === 'archer')).toMatchObject({ answered: true });
  });

  it('applies a referee intervention at the pending input, logs it, and re-checks the question', () => {
    const s = new Session(program, enc, { seed: 1, modes: { declaration: { combatants: { archer: 'ask' } } } });
    s.answer(null);
    s.answer(null);
    expect(s.pending!.label).toBe('r0.action.declare.archer');
    s.intervene({ op: 'damage', who: 'archer', amount: 100 });
    const iv = s.events.find((e) => e.type === 'intervention');
    expect(iv).toMatchObject({ op: 'damage', target: 'archer', amount: 100, stat: 'hp' });
    expect(s.events.some((e) => e.type === 'down' && e.combatant === 'archer')).toBe(true);
    // The archer is out: its declaration is not asked any more, the combat goes on to its end.
    expect(s.pending).toBeNull();
    expect(s.events.some((e) => e.type === 'act' && e.combatant === 'archer')).toBe(false);
    expect(s.entries()[2]).toEqual({ label: 'r0.action.declare.archer', intervention: { op: 'damage', who: 'archer', amount: 100 } });
    s.undo();
    expect(s.pending!.label).toBe('r0.action.declare.archer');
    expect(() => s.intervene({ op: 'heal', who: 'nobody', amount: 1 })).toThrow(/no combatant "nobody"/);
    expect(s.entries()).toEqual([
      { label: 'r0.delay.declare.archer', answer: null },
      { label: 'r0.move.declare.archer', answer: null },
    ]);
  });

  it('lets a combatant join mid-combat with initiative by the rules, and one flee', () => {
    const s = new Session(program, enc, { seed: 1, modes: { declaration: { combatants: { archer: 'ask' } } } });
    s.intervene({
      op: 'join',
      side: 'party',
      combatant: { id: 'cleric', stats: { hp: 30, dexMod: 0, attackBonus: 3, damage: '1d8', speed: 20, position: 0 } },
    });
    const ini = s.events.find((e) => e.type === 'initiative' && e.who === 'cleric');
    expect(ini).toBeDefined();
    expect(s.snapshot().combatants.some((c) => c.id === 'cleric')).toBe(true);
    s.intervene({ op: 'flee', who: 'ogre' });
    playDefaults(s);
    expect(s.done).toBe(true);
    expect(s.events.some((e) => e.type === 'act' && e.combatant === 'ogre')).toBe(false);
    expect(s.events.some((e) => e.type === 'act' && e.combatant === 'cleric')).toBe(true);
  });

  it('gives the tracker the turn, the order to come, slots and conditions', () => {
    const s = new Session(program, enc, { seed: 1, modes: { pause: 'turn' } });
    const p = s.pending!;
    expect(p).toMatchObject({ kind: 'pause', at: 'turn', label: 'r0.pause.turn.archer', who: ['archer'] });
    const snap = s.snapshot();
    expect(snap.round).toBe(0);
    expect(snap.turn).toEqual(['archer']);
    // The surprise round: the surprised tower side has no turn.
    expect(snap.toCome).toEqual([['rogue'], ['wizard'], ['fighter']]);
    s.intervene({ op: 'condition', who: 'ogre', condition: 'stunned', rounds: 2 });
    const ogre = s.snapshot().combatants.find((c) => c.id === 'ogre')!;
    expect(ogre.conditions).toEqual([{ id: 'stunned', ends: 'round-end', remaining: 2, until: 'until the end of round 1' }]);
    expect(ogre.stats.hp).toBeTypeOf('number');
    s.answer('go on');
    s.answer('go on');
    expect(s.snapshot().turn).not.toEqual(['archer']);
    const archer = s.snapshot().combatants.find((c) => c.id === 'archer')!;
    expect(Object.values(archer.spent).some((n) => n > 0)).toBe(true);
  });
});
