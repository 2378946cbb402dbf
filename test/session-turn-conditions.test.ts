/**
 * A referee's condition that ends at a combatant's turn (issue 12, the trackers' first request:
 * "conditions whose duration ends at a given combatant's turn"). The session's `condition`
 * intervention takes `endsAt: {turnOf, when}`; it ends at the start or the end of that turn, the
 * n-th one with `rounds: n`, is logged, shown in the trace and the tracker, undone, saved and
 * loaded back.
 *
 * d20 sample, seed 1, pausing at each turn: the surprise round's turns are archer, rogue,
 * wizard, fighter (the tower side is surprised); round 1 starts with archer, orc-1, rogue.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Program } from '../interpreter/core.js';
import type { Encounter } from '../interpreter/model/types.js';
import { loadEncounter, loadProgram, schemaValidator } from '../interpreter/pipeline.js';
import { readDocumentText } from '../interpreter/read/index.js';
import { loadSession, saveSession, SESSION_SCHEMA_ID } from '../interpreter/session/save.js';
import { Session } from '../interpreter/session/session.js';
import { toJsonLines, type TraceEvent } from '../interpreter/trace/events.js';
import { formatTimeline } from '../interpreter/trace/text.js';
import { ROOT } from './support/cases.js';

const R = (p: string) => join(ROOT, p);
let program: Program;
let enc: Encounter;
beforeAll(() => {
  program = loadProgram(R('rulesets/d20-srd/d20-srd.json'));
  enc = loadEncounter(R('rulesets/d20-srd/encounters/sample.json'), program);
});

const pausing = () => new Session(program, enc, { seed: 1, modes: { pause: 'turn' } });
const conditionsOf = (s: Session, id: string) => s.snapshot().combatants.find((c) => c.id === id)!.conditions;

/** Go on (each pause answered) until the pending input has this label. */
function goTo(s: Session, label: string): void {
  for (let n = 0; s.pending && s.pending.label !== label && n < 100; n++) s.answerDefault();
  expect(s.pending?.label).toBe(label);
}

/** Where the condition `id` on `who` ended: the turn whose start came last before it, and the next turn to start. */
function endedBetween(events: readonly TraceEvent[], who: string, id: string): { after: string; before: string | null } {
  const i = events.findIndex((e) => e.type === 'condition' && e.target === who && e.condition === id && e.ended);
  expect(i).toBeGreaterThan(-1);
  const starts = (from: number, to: number) =>
    events
      .slice(from, to)
      .filter((e): e is Extract<TraceEvent, { type: 'turn.start' }> => e.type === 'turn.start')
      .map((e) => `r${e.round}.${e.who.join('+')}`);
  return { after: starts(0, i).at(-1)!, before: starts(i, events.length)[0] ?? null };
}

describe('a condition that ends at a combatant turn', () => {
  it("ends at the start of that combatant's turn, not before", () => {
    const s = pausing();
    expect(s.pending!.label).toBe('r0.pause.turn.archer');
    s.intervene({ op: 'condition', who: 'ogre', condition: 'stunned', endsAt: { turnOf: 'wizard', when: 'start' } });
    expect(conditionsOf(s, 'ogre')).toEqual([{ id: 'stunned', ends: 'turn:wizard', remaining: 1, until: "until Wizard 5's turn" }]);
    // The rogue's turn comes first: still stunned.
    goTo(s, 'r0.pause.turn.rogue');
    expect(conditionsOf(s, 'ogre').map((k) => k.id)).toEqual(['stunned']);
    // The wizard's turn has started: it is over, and the expression data agree.
    goTo(s, 'r0.pause.turn.wizard');
    expect(conditionsOf(s, 'ogre')).toEqual([]);
    expect(endedBetween(s.events, 'ogre', 'stunned')).toEqual({ after: 'r0.wizard', before: null });
  });

  it('ends at the end of that turn, before the next one starts', () => {
    const s = pausing();
    s.intervene({ op: 'condition', who: 'orc-1', condition: 'dazed', endsAt: { turnOf: 'rogue', when: 'end' } });
    expect(conditionsOf(s, 'orc-1')[0]).toMatchObject({ ends: 'turn-end:rogue', until: "until the end of Rogue 5's turn" });
    goTo(s, 'r0.pause.turn.rogue');
    // Its turn has started, not ended: still dazed.
    expect(conditionsOf(s, 'orc-1').map((k) => k.id)).toEqual(['dazed']);
    goTo(s, 'r0.pause.turn.wizard');
    expect(conditionsOf(s, 'orc-1')).toEqual([]);
    const at = endedBetween(s.events, 'orc-1', 'dazed');
    expect(at).toEqual({ after: 'r0.rogue', before: 'r0.wizard' });
    // After everything the rogue did in its turn.
    const ended = s.events.findIndex((e) => e.type === 'condition' && e.condition === 'dazed' && e.ended);
    const lastRogueAct = s.events.map((e) => e.type === 'act' && e.combatant === 'rogue').lastIndexOf(true);
    expect(lastRogueAct).toBeGreaterThan(-1);
    expect(ended).toBeGreaterThan(lastRogueAct);
  });

  it("added during that combatant's own turn, start means its next turn; rounds: n, the n-th", () => {
    const s = pausing();
    goTo(s, 'r0.pause.turn.rogue');
    s.intervene({ op: 'condition', who: 'ogre', condition: 'marked', endsAt: { turnOf: 'rogue' } });
    s.intervene({ op: 'condition', who: 'orc-2', condition: 'slowed', rounds: 2, endsAt: { turnOf: 'archer', when: 'end' } });
    expect(conditionsOf(s, 'orc-2')[0]).toMatchObject({ remaining: 2, until: "until the end of Ranger 4's 2nd turn from now" });
    goTo(s, 'r1.pause.turn.rogue');
    expect(endedBetween(s.events, 'ogre', 'marked')).toEqual({ after: 'r1.rogue', before: null });
    // The archer's surprise-round turn was over: the end of its turn in round 1 is the first, in round 2 the second.
    expect(conditionsOf(s, 'orc-2')).toEqual([
      { id: 'slowed', ends: 'turn-end:archer', remaining: 1, until: "until the end of Ranger 4's turn" },
    ]);
    goTo(s, 'r2.pause.turn.orc-1');
    expect(endedBetween(s.events, 'orc-2', 'slowed')).toEqual({ after: 'r2.archer', before: 'r2.orc-1' });
  });

  it('is logged as given, shown in the trace, and refused for nobody', () => {
    const s = pausing();
    const iv = { op: 'condition' as const, who: 'ogre', condition: 'stunned', endsAt: { turnOf: 'wizard', when: 'end' as const } };
    s.intervene(iv);
    expect(s.entries()).toEqual([{ label: 'r0.pause.turn.archer', intervention: iv }]);
    expect(s.events.find((e) => e.type === 'intervention')).toEqual(
      expect.objectContaining({ op: 'condition', target: 'ogre', condition: 'stunned', ends: 'turn-end:wizard' }),
    );
    expect(formatTimeline(s.events)).toContain("☛ referee: ogre: stunned until the end of wizard's turn");
    expect(() => s.intervene({ op: 'condition', who: 'ogre', condition: 'x', endsAt: { turnOf: 'nobody' } })).toThrow(
      /no combatant "nobody"/,
    );
    expect(s.entries()).toHaveLength(1);
  });

  it('is undone: gone from the tracker, the log and the trace', () => {
    const s = pausing();
    goTo(s, 'r0.pause.turn.rogue');
    const before = toJsonLines(s.events);
    s.intervene({ op: 'condition', who: 'ogre', condition: 'stunned', endsAt: { turnOf: 'fighter' } });
    expect(conditionsOf(s, 'ogre')).toHaveLength(1);
    expect(s.undo()).toMatchObject({ intervention: { endsAt: { turnOf: 'fighter' } } });
    expect(conditionsOf(s, 'ogre')).toEqual([]);
    expect(toJsonLines(s.events)).toBe(before);
    goTo(s, 'r0.pause.turn.fighter');
    expect(s.events.some((e) => e.type === 'condition' && e.condition === 'stunned')).toBe(false);
  });

  it('survives a save and a load, and still ends at that turn', () => {
    const s = pausing();
    s.intervene({ op: 'condition', who: 'ogre', condition: 'stunned', endsAt: { turnOf: 'fighter', when: 'end' } });
    goTo(s, 'r0.pause.turn.wizard');
    const doc = JSON.parse(JSON.stringify(saveSession(s)));
    expect(schemaValidator().validate(readDocumentText('<save>', JSON.stringify(doc)), SESSION_SCHEMA_ID)).toEqual([]);
    expect(doc.log[0].intervention.endsAt).toEqual({ turnOf: 'fighter', when: 'end' });
    const back = loadSession(doc, program, enc);
    expect(back.snapshot()).toEqual(s.snapshot());
    expect(conditionsOf(back, 'ogre')[0]!.until).toBe("until the end of Fighter 6's turn");
    goTo(back, 'r1.pause.turn.archer');
    goTo(s, 'r1.pause.turn.archer');
    expect(toJsonLines(back.events)).toBe(toJsonLines(s.events));
    expect(endedBetween(back.events, 'ogre', 'stunned')).toEqual({ after: 'r0.fighter', before: 'r1.archer' });
  });

  it('the session schema takes start and end, nothing else', () => {
    const check = (endsAt: unknown) =>
      schemaValidator().validate(
        readDocumentText(
          '<save>',
          JSON.stringify({
            ...saveSession(pausing()),
            log: [{ label: 'r0.pause.turn.archer', intervention: { op: 'condition', who: 'ogre', condition: 'x', endsAt } }],
          }),
        ),
        SESSION_SCHEMA_ID,
      );
    expect(check({ turnOf: 'wizard' })).toEqual([]);
    expect(check({ turnOf: 'wizard', when: 'end' })).toEqual([]);
    expect(check({ turnOf: 'wizard', when: 'middle' }).length).toBeGreaterThan(0);
    expect(check({ when: 'end' }).length).toBeGreaterThan(0);
  });

  it('is refused where nobody takes turns', () => {
    const p = loadProgram(R('rulesets/unbalanced-world/unbalanced-world.json'));
    const e = loadEncounter(R('rulesets/unbalanced-world/encounters/sample.json'), p);
    const s = new Session(p, e, { seed: 1, modes: { pause: 'step' } });
    const who = s.snapshot().combatants[0]!.id;
    expect(s.pending).not.toBeNull();
    expect(() => s.intervene({ op: 'condition', who, condition: 'x', endsAt: { turnOf: who } })).toThrow(/nobody takes turns/);
  });
});
