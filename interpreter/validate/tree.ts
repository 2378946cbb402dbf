/**
 * Every object and array of a resolved ruleset, walked once and shared by the checks that look
 * at all of them (durations, state and deck effects, dice places, procedure arguments). Nodes
 * are listed depth first, in key order, each with its parent and the key it sits under; its
 * JSON pointer is only built when a check reports something there (or follows it), so a clean
 * ruleset costs no pointer strings. The subtree of each top-level key is one contiguous range.
 */
import { escapePointerSegment } from '../diagnostics.js';
import type { Ruleset } from '../model/types.js';
import { shared } from './shared.js';

export interface RulesetTree {
  /** Objects and arrays, depth first; 0 is the ruleset itself. */
  readonly nodes: unknown[];
  /** Index of each node's parent (-1 for the ruleset). */
  readonly parent: number[];
  /** The key each node sits under in its parent: a name in an object, an index in an array. */
  readonly key: Array<string | number>;
  /** Whether a node is inside (or is) a value under a `params` key. */
  readonly inParams: boolean[];
  /** [first, end) node range of each top-level key's value, when it is an object or array. */
  readonly ranges: Map<string, [number, number]>;
  /** Pointers built so far, by node index. */
  readonly pointers: Array<string | undefined>;
}

/** The tree of a ruleset (walked once per checkRuleset call: see shared.ts). */
export const treeOf = (rs: Ruleset): RulesetTree => shared(rs, buildTree, () => buildTree(rs));

function buildTree(rs: Ruleset): RulesetTree {
  const tree: RulesetTree = { nodes: [], parent: [], key: [], inParams: [], ranges: new Map(), pointers: [''] };
  const { nodes, parent, key, inParams } = tree;
  const add = (v: object, up: number, k: string | number, params: boolean): void => {
    const at = nodes.length;
    nodes.push(v);
    parent.push(up);
    key.push(k);
    inParams.push(params);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === 'object' && x !== null) add(x, at, i, params);
      }
    } else {
      const o = v as Record<string, unknown>;
      // for…in: a plain JSON object has no enumerable inherited key, and this allocates no key list.
      for (const name in o) {
        if (!Object.prototype.hasOwnProperty.call(o, name)) continue;
        const x = o[name];
        if (typeof x === 'object' && x !== null) add(x, at, name, params || name === 'params');
      }
    }
  };
  add(rs, -1, '', false);
  // Top-level ranges: a child of the root starts a range that ends where the next one starts.
  let open: string | null = null;
  let start = 0;
  for (let i = 1; i < nodes.length; i++) {
    if (parent[i] !== 0) continue;
    if (open !== null) tree.ranges.set(open, [start, i]);
    open = key[i] as string;
    start = i;
  }
  if (open !== null) tree.ranges.set(open, [start, nodes.length]);
  return tree;
}

/** A key as a pointer segment (escapePointerSegment, without its two replaces for a plain key). */
export const segment = (k: string): string => (k.includes('~') || k.includes('/') ? escapePointerSegment(k) : k);

/** The JSON pointer of node `i` (built once, from its parent's). */
export function pointerOf(tree: RulesetTree, i: number): string {
  const known = tree.pointers[i];
  if (known !== undefined) return known;
  const k = tree.key[i]!;
  const p = pointerOf(tree, tree.parent[i]!) + '/' + (typeof k === 'number' ? String(k) : segment(k));
  tree.pointers[i] = p;
  return p;
}

/** Each object (not array) under the given top-level keys, in the order of the keys, with its index. */
export function forEachObjectUnder(
  tree: RulesetTree,
  roots: readonly string[],
  f: (node: Record<string, unknown>, i: number) => void,
): void {
  const { nodes } = tree;
  for (const root of roots) {
    const range = tree.ranges.get(root);
    if (!range) continue;
    for (let i = range[0]; i < range[1]; i++) {
      const v = nodes[i];
      if (!Array.isArray(v)) f(v as Record<string, unknown>, i);
    }
  }
}

/** The nodes effects can be in: actions, triggers, procedures and moments. */
export const EFFECT_ROOTS = ['actions', 'triggers', 'procedures', 'moments'] as const;

/**
 * Every (object, key) of a JSON value, depth first in document order: `onKey` is called before
 * the walk goes into `o[key]`, with `here()` making the pointer of `o` (from `base`; call it
 * before returning, the path moves on). Returning true skips what is under that key.
 */
export function forEachKeyIn(
  value: unknown,
  onKey: (o: Record<string, unknown>, key: string, keys: readonly string[], here: () => string) => boolean | void,
  base = '',
): void {
  const segs: string[] = [];
  const here = (): string => base + segs.map((s) => '/' + segment(s)).join('');
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        segs.push(String(i));
        visit(v[i]);
        segs.pop();
      }
    } else if (typeof v === 'object' && v !== null) {
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o);
      for (let n = 0; n < keys.length; n++) {
        const k = keys[n]!;
        if (onKey(o, k, keys, here) === true) continue;
        segs.push(k);
        visit(o[k]);
        segs.pop();
      }
    }
  };
  visit(value);
}
