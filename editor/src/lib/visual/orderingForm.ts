/**
 * The small form that edits a step's ordering: either the name of an ordering (a preset or one
 * of the ruleset's `orderings`), or the step's own keys and tie-break. Converts between the
 * document language's `order` value and the form's draft.
 */
import {
  type Ordering,
  type OrderingRef,
  type OrderKey,
  type TieBreak,
  ORDER_KEYS,
  ORDER_PRESETS,
  parseNotation,
} from '../../../../interpreter/index.js';
import { describeKey } from './summary.js';

export type KeyDraft =
  | { kind: 'preset'; name: string }
  | { kind: 'stat'; stat: string; dir: 'asc' | 'desc'; description?: string }
  /** A key the form does not edit (an expression): kept as it is. */
  | { kind: 'keep'; raw: OrderKey; label: string };

export interface TiesDraft {
  kind: 'simultaneous' | 'referee' | 'reroll';
  notation: string;
  then: 'simultaneous' | 'referee';
}

export interface OrderDraft {
  mode: 'named' | 'custom';
  /** With mode "named": the ordering's name. */
  name: string;
  keys: KeyDraft[];
  ties: TiesDraft;
  description?: string;
}

const has = (o: object | undefined, k: string) => !!o && Object.prototype.hasOwnProperty.call(o, k);

export function keyDraft(key: OrderKey): KeyDraft {
  if (typeof key === 'string' && has(ORDER_KEYS, key)) return { kind: 'preset', name: key };
  if (typeof key === 'object' && 'preset' in key && has(ORDER_KEYS, key.preset) && !key.description)
    return { kind: 'preset', name: key.preset };
  if (typeof key === 'object' && 'stat' in key)
    return {
      kind: 'stat',
      stat: key.stat,
      dir: key.dir === 'asc' ? 'asc' : 'desc',
      ...(key.description ? { description: key.description } : {}),
    };
  return { kind: 'keep', raw: key, label: describeKey(key) };
}

export function tiesDraft(t: TieBreak | undefined): TiesDraft {
  if (t === 'referee') return { kind: 'referee', notation: '1d6', then: 'simultaneous' };
  if (t && typeof t === 'object') return { kind: 'reroll', notation: t.reroll, then: t.then ?? 'simultaneous' };
  return { kind: 'simultaneous', notation: '1d6', then: 'simultaneous' };
}

/** The draft for a step's current `order`. */
export function draftFrom(ref: OrderingRef | undefined, named: Record<string, Ordering> | undefined): OrderDraft {
  if (ref === undefined) ref = 'simultaneous';
  if (typeof ref === 'string') {
    const o = (has(named, ref) ? named![ref] : undefined) ?? (has(ORDER_PRESETS, ref) ? ORDER_PRESETS[ref] : undefined);
    return { mode: 'named', name: ref, keys: (o?.keys ?? []).map(keyDraft), ties: tiesDraft(o?.ties) };
  }
  return {
    mode: 'custom',
    name: '',
    keys: ref.keys.map(keyDraft),
    ties: tiesDraft(ref.ties),
    ...(ref.description ? { description: ref.description } : {}),
  };
}

export function keyValue(k: KeyDraft): OrderKey {
  if (k.kind === 'preset') return k.name;
  if (k.kind === 'stat') return { stat: k.stat, dir: k.dir, ...(k.description ? { description: k.description } : {}) };
  return k.raw;
}

export function tiesValue(t: TiesDraft): TieBreak {
  if (t.kind !== 'reroll') return t.kind;
  return t.then === 'referee' ? { reroll: t.notation.trim(), then: 'referee' } : { reroll: t.notation.trim() };
}

/** The `order` value the draft stands for. */
export function valueFrom(d: OrderDraft): OrderingRef {
  if (d.mode === 'named') return d.name;
  return { ...(d.description ? { description: d.description } : {}), keys: d.keys.map(keyValue), ties: tiesValue(d.ties) };
}

/** Problems that keep the draft from being saved (empty when it is fine). */
export function draftProblems(d: OrderDraft, stats: readonly string[]): string[] {
  const out: string[] = [];
  if (d.mode === 'named') {
    if (!d.name) out.push('Choose an ordering.');
    return out;
  }
  d.keys.forEach((k, i) => {
    if (k.kind === 'stat' && !k.stat) out.push(`Key ${i + 1}: choose a stat.`);
    else if (k.kind === 'stat' && stats.length && !stats.includes(k.stat)) out.push(`Key ${i + 1}: the ruleset has no stat "${k.stat}".`);
  });
  if (d.keys.length > 16) out.push('At most 16 keys.');
  if (d.ties.kind === 'reroll') {
    try {
      parseNotation(d.ties.notation.trim());
    } catch (e) {
      out.push(`Re-roll: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return out;
}

/** Move a key one place up (-1) or down (+1). */
export function moveKey(keys: readonly KeyDraft[], i: number, by: -1 | 1): KeyDraft[] {
  const j = i + by;
  if (j < 0 || j >= keys.length) return [...keys];
  const out = [...keys];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}
