/**
 * Decks at run time: a pile drawn without replacement, a discard pile, and the cards each holder
 * holds. A draw is labelled (`<r>.deal.<deck>.<who>`, `#2`… for further draws of one deal); its
 * card is the one pinned for that label (a decision: `--choose r1.deal.action.hero=QS`, or a
 * host's answer: a table's physical card), else one of the pile picked by the seeded generator of
 * that label. Kept per engine, outside its class: only rulesets with decks reach this file.
 */
import { generatorFor } from '../dice/index.js';
import { num } from '../compile/evaluator.js';
import type { CDeal, CDeck } from '../compile/decks.js';
import type { CardView } from '../concepts/types.js';
import { PhasebookError } from '../diagnostics.js';
import { DEFAULT_REPEATS } from './repeat-limit.js';
import type { Engine } from './engine.js';
import type { Cmb } from './types.js';
import { ENCOUNTER_FILE } from './types.js';

interface DeckState {
  pile: CardView[];
  discard: CardView[];
  /** Cards dealt and not yet given back, by holder group. */
  held: CardView[][];
  /** A card named by reshuffle.after was drawn: every card comes back before the next deal. */
  due: boolean;
}

const STATES = new WeakMap<Engine, Map<string, DeckState>>();
const LABELS = new WeakMap<Engine, Map<string, number>>();

function stateOf(e: Engine, deck: CDeck): DeckState {
  let all = STATES.get(e);
  if (!all) STATES.set(e, (all = new Map()));
  let st = all.get(deck.id);
  if (!st) all.set(deck.id, (st = { pile: [...deck.cards], discard: [], held: [], due: false }));
  return st;
}

/** The cards in a deck's pile now (for tests and the tracker). */
export function pileOf(e: Engine, deck: CDeck): readonly CardView[] {
  return stateOf(e, deck).pile;
}

/** Discarded cards go back into the pile (cards still held stay out). */
export function reshuffle(e: Engine, deck: CDeck, reason: string): void {
  const st = stateOf(e, deck);
  st.pile.push(...st.discard);
  st.discard = [];
  st.due = false;
  // Back in the deck's own order: which card a seed picks must not depend on the discard order.
  const order = new Map(deck.cards.map((c, i) => [c.id, i]));
  st.pile.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  e.emit('reshuffle', { deck: deck.id, reason });
}

/** Give back every card held from this deck (before a new deal). */
function giveBack(e: Engine, deck: CDeck): void {
  const st = stateOf(e, deck);
  for (const cards of st.held) st.discard.push(...cards);
  st.held = [];
}

function drawLabel(e: Engine, asked: string): string {
  let counts = LABELS.get(e);
  if (!counts) LABELS.set(e, (counts = new Map()));
  const n = (counts.get(asked) ?? 0) + 1;
  counts.set(asked, n);
  return n === 1 ? asked : `${asked}#${n}`;
}

/** Draw one card; the caller says it in the trace (settle) once it knows whether it is kept. */
export function drawOne(e: Engine, deck: CDeck, asked: string): Drawn {
  const st = stateOf(e, deck);
  if (st.pile.length === 0) {
    if (st.discard.length === 0) throw e.rs.evaluator.at(deck.ptr, `deck "${deck.id}" has no card left to draw (every card is held)`);
    reshuffle(e, deck, 'empty');
  }
  const label = drawLabel(e, asked);
  const options = st.pile.map((c) => c.id);
  const fallback = options[generatorFor(e.opts.seed, label).nextDie(options.length) - 1]!;
  let chosen = e.choices.get(label);
  if (e.opts.host) {
    e.opts.host.at(label);
    const answer = e.opts.host.decide({
      label,
      options,
      default: chosen !== undefined && options.includes(chosen) ? chosen : fallback,
      by: 'referee',
    });
    if (answer !== undefined) chosen = answer;
  }
  if (chosen !== undefined) {
    e.usedChoices.add(label);
    if (!options.includes(chosen)) {
      const held = deck.cards.some((c) => c.id === chosen);
      throw new PhasebookError([
        {
          file: e.opts.choices?.has(label) ? '<command line>' : ENCOUNTER_FILE,
          line: 1,
          col: 1,
          pointer: e.opts.choices?.has(label) ? '' : `/decisions/${label.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          message: `draw "${label}" is pinned to "${chosen}", which ${held ? 'is not in the pile now (already drawn)' : `is not a card of deck "${deck.id}"`}`,
          severity: 'error',
        },
      ]);
    }
  }
  const id = chosen ?? fallback;
  const at = st.pile.findIndex((c) => c.id === id);
  const card = st.pile.splice(at, 1)[0]!;
  if (card.tags.some((t) => deck.after.has(t))) st.due = true;
  return { card, label, pinned: chosen !== undefined };
}

/** Deal from `deal.deck` to every standing combatant (or group sharing a deal): actor.card, actor.cards. */
export function dealInitiative(e: Engine, deal: CDeal): void {
  const deck = deal.deck;
  const st = stateOf(e, deck);
  giveBack(e, deck);
  if (deck.everyRound) reshuffle(e, deck, 'round');
  else if (st.due) reshuffle(e, deck, 'after');
  const bound = e.rs.limits.repeats ?? DEFAULT_REPEATS;
  const groups = new Map<string, Cmb[]>();
  for (const c of e.cmbs) {
    if (c.out) {
      c.view.card = null;
      c.view.cards = [];
      continue;
    }
    const key = deal.share ? deal.share(e.base({ actor: c.view })) : null;
    const k = key === null || key === undefined || key === '' ? `\u0000${c.id}` : `share:${String(key)}`;
    const list = groups.get(k);
    if (list) list.push(c);
    else groups.set(k, [c]);
  }
  for (const [k, members] of groups) {
    const first = members[0]!;
    const who = members.map((m) => m.id).join('+');
    const name = k.startsWith('share:') ? k.slice(6) : first.id;
    const asked = e.rs.initiative.rolls.label(e, `deal.${deck.id}.${name}`);
    const data = e.base({ actor: first.view });
    const count = Math.max(1, Math.min(deck.cards.length, Math.floor(num(deal.count(data)))));
    const drawn = Array.from({ length: count }, () => drawOne(e, deck, asked));
    const best = deal.keepAll ? null : drawn.reduce((b, d) => (d.card.value > b.card.value ? d : b));
    const below = deal.redrawBelow && !deal.keepAll ? num(deal.redrawBelow(data)) : null;
    const low = (d: Drawn) => below !== null && d.card.rank < below;
    // In the order drawn: the worse ones discarded, and the best too when it is below the redraw value.
    for (const d of drawn) settle(e, deck, d, who, best === null || (d === best && !low(d)));
    let kept = best === null ? drawn : [best];
    // Redraws: each low card is discarded and another drawn, at most `bound` times; the last one stays.
    for (let n = 1; best !== null && low(kept[0]!) && n <= bound; n++) {
      const d = drawOne(e, deck, asked);
      settle(e, deck, d, who, !low(d) || n === bound);
      if (low(d) && n === bound)
        e.emit('warning', { message: `${who} redrew ${bound} times from deck "${deck.id}" (limits.repeats); the last card stays` });
      kept = [d];
    }
    const cards = kept.map((d) => d.card);
    st.held.push(cards);
    for (const m of members) {
      m.view.card = cards[0] ?? null;
      m.view.cards = cards;
    }
  }
}

type Drawn = { card: CardView; label: string; pinned: boolean };

/** Say a drawn card in the trace; a card not kept goes to the discard pile. */
function settle(e: Engine, deck: CDeck, d: Drawn, who: string, kept: boolean): void {
  if (!kept) stateOf(e, deck).discard.push(d.card);
  e.emit('draw', { deck: deck.id, label: d.label, who, card: d.card.id, kept, ...(d.pinned ? { pinned: true } : {}) });
}

/** The `draw` effect: one card from `deck`, labelled `asked`, for `who`; it goes to the discard pile at once (a flip). */
export function drawForEffect(e: Engine, deck: CDeck, asked: string, who: string): CardView {
  const d = drawOne(e, deck, asked);
  settle(e, deck, d, who, false);
  return d.card;
}
