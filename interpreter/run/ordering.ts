/**
 * Ordering: sort keys compared in turn, then a tie-break that ends in `simultaneous`,
 * `referee` or a labelled re-roll. Simultaneous actors come out as ONE group, never in an
 * arbitrary order. Each built-in sort key is one small definition in the table below; a
 * ruleset composes them, names its own orderings, or sorts by a stat or an expression.
 */
import type { Ordering, OrderingRef, OrderKey, TieBreak } from '../model/types.js';

/** Anything that can be ordered: a combatant, a side's turn, or a declared action. */
export interface Orderable {
  /** Stable id used in labels (combatant id, side id, or combatant:action). */
  id: string;
  /** Listing order in the encounter: the last, deterministic fallback inside a group. */
  listing: number;
  side: string;
  initiative: number | null;
  declSeq: number;
  /** Expression data for stat and expr keys. */
  data: () => Record<string, unknown>;
}

export interface OrderEnv {
  /** Rank of a side in this round's initiative order (0 = holder). */
  sideRank(side: string): number;
  /** The initiative side chose to go second here. */
  reversed: boolean;
  /** A tie-break roll; `attempt` counts re-rolls of the same tie (1, 2, …). */
  roll(label: string, notation: string, attempt: number): number;
  decide(label: string, options: string[], fallback: string): string;
  /** Label prefix for tie-break rolls and decisions, e.g. r2.missile.bows */
  label: string;
}

export interface KeyDef {
  description: string;
  /** Lower values come first. */
  value(item: Orderable, env: OrderEnv): number;
}

/** The built-in sort keys, by name. */
export const ORDER_KEYS: Record<string, KeyDef> = {
  'side-initiative': {
    description: 'The side holding initiative first (or second, when it chose so), then the other sides in initiative order.',
    value: (it, env) => (env.reversed ? -env.sideRank(it.side) : env.sideRank(it.side)),
  },
  'initiative-desc': {
    description: 'Highest initiative first.',
    value: (it) => -(it.initiative ?? Number.NEGATIVE_INFINITY),
  },
  'initiative-asc': {
    description: 'Lowest initiative first (for example, declarations in reverse initiative order).',
    value: (it) => it.initiative ?? Number.POSITIVE_INFINITY,
  },
  'declaration-order': {
    description: 'In the order the actions were declared.',
    value: (it) => it.declSeq,
  },
  'listing-order': {
    description: 'In the order the encounter lists the combatants.',
    value: (it) => it.listing,
  },
};

/** Named preset orderings a document may refer to by name. */
export const ORDER_PRESETS: Record<string, Ordering> = {
  simultaneous: { description: 'Everyone at once.', keys: [], ties: 'simultaneous' },
  'side-initiative': { description: 'Sides in initiative order; a side acts as one group.', keys: ['side-initiative'], ties: 'simultaneous' },
  'initiative-desc': { description: 'Highest initiative first; equal values act together.', keys: ['initiative-desc'], ties: 'simultaneous' },
  'initiative-asc': { description: 'Lowest initiative first; equal values act together.', keys: ['initiative-asc'], ties: 'simultaneous' },
  'listing-order': { description: 'One by one in listing order.', keys: ['listing-order'], ties: 'simultaneous' },
  'declaration-order': { description: 'One by one in declaration order.', keys: ['declaration-order'], ties: 'simultaneous' },
};

export type CompiledKey = (item: Orderable, env: OrderEnv) => number;

export interface CompiledOrdering {
  keys: CompiledKey[];
  ties: TieBreak;
}

export function resolveOrderingRef(ref: OrderingRef | undefined, named: Record<string, Ordering> | undefined): Ordering | null {
  if (ref === undefined) return ORDER_PRESETS.simultaneous!;
  if (typeof ref !== 'string') return ref;
  return named?.[ref] ?? ORDER_PRESETS[ref] ?? null;
}

export function compileKey(key: OrderKey, compileExpr: (expr: unknown) => (d: Record<string, unknown>) => unknown): CompiledKey | string {
  if (typeof key === 'string') return ORDER_KEYS[key]?.value ?? `unknown sort key "${key}"`;
  if ('preset' in key) return ORDER_KEYS[key.preset]?.value ?? `unknown sort key "${key.preset}"`;
  const sign = key.dir === 'asc' ? 1 : -1;
  if ('stat' in key) {
    const stat = key.stat;
    return (it) => sign * toNumber((it.data().actor as Record<string, unknown> | undefined)?.[stat]);
  }
  const fn = compileExpr(key.expr);
  return (it) => sign * toNumber(fn(it.data()));
}

const toNumber = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : Number.NaN;
  return Number.isNaN(n) ? 0 : n;
};

function compareVectors(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return 0;
}

/**
 * Order items into groups. Items in one group are simultaneous. The result is deterministic:
 * equal items keep listing order inside their group.
 */
export function orderIntoGroups<T extends Orderable>(items: T[], ordering: CompiledOrdering, env: OrderEnv): T[][] {
  if (items.length === 0) return [];
  // Each item with its sort vector, computed item by item, key by key (an expression key may roll).
  const keys = ordering.keys;
  const rows: Array<{ it: T; v: number[] }> = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    const v = new Array<number>(keys.length);
    for (let k = 0; k < keys.length; k++) v[k] = keys[k]!(it, env);
    rows[i] = { it, v };
  }
  // Sorting the rows with the comparator of the items gives the items' order exactly.
  rows.sort((a, b) => compareVectors(a.v, b.v) || a.it.listing - b.it.listing);
  const groups: Array<{ first: number[]; items: T[] }> = [];
  for (const r of rows) {
    const last = groups[groups.length - 1];
    if (last && compareVectors(last.first, r.v) === 0) last.items.push(r.it);
    else groups.push({ first: r.v, items: [r.it] });
  }
  const out: T[][] = [];
  for (const g of groups) {
    if (g.items.length === 1) out.push(g.items);
    else out.push(...breakTie(g.items, ordering.ties, env));
  }
  return out;
}

const MAX_REROLLS = 5;

function breakTie<T extends Orderable>(group: T[], ties: TieBreak, env: OrderEnv, attempt = 1): T[][] {
  if (ties === 'simultaneous') return [group];
  if (ties === 'referee') {
    // The referee picks who goes first among the tied, again and again.
    const out: T[][] = [];
    let rest = [...group];
    let pick = 1;
    while (rest.length > 1) {
      const options = rest.map((x) => x.id);
      const chosen = env.decide(`${env.label}.tie.${pick}`, options, options[0]!);
      const idx = Math.max(0, options.indexOf(chosen));
      out.push([rest[idx]!]);
      rest = rest.filter((_, i) => i !== idx);
      pick++;
    }
    out.push(rest);
    return out;
  }
  if (attempt > MAX_REROLLS) return breakTie(group, ties.then ?? 'simultaneous', env);
  const scores = new Map<T, number>();
  for (const it of group) scores.set(it, env.roll(`${env.label}.tie.${it.id}`, ties.reroll, attempt));
  const sorted = [...group].sort((a, b) => scores.get(b)! - scores.get(a)! || a.listing - b.listing);
  const out: T[][] = [];
  let run: T[] = [];
  for (const it of sorted) {
    if (run.length && scores.get(run[0]!) !== scores.get(it)) {
      out.push(...(run.length > 1 ? breakTie(run, ties, env, attempt + 1) : [run]));
      run = [];
    }
    run.push(it);
  }
  out.push(...(run.length > 1 ? breakTie(run, ties, env, attempt + 1) : [run]));
  return out;
}
