/**
 * The readable timeline: events grouped by round, turn, phase and step. Simultaneous actors
 * are shown as one group; every roll and decision shows its label, so a game master can pin
 * it with --roll LABEL=VALUE or --choose LABEL=OPTION.
 */
import type { TraceEvent } from './events.js';

const arrow = (target: unknown) => (target ? ` → ${String(target)}` : '');

export function formatTimeline(events: readonly TraceEvent[]): string {
  const out: string[] = [];
  let depth = 0;
  let base = 0; // indentation of phases (1 without turns, 2 with)
  let inGroup: string | null = null;
  // A phase header is printed only when something happens in the phase.
  let pendingPhase: string | null = null;
  const line = (d: number, text: string) => {
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
        const overlays = (e.overlays as string[]).length ? ` + ${(e.overlays as string[]).join(' + ')}` : '';
        line(0, `Combat · ruleset ${String(e.ruleset)} ${String(e.version)}${overlays} · encounter ${String(e.encounter)} · seed ${String(e.seed)}`);
        for (const s of e.sides as Array<{ id: string; combatants: string[] }>) line(1, `side ${s.id}: ${s.combatants.join(', ')}`);
        break;
      }
      case 'round.start':
        pendingPhase = null;
        out.push('');
        line(0, e.round === 0 ? 'Surprise round (round 0)' : `Round ${e.round}`);
        depth = 1;
        base = 1;
        inGroup = null;
        break;
      case 'turn.start':
        pendingPhase = null;
        line(1, `Turn of ${(e.who as string[]).join(' + ')}${(e.who as string[]).length > 1 ? ' (simultaneous)' : ''}${e.continued ? ' (continued)' : ''}`);
        base = 2;
        depth = 2;
        break;
      case 'phase.start':
        pendingPhase = '  '.repeat(base) + `▸ ${String(e.phase)}`;
        depth = base + 1;
        inGroup = null;
        break;
      case 'step.start':
        line(base + 1, `· ${String(e.step)}`);
        depth = base + 2;
        inGroup = null;
        break;
      case 'initiative': {
        const v = e.value === null ? 'by judgment' : String(e.value);
        const hold = e.holder ? ' — holds initiative' : '';
        line(depth, `initiative ${String(e.who)}: ${v}${e.rank !== undefined ? ` (rank ${String(e.rank)})` : ''}${hold}`);
        break;
      }
      case 'declare':
        line(depth, `declare ${String(e.combatant)}: ${String(e.action)}${arrow(e.target)} (for ${String(e.for)})${e.scripted ? ' [script]' : ''}`);
        break;
      case 'act': {
        const stepDepth = e.step !== undefined ? base + 2 : depth;
        if (e.reaction) {
          const r = e.reaction as { trigger: string; by: string };
          line(stepDepth + 1, `⚡ ${String(e.combatant)} ${String(e.action)}${arrow(e.target)}  (reaction: ${r.trigger}, set off by ${r.by})`);
          depth = stepDepth + 2;
          break;
        }
        if (e.group) {
          if (inGroup !== e.group) {
            const members: string[] = [];
            for (let j = i; j < events.length && events[j]!.type === 'act' && events[j]!.group === e.group; j++) {
              const m = events[j]!;
              members.push(`${String(m.combatant)} ${String(m.action)}${arrow(m.target)}`);
            }
            line(stepDepth, `⟨simultaneous ${String(e.group)}⟩ ${members.join(' | ')}`);
            inGroup = e.group as string;
          }
          depth = stepDepth + 1;
          break;
        }
        inGroup = null;
        line(stepDepth, `${String(e.combatant)} ${String(e.action)}${arrow(e.target)}`);
        depth = stepDepth + 1;
        break;
      }
      case 'skip':
        line(depth, `✗ ${String(e.combatant)} ${String(e.action)} skipped: ${String(e.reason)}`);
        break;
      case 'move':
        line(depth, `move ${String(e.combatant)} ${String(e.from)} → ${String(e.to)} ft`);
        break;
      case 'roll': {
        const dice = (e.dice as number[]).join(',');
        line(depth, `🎲 ${String(e.label)} = ${String(e.total)}  (${String(e.expr)}: ${dice})${e.pinned ? ' pinned' : ''}`);
        break;
      }
      case 'decision':
        line(depth, `⚖ ${String(e.label)} = ${String(e.chosen)}  (${(e.options as string[]).join(' | ')}; by ${String(e.by)}${e.pinned ? ', pinned' : ', default'})`);
        break;
      case 'damage': {
        const n = e.amount as number;
        line(depth, n >= 0 ? `${String(e.target)} takes ${n} ${String(e.stat)} (now ${String(e.value)})` : `${String(e.target)} regains ${-n} ${String(e.stat)} (now ${String(e.value)})`);
        break;
      }
      case 'condition':
        line(depth, e.ended ? `${String(e.target)}: ${String(e.condition)} ends` : `${String(e.target)}: ${String(e.condition)} until ${String(e.ends)} (${String(e.rounds)} round(s))`);
        break;
      case 'down':
        line(depth, `✝ ${String(e.combatant)} is out of the fight`);
        break;
      case 'note':
        line(depth, `“${String(e.text)}”`);
        break;
      case 'intervention':
        line(depth, `☛ referee: ${interventionText(e)}`);
        break;
      case 'round.end':
        break;
      case 'combat.end':
        pendingPhase = null;
        out.push('');
        line(0, `Combat over after round ${e.round}: ${e.winner ? `${String(e.winner)} wins` : 'no winner'} (${String(e.reason)})`);
        break;
      case 'warning':
        line(0, `warning: ${String(e.message)}`);
        break;
    }
  }
  return out.join('\n') + '\n';
}

/** A referee's intervention in words. */
function interventionText(e: TraceEvent): string {
  const who = String(e.target);
  switch (e.op) {
    case 'damage':
      return `${who} takes ${String(e.amount)} ${String(e.stat)} (now ${String(e.value)})`;
    case 'heal':
      return `${who} regains ${String(e.amount)} ${String(e.stat)} (now ${String(e.value)})`;
    case 'set':
      return `${who}: ${String(e.stat)} = ${String(e.value)}`;
    case 'condition':
      return e.removed ? `${who}: ${String(e.condition)} removed` : `${who}: ${String(e.condition)}${e.rounds ? ` for ${String(e.rounds)} round(s)` : ' until removed'}`;
    case 'join':
      return `${who} joins ${String(e.side)}`;
    default:
      return `${who} flees`;
  }
}
