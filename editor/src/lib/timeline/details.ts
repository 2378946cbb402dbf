/** One trace event as a line of the timeline (a roll, a decision, damage, a move…), and the actor a label names. */
import { type TraceEvent, initiativeLine } from '../../../../interpreter/index.js';
import type { Detail } from './types.js';

export const arrow = (t: string | null) => (t ? ` → ${t}` : '');

/** The actor a label names: `r2.elf.shoot.attack` → elf (only when elf is a combatant). */
export function labelActor(label: string, combatants: ReadonlySet<string>): string | null {
  const m = /^r\d+\.(.+)$/.exec(label);
  if (!m) return null;
  // Combatant ids may hold dots in principle: take the longest known prefix.
  const rest = m[1]!.split('.');
  for (let n = rest.length - 1; n >= 1; n--) {
    const cand = rest.slice(0, n).join('.');
    if (combatants.has(cand)) return cand;
  }
  return null;
}

export function detailOf(e: TraceEvent): Detail | null {
  const seq = e.seq;
  switch (e.type) {
    case 'roll': {
      const { label, expr, dice, total } = e;
      return {
        kind: 'roll',
        seq,
        label,
        expr,
        dice,
        total,
        pinned: !!e.pinned,
        text: `⚄ ${label} = ${total} (${expr}: ${dice.join(',')})${e.pinned ? ' pinned' : ''}`,
      };
    }
    case 'decision': {
      const { label, options, chosen, by } = e;
      return {
        kind: 'decision',
        seq,
        label,
        options,
        chosen,
        by,
        pinned: !!e.pinned,
        text: `⚖ ${label} = ${chosen} (${options.join(' | ')}; by ${by})`,
      };
    }
    case 'damage': {
      const { target, amount: n, stat, value, by } = e;
      const text = n >= 0 ? `${target} takes ${n} ${stat} (now ${value})` : `${target} regains ${-n} ${stat} (now ${value})`;
      return { kind: 'damage', seq, target, amount: n, stat, value, by, text };
    }
    case 'down':
      return { kind: 'down', seq, combatant: e.combatant, text: `✝ ${e.combatant} is out of the fight` };
    case 'move':
      return { kind: 'move', seq, combatant: e.combatant, from: e.from, to: e.to, text: `${e.combatant} moves ${e.from} → ${e.to} ft` };
    case 'note':
      return { kind: 'note', seq, combatant: e.combatant, text: `“${e.text}”` };
    case 'condition':
      return {
        kind: 'condition',
        seq,
        target: e.target,
        condition: e.condition,
        ended: !!e.ended,
        text: e.ended ? `${e.target}: ${e.condition} ends` : `${e.target}: ${e.condition} until ${e.ends} (${e.rounds} round(s))`,
      };
    case 'initiative':
      return { kind: 'initiative', seq, who: e.who, value: e.value, text: initiativeLine(e) };
    case 'skip':
      return {
        kind: 'skip',
        seq,
        combatant: e.combatant,
        action: e.action,
        reason: e.reason,
        text: `✗ ${e.combatant} ${e.action} skipped: ${e.reason}`,
      };
    case 'declare':
      return {
        kind: 'declare',
        seq,
        combatant: e.combatant,
        action: e.action,
        target: e.target,
        text: `declare ${e.combatant}: ${e.action}${arrow(e.target)} (for ${e.for})${e.scripted ? ' [script]' : ''}`,
      };
    case 'warning':
      return { kind: 'warning', seq, text: `warning: ${e.message}` };
    default:
      return null;
  }
}
