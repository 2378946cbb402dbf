/**
 * What one simulated combat contributes: the winner, how long it took, the damage each side
 * dealt and took, who survived, who landed the blow that took each combatant down, and who
 * acted first in each step. Computed from the run's events only (as every consumer does).
 */
import type { EventOf, EventType, TraceEvent } from '../trace/events.js';

/**
 * The event types recordOf reads, and no other: a simulation runs with `keep` set to these
 * (RunOptions.keep), and recordOf's switch is checked against this list both ways (a case for a
 * type not listed, or a listed type without its case, does not compile).
 */
const RECORD_TYPES = ['combat.start', 'step.start', 'act', 'damage', 'down', 'combat.end'] as const satisfies readonly EventType[];
type RecordEvent = EventOf<(typeof RECORD_TYPES)[number]>;
export const RECORD_EVENTS: ReadonlySet<EventType> = new Set(RECORD_TYPES);

export interface CombatRecord {
  winner: string | null;
  reason: string;
  rounds: number;
  damageDealt: Record<string, number>;
  damageTaken: Record<string, number>;
  /** combatant → survived (not down at the end). */
  survived: Record<string, boolean>;
  /** combatant → number of enemies it took down. */
  kills: Record<string, number>;
  /** combatant → number of steps in which it was (among) the first to act. */
  actedFirst: Record<string, number>;
  /** combatant → number of steps in which it acted. */
  acted: Record<string, number>;
}

export function recordOf(events: readonly TraceEvent[]): CombatRecord {
  const sideOf = new Map<string, string>();
  const rec: CombatRecord = {
    winner: null,
    reason: '',
    rounds: 0,
    damageDealt: {},
    damageTaken: {},
    survived: {},
    kills: {},
    actedFirst: {},
    acted: {},
  };
  let firstGroup: string | null | undefined;
  let firstSeen = false;
  const lastDamageBy = new Map<string, string>();
  for (const ev of events) {
    if (!RECORD_EVENTS.has(ev.type)) continue;
    const e = ev as RecordEvent;
    switch (e.type) {
      case 'combat.start':
        for (const s of e.sides) {
          rec.damageDealt[s.id] = 0;
          rec.damageTaken[s.id] = 0;
          for (const c of s.combatants) {
            sideOf.set(c, s.id);
            rec.survived[c] = true;
            rec.kills[c] = 0;
            rec.actedFirst[c] = 0;
            rec.acted[c] = 0;
          }
        }
        break;
      case 'step.start':
        firstSeen = false;
        firstGroup = undefined;
        break;
      case 'act': {
        if (e.reaction) break;
        const c = e.combatant;
        rec.acted[c] = (rec.acted[c] ?? 0) + 1;
        const g = e.group ?? null;
        if (!firstSeen) {
          firstSeen = true;
          firstGroup = g;
          rec.actedFirst[c] = (rec.actedFirst[c] ?? 0) + 1;
        } else if (g !== null && g === firstGroup) rec.actedFirst[c] = (rec.actedFirst[c] ?? 0) + 1;
        break;
      }
      case 'damage': {
        const amount = e.amount;
        if (amount <= 0) break;
        const by = e.by;
        const target = e.target;
        const bySide = sideOf.get(by);
        const tSide = sideOf.get(target);
        if (bySide && tSide && bySide !== tSide) rec.damageDealt[bySide] = (rec.damageDealt[bySide] ?? 0) + amount;
        if (tSide) rec.damageTaken[tSide] = (rec.damageTaken[tSide] ?? 0) + amount;
        lastDamageBy.set(target, by);
        break;
      }
      case 'down': {
        const c = e.combatant;
        rec.survived[c] = false;
        const by = lastDamageBy.get(c);
        if (by && sideOf.get(by) !== sideOf.get(c)) rec.kills[by] = (rec.kills[by] ?? 0) + 1;
        break;
      }
      case 'combat.end':
        rec.winner = e.winner;
        rec.reason = e.reason;
        rec.rounds = e.round;
        break;
      default:
        e satisfies never;
    }
  }
  return rec;
}
