/**
 * A structure-aware fuzzer of Phasebook documents, run in process (test/fuzz.test.ts runs
 * 20 000 documents in npm test; scripts/soak-fuzz.mjs runs it longer).
 *
 * Every shipped document (rulesets, overlays, encounters) is mutated 1–3 times, knowing its JSON
 * structure: delete a key, swap a value's type, duplicate an array entry, put in an extreme
 * number (1e400 included, written as text), an odd string, deep nesting, a __proto__ /
 * constructor / prototype key, a value taken from elsewhere in the document, or (rarely) a
 * corruption of the text itself. The mutant is loaded with the documents it needs, and when it
 * loads, a combat is run for a bounded number of rounds.
 *
 * Each document's mutations come from its own seeded generator (seed, index), so a failure is
 * reproduced with FUZZ_SEED=<seed> FUZZ_START=<index> FUZZ_DOCS=1.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PhasebookError, type Diagnostic } from '../../interpreter/diagnostics.js';
import { schemaValidator } from '../../interpreter/pipeline.js';
import { Core, type Program } from '../../interpreter/core.js';
import { readDocumentText, type SourceDocument } from '../../interpreter/read/index.js';
import type { Encounter } from '../../interpreter/model/types.js';

type Json = unknown;
type Obj = Record<string, Json>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

// ------------------------------------------------------------------------------- seeded randomness

/** mulberry32: small, fast and good enough to drive mutations. */
export class Prng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** The seed of document `index` of a fuzzing run with seed `seed`. */
export function docSeed(seed: number, index: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ index, 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

// ------------------------------------------------------------------------------- the shipped documents

export interface ShippedDoc {
  path: string;
  kind: 'ruleset' | 'overlay' | 'encounter';
  text: string;
  value: Obj;
  /** The ruleset it belongs to. */
  ruleset: string;
  /** Overlays to apply before it (an overlay's requires, in order). */
  before: string[];
  /** An encounter to run it with. */
  encounter: string;
}

export function shippedDocs(root: string): ShippedDoc[] {
  const docs: ShippedDoc[] = [];
  for (const system of readdirSync(join(root, 'rulesets')).sort()) {
    const dir = join(root, 'rulesets', system);
    const list = (sub: string) => {
      try {
        return readdirSync(join(dir, sub))
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => join(dir, sub, f));
      } catch {
        return [];
      }
    };
    const rsFile = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(dir, f))[0];
    if (!rsFile) continue;
    const encounters = list('encounters');
    const rel = (p: string) => relative(root, p);
    const ruleset = rel(rsFile);
    const encounter = rel(encounters[0]!);
    const load = (p: string) => {
      const text = readFileSync(p, 'utf8');
      return { text, value: JSON.parse(text) as Obj };
    };
    docs.push({ path: ruleset, kind: 'ruleset', ...load(rsFile), ruleset, before: [], encounter });
    const overlays = list('overlays').map((p) => ({ path: rel(p), ...load(p) }));
    const byId = new Map(overlays.map((o) => [o.value.id as string, o.path]));
    const requiresOf = (o: { value: Obj }, seen = new Set<string>()): string[] =>
      ((o.value.requires as string[] | undefined) ?? []).flatMap((id) => {
        const p = byId.get(id);
        if (!p || seen.has(p)) return [];
        seen.add(p);
        return [
          ...requiresOf(
            overlays.find((x) => x.path === p)!,
            seen,
          ),
          p,
        ];
      });
    for (const o of overlays) docs.push({ ...o, kind: 'overlay', ruleset, before: requiresOf(o), encounter });
    for (const e of encounters) docs.push({ path: rel(e), kind: 'encounter', ...load(e), ruleset, before: [], encounter: rel(e) });
  }
  return docs;
}

// ------------------------------------------------------------------------------- mutations

interface Place {
  parent: Obj | Json[] | null;
  key: string | number | null;
  value: Json;
  pointer: string;
}

function places(v: Json, out: Place[] = [], parent: Place['parent'] = null, key: Place['key'] = null, pointer = ''): Place[] {
  out.push({ parent, key, value: v, pointer });
  if (Array.isArray(v)) v.forEach((x, i) => places(x, out, v, i, `${pointer}/${i}`));
  else if (isObj(v))
    for (const [k, x] of Object.entries(v)) places(x, out, v, k, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  return out;
}

/** Raw number tokens that JSON.stringify cannot write; put in the text through a placeholder. */
const RAW_NUMBERS = [
  '1e400',
  '-1e400',
  '1E+999',
  '123456789012345678901234567890',
  '-0',
  '0.0000001e-330',
  '4.9e-324',
  '1.7976931348623157e308',
];
const RAW = (token: string) => `\u0001RAW:${token}\u0001`;
const NUMBERS = [0, -1, 1, 2 ** 31, 2 ** 32, 2 ** 53 + 1, -(2 ** 53), 1e308, -1e308, 0.5, -0.000001, 1e21, 999999, 1000001];
const STRINGS = [
  '',
  ' ',
  '\u0000',
  '\t\n',
  'x'.repeat(5000),
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\ud800',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '1d6',
  '2D',
  'd%',
  'max',
  'NaNd10',
  '0d10',
  '1000003d10',
  '1e+308d10',
  '1d6-1d4',
  '999999999d999999999',
  '-',
  'r1.x#2',
  '../../etc/passwd',
  '${process.exit(1)}',
  '<script>alert(1)</script>',
  'a/b~c',
  'round-start',
  'self',
  'target',
  'side-initiative',
  'NaN',
  'Infinity',
  'true',
  'null',
];
const FORBIDDEN = ['__proto__', 'constructor', 'prototype'];

function nested(depth: number, leaf: Json, rng: Prng): Json {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = rng.chance(0.5) ? [v] : { [rng.pick(['if', 'var', '+', 'and', 'x', 'roll'])]: v };
  return v;
}

function randomValue(rng: Prng, sample: Json[]): Json {
  switch (rng.int(9)) {
    case 0:
      return rng.pick(NUMBERS);
    case 1:
      return RAW(rng.pick(RAW_NUMBERS));
    case 2:
      return rng.pick(STRINGS);
    case 3:
      return rng.chance(0.5);
    case 4:
      return null;
    case 5:
      return [];
    case 6:
      return {};
    case 7:
      return nested(1 + rng.int(80), rng.pick(STRINGS), rng);
    default:
      return structuredClone(rng.pick(sample));
  }
}

/** Another value of a different JSON type than `v`. */
function otherType(v: Json, rng: Prng): Json {
  const options: Json[] = [rng.pick(NUMBERS), rng.pick(STRINGS), rng.chance(0.5), null, [], {}, [v], { value: v }];
  const type = (x: Json) => (x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x);
  const different = options.filter((o) => type(o) !== type(v));
  return rng.pick(different);
}

function setAt(p: Place, value: Json): void {
  if (p.parent === null) return;
  if (Array.isArray(p.parent)) p.parent[p.key as number] = value;
  else Object.defineProperty(p.parent, p.key as string, { value, writable: true, enumerable: true, configurable: true });
}

type Mutator = (root: Obj, all: Place[], rng: Prng) => string | null;

const MUTATORS: Record<string, Mutator> = {
  'delete-key': (_root, all, rng) => {
    const objs = all.filter((p) => isObj(p.value) && Object.keys(p.value).length > 0);
    if (!objs.length) return null;
    const p = rng.pick(objs);
    const k = rng.pick(Object.keys(p.value as Obj));
    delete (p.value as Obj)[k];
    return `delete ${p.pointer}/${k}`;
  },
  'swap-type': (_root, all, rng) => {
    const p = rng.pick(all.filter((x) => x.parent !== null));
    if (!p) return null;
    setAt(p, otherType(p.value, rng));
    return `swap type at ${p.pointer}`;
  },
  'duplicate-entry': (_root, all, rng) => {
    const arrays = all.filter((p) => Array.isArray(p.value) && (p.value as Json[]).length > 0);
    if (!arrays.length) return null;
    const p = rng.pick(arrays);
    const list = p.value as Json[];
    const times = rng.chance(0.1) ? 50 : 1;
    for (let i = 0; i < times; i++) list.splice(rng.int(list.length + 1), 0, structuredClone(rng.pick(list)));
    return `duplicate ${times} entries in ${p.pointer}`;
  },
  'extreme-number': (_root, all, rng) => {
    const nums = all.filter((p) => typeof p.value === 'number');
    const p = nums.length && rng.chance(0.8) ? rng.pick(nums) : rng.pick(all.filter((x) => x.parent !== null));
    if (!p) return null;
    const v = rng.chance(0.5) ? RAW(rng.pick(RAW_NUMBERS)) : rng.pick(NUMBERS);
    setAt(p, v);
    return `number ${JSON.stringify(v)} at ${p.pointer}`;
  },
  'odd-string': (_root, all, rng) => {
    const strs = all.filter((p) => typeof p.value === 'string');
    const p = strs.length && rng.chance(0.8) ? rng.pick(strs) : rng.pick(all.filter((x) => x.parent !== null));
    if (!p) return null;
    const v = rng.pick(STRINGS);
    setAt(p, v);
    return `string ${JSON.stringify(v.slice(0, 20))} at ${p.pointer}`;
  },
  'deep-nesting': (_root, all, rng) => {
    const p = rng.pick(all.filter((x) => x.parent !== null));
    if (!p) return null;
    const depth = 1 + rng.int(90);
    setAt(p, nested(depth, p.value, rng));
    return `nest ${depth} deep at ${p.pointer}`;
  },
  'proto-key': (_root, all, rng) => {
    const objs = all.filter((p) => isObj(p.value));
    const p = rng.pick(objs);
    const k = rng.pick(FORBIDDEN);
    Object.defineProperty(p.value as Obj, k, { value: { polluted: true, hp: 1 }, writable: true, enumerable: true, configurable: true });
    return `key ${k} in ${p.pointer}`;
  },
  'forbidden-path': (root, _all, rng) => {
    // Overlay paths and var paths through forbidden segments.
    const changes = root.changes;
    if (Array.isArray(changes) && changes.length && rng.chance(0.7)) {
      const c = rng.pick(changes);
      if (isObj(c) && typeof c.path === 'string') {
        const segs = c.path.split('/');
        segs.splice(1 + rng.int(segs.length), 0, rng.pick(FORBIDDEN));
        c.path = segs.join('/');
        return `overlay path ${c.path}`;
      }
    }
    const all = places(root).filter((p) => isObj(p.value) && typeof (p.value as Obj).var === 'string');
    if (!all.length) return null;
    const p = rng.pick(all);
    const v = p.value as Obj;
    v.var = `${String(v.var).split('.')[0]}.${rng.pick(FORBIDDEN)}`;
    return `var ${String(v.var)} at ${p.pointer}`;
  },
  transplant: (_root, all, rng) => {
    const p = rng.pick(all.filter((x) => x.parent !== null));
    if (!p) return null;
    const from = rng.pick(all);
    setAt(p, structuredClone(from.value));
    return `copy ${from.pointer} to ${p.pointer}`;
  },
  'add-key': (_root, all, rng) => {
    const objs = all.filter((p) => isObj(p.value));
    const p = rng.pick(objs);
    const k = rng.pick(['extra', 'id', 'op', 'var', 'roll', 'limits', 'dice', 'stats', 'x'.repeat(70), '']);
    Object.defineProperty(p.value as Obj, k, {
      value: randomValue(
        rng,
        all.map((x) => x.value),
      ),
      writable: true,
      enumerable: true,
      configurable: true,
    });
    return `add key ${JSON.stringify(k.slice(0, 10))} in ${p.pointer}`;
  },
};
const MUTATOR_NAMES = Object.keys(MUTATORS);

export interface Mutant {
  doc: ShippedDoc;
  text: string;
  mutations: string[];
}

export function mutate(doc: ShippedDoc, rng: Prng): Mutant {
  const root = structuredClone(doc.value);
  const mutations: string[] = [];
  const n = 1 + rng.int(3);
  for (let i = 0; i < n; i++) {
    const name = rng.pick(MUTATOR_NAMES);
    const what = MUTATORS[name]!(root, places(root), rng);
    if (what) mutations.push(what);
  }
  let text = JSON.stringify(root, null, rng.pick([0, 2]));
  text = text.replace(/"\\u0001RAW:([^"\\]*)\\u0001"/g, (_m, token: string) => token);
  if (rng.chance(0.04)) {
    // Corrupt the text itself: cut it, or drop or insert one character.
    const at = rng.int(text.length);
    const how = rng.int(3);
    text =
      how === 0
        ? text.slice(0, at)
        : how === 1
          ? text.slice(0, at) + text.slice(at + 1)
          : text.slice(0, at) + rng.pick(['{', '"', ',', ']', '\\', '\u2028', 'x']) + text.slice(at);
    mutations.push(`text ${['cut', 'drop', 'insert'][how]} at ${at}`);
  }
  return { doc, text, mutations };
}

// ------------------------------------------------------------------------------- one document

export const ROUNDS = 2;

export type Outcome = 'ran' | 'refused';

export interface Problem {
  kind: 'exception' | 'unlocated' | 'unbounded';
  detail: string;
}

export class Harness {
  private readonly core = new Core(schemaValidator());
  private readonly texts = new Map<string, string>();
  private readonly values = new Map<string, Json>();
  /** The shipped documents, read once (reading is pure; the pipeline never changes them). */
  private readonly sources = new Map<string, SourceDocument>();
  private readonly basePrograms = new Map<string, Program>();

  constructor(readonly docs: ShippedDoc[]) {
    for (const d of docs) {
      this.texts.set(d.path, d.text);
      this.values.set(d.path, d.value);
      this.sources.set(d.path, readDocumentText(d.path, d.text));
    }
  }

  /** Pick the document of fuzzing step `rng`: encounters, overlays and rulesets alike often. */
  pick(rng: Prng): ShippedDoc {
    const kind = rng.pick(['ruleset', 'overlay', 'encounter'] as const);
    return rng.pick(this.docs.filter((d) => d.kind === kind));
  }

  private base(ruleset: string): Program {
    let p = this.basePrograms.get(ruleset);
    if (!p) this.basePrograms.set(ruleset, (p = this.core.program(this.sources.get(ruleset)!)));
    return p;
  }

  /** Load the mutant with what it needs, run it when it loads; the problems found, if any. */
  check(m: Mutant, seed: number): { outcome: Outcome; problems: Problem[] } {
    const d = m.doc;
    let mutantValue: Json = undefined;
    try {
      mutantValue = JSON.parse(m.text);
    } catch {
      /* not JSON: the reader must say where */
    }
    try {
      const mutant = readDocumentText(d.path, m.text);
      const src = (p: string) => this.sources.get(p)!;
      let program: Program;
      let encounter: Encounter;
      if (d.kind === 'encounter') {
        program = this.base(d.ruleset);
        encounter = this.core.encounter(mutant, program);
      } else {
        program = d.kind === 'overlay' ? this.core.program(src(d.ruleset), [...d.before.map(src), mutant]) : this.core.program(mutant);
        encounter = this.core.encounter(src(d.encounter), program);
      }
      const result = this.core.run(program, encounter, { seed, rounds: ROUNDS });
      const ends = result.events.filter((e) => e.type === 'combat.end');
      const problems: Problem[] = [];
      if (result.rounds > ROUNDS || ends.length !== 1) {
        problems.push({ kind: 'unbounded', detail: `ran ${result.rounds} rounds (limit ${ROUNDS}) with ${ends.length} combat.end events` });
      }
      return { outcome: 'ran', problems };
    } catch (err) {
      if (!(err instanceof PhasebookError)) {
        const e = err as Error;
        return {
          outcome: 'refused',
          problems: [{ kind: 'exception', detail: `${e?.name ?? typeof err}: ${e?.message ?? String(err)}\n${e?.stack ?? ''}` }],
        };
      }
      const problems: Problem[] = [];
      for (const diag of err.diagnostics) {
        const why = this.unlocated(diag, d.path, m.text, mutantValue);
        if (why) problems.push({ kind: 'unlocated', detail: `${why}: ${JSON.stringify(diag)}` });
      }
      if (!err.diagnostics.length) problems.push({ kind: 'unlocated', detail: 'a PhasebookError without diagnostics' });
      return { outcome: 'refused', problems };
    }
  }

  /** Why a diagnostic is not a located Phasebook diagnostic, or null when it is. */
  private unlocated(diag: Diagnostic, mutantPath: string, mutantText: string, mutantValue: Json): string | null {
    const isMutant = diag.file === mutantPath;
    const text = isMutant ? mutantText : this.texts.get(diag.file);
    if (text === undefined) return `names a file that is not one of the documents`;
    if (!Number.isInteger(diag.line) || !Number.isInteger(diag.col) || diag.line < 1 || diag.col < 1) return 'no line and column';
    const lines = text.split(/\r\n|\r|\n/);
    if (diag.line > lines.length || diag.col > lines[diag.line - 1]!.length + 1) return 'line and column outside the text';
    if (typeof diag.pointer !== 'string' || (diag.pointer !== '' && !diag.pointer.startsWith('/'))) return 'no JSON pointer';
    // Garbled: empty, or "[object Object]" / "undefined" outside the quotes of a value it cites.
    if (typeof diag.message !== 'string' || diag.message.trim() === '') return 'an empty message';
    if (/\[object Object\]|\bundefined\b/.test(diag.message.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) return 'a garbled message';
    const value = isMutant ? mutantValue : this.values.get(diag.file);
    // A document that is not JSON is refused by the reader at the place it stops: no tree to check.
    if (value !== undefined && !pointerExists(value, diag.pointer)) return 'a pointer that is not in the document';
    return null;
  }
}

function pointerExists(doc: Json, pointer: string): boolean {
  if (pointer === '') return true;
  let cur = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9][0-9]*)$/.test(seg) || Number(seg) >= cur.length) return false;
      cur = cur[Number(seg)];
    } else if (isObj(cur) && Object.prototype.hasOwnProperty.call(cur, seg)) cur = cur[seg];
    else return false;
  }
  return true;
}

// ------------------------------------------------------------------------------- prototypes

const PROTOTYPES: object[] = [
  Object.prototype,
  Array.prototype,
  Function.prototype,
  String.prototype,
  Number.prototype,
  Boolean.prototype,
  Map.prototype,
  Set.prototype,
];

/** The own property names of the built-in prototypes, to compare before and after. */
export function prototypeSnapshot(): string {
  return (
    PROTOTYPES.map((p) => Object.getOwnPropertyNames(p).sort().join(',')).join('|') + `|${Object.getPrototypeOf({}) === Object.prototype}`
  );
}
