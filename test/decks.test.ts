/**
 * Decks (issue 14, concept 4): a finite shared pool drawn without replacement, dealt by the
 * initiative; labelled draws pinned like decisions; reshuffles; the validator's checks.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CARD_SETS } from '../interpreter/concepts/card-sets/index.js';
import { PhasebookError } from '../interpreter/diagnostics.js';
import type { Ruleset } from '../interpreter/model/types.js';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import type { TraceEvent } from '../interpreter/trace/events.js';
import { checkDecks } from '../interpreter/validate/decks.js';
import { Session } from '../interpreter/session/session.js';

const ROOT = join(import.meta.dirname, '..');
const DIR = mkdtempSync(join(tmpdir(), 'pb-decks-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));
let n = 0;
const write = (doc: unknown): string => {
  const f = join(DIR, `doc-${++n}.json`);
  writeFileSync(f, JSON.stringify(doc, null, 2));
  return f;
};

/** mini.json with combatant initiative dealt from deck "d" (three cards unless given). */
function dealt(
  deck: Record<string, unknown> = {
    cards: [
      { id: 'lo', rank: 1 },
      { id: 'mid', rank: 2 },
      { id: 'hi', rank: 3 },
    ],
  },
  deal: Record<string, unknown> = {},
): Ruleset {
  const rs = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/bad/mini.json'), 'utf8')) as Ruleset;
  rs.decks = { d: deck as never };
  rs.initiative = { scope: 'combatant', roll: 'every-round', deal: { deck: 'd', ...deal }, formula: { var: 'actor.card.value' } } as never;
  return rs;
}
const encounter = (ids: string[][]) =>
  write({
    kind: 'encounter',
    id: 'e',
    name: 'E',
    ruleset: 'mini',
    sides: ids.map((side, i) => ({ id: `s${i}`, combatants: side.map((id) => ({ id, stats: { hp: 50 } })) })),
  });
function events(rs: Ruleset, enc: string, opts: { seed?: number; rounds?: number; choices?: Record<string, string> } = {}): TraceEvent[] {
  const program = loadProgram(write(rs));
  return run(program, loadEncounter(enc, program), {
    seed: opts.seed ?? 1,
    rounds: opts.rounds ?? 1,
    choices: new Map(Object.entries(opts.choices ?? {})),
  }).events;
}
const draws = (ev: TraceEvent[]) => ev.filter((e) => e.type === 'draw') as Array<Extract<TraceEvent, { type: 'draw' }>>;

describe('the standard set', () => {
  it('has 52 distinct cards, ace high, and the jokers asked for above them', () => {
    const cards = CARD_SETS.standard!.cards(2);
    expect(cards).toHaveLength(54);
    expect(new Set(cards.map((c) => c.id)).size).toBe(54);
    expect(cards.find((c) => c.id === 'AS')).toEqual({ id: 'AS', rank: 14, suit: 4, tags: ['spades'] });
    expect(cards.find((c) => c.id === 'QH')!.tags).toEqual(['hearts', 'face']);
    expect(cards.filter((c) => c.tags.includes('joker')).map((c) => c.rank)).toEqual([15, 15]);
  });
});

describe('dealing initiative from a deck', () => {
  it('draws without replacement: three combatants, three different cards', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const cards = draws(events(dealt(), encounter([['a', 'b'], ['c']]), { seed })).map((d) => d.card);
      expect(cards).toHaveLength(3);
      expect(new Set(cards)).toEqual(new Set(['lo', 'mid', 'hi']));
    }
  });

  it('is deterministic from the seed, and the seed matters', () => {
    const enc = encounter([['a', 'b'], ['c']]);
    const bySeed = (seed: number) =>
      draws(events(dealt(), enc, { seed }))
        .map((d) => d.card)
        .join(',');
    expect(bySeed(7)).toBe(bySeed(7));
    const orders = new Set([1, 2, 3, 4, 5, 6, 7, 8].map(bySeed));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('the initiative formula reads the card: its value is rank × 10 + suit', () => {
    const ev = events(dealt(), encounter([['a'], ['b']]), { choices: { 'r1.deal.d.a': 'hi', 'r1.deal.d.b': 'lo' } });
    const ini = ev.filter((e) => e.type === 'initiative').map((e) => [e.who, e.value]);
    expect(ini).toEqual([
      ['a', 30],
      ['b', 10],
    ]);
    expect(draws(ev).every((d) => d.pinned)).toBe(true);
  });

  it('a card is given back at the next deal, so a deck as big as the fight lasts every round', () => {
    const ev = events(dealt(), encounter([['a', 'b'], ['c']]), { rounds: 3 });
    expect(draws(ev)).toHaveLength(9);
    // The pile ran out after round 1: the given-back cards came back.
    expect(ev.filter((e) => e.type === 'reshuffle').map((e) => (e as { reason: string }).reason)).toEqual(['empty', 'empty']);
  });

  it('a deal larger than the cards not held is an error at the deck', () => {
    const rs = dealt({ cards: [{ id: 'x', rank: 1 }] });
    expect(() => events(rs, encounter([['a'], ['b']]))).toThrow(/deck "d" has no card left to draw/);
  });

  it('a pin of a card already drawn is refused with the label', () => {
    const rs = dealt();
    expect(() => events(rs, encounter([['a'], ['b']]), { choices: { 'r1.deal.d.a': 'hi', 'r1.deal.d.b': 'hi' } })).toThrow(
      /draw "r1.deal.d.b" is pinned to "hi", which is not in the pile now/,
    );
  });

  it('reshuffles when a card with a reshuffle.after tag was drawn, before the next deal', () => {
    const rs = dealt({
      cards: [{ id: 'j', rank: 9, tags: ['joker'] }, ...Array.from({ length: 8 }, (_, i) => ({ id: `c${i}`, rank: i }))],
      reshuffle: { after: ['joker'] },
    });
    const ev = events(rs, encounter([['a'], ['b']]), { rounds: 2, choices: { 'r1.deal.d.a': 'j' } });
    const shuffles = ev.filter((e) => e.type === 'reshuffle');
    expect(shuffles.map((e) => [e.round, (e as { reason: string }).reason])).toEqual([[2, 'after']]);
    const noJoker = events(rs, encounter([['a'], ['b']]), { rounds: 2, choices: { 'r1.deal.d.a': 'c1', 'r1.deal.d.b': 'c2' } });
    expect(noJoker.filter((e) => e.type === 'reshuffle')).toEqual([]);
  });

  it('every: "round" brings every card back before each deal', () => {
    const rs = dealt({
      cards: [
        { id: 'a1', rank: 1 },
        { id: 'a2', rank: 2 },
      ],
      reshuffle: { every: 'round' },
    });
    const ev = events(rs, encounter([['a'], ['b']]), { rounds: 2 });
    expect(ev.filter((e) => e.type === 'reshuffle').map((e) => e.round)).toEqual([1, 2]);
  });

  it('a redraw that never reaches the value stops at limits.repeats, with a warning', () => {
    const rs = dealt({ cards: Array.from({ length: 6 }, (_, i) => ({ id: `c${i}`, rank: 1 })) }, { redrawBelow: 5 });
    rs.limits = { repeats: 3 };
    const ev = events(rs, encounter([['a'], ['b']]));
    const warnings = ev.filter((e) => e.type === 'warning').map((e) => (e as { message: string }).message);
    expect(warnings).toEqual([
      'a redrew 3 times from deck "d" (limits.repeats); the last card stays',
      'b redrew 3 times from deck "d" (limits.repeats); the last card stays',
    ]);
    // Each kept exactly one card in the end.
    expect(
      draws(ev)
        .filter((d) => d.kept)
        .map((d) => d.who),
    ).toEqual(['a', 'b']);
  });

  it('combatants sharing a deal get one card between them', () => {
    const ev = events(
      dealt({ cards: 'standard' }, { share: { if: [{ '==': [{ var: 'actor.side' }, 's1'] }, 'mob', null] } }),
      encounter([['a'], ['b', 'c']]),
    );
    expect(draws(ev).map((d) => [d.who, d.label])).toEqual([
      ['a', 'r1.deal.d.a'],
      ['b+c', 'r1.deal.d.mob'],
    ]);
    const ini = new Map(ev.filter((e) => e.type === 'initiative').map((e) => [e.who, e.value]));
    expect(ini.get('b')).toBe(ini.get('c'));
  });
});

describe('a table deals its own cards in a session', () => {
  it('each draw is a pending question for the referee, with the pile as options and the seeded card as default', () => {
    const program = loadProgram(write(dealt({ cards: 'standard' })));
    const enc = loadEncounter(encounter([['a'], ['b']]), program);
    const s = new Session(program, enc, { seed: 1, rounds: 1, modes: { decision: { sides: { referee: 'ask' } } } });
    const p = s.pending!;
    expect(p).toMatchObject({ kind: 'decision', label: 'r1.deal.d.a', by: 'referee' });
    expect((p as { options: string[] }).options).toHaveLength(52);
    s.answer('QS');
    expect(s.pending).toMatchObject({ kind: 'decision', label: 'r1.deal.d.b' });
    expect((s.pending as { options: string[] }).options).not.toContain('QS');
    s.answer('2C');
    const dealtCards = s.events.filter((e) => e.type === 'draw').map((e) => [e.who, e.card, e.pinned]);
    expect(dealtCards).toEqual([
      ['a', 'QS', true],
      ['b', '2C', true],
    ]);
  });
});

describe('the reshuffle effect', () => {
  it("brings the discards back at a rule's moment (here: every round end)", () => {
    const rs = dealt({ cards: Array.from({ length: 6 }, (_, i) => ({ id: `c${i}`, rank: i })) });
    rs.moments = [{ id: 'shuffle-up', at: 'round-end', for: 'encounter', effects: [{ op: 'reshuffle', deck: 'd' }] }];
    const ev = events(rs, encounter([['a'], ['b']]), { rounds: 2 });
    expect(ev.filter((e) => e.type === 'reshuffle').map((e) => [e.round, (e as { reason: string }).reason])).toEqual([
      [1, 'effect'],
      [2, 'effect'],
    ]);
  });

  it('an unknown deck in an effect is reported with did you mean', () => {
    const rs = dealt();
    rs.moments = [{ id: 'shuffle-up', at: 'round-end', for: 'encounter', effects: [{ op: 'reshuffle', deck: 'dd' }] }];
    expect(checkDecks(rs)).toEqual([{ pointer: '/moments/0/effects/0/deck', message: 'unknown deck "dd"; did you mean "d"?' }]);
  });
});

describe('the validator checks decks', () => {
  it('an unknown deck is located, with did you mean', () => {
    const rs = dealt();
    rs.decks = { action: rs.decks!.d! };
    expect(checkDecks(rs)).toEqual([{ pointer: '/initiative/deal/deck', message: 'unknown deck "d"; the decks are action' }]);
    rs.initiative.deal!.deck = 'acton';
    expect(checkDecks(rs)[0]!.message).toBe('unknown deck "acton"; did you mean "action"?');
  });

  it('the whole pipeline reports it at file, line and column', () => {
    const rs = dealt();
    rs.initiative.deal!.deck = 'e';
    const file = write(rs);
    let err: unknown;
    try {
      loadProgram(file);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PhasebookError);
    const d = (err as PhasebookError).diagnostics[0]!;
    expect([d.file, d.pointer]).toEqual([file, '/initiative/deal/deck']);
    expect(d.line).toBeGreaterThan(1);
  });

  it('duplicate card ids and reshuffle tags no card has', () => {
    const rs = dealt({
      cards: [
        { id: 'x', rank: 1, tags: ['joker'] },
        { id: 'x', rank: 2 },
      ],
      reshuffle: { after: ['jokr'] },
    });
    expect(checkDecks(rs)).toEqual([
      { pointer: '/decks/d/cards/1/id', message: 'duplicate card id "x" (also at /decks/d/cards/0)' },
      { pointer: '/decks/d/reshuffle/after/0', message: 'no card of deck "d" has the tag "jokr"; did you mean "joker"?' },
    ]);
    const std = dealt({ cards: 'standard', reshuffle: { after: ['joker'] } });
    expect(checkDecks(std)[0]!.message).toBe('no card of deck "d" has the tag "joker"; add "jokers" to the deck');
  });
});
