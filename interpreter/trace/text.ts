/**
 * The readable timeline: events grouped by round, turn, phase and step. Simultaneous actors
 * are shown as one group; every roll and decision shows its label, so a game master can pin
 * it with --roll LABEL=VALUE or --choose LABEL=OPTION.
 */
import type { EventOf, TraceEvent } from './events.js';
import { initiativeLine } from './facts.js';
import { untilText } from './until.js';

const arrow = (target: string | null | undefined) => (target ? ` → ${target}` : '');

export function formatTimeline(events: readonly TraceEvent[]): string {
  const out: string[] = [];
  let depth = 0;
  let base = 0; // indentation of phases (1 without turns, 2 with)
  let inGroup: string | null = null;
  // A phase header is printed only when something happens in the phase, and so is the header of
  // a continued turn (an interrupted turn with nothing left to do shows nothing).
  let pendingPhase: string | null = null;
  let pendingTurn: string | null = null;
  const line = (d: number, text: string) => {
    if (pendingTurn !== null) {
      out.push(pendingTurn);
      pendingTurn = null;
    }
    if (pendingPhase !== null) {
      out.push(pendingPhase);
      pendingPhase = null;
    }
    out.push('  '.repeat(Math.max(0, d)) + text);
  };
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    switch (e.type) {
      case 'combat.start': {
        const overlays = e.overlays.length ? ` + ${e.overlays.join(' + ')}` : '';
        line(0, `Combat · ruleset ${e.ruleset} ${e.version}${overlays} · encounter ${e.encounter} · seed ${e.seed}`);
        for (const s of e.sides) line(1, `side ${s.id}: ${s.combatants.join(', ')}`);
        break;
      }
      case 'round.start':
        pendingPhase = null;
        pendingTurn = null;
        out.push('');
        line(0, e.round === 0 ? 'Surprise round (round 0)' : `Round ${e.round}`);
        depth = 1;
        base = 1;
        inGroup = null;
        break;
      case 'turn.start': {
        pendingPhase = null;
        pendingTurn = null;
        const header = `Turn of ${e.who.join(' + ')}${e.who.length > 1 ? ' (simultaneous)' : ''}`;
        if (e.continued) pendingTurn = `  ${header} (continued)`;
        else line(1, header);
        base = 2;
        depth = 2;
        break;
      }
      case 'phase.start':
        pendingPhase = '  '.repeat(base) + `▸ ${e.phase}`;
        depth = base + 1;
        inGroup = null;
        break;
      case 'step.start':
        line(base + 1, `· ${e.step}`);
        depth = base + 2;
        inGroup = null;
        break;
      case 'initiative':
        line(depth, initiativeLine(e));
        break;
      case 'declare':
        line(depth, `declare ${e.combatant}: ${e.action}${arrow(e.target)} (for ${e.for})${e.scripted ? ' [script]' : ''}`);
        break;
      case 'act': {
        const stepDepth = e.step !== undefined ? base + 2 : depth;
        if (e.reaction) {
          const r = e.reaction;
          line(stepDepth + 1, `⚡ ${e.combatant} ${e.action}${arrow(e.target)}  (reaction: ${r.trigger}, set off by ${r.by})`);
          depth = stepDepth + 2;
          break;
        }
        if (e.group) {
          if (inGroup !== e.group) {
            const members: string[] = [];
            for (let j = i; j < events.length; j++) {
              const m = events[j]!;
              if (m.type !== 'act' || m.group !== e.group) break;
              members.push(`${m.combatant} ${m.action}${arrow(m.target)}`);
            }
            line(stepDepth, `⟨simultaneous ${e.group}⟩ ${members.join(' | ')}`);
            inGroup = e.group;
          }
          depth = stepDepth + 1;
          break;
        }
        inGroup = null;
        line(stepDepth, `${e.combatant} ${e.action}${arrow(e.target)}`);
        depth = stepDepth + 1;
        break;
      }
      case 'skip':
        line(depth, `✗ ${e.combatant} ${e.action} skipped: ${e.reason}`);
        break;
      case 'move':
        line(depth, `move ${e.combatant} ${e.from} → ${e.to} ft`);
        break;
      case 'roll': {
        const mods = e.modifiers?.length
          ? ` ${e.modifiers.map((m) => `${m.value < 0 ? '−' : '+'} ${Math.abs(m.value)} ${m.id}`).join(' ')} = ${e.modified}`
          : '';
        line(depth, `🎲 ${e.label} = ${e.total}${mods}  (${e.expr}: ${e.dice.join(',')})${e.pinned ? ' pinned' : ''}`);
        break;
      }
      case 'draw':
        line(depth, `🂠 ${e.label} = ${e.card}  (deck ${e.deck}, for ${e.who}${e.kept ? '' : ', discarded'}${e.pinned ? ', pinned' : ''})`);
        break;
      case 'repeat':
        line(depth, `↻ ${e.from} and the phases after it again (time ${e.count})`);
        break;
      case 'reshuffle':
        line(depth, `🂠 deck ${e.deck} reshuffled (${e.reason})`);
        break;
      case 'decision':
        line(depth, `⚖ ${e.label} = ${e.chosen}  (${e.options.join(' | ')}; by ${e.by}${e.pinned ? ', pinned' : ', default'})`);
        break;
      case 'damage': {
        const n = e.amount;
        line(depth, n >= 0 ? `${e.target} takes ${n} ${e.stat} (now ${e.value})` : `${e.target} regains ${-n} ${e.stat} (now ${e.value})`);
        break;
      }
      case 'condition':
        line(depth, e.ended ? `${e.target}: ${e.condition} ends` : `${e.target}: ${e.condition} until ${e.ends} (${e.rounds} round(s))`);
        break;
      case 'down':
        line(depth, `✝ ${e.combatant} is out of the fight`);
        break;
      case 'note':
        line(depth, `“${e.text}”`);
        break;
      case 'intervention':
        line(depth, `☛ referee: ${interventionText(e)}`);
        break;
      case 'round.end':
        break;
      case 'combat.end':
        pendingPhase = null;
        pendingTurn = null;
        out.push('');
        line(0, `Combat over after round ${e.round}: ${e.winner ? `${e.winner} wins` : 'no winner'} (${e.reason})`);
        break;
      case 'warning':
        line(0, `warning: ${e.message}`);
        break;
    }
  }
  return out.join('\n') + '\n';
}

/** A referee's intervention in words. */
function interventionText(e: EventOf<'intervention'>): string {
  const who = String(e.target);
  switch (e.op) {
    case 'damage':
      return `${who} takes ${String(e.amount)} ${String(e.stat)} (now ${String(e.value)})`;
    case 'heal':
      return `${who} regains ${String(e.amount)} ${String(e.stat)} (now ${String(e.value)})`;
    case 'set':
      return `${who}: ${String(e.stat)} = ${String(e.value)}`;
    case 'condition':
      return e.removed
        ? `${who}: ${String(e.condition)} removed`
        : `${who}: ${String(e.condition)}${e.ends ? ` ${untilText(e.ends, e.rounds ?? 1)}` : e.rounds ? ` for ${String(e.rounds)} round(s)` : ' until removed'}`;
    case 'join':
      return `${who} joins ${String(e.side)}`;
    default:
      return `${who} flees`;
  }
}
