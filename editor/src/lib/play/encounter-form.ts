/**
 * The encounter builder's edits: each is a MINIMAL edit of the encounter's JSON text (the Visual
 * view's jsonc-parser helpers), so the code view stays in sync and its undo takes it back. The
 * form's fields come from the ruleset: its combatant stats (defaults, descriptions) and tags.
 */
import { parse } from 'jsonc-parser';
import { appendItem, removeValue, setValue } from '../visual/edits.js';

export interface StatField {
  id: string;
  default: unknown;
  description: string;
  type: 'number' | 'string' | 'boolean';
}

export interface RulesetForm {
  stats: StatField[];
  tags: Array<{ id: string; description: string }>;
}

/** The fields of a combatant form, from the ruleset's `combatant.stats` and `combatant.tags`. */
export function rulesetForm(ruleset: unknown): RulesetForm {
  const c = (
    ruleset as {
      combatant?: { stats?: Record<string, { default?: unknown; description?: string }>; tags?: Record<string, { description?: string }> };
    }
  )?.combatant;
  const stats = Object.entries(c?.stats ?? {}).map(([id, s]): StatField => {
    const d = s?.default;
    return {
      id,
      default: d,
      description: s?.description ?? '',
      type: typeof d === 'boolean' ? 'boolean' : typeof d === 'string' ? 'string' : 'number',
    };
  });
  const tags = Object.entries(c?.tags ?? {}).map(([id, t]) => ({ id, description: t?.description ?? '' }));
  return { stats, tags };
}

export interface CombatantDoc {
  id: string;
  name?: string;
  stats?: Record<string, unknown>;
  tags?: string[];
}

interface EncounterShape {
  sides?: Array<{ id: string; name?: string; combatants?: CombatantDoc[] }>;
}

const read = (text: string) => (parse(text) ?? {}) as EncounterShape;

/** Every combatant id in the encounter. */
export function idsOf(text: string): Set<string> {
  return new Set(read(text).sides?.flatMap((s) => s.combatants?.map((c) => c.id) ?? []) ?? []);
}

/** `base`, or `base-2`, `base-3`… : the first id not taken. */
export function freeId(base: string, taken: Set<string>): string {
  const root = base.replace(/-\d+$/, '') || 'combatant';
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${root}-${i}`)) return `${root}-${i}`;
}

/** Add a combatant at the end of a side (its id made unique). */
export function addCombatant(text: string, side: number, c: CombatantDoc): string {
  const id = freeId(c.id, idsOf(text));
  return appendItem(text, ['sides', side, 'combatants'], { ...c, id });
}

/**
 * Duplicate a combatant ×n ("4 goblins"): n copies after the others of its side, numbered
 * goblin-2, goblin-3…; names get the same number.
 */
export function duplicate(text: string, side: number, index: number, n: number): string {
  const c = read(text).sides?.[side]?.combatants?.[index];
  if (!c) return text;
  let out = text;
  for (let i = 0; i < n; i++) {
    const id = freeId(`${c.id.replace(/-\d+$/, '')}-2`, idsOf(out));
    const num = /-(\d+)$/.exec(id)?.[1];
    const name = c.name ? `${c.name.replace(/ \d+$/, '')}${num ? ` ${num}` : ''}` : undefined;
    out = appendItem(out, ['sides', side, 'combatants'], { ...structuredClone(c), id, ...(name ? { name } : {}) });
  }
  return out;
}

export function removeCombatant(text: string, side: number, index: number): string {
  return removeValue(text, ['sides', side, 'combatants', index]);
}

/** Set a stat; the ruleset's default removes it (unnamed stats take the default). */
export function setStat(text: string, side: number, index: number, stat: string, value: unknown, dflt: unknown): string {
  const path = ['sides', side, 'combatants', index, 'stats', stat];
  if (value === dflt || value === '' || value === undefined) return removeValue(text, path);
  const c = read(text).sides?.[side]?.combatants?.[index];
  if (!c) return text;
  if (!c.stats) return setValue(text, ['sides', side, 'combatants', index, 'stats'], { [stat]: value });
  return setValue(text, path, value);
}

export function setName(text: string, side: number, index: number, name: string): string {
  return setValue(text, ['sides', side, 'combatants', index, 'name'], name, 'id');
}

export function toggleTag(text: string, side: number, index: number, tag: string, on: boolean): string {
  const c = read(text).sides?.[side]?.combatants?.[index];
  if (!c) return text;
  const tags = c.tags ?? [];
  if (on === tags.includes(tag)) return text;
  if (on) return appendItem(text, ['sides', side, 'combatants', index, 'tags'], tag);
  const next = tags.filter((t) => t !== tag);
  const path = ['sides', side, 'combatants', index, 'tags'];
  return next.length ? removeValue(text, [...path, tags.indexOf(tag)]) : removeValue(text, path);
}

/** Add a side (`foes`, `foes-2`…). */
export function addSide(text: string, id: string, name: string): string {
  const taken = new Set(read(text).sides?.map((s) => s.id) ?? []);
  return appendItem(text, ['sides'], { id: freeId(id, taken), name, combatants: [] });
}

export function sidesOf(text: string): Array<{ id: string; name: string; combatants: CombatantDoc[] }> {
  return (read(text).sides ?? []).map((s) => ({ id: s.id, name: s.name ?? s.id, combatants: s.combatants ?? [] }));
}
