/**
 * Property tests (fast-check) of the whole pipeline, in process:
 *
 *  (a) determinism — the same documents and seed give identical JSON Lines, whatever stack of
 *      OSE overlays is used, and whether the compiled program is fresh or reused;
 *  (b) termination — every run ends with exactly one combat.end within its round limit;
 *  (c) names do not matter — renaming every id of the ruleset, overlays and encounter with one
 *      bijection (reserved words of the language excepted) leaves the order of acts unchanged;
 *  (d) the validator — every shipped document validates the same however it is indented, and a
 *      random single mutation (a required property deleted, a value's type changed) is always
 *      reported at a place that exists in the document;
 *  (e) prototypes — random overlay paths, including __proto__, constructor and prototype
 *      segments, never change any prototype.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import jsonc from 'jsonc-parser';
import { PhasebookError, type Diagnostic } from '../interpreter/diagnostics.js';
import { loadEncounter, loadProgram, run, type Program } from '../interpreter/pipeline.js';
import type { Overlay, Ruleset } from '../interpreter/model/types.js';
import { readDocumentText, type SourceDocument } from '../interpreter/read/index.js';
import { resolveOverlays } from '../interpreter/resolve/overlays.js';
import { toJsonLines, type TraceEvent } from '../interpreter/trace/events.js';
import { knownOperators } from '../interpreter/expr/index.js';
import { jsonFilesUnder } from './support/files.js';
import {
  RESERVED,
  allStrings,
  idsOf,
  loadDocs,
  pinsOf,
  renameDocs,
  renameLabel,
  renamePath,
  renameValue,
  stringValues,
  varPaths,
  type Docs,
  type Rename,
} from './support/rename.js';

type Json = unknown;
type Obj = Record<string, Json>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const ROOT = join(import.meta.dirname, '..');
const rel = (p: string) => relative(ROOT, p);
const readText = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const readJson = (p: string) => JSON.parse(readText(p)) as Json;

// ------------------------------------------------------------------------------- the OSE family

const OSE = 'rulesets/ose/ose.json';
const SKIRMISH = 'rulesets/ose/encounters/skirmish.json';
const OVERLAY_DIR = 'rulesets/ose/overlays';
const PHASED = `${OVERLAY_DIR}/phased-round.json`;

interface OverlayFile {
  path: string;
  id: string;
  requires: string[];
}
const overlayFiles: OverlayFile[] = readdirSync(join(ROOT, OVERLAY_DIR))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => {
    const path = `${OVERLAY_DIR}/${f}`;
    const v = readJson(path) as { id: string; requires?: string[] };
    return { path, id: v.id, requires: v.requires ?? [] };
  });
/** The modules of the phased round: overlays that build on it and on nothing else. */
const MODULES = overlayFiles.filter((o) => o.requires.length === 1 && o.requires[0] === 'phased-round').map((o) => o.path);
/** Overlays that stand alone on the base ruleset (e.g. ties-reroll). */
const STANDALONE = overlayFiles.filter((o) => o.requires.length === 0 && o.path !== PHASED).map((o) => o.path);

const programs = new Map<string, Program>();
function programFor(stack: string[]): Program {
  const key = stack.join('|');
  let p = programs.get(key);
  if (!p) programs.set(key, (p = loadProgram(OSE, stack)));
  return p;
}
const skirmishFor = (p: Program) => loadEncounter(SKIRMISH, p);

/** A stack of overlays: none, a standalone one, or phased-round first and then some of its modules in any order. */
const stackArb: fc.Arbitrary<string[]> = fc.oneof(
  fc.constant([] as string[]),
  ...STANDALONE.map((o) => fc.constant<string[]>([o])),
  fc.constant<string[]>([PHASED]),
  fc.shuffledSubarray(MODULES).map((mods) => [PHASED, ...mods]),
);

const seedArb = fc.integer({ min: 0, max: 2 ** 32 - 1 });

interface Act {
  round: number;
  phase: unknown;
  step: unknown;
  combatant: unknown;
  action: unknown;
  target: unknown;
  group: boolean;
  reaction: unknown;
}
const actsOf = (events: readonly TraceEvent[]): Act[] =>
  events
    .filter((e) => e.type === 'act')
    .map((e) => ({
      round: e.round,
      phase: e.phase,
      step: e.step,
      combatant: e.combatant,
      action: e.action,
      target: e.target,
      group: e.group !== undefined,
      reaction: (e.reaction as { trigger?: string } | undefined)?.trigger ?? null,
    }));

it('the OSE family is there', () => {
  expect(MODULES.length).toBeGreaterThanOrEqual(3);
  expect(overlayFiles.map((o) => o.path)).toContain(PHASED);
});

// ------------------------------------------------------------------------------- (a) determinism

describe('(a) determinism', () => {
  it('same documents, same seed: identical JSON Lines (fresh or reused program)', () => {
    fc.assert(
      fc.property(seedArb, stackArb, (seed, stack) => {
        const p = programFor(stack);
        const enc = skirmishFor(p);
        const first = toJsonLines(run(p, enc, { seed }).events);
        const again = toJsonLines(run(p, enc, { seed }).events);
        expect(again).toBe(first);
        const fresh = loadProgram(OSE, stack);
        expect(toJsonLines(run(fresh, skirmishFor(fresh), { seed }).events)).toBe(first);
        expect(first.split('\n')[0]).toContain(`"seed":${seed}`);
      }),
      { numRuns: 20 },
    );
  });

  it('a run does not disturb the next run of another seed on the same program', () => {
    fc.assert(
      fc.property(seedArb, seedArb, stackArb, (a, b, stack) => {
        const p = programFor(stack);
        const enc = skirmishFor(p);
        const alone = toJsonLines(run(loadProgram(OSE, stack), enc, { seed: b }).events);
        run(p, enc, { seed: a });
        expect(toJsonLines(run(p, enc, { seed: b }).events)).toBe(alone);
      }),
      { numRuns: 8 },
    );
  });
});

// ------------------------------------------------------------------------------- (b) termination

describe('(b) termination', () => {
  it('every run ends with one combat.end within the round limit, and never goes past it', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 60 }), stackArb, (seed, rounds, stack) => {
        const p = programFor(stack);
        const result = run(p, skirmishFor(p), { seed, rounds });
        const events = result.events;
        const ends = events.filter((e) => e.type === 'combat.end');
        expect(ends).toHaveLength(1);
        const end = ends[0]!;
        const endAt = events.indexOf(end);
        expect(events.slice(endAt + 1).every((e) => e.type === 'warning')).toBe(true);
        expect(events[0]!.type).toBe('combat.start');
        expect(Math.max(...events.map((e) => e.round))).toBeLessThanOrEqual(rounds);
        expect(end.round).toBeLessThanOrEqual(rounds);
        expect(result.rounds).toBe(end.round);
        expect(events.filter((e) => e.type === 'round.start')).toHaveLength(end.round);
        if (result.reason === 'round-limit') {
          expect(end.round).toBe(rounds);
          expect(result.winner).toBeNull();
        }
        expect(end.reason).toBe(result.reason);
        expect(end.winner).toBe(result.winner);
        events.forEach((e, i) => expect(e.seq).toBe(i));
      }),
      { numRuns: 40 },
    );
  });
});

// ------------------------------------------------------------------------------- (c) renaming

describe('(c) renaming every id leaves the order of acts unchanged', () => {
  const nameArb = fc.stringMatching(/^[a-z][a-z0-9]{1,7}(-[a-z0-9]{1,5})?$/);

  const cases: Array<[string, string[]]> = [
    ['without modules', []],
    ['with the phased round and all its modules', [PHASED, ...MODULES]],
  ];
  for (const [title, stack] of cases) {
    it(title, () => {
      const docs: Docs = {
        ruleset: readJson(OSE) as Obj,
        overlays: stack.map((p) => readJson(p) as Obj),
        encounter: readJson(SKIRMISH) as Obj,
      };
      const original = programFor(stack);
      const enc = skirmishFor(original);
      const ids = idsOf(original.resolved.ruleset, docs);
      const reserved = new Set([
        ...RESERVED,
        ...varPaths(docs.ruleset),
        ...docs.overlays.flatMap((o) => [...varPaths(o)]),
        docs.ruleset.id as string,
        ...docs.overlays.map((o) => o.id as string),
      ]);
      const renamable = [...ids].filter((i) => !reserved.has(i)).sort();
      expect(renamable.length).toBeGreaterThan(20);
      // Some combatant tags are also ids (the "charge" tag and action): their keys are renamed too.
      const tags = Object.keys(((docs.ruleset.combatant as Obj).tags as Obj | undefined) ?? {});
      expect(tags.some((t) => renamable.includes(t))).toBe(true);
      const taken = new Set([...allStrings(docs), ...RESERVED, ...knownOperators()]);

      fc.assert(
        fc.property(
          seedArb,
          fc.uniqueArray(
            nameArb.filter((n) => !taken.has(n)),
            { minLength: renamable.length, maxLength: renamable.length },
          ),
          (seed, names) => {
            const forward = new Map(renamable.map((id, i) => [id, names[i]!]));
            const backward = new Map(renamable.map((id, i) => [names[i]!, id]));
            const ren: Rename = (s) => forward.get(s) ?? s;
            const unren: Rename = (s) => backward.get(s) ?? s;

            const base = run(original, enc, { seed });
            const pins = pinsOf(base.events);
            // Sanity: pinning every roll reproduces the run.
            expect(actsOf(run(original, enc, { seed, rolls: pins }).events)).toEqual(actsOf(base.events));

            const renamed = renameDocs(docs, ren);
            const text = JSON.stringify(renamed);
            const values = stringValues(renamed);
            for (const id of renamable) expect(values.has(id), id).toBe(false);
            expect(text).toContain(JSON.stringify(names[0]));
            // The words of the language survive untouched.
            const before = allStrings(docs);
            const after = allStrings(renamed);
            for (const w of RESERVED) if (before.has(w)) expect(after.has(w), w).toBe(true);
            const { program, encounter } = loadDocs(renamed, 'renamed');
            const pinsRenamed = new Map([...pins].map(([label, v]) => [renameLabel(label, ren), v]));
            const result = run(program, encounter, { seed, rolls: pinsRenamed });

            expect(
              result.events.filter((e) => e.type === 'warning').map((e) => e.message),
              'every renamed pin is rolled',
            ).toEqual([]);
            const back = actsOf(result.events).map((a) => ({
              ...a,
              phase: typeof a.phase === 'string' ? unren(a.phase) : a.phase,
              step: typeof a.step === 'string' ? unren(a.step) : a.step,
              combatant: unren(a.combatant as string),
              action: unren(a.action as string),
              target: typeof a.target === 'string' ? unren(a.target) : a.target,
              reaction: typeof a.reaction === 'string' ? unren(a.reaction) : a.reaction,
            }));
            if (process.env.DEBUG_RENAME && JSON.stringify(back) !== JSON.stringify(actsOf(base.events))) {
              console.log(toJsonLines(base.events));
              console.log('=====');
              console.log(toJsonLines(result.events).replace(/"([a-z0-9-]+)"/g, (m, x: string) => JSON.stringify(unren(x))));
            }
            expect(back).toEqual(actsOf(base.events));
            expect(result.winner === null ? null : unren(result.winner)).toBe(base.winner);
            expect(unren(result.reason)).toBe(base.reason);
            expect(result.rounds).toBe(base.rounds);
          },
        ),
        { numRuns: 8, endOnFailure: true },
      );
    });
  }

  it('the renaming helpers rename ids only where they name things', () => {
    const ren: Rename = (s) => ({ melee: 'zz', spells: 'yy', crossbows: 'xx', elf: 'ww' })[s] ?? s;
    expect(renamePath('/round/phases/melee/steps/melee/select', ren)).toBe('/round/phases/zz/steps/zz/select');
    expect(renamePath('/combatant/stats/spells', ren)).toBe('/combatant/stats/spells');
    expect(renameLabel('r1.elf.melee.attack#2', ren)).toBe('r1.ww.zz.attack#2');
    expect(renameValue({ op: 'set', key: 'spells', value: { in: [{ var: 'phase' }, ['spells', 'melee']] } }, ren, null, [])).toEqual({
      op: 'set',
      key: 'spells',
      value: { in: [{ var: 'phase' }, ['yy', 'zz']] },
    });
  });
});

// ------------------------------------------------------------------------------- (d) validator

const jsonFilesUnderRel = (dir: string) => jsonFilesUnder(dir, { manifests: false }).map((p) => rel(p)); // pack manifests: test/packs.test.ts

const FILES = jsonFilesUnderRel(join(ROOT, 'rulesets'));
const DOCS = new Map(FILES.map((f) => [f, readJson(f) as Obj]));
const byKindAndId = (kind: string, id: unknown) => FILES.find((f) => DOCS.get(f)!.kind === kind && DOCS.get(f)!.id === id);

/** The overlays an overlay requires, found among the shipped files, in an order that applies. */
function requiredChain(file: string, seen = new Set<string>()): string[] {
  const out: string[] = [];
  for (const id of (DOCS.get(file)!.requires as string[] | undefined) ?? []) {
    const f = byKindAndId('overlay', id);
    if (!f || seen.has(f)) continue;
    seen.add(f);
    out.push(...requiredChain(f, seen), f);
  }
  return out;
}

/** Validate `file` with the text `text` (and its ruleset and required overlays from disk). */
function check(file: string, text: string): Diagnostic[] {
  const kind = DOCS.get(file)!.kind;
  const texts = new Map([[file, text]]);
  try {
    if (kind === 'ruleset') loadProgram(file, [], texts);
    else if (kind === 'overlay') loadProgram(byKindAndId('ruleset', DOCS.get(file)!.extends)!, [...requiredChain(file), file], texts);
    else loadEncounter(file, loadProgram(byKindAndId('ruleset', DOCS.get(file)!.ruleset)!), text);
    return [];
  } catch (err) {
    if (err instanceof PhasebookError) return err.diagnostics;
    throw err;
  }
}

function pointerExists(doc: Json, pointer: string): boolean {
  if (pointer === '') return true;
  if (!pointer.startsWith('/')) return false;
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

/** Line/column of the value, and of the property name, at `pointer` (jsonc-parser's tree). */
function placesOf(text: string, pointer: string): Array<{ line: number; col: number }> {
  const segs =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const node = jsonc.findNodeAtLocation(
    jsonc.parseTree(text)!,
    segs.map((s) => (/^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s)),
  );
  if (!node) return [];
  const at = (offset: number) => {
    const before = text.slice(0, offset).split('\n');
    return { line: before.length, col: before[before.length - 1]!.length + 1 };
  };
  const out = [at(node.offset)];
  if (node.parent?.type === 'property') out.push(at(node.parent.children![0]!.offset));
  return out;
}

// Required properties by the kind of object, read from the schemas.
const RULESET_SCHEMA = readJson('schemas/ruleset.schema.json') as { $defs: Record<string, Obj> };
const ENCOUNTER_SCHEMA = readJson('schemas/encounter.schema.json') as Obj;
const defReq = (name: string) => (RULESET_SCHEMA.$defs[name]!.required as string[] | undefined) ?? [];
const rsProps = RULESET_SCHEMA.$defs.ruleset!.properties as Record<string, Obj>;
const roundProps = rsProps.round!.properties as Record<string, Obj>;
const encSide = (ENCOUNTER_SCHEMA.properties as Record<string, Obj>).sides!.items as Obj;
const encCombatant = (encSide.properties as Record<string, Obj>).combatants!.items as Obj;
const encScript = (ENCOUNTER_SCHEMA.properties as Record<string, Obj>).script!.items as Obj;

const REQUIRED: Array<{ kind: string; pattern: RegExp; required: string[] }> = [
  { kind: 'ruleset', pattern: /^$/, required: defReq('ruleset') },
  { kind: 'ruleset', pattern: /^\/combatant$/, required: rsProps.combatant!.required as string[] },
  { kind: 'ruleset', pattern: /^\/economy$/, required: rsProps.economy!.required as string[] },
  { kind: 'ruleset', pattern: /^\/initiative$/, required: defReq('initiative') },
  { kind: 'ruleset', pattern: /^\/initiative\/judgments\/\d+$/, required: defReq('judgment') },
  { kind: 'ruleset', pattern: /^\/round$/, required: rsProps.round!.required as string[] },
  { kind: 'ruleset', pattern: /^\/round\/turns$/, required: roundProps.turns!.required as string[] },
  { kind: 'ruleset', pattern: /^\/round\/declare$/, required: roundProps.declare!.required as string[] },
  { kind: 'ruleset', pattern: /^\/round\/phases\/\d+$/, required: defReq('phase') },
  { kind: 'ruleset', pattern: /^\/round\/phases\/\d+\/steps\/\d+$/, required: defReq('step') },
  { kind: 'ruleset', pattern: /^\/actions\/\d+$/, required: defReq('action') },
  { kind: 'ruleset', pattern: /^\/triggers\/\d+$/, required: defReq('trigger') },
  { kind: 'ruleset', pattern: /^\/policy\/\d+$/, required: defReq('policyEntry') },
  { kind: 'ruleset', pattern: /^\/end\/\d+$/, required: defReq('endCondition') },
  { kind: 'overlay', pattern: /^$/, required: defReq('overlay') },
  { kind: 'overlay', pattern: /^\/changes\/\d+$/, required: defReq('patchOp') },
  { kind: 'encounter', pattern: /^$/, required: ENCOUNTER_SCHEMA.required as string[] },
  { kind: 'encounter', pattern: /^\/sides\/\d+$/, required: encSide.required as string[] },
  { kind: 'encounter', pattern: /^\/sides\/\d+\/combatants\/\d+$/, required: encCombatant.required as string[] },
  { kind: 'encounter', pattern: /^\/script\/\d+$/, required: encScript.required as string[] },
];

/** Keys whose values the schemas type strictly (never an expression or free value). */
const TYPED_KEYS = new Set([
  'kind',
  'id',
  'name',
  'version',
  'description',
  'phase',
  'perform',
  'action',
  'on',
  'reactors',
  'timing',
  'reason',
  'op',
  'path',
  'extends',
  'scope',
  'phases',
  'steps',
  'actions',
  'policy',
  'end',
  'changes',
  'sides',
  'combatants',
  'slots',
  'stats',
  'uses',
  'tags',
]);

type Mutation = { file: string; kind: 'delete'; pointer: string; prop: string } | { file: string; kind: 'retype'; pointer: string };

function pointersOf(
  v: Json,
  ptr = '',
  out: Array<[string, Json, string | null]> = [],
  key: string | null = null,
): Array<[string, Json, string | null]> {
  out.push([ptr, v, key]);
  if (Array.isArray(v)) v.forEach((x, i) => pointersOf(x, `${ptr}/${i}`, out, null));
  else if (isObj(v)) for (const [k, x] of Object.entries(v)) pointersOf(x, `${ptr}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out, k);
  return out;
}

function mutationsOf(file: string): Mutation[] {
  const doc = DOCS.get(file)!;
  const kind = doc.kind as string;
  const out: Mutation[] = [];
  for (const [ptr, v, key] of pointersOf(doc)) {
    // Values inside an overlay's change values are checked too, after resolution; expressions are not touched.
    if (isObj(v)) {
      for (const r of REQUIRED) {
        if (r.kind !== kind || !r.pattern.test(ptr)) continue;
        for (const prop of r.required)
          if (prop in v && !(ptr === '' && prop === 'kind')) out.push({ file, kind: 'delete', pointer: ptr, prop });
      }
    }
    // An action's params are free values of the document's own (a param may be called "kind").
    if (
      key !== null &&
      TYPED_KEYS.has(key) &&
      !ptr.includes('/params/') &&
      !/\/(when|requires|select|formula|default|expr|with|value\/(when|requires|select))(\/|$)/.test(ptr.slice(0, ptr.lastIndexOf('/')))
    ) {
      out.push({ file, kind: 'retype', pointer: ptr });
    }
  }
  return out;
}

function applyMutation(doc: Obj, m: Mutation): Obj {
  const copy = structuredClone(doc);
  const segs =
    m.pointer === ''
      ? []
      : m.pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (m.kind === 'delete') {
    let cur: Json = copy;
    for (const s of segs) cur = Array.isArray(cur) ? cur[Number(s)] : (cur as Obj)[s];
    delete (cur as Obj)[m.prop];
    return copy;
  }
  let parent: Json = copy;
  for (const s of segs.slice(0, -1)) parent = Array.isArray(parent) ? parent[Number(s)] : (parent as Obj)[s];
  const last = segs[segs.length - 1]!;
  const old = (parent as Obj)[last];
  (parent as Obj)[last] = typeof old === 'string' ? 12345 : 'not-what-is-expected';
  return copy;
}

describe('(d) the validator', () => {
  it('finds the shipped documents of every kind', () => {
    const kinds = new Set(FILES.map((f) => DOCS.get(f)!.kind));
    expect([...kinds].sort()).toEqual(['encounter', 'overlay', 'ruleset']);
  });

  for (const file of FILES) {
    it(`${file} validates the same as written and re-indented with 0, 2 and 4 spaces`, () => {
      const text = readText(file);
      expect(check(file, text)).toEqual([]);
      for (const k of [0, 2, 4]) expect(check(file, JSON.stringify(JSON.parse(text), null, k)), `indent ${k}`).toEqual([]);
    });
  }

  it('a random single mutation is always reported, at a pointer that exists in the document it names', () => {
    const all = FILES.flatMap(mutationsOf);
    expect(all.filter((m) => m.kind === 'delete').length).toBeGreaterThan(50);
    expect(all.filter((m) => m.kind === 'retype').length).toBeGreaterThan(50);
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.constantFrom(0, 2), (m, indent) => {
        const mutated = applyMutation(DOCS.get(m.file)!, m);
        const text = JSON.stringify(mutated, null, indent);
        const ds = check(m.file, text);
        expect(ds.length, `${JSON.stringify(m)} was not reported`).toBeGreaterThan(0);
        for (const d of ds) {
          const docText = d.file === m.file ? text : FILES.includes(d.file) ? readText(d.file) : null;
          expect(docText, `diagnostic names an unknown file: ${JSON.stringify(d)}`).not.toBeNull();
          const doc = d.file === m.file ? mutated : DOCS.get(d.file);
          expect(pointerExists(doc, d.pointer), `${JSON.stringify(m)} → ${d.file}:${d.line}:${d.col} ${d.pointer} ${d.message}`).toBe(true);
          expect(
            placesOf(docText!, d.pointer),
            `${JSON.stringify(m)} → ${d.file}:${d.line}:${d.col} ${d.pointer} ${d.message}`,
          ).toContainEqual({ line: d.line, col: d.col });
        }
      }),
      { numRuns: 100 },
    );
  });
});

// ------------------------------------------------------------------------------- (e) prototypes

/** Every own property name of the built-in prototypes a polluted key would land on. */
const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype, Boolean.prototype];
const protoSnapshot = () => PROTOTYPES.map((p) => Object.getOwnPropertyNames(p).sort().join(','));

/** Every object and array of a JSON-like value still has its ordinary prototype. */
function ordinaryPrototypes(v: Json, path = ''): string | null {
  if (typeof v !== 'object' || v === null) return null;
  const want = Array.isArray(v) ? Array.prototype : Object.prototype;
  if (Object.getPrototypeOf(v) !== want) return path || '/';
  for (const k of Object.keys(v)) {
    const bad = ordinaryPrototypes((v as Obj)[k], `${path}/${k}`);
    if (bad !== null) return bad;
  }
  return null;
}

describe('(e) overlay paths never change a prototype', () => {
  const MINI_TEXT = readText('test/fixtures/bad/mini.json');
  const FORBIDDEN = ['__proto__', 'constructor', 'prototype'];
  const segment = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...FORBIDDEN) },
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        'combatant',
        'stats',
        'hp',
        'tags',
        'options',
        'round',
        'phases',
        'fight',
        'steps',
        'blows',
        'actions',
        'hit',
        'economy',
        'slots',
        'action',
        'end',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  );
  const change = fc.record({
    op: fc.constantFrom('add', 'replace', 'remove', 'move'),
    path: fc
      .array(segment, { minLength: 1, maxLength: 5 })
      .map((segs) => '/' + segs.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')),
    value: fc.oneof(fc.constant({ polluted: true, id: 'x' }), fc.jsonValue({ maxDepth: 2 })),
  });

  it('random paths, including __proto__, constructor and prototype segments: refused at the path, or resolved with ordinary prototypes', () => {
    const before = protoSnapshot();
    let refused = 0;
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 4 }), (changes) => {
        const overlayText = JSON.stringify({ kind: 'overlay', id: 'fuzz', name: 'Fuzz', version: '1.0.0', extends: 'mini', changes });
        const base = readDocumentText('mini.json', MINI_TEXT);
        let overlay: SourceDocument;
        try {
          overlay = readDocumentText('fuzz.json', overlayText);
        } catch (err) {
          // A value holding such a key is refused by the reader already (another guard).
          expect(err instanceof PhasebookError && err.diagnostics.every((d) => /^\/changes\/\d+\/value/.test(d.pointer))).toBe(true);
          return;
        }
        const loc = <T>(d: SourceDocument) => ({ file: d.file, value: d.value as T, locate: (p: string) => d.locate(p) });
        const forbidden = changes.map((c, k) => ({ k, bad: c.path.split('/').some((s) => FORBIDDEN.includes(s)) })).filter((c) => c.bad);
        try {
          const resolved = resolveOverlays(loc<Ruleset>(base), [loc<Overlay>(overlay)]);
          expect(forbidden, 'a forbidden segment was accepted').toEqual([]);
          expect(ordinaryPrototypes(resolved.ruleset)).toBeNull();
        } catch (err) {
          if (!(err instanceof PhasebookError)) throw err;
          for (const { k } of forbidden) {
            expect(
              err.diagnostics.some((d) => d.pointer === `/changes/${k}/path` && /is not allowed/.test(d.message)),
              JSON.stringify(err.diagnostics),
            ).toBe(true);
          }
          if (forbidden.length) refused++;
        }
        expect(({} as Obj).polluted).toBeUndefined();
        expect(protoSnapshot()).toEqual(before);
      }),
      { numRuns: 300 },
    );
    expect(refused, 'the generator reaches forbidden segments').toBeGreaterThan(20);
  });
});
