/**
 * The timeline's view model on real runs of the built-in rulesets (the CLI's pipeline).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadEncounter, loadProgram, run } from '../../../interpreter/pipeline.js';
import type { TraceEvent } from '../../../interpreter/trace/events.js';
import {
  buildTimeline,
  compareTimelines,
  labelActor,
  labelsOf,
  parseRollPin,
  type ActNode,
  type Item,
  type TimelineModel,
} from './timeline.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const R = (p: string) => join(ROOT, 'rulesets', p);

function runOf(
  ruleset: string,
  encounter: string,
  overlays: string[] = [],
  opts: { seed?: number; rounds?: number; rolls?: Record<string, string>; choices?: Record<string, string> } = {},
): TraceEvent[] {
  const program = loadProgram(R(ruleset), overlays.map(R));
  const enc = loadEncounter(R(encounter), program);
  return run(program, enc, {
    seed: opts.seed ?? 1,
    rolls: new Map(Object.entries(opts.rolls ?? {})),
    choices: new Map(Object.entries(opts.choices ?? {})),
    ...(opts.rounds !== undefined ? { rounds: opts.rounds } : {}),
  }).events;
}

const ose = (mods: string[] = [], opts = {}) =>
  runOf(
    'ose/ose.json',
    'ose/encounters/skirmish.json',
    ['ose/overlays/phased-round.json', ...mods.map((m) => `ose/overlays/${m}.json`)],
    opts,
  );

function allActs(m: TimelineModel): ActNode[] {
  const out: ActNode[] = [];
  const visit = (a: ActNode) => {
    out.push(a);
    a.reactions.forEach(visit);
  };
  for (const r of m.rounds)
    for (const t of r.turns)
      for (const p of t.phases)
        for (const s of p.steps)
          for (const it of s.items) {
            if (it.kind === 'act') visit(it.act);
            else if (it.kind === 'group') it.acts.forEach(visit);
          }
  return out;
}

function stepItems(m: TimelineModel, round: number, phase: string, step: string): Item[] {
  const r = m.rounds.find((x) => x.round === round)!;
  return r.turns.flatMap((t) =>
    t.phases.filter((p) => p.id === phase).flatMap((p) => p.steps.filter((s) => s.id === step).flatMap((s) => s.items)),
  );
}

describe('buildTimeline', () => {
  it('groups OSE with crossbow speed by round, phase and step, crossbows in a step of their own as one group', () => {
    const m = buildTimeline(ose(['crossbow-speed'], { rounds: 1 }));
    expect(m.ruleset).toBe('ose');
    expect(m.overlays).toEqual(['phased-round', 'crossbow-speed']);
    expect(m.sides.map((s) => s.id)).toEqual(['party', 'bandits']);
    expect(m.sideOf['crossbowman-1']).toBe(1);
    const r1 = m.rounds.find((r) => r.round === 1)!;
    // No turns: one implicit turn holding the phases; empty phases (morale) are left out.
    expect(r1.turns).toHaveLength(1);
    expect(r1.turns[0]!.who).toBeNull();
    expect(r1.turns[0]!.phases.map((p) => p.id)).toEqual(['movement', 'missile', 'spells', 'melee']);
    // Initiative rolls and the referee's decision before the first phase.
    expect(r1.pre.some((d) => d.kind === 'decision' && d.label === 'r1.initiative.drew-first')).toBe(true);
    expect(r1.pre.some((d) => d.kind === 'roll' && d.label === 'r1.initiative.party.d6')).toBe(true);

    const missile = r1.turns[0]!.phases.find((p) => p.id === 'missile')!;
    expect(missile.steps.map((s) => s.id)).toEqual(['missiles', 'crossbows']);
    const cross = stepItems(m, 1, 'missile', 'crossbows');
    expect(cross).toHaveLength(1);
    const g = cross[0]!;
    expect(g.kind).toBe('group');
    if (g.kind !== 'group') throw new Error('group expected');
    expect(g.acts.map((a) => a.actor)).toEqual(['crossbowman-1', 'crossbowman-2']);
    // Each member's roll sits under that member, though the rolls come after both acts.
    expect(g.acts[0]!.details.map((d) => (d.kind === 'roll' ? d.label : d.kind))).toEqual(['r1.crossbowman-1.shoot.attack']);
    expect(g.acts[1]!.details.map((d) => (d.kind === 'roll' ? d.label : d.kind))).toEqual(['r1.crossbowman-2.shoot.attack']);

    const missiles = stepItems(m, 1, 'missile', 'missiles');
    expect(
      missiles.map((it) => (it.kind === 'act' ? it.act.actor : it.kind === 'group' ? it.acts.map((a) => a.actor).join('+') : it.kind)),
    ).toEqual(['elf', 'bowman-1+bowman-2']);
  });

  it('puts damage and downs under the act that dealt them', () => {
    const m = buildTimeline(ose(['crossbow-speed'], { rounds: 1 }));
    const spells = stepItems(m, 1, 'spells', 'spells');
    const cast = spells.find((it) => it.kind === 'act')!;
    if (cast.kind !== 'act') throw new Error();
    expect(cast.act.actor).toBe('magic-user');
    expect(cast.act.details.map((d) => d.kind)).toEqual(['roll', 'damage', 'down']);
    // The side's choice of spell precedence stands before the act.
    expect(spells[0]!.kind).toBe('detail');
  });

  it('keeps the order of one run as the CLI prints it, and every act once', () => {
    const events = ose(['crossbow-speed', 'two-handed-last', 'charges-first', 'lurking', 'withdrawal', 'caster-disruption']);
    const m = buildTimeline(events);
    const acts = allActs(m);
    expect(acts.map((a) => a.seq).sort((x, y) => x - y)).toEqual(events.filter((e) => e.type === 'act').map((e) => e.seq));
    expect(new Set(acts.map((a) => a.key)).size).toBe(acts.length);
    expect(m.end).toEqual({ round: events.at(-1)!.round, winner: 'party', reason: 'routed' });
  });

  it('hangs opportunity attacks under the withdrawal that set them off', () => {
    const m = buildTimeline(ose(['crossbow-speed', 'two-handed-last', 'charges-first', 'lurking', 'withdrawal', 'caster-disruption']));
    const withdraw = allActs(m).find((a) => a.action === 'withdraw' && a.reactions.length > 0)!;
    expect(withdraw).toBeDefined();
    expect(withdraw.reactions.every((r) => r.reaction?.by === withdraw.actor && r.action === 'opportunity-attack')).toBe(true);
    // The reaction's rolls and damage sit under the reaction, not under the withdrawal.
    expect(withdraw.reactions[0]!.details.some((d) => d.kind === 'roll')).toBe(true);
    expect(withdraw.details.some((d) => d.kind === 'roll' && d.label.includes(withdraw.reactions[0]!.actor))).toBe(false);
  });

  it('d20: turns of combatants, a readied attack as a reaction before the act, the act keeping its own rolls', () => {
    const m = buildTimeline(runOf('d20-srd/d20-srd.json', 'd20-srd/encounters/sample.json'));
    expect(m.rounds[0]!.surprise).toBe(true);
    expect(m.rounds[0]!.turns.every((t) => t.who && t.who.length >= 1)).toBe(true);
    const ogre = allActs(m).find((a) => a.actor === 'ogre' && a.reactions.some((r) => r.action === 'readied-attack'))!;
    expect(ogre).toBeDefined();
    const ready = ogre.reactions.find((r) => r.action === 'readied-attack')!;
    expect(ready.details.some((d) => d.kind === 'roll' && d.label.startsWith(`r${ready.round}.rogue.readied-attack`))).toBe(true);
    expect(ogre.details.some((d) => d.kind === 'roll' && d.label.startsWith(`r${ogre.round}.ogre.attack`))).toBe(true);
    expect(ogre.details.some((d) => d.kind === 'roll' && d.label.includes('rogue'))).toBe(false);
  });

  it('cepheus: a delayed turn stepping in, the interrupted turn continued', () => {
    const m = buildTimeline(runOf('cepheus/cepheus.json', 'cepheus/encounters/sample.json'));
    const r1 = m.rounds.find((r) => r.round === 1)!;
    const cont = r1.turns.find((t) => t.continued)!;
    expect(cont).toBeDefined();
    expect(cont.phases[0]!.continued).toBe(true);
    // Skips are shown with their reason.
    const skips = m.rounds
      .flatMap((r) => r.turns.flatMap((t) => t.phases.flatMap((p) => p.steps.flatMap((s) => s.items))))
      .filter((it) => it.kind === 'detail' && it.detail.kind === 'skip');
    expect(skips.length).toBeGreaterThan(0);
    const s = skips[0]!;
    if (s.kind !== 'detail' || s.detail.kind !== 'skip') throw new Error();
    expect(s.detail.reason.length).toBeGreaterThan(0);
  });

  it('a continued turn with nothing left to do is left out, as in the CLI', () => {
    // dealt-initiative's alley: the boss loses a contested step-in and acts; its turn then
    // continues with nothing in it.
    const program = loadProgram(join(ROOT, 'examples/packs/dealt-initiative/rulesets/dealt-initiative.json'));
    const enc = loadEncounter(join(ROOT, 'examples/packs/dealt-initiative/encounters/alley.json'), program);
    const events = run(program, enc, { seed: 1 }).events;
    const continued = events.filter((e) => e.type === 'turn.start' && e.continued).length;
    const m = buildTimeline(events);
    const shown = m.rounds.flatMap((r) => r.turns.filter((t) => t.continued));
    expect(continued).toBeGreaterThan(shown.length);
    for (const t of shown) expect(t.pre.length + t.phases.length).toBeGreaterThan(0);
  });

  it('every system: all rolls and decisions appear exactly once', () => {
    const runs = [
      runOf('mage/mage.json', 'mage/encounters/sample.json'),
      runOf('unbalanced-world/unbalanced-world.json', 'unbalanced-world/encounters/sample.json'),
      runOf('cepheus/cepheus.json', 'cepheus/encounters/sample.json'),
      runOf('ose/ose.json', 'ose/encounters/skirmish.json'),
    ];
    for (const events of runs) {
      const m = buildTimeline(events);
      const seen: number[] = [];
      const take = (ds: { seq: number; kind: string }[]) =>
        ds.forEach((d) => (d.kind === 'roll' || d.kind === 'decision') && seen.push(d.seq));
      const visit = (a: ActNode) => {
        take(a.details);
        a.reactions.forEach(visit);
      };
      for (const r of m.rounds) {
        take(r.pre);
        for (const t of r.turns) {
          take(t.pre);
          for (const p of t.phases) {
            take(p.pre);
            for (const s of p.steps)
              for (const it of s.items) {
                if (it.kind === 'detail') take([it.detail]);
                else if (it.kind === 'act') visit(it.act);
                else it.acts.forEach(visit);
              }
          }
        }
      }
      expect(seen.sort((a, b) => a - b)).toEqual(events.filter((e) => e.type === 'roll' || e.type === 'decision').map((e) => e.seq));
      expect(labelsOf(events).size).toBeGreaterThan(0);
    }
  });

  it('shows pinned rolls and decisions as pinned', () => {
    const m = buildTimeline(
      ose(['crossbow-speed'], { rounds: 1, rolls: { 'r1.elf.shoot.attack': '20' }, choices: { 'r1.movement.declare-first': 'second' } }),
    );
    const elf = allActs(m).find((a) => a.actor === 'elf')!;
    const roll = elf.details.find((d) => d.kind === 'roll')!;
    expect(roll.kind === 'roll' && roll.pinned && roll.total === 20).toBe(true);
    const mv = m.rounds.find((r) => r.round === 1)!.turns[0]!.phases.find((p) => p.id === 'movement')!;
    const dec = mv.pre.find((d) => d.kind === 'decision')!;
    expect(dec.kind === 'decision' && dec.pinned && dec.chosen === 'second').toBe(true);
  });
});

describe('compareTimelines', () => {
  it('OSE: without crossbow speed the crossbowmen shoot in "missiles"; they, and only they, have moved', () => {
    const a = buildTimeline(ose(['crossbow-speed'], { rounds: 1 }));
    const b = buildTimeline(ose([], { rounds: 1 }));
    const cmp = compareTimelines(a, b);
    expect(cmp.moved.sort()).toEqual(['r1:crossbowman-1:shoot', 'r1:crossbowman-2:shoot']);
    const mark = cmp.b.get('r1:crossbowman-1:shoot')!;
    expect(mark.kind).toBe('moved');
    if (mark.kind !== 'moved') throw new Error();
    expect(mark.here.step).toBe('missiles');
    expect(mark.there.step).toBe('crossbows');
    expect(cmp.a.has('r1:bowman-1:shoot')).toBe(false);
  });

  it('the same run compared with itself has nothing moved', () => {
    const a = buildTimeline(runOf('d20-srd/d20-srd.json', 'd20-srd/encounters/sample.json'));
    const cmp = compareTimelines(a, a);
    expect(cmp.moved).toEqual([]);
    expect(cmp.a.size).toBe(0);
  });

  it('OSE: two-handed weapons last moves the leader to a later step of the melee', () => {
    const a = buildTimeline(ose([], { rounds: 1 }));
    const b = buildTimeline(ose(['two-handed-last'], { rounds: 1 }));
    const cmp = compareTimelines(a, b);
    expect(cmp.moved).toEqual(['r1:leader:melee']);
    const m = cmp.b.get('r1:leader:melee')!;
    if (m.kind !== 'moved') throw new Error('moved expected');
    expect([m.there.phase, m.here.phase]).toEqual(['melee', 'melee']);
    expect(m.here.step).toBe('two-handed');
  });
});

describe('helpers', () => {
  it('labelActor finds the combatant a label names', () => {
    const cs = new Set(['elf', 'bowman-1']);
    expect(labelActor('r2.elf.shoot.attack', cs)).toBe('elf');
    expect(labelActor('r1.initiative.party.d6', cs)).toBeNull();
    expect(labelActor('init.elf.d20', cs)).toBeNull();
  });
  it('parseRollPin accepts a total or single dice', () => {
    expect(parseRollPin(' 7 ')).toBe('7');
    expect(parseRollPin('3, 4')).toBe('3,4');
    expect(parseRollPin('3,')).toBeNull();
    expect(parseRollPin('x')).toBeNull();
  });
});
