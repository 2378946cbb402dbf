/**
 * What the tracker and the player view show, from a session's snapshot: the ruleset's main stat
 * (hit points, or whatever it names so), wound levels for a screen facing the players, and the
 * player view's state with what the game master hides left out. Pure functions (unit-tested).
 */
import type { Intervention, LogEntry, TrackerSnapshot } from '../../../../interpreter/index.js';

/** A ruleset's main stat: the first combatant stat named like hit points, else the first numeric one. */
export function mainStatOf(ruleset: unknown): string | null {
  const stats = (ruleset as { combatant?: { stats?: Record<string, { default?: unknown }> } })?.combatant?.stats ?? {};
  const ids = Object.keys(stats);
  return (
    ids.find((id) => /^(hp|hits?|hit.?points|health|life|wounds?|stamina|endurance)$/i.test(id)) ??
    ids.find((id) => typeof stats[id]?.default === 'number') ??
    null
  );
}

/**
 * The conditions a ruleset and its overlays put on combatants (each `condition` effect's id), in
 * the order they first appear: what the referee's condition field suggests.
 */
export function conditionIdsOf(documents: unknown[]): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.op === 'condition' && typeof o.id === 'string' && !out.includes(o.id)) out.push(o.id);
      for (const x of Object.values(o)) walk(x);
    }
  };
  for (const d of documents) walk(d);
  return out;
}

/**
 * Each combatant's main stat when it came into the fight (what wound levels compare with): its
 * value in the encounter, or for a late combatant the value it joined with, else the ruleset's
 * default. Computed for the fight on the table only, so that another fight's combatant with the
 * same id (two encounters made with the builder both have a "foe") does not lend it its own.
 */
export function startingValues(
  encounter: { sides: Array<{ combatants: Array<{ id: string; stats?: Record<string, unknown> }> }> },
  log: readonly LogEntry[],
  mainStat: string,
  byDefault: unknown,
): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const side of encounter.sides) for (const c of side.combatants) out.set(c.id, c.stats?.[mainStat] ?? byDefault);
  for (const e of log) {
    if ('intervention' in e && e.intervention.op === 'join' && !out.has(e.intervention.combatant.id))
      out.set(e.intervention.combatant.id, e.intervention.combatant.stats?.[mainStat] ?? byDefault);
  }
  return out;
}

export type WoundLevel = 'unhurt' | 'hurt' | 'bloodied' | 'down';

/** A wound level from the main stat now and at the start (down when out of the fight). */
export function woundLevel(now: unknown, start: unknown, out: boolean): WoundLevel {
  if (out) return 'down';
  if (typeof now !== 'number' || typeof start !== 'number' || start <= 0) return 'unhurt';
  if (now <= 0) return 'down';
  if (now >= start) return 'unhurt';
  return now * 2 > start ? 'hurt' : 'bloodied';
}

export interface Hidden {
  combatants: string[];
  /** Monster (not the first side's) main stat: shown, as a wound level, or not at all. */
  hp: 'wounds' | 'none' | 'shown';
}

export interface PlayerRow {
  id: string;
  name: string;
  side: string;
  out: boolean;
  /** The main stat as a number, or a wound level, or nothing. */
  health: { value: unknown } | { wound: WoundLevel } | null;
  /** Each visible condition and its time left ("until Aldric's turn"; empty when that names a hidden combatant). */
  conditions: Array<{ id: string; until: string }>;
}

export interface PlayerState {
  title: string;
  round: number;
  phase: string | null;
  step: string | null;
  turn: string[];
  /** Turns still to come, in order (hidden combatants left out). */
  toCome: string[][];
  holding: string[];
  rows: PlayerRow[];
  ended: { winner: string | null; reason: string } | null;
}

/**
 * The player view's state. The party (`partySide`) always shows its main stat; the other sides
 * follow `hidden.hp`. Hidden combatants appear nowhere, not even in the order.
 */
export function playerState(
  title: string,
  snap: TrackerSnapshot,
  hidden: Hidden,
  mainStat: string | null,
  startOf: (id: string) => unknown,
  partySide: string | null,
): PlayerState {
  const gone = new Set(hidden.combatants);
  const seen = (ids: string[]) => ids.filter((id) => !gone.has(id));
  const rows = snap.combatants
    .filter((c) => !gone.has(c.id))
    .map((c): PlayerRow => {
      const value = mainStat ? c.stats[mainStat] : undefined;
      let health: PlayerRow['health'] = null;
      if (mainStat && (c.side === partySide || hidden.hp === 'shown')) health = { value };
      else if (mainStat && hidden.hp === 'wounds') health = { wound: woundLevel(value, startOf(c.id), c.out) };
      return {
        id: c.id,
        name: c.name,
        side: c.side,
        out: c.out,
        health,
        conditions: c.conditions.map((k) => ({ id: k.id, until: namesHidden(k.ends, gone) ? '' : k.until })),
      };
    });
  return {
    title,
    round: snap.round,
    phase: snap.phase,
    step: snap.step,
    turn: seen(snap.turn ?? []),
    toCome: snap.toCome.map(seen).filter((t) => t.length > 0),
    holding: seen(snap.holding.map((h) => h.id)),
    rows,
    ended: snap.ended,
  };
}

/** Whether a condition's end (`turn:<id>`, `turn-end:<id>`) is the turn of a hidden combatant. */
function namesHidden(ends: string, gone: Set<string>): boolean {
  const m = /^turn(?:-end)?:(.+)$/.exec(ends);
  return m !== null && gone.has(m[1]!);
}

/**
 * A referee's intervention as the log shows it: the words of `phasebook play`'s command
 * (`condition ogre stunned 2 until-turn wizard end`), so the log reads the same at both tables.
 */
export function interventionWords(iv: Intervention): string {
  switch (iv.op) {
    case 'damage':
    case 'heal':
      return `${iv.op} ${iv.who} ${iv.amount}${iv.stat ? ` ${iv.stat}` : ''}`;
    case 'set':
      return `set ${iv.who} ${iv.stat} ${String(iv.value)}`;
    case 'condition': {
      if (iv.remove) return `condition ${iv.who} -${iv.condition}`;
      const ends = iv.endsAt ? ` until-turn ${iv.endsAt.turnOf} ${iv.endsAt.when ?? 'start'}` : '';
      return `condition ${iv.who} ${iv.condition}${iv.rounds ? ` ${iv.rounds}` : ''}${ends}`;
    }
    case 'join':
      return `join ${iv.side} ${iv.combatant.id}`;
    case 'flee':
      return `flee ${iv.who}`;
  }
}

export const CHANNEL = 'phasebook-table';
export type ChannelMessage =
  /** The fight on a game master's tab (null: none); `reply`: sent in answer to a player view's hello. */
  | { type: 'state'; state: PlayerState | null; reply?: boolean }
  | { type: 'hello' }
  /** A game master's tab kept fight `id` (after an answer, a ruling, undo or redo): other tabs showing it load it again. */
  | { type: 'fight'; id: string; from: string };

/**
 * What the player view shows after a state message. Every game master's tab answers a player
 * view's hello, those without a fight with none: such an answer does not blank a fight another
 * tab has already sent (whichever answer came last used to win). A tab that leaves its fight
 * sends none, not as a reply, and that does clear the view.
 */
export function shownAfter(shown: PlayerState | null, msg: { state: PlayerState | null; reply?: boolean }): PlayerState | null {
  return msg.state === null && msg.reply && shown !== null ? shown : msg.state;
}
