/**
 * What a sweep can vary in the Simulate panel, read from the variant's own documents: the
 * encounter's combatants (their count, or one of their stats), the ruleset's options and stats.
 * The choice is written as the CLI's `--sweep <kind>:<path>=<values>` and parsed by the CLI's
 * own parseSweep, so the panel and the command line accept exactly the same sweeps.
 */
import { escapePointerSegment, parseSweep, type Sweep, type SweepKind, PhasebookError } from '../../../interpreter/index.js';

export interface TargetChoices {
  combatants: Array<{ side: string; id: string; path: string }>;
  stats: string[];
  options: Array<{ name: string; values: unknown[] }>;
}

const parse = (text: string | undefined): Record<string, unknown> | null => {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};
const list = (v: unknown): Array<Record<string, unknown>> =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];

export function targetChoices(rulesetText: string | undefined, encounterText: string | undefined): TargetChoices {
  const enc = parse(encounterText);
  const rs = parse(rulesetText);
  const combatants = list(enc?.sides).flatMap((s) =>
    list(s.combatants).map((c) => ({
      side: String(s.id),
      id: String(c.id),
      path: `/sides/${escapePointerSegment(String(s.id))}/combatants/${escapePointerSegment(String(c.id))}`,
    })),
  );
  const stats = Object.keys((rs?.combatant as { stats?: object } | undefined)?.stats ?? {});
  const options = Object.entries((rs?.options as Record<string, { enum?: unknown[] }> | undefined) ?? {}).map(([name, o]) => ({
    name,
    values: Array.isArray(o?.enum) ? o.enum : [],
  }));
  return { combatants, stats, options };
}

export interface SweepForm {
  kind: SweepKind | 'none';
  /** count / encounter: the combatant's path. */
  combatant: string;
  /** encounter: the stat. */
  stat: string;
  /** option: its name. */
  option: string;
  /** ruleset: a JSON pointer. */
  path: string;
  values: string;
}

/** The form as the CLI's --sweep argument ("" without a sweep). */
export function sweepArgument(f: SweepForm): string {
  switch (f.kind) {
    case 'none':
      return '';
    case 'count':
      return `count:${f.combatant}=${f.values}`;
    case 'encounter':
      return `encounter:${f.combatant}/stats/${escapePointerSegment(f.stat)}=${f.values}`;
    case 'option':
      return `option:${f.option}=${f.values}`;
    case 'ruleset':
      return `ruleset:${f.path}=${f.values}`;
  }
}

/** The sweep of the form (null without one), or the CLI's message for a bad one. */
export function sweepOf(f: SweepForm): { sweep: Sweep | null; error: string | null } {
  const arg = sweepArgument(f);
  if (!arg) return { sweep: null, error: null };
  try {
    return { sweep: parseSweep(arg), error: null };
  } catch (err) {
    const message = err instanceof PhasebookError ? err.diagnostics.map((d) => d.message).join('; ') : String(err);
    return { sweep: null, error: message.replace(/--sweep/g, 'sweep') };
  }
}
