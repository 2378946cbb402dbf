/**
 * Renaming every id of a ruleset, its overlays and an encounter with one bijection, for the
 * tests that prove the engine is generic: names must never change the order of acts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEncounter, loadProgram, type Program } from '../../interpreter/pipeline.js';
import type { Encounter, Ruleset } from '../../interpreter/model/types.js';
import type { TraceEvent } from '../../interpreter/trace/events.js';
import { ORDER_KEYS, ORDER_PRESETS } from '../../interpreter/run/ordering.js';
import { collectVarPaths } from '../../interpreter/expr/index.js';

export type Json = unknown;
export type Obj = Record<string, Json>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const ROOT = join(import.meta.dirname, '..', '..');
export const readJson = (p: string) => JSON.parse(readFileSync(p.startsWith('/') ? p : join(ROOT, p), 'utf8')) as Json;

/** Every `enum` and `const` string of a schema: words of the language, never renamed. */
export function schemaWords(schema: Json, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((x) => schemaWords(x, out));
  else if (isObj(schema)) {
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'enum' && Array.isArray(v)) for (const x of v) if (typeof x === 'string') out.add(x);
      if (k === 'const' && typeof v === 'string') out.add(v);
      schemaWords(v, out);
    }
  }
  return out;
}

export const RESERVED = new Set<string>([
  ...schemaWords(readJson('schemas/ruleset.schema.json')),
  ...schemaWords(readJson('schemas/encounter.schema.json')),
  ...Object.keys(ORDER_PRESETS),
  ...Object.keys(ORDER_KEYS),
  // Options of the engine's own decisions: never ids.
  'now',
  'wait',
  'first',
  'second',
  'keep',
  'roll',
  'act',
  'abort',
  'react',
  'pass',
  'end',
]);

/** Keys whose string values name stats, not ids. */
const STAT_NAME_KEYS = new Set(['key', 'stat']);
/** Lists whose items are named by id in an overlay path. */
const ID_LISTS = new Set(['phases', 'steps', 'actions', 'triggers', 'policy', 'end']);

export interface Docs {
  ruleset: Obj;
  overlays: Obj[];
  encounter: Obj;
}

function itemIds(list: unknown): string[] {
  return Array.isArray(list)
    ? list
        .filter(isObj)
        .map((x) => x.id)
        .filter((x): x is string => typeof x === 'string')
    : [];
}

/** The ids the bijection applies to (phase, step, action, trigger, policy, end, side, combatant). */
export function idsOf(resolved: Ruleset, docs: Docs): Set<string> {
  const ids = new Set<string>();
  const fromRuleset = (rs: Obj) => {
    const round = rs.round as Obj | undefined;
    for (const ph of (round?.phases as Obj[] | undefined) ?? []) {
      if (typeof ph.id === 'string') ids.add(ph.id);
      itemIds(ph.steps).forEach((i) => ids.add(i));
    }
    for (const k of ['actions', 'triggers', 'policy', 'end']) itemIds(rs[k]).forEach((i) => ids.add(i));
  };
  fromRuleset(resolved as unknown as Obj);
  fromRuleset(docs.ruleset);
  for (const s of docs.encounter.sides as Obj[]) {
    ids.add(s.id as string);
    itemIds(s.combatants).forEach((i) => ids.add(i));
  }
  return ids;
}

/** Every string and key anywhere in the documents (new names must differ from all of them). */
export function allStrings(v: Json, out = new Set<string>()): Set<string> {
  if (typeof v === 'string') {
    out.add(v);
    for (const seg of v.split(/[./]/)) out.add(seg);
  } else if (Array.isArray(v)) v.forEach((x) => allStrings(x, out));
  else if (isObj(v)) {
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      allStrings(x, out);
    }
  }
  return out;
}

/** Every literal var path in any expression position (roughly: every value of a "var"). */
export function varPaths(v: Json, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => varPaths(x, out));
  else if (isObj(v)) {
    for (const r of collectVarPaths(v)) out.add(r.path);
    for (const x of Object.values(v)) varPaths(x, out);
  }
  return out;
}

/** String values (not keys), except those naming stats. */
export function stringValues(v: Json, out = new Set<string>(), parentKey: string | null = null): Set<string> {
  if (typeof v === 'string') {
    if (parentKey === null || !STAT_NAME_KEYS.has(parentKey)) out.add(v);
  } else if (Array.isArray(v)) v.forEach((x) => stringValues(x, out));
  else if (isObj(v)) for (const [k, x] of Object.entries(v)) stringValues(x, out, k);
  return out;
}

export type Rename = (s: string) => string;

export function renameValue(v: Json, ren: Rename, parentKey: string | null, path: string[]): Json {
  if (typeof v === 'string') return parentKey !== null && STAT_NAME_KEYS.has(parentKey) ? v : ren(v);
  if (Array.isArray(v)) return v.map((x) => renameValue(x, ren, null, path));
  if (!isObj(v)) return v;
  const out: Obj = {};
  // Maps keyed by names that may be ids: combatant tags, procedures, orderings.
  const here = path.join('/');
  // Slot names too: a ruleset may name a slot like a phase (minor, significant).
  const renameKeys = [
    'combatant/tags',
    'procedures',
    'orderings',
    'economy/slots',
    'round/surprise/slots',
    'economy/exchanges/spend',
    'economy/exchanges/gain',
  ].includes(here);
  for (const [k, x] of Object.entries(v)) {
    const key = renameKeys ? ren(k) : k;
    out[key] = k === 'path' && typeof x === 'string' && x.startsWith('/') ? renamePath(x, ren) : renameValue(x, ren, k, [...path, k]);
  }
  return out;
}

/** An overlay path: rename the segments that name list items, tags, procedures or orderings. */
export function renamePath(p: string, ren: Rename): string {
  const segs = p.split('/').slice(1);
  return (
    '/' +
    segs
      .map((s, i) => {
        const prev = segs[i - 1];
        const named =
          (prev !== undefined && ID_LISTS.has(prev)) ||
          (prev === 'tags' && segs[i - 2] === 'combatant') ||
          prev === 'procedures' ||
          prev === 'orderings';
        return named ? ren(s) : s;
      })
      .join('/')
  );
}

/** A roll label: every dot-separated segment (its `#n` repeat suffix kept). */
export const renameLabel = (label: string, ren: Rename) =>
  label
    .split('.')
    .map((seg) => {
      const m = /^(.*?)(#\d+)?$/.exec(seg)!;
      return ren(m[1]!) + (m[2] ?? '');
    })
    .join('.');

export function renameDocs(docs: Docs, ren: Rename): Docs {
  return {
    ruleset: renameValue(docs.ruleset, ren, null, []) as Obj,
    overlays: docs.overlays.map((o) => renameValue(o, ren, null, []) as Obj),
    encounter: renameValue(docs.encounter, ren, null, []) as Obj,
  };
}

export function loadDocs(docs: Docs, n: string): { program: Program; encounter: Encounter } {
  const rsPath = `/virtual/${n}/ruleset.json`;
  const ovPaths = docs.overlays.map((_, i) => `/virtual/${n}/overlay-${i}.json`);
  const texts = new Map<string, string>([[rsPath, JSON.stringify(docs.ruleset, null, 2)]]);
  docs.overlays.forEach((o, i) => texts.set(ovPaths[i]!, JSON.stringify(o, null, 2)));
  const program = loadProgram(rsPath, ovPaths, texts);
  const encounter = loadEncounter(`/virtual/${n}/encounter.json`, program, JSON.stringify(docs.encounter, null, 2));
  return { program, encounter };
}

/** Pins for every roll of a run, so that a second run gets the very same dice. */
export function pinsOf(events: readonly TraceEvent[]): Map<string, string> {
  const pins = new Map<string, string>();
  for (const e of events) {
    if (e.type !== 'roll') continue;
    const dice = e.dice as number[];
    pins.set(e.label as string, dice.length > 1 ? dice.join(',') : String(e.total));
  }
  return pins;
}
