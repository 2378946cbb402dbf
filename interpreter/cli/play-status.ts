/** What `phasebook play` shows of a session's tracker: the prompt's status line and the `status` table. */
import type { TrackerSnapshot } from '../run/host.js';

/** One line for the prompt: where the fight is, who comes next, who holds. */
export function statusLine(snap: TrackerSnapshot): string {
  const turn = snap.turn ? `turn of ${snap.turn.join(' + ')}` : 'no turn';
  const where = [
    snap.round === 0 ? 'surprise round' : `round ${snap.round}`,
    turn,
    snap.phase ? `phase ${snap.phase}` : '',
    snap.step ? `step ${snap.step}` : '',
  ];
  const next = snap.toCome.length ? `; next: ${snap.toCome.map((t) => t.join('+')).join(', ')}` : '';
  const holding = snap.holding.length ? `; holding: ${snap.holding.map((h) => `${h.id} (${h.resumes})`).join(', ')}` : '';
  return `[${where.filter(Boolean).join(' · ')}${next}${holding}]`;
}

/** The `status` command: the round, whose turn, the order to come, every side and combatant. */
export function statusTable(snap: TrackerSnapshot, defaults: Record<string, unknown>): string {
  const out: string[] = [];
  out.push(
    `round ${snap.round}${snap.phase ? ` · phase ${snap.phase}` : ''}${snap.step ? ` · step ${snap.step}` : ''}${snap.turn ? ` · turn of ${snap.turn.join(' + ')}` : ''}`,
  );
  if (snap.toCome.length) out.push(`to come: ${snap.toCome.map((t) => t.join('+')).join(', ')}`);
  for (const h of snap.holding) out.push(`holding: ${h.id}, ${h.resumes}`);
  for (const side of snap.sides) {
    out.push(
      `side ${side.id}: ${side.standing}/${side.total} standing${side.initiative !== null ? `, initiative ${side.initiative}` : ''}${side.holder ? ', holds initiative' : ''}`,
    );
    for (const c of snap.combatants.filter((x) => x.side === side.id)) {
      const stats = Object.entries(c.stats)
        .filter(([k, v]) => (typeof v === 'number' || (typeof v === 'string' && v !== '')) && v !== defaults[k])
        .map(([k, v]) => `${k} ${String(v)}`)
        .join(', ');
      const spent = Object.entries(c.spent)
        .filter(([, n]) => n > 0)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');
      const conds = c.conditions.map((k) => `${k.id} (${k.until})`).join(', ');
      out.push(
        `  ${c.id}${c.out ? ' [out]' : ''}${c.initiative !== null ? ` · init ${c.initiative}` : ''} · ${stats}${spent ? ` · spent: ${spent}` : ''}${conds ? ` · ${conds}` : ''}${c.plan.length ? ` · plans ${c.plan.join(', ')}` : ''}`,
      );
    }
  }
  return out.join('\n') + '\n';
}
