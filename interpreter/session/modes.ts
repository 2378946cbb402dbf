/**
 * Who is asked. Each kind of input (roll, decision, declaration) has a mode per side or
 * combatant: `auto` (pins, then seeded dice or the default, as in a plain run), `ask` (the
 * session stops and waits for an answer; pins are shown as a hint but not used), or `pinned`
 * (the pins answer; what they do not cover is asked). The referee is a side of its own,
 * `referee`: it makes the judgments and rolls that belong to no combatant.
 */
export type Mode = 'auto' | 'ask' | 'pinned';
export type InputKind = 'roll' | 'decision' | 'declaration';

export interface ModeTable {
  /** For everyone not named below; auto when absent. */
  default?: Mode;
  /** By side id, or `referee`. */
  sides?: Record<string, Mode>;
  /** By combatant id (wins over its side). */
  combatants?: Record<string, Mode>;
}

export interface Modes {
  roll?: ModeTable;
  decision?: ModeTable;
  declaration?: ModeTable;
  /** Stop at each turn start (`turn`), or at each turn and step start (`step`), so a referee may step in. Default off. */
  pause?: 'off' | 'turn' | 'step';
}

export const REFEREE = 'referee';

/** The mode of one input: by combatant, then its side, then the table's default. */
export function modeOf(modes: Modes, kind: InputKind, combatant: string | null, side: string | null): Mode {
  const t = modes[kind];
  if (!t) return 'auto';
  if (combatant !== null) {
    const m = t.combatants?.[combatant];
    if (m) return m;
  }
  const s = t.sides?.[side ?? REFEREE];
  return s ?? t.default ?? 'auto';
}

/** The same mode for the given sides or combatants (or everyone: `all`) in every kind of input. */
/** Whether a table answers auto for everyone (absent, or every mode in it auto). */
export function allAuto(t: ModeTable | undefined): boolean {
  if (!t) return true;
  const modes = [t.default ?? 'auto', ...Object.values(t.sides ?? {}), ...Object.values(t.combatants ?? {})];
  return modes.every((m) => m === 'auto');
}

export function setMode(modes: Modes, mode: Mode, who: string, isSide: (id: string) => boolean): Modes {
  const out: Modes = structuredClone(modes);
  for (const kind of ['roll', 'decision', 'declaration'] as const) {
    const t = (out[kind] ??= {});
    if (who === 'all') {
      t.default = mode;
      delete t.sides;
      delete t.combatants;
    } else if (who === REFEREE || isSide(who)) (t.sides ??= {})[who] = mode;
    else (t.combatants ??= {})[who] = mode;
  }
  return out;
}
