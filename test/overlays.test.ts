/**
 * Unit tests of the overlay resolver (interpreter/resolve/overlays.ts): add / replace / remove /
 * move by id path, before/after anchors, missing anchors and paths, conflicts and `requires`
 * layering, `origin()` mapping a pointer of the resolved ruleset back to the file and line it
 * came from, and determinism.
 *
 * Expected line/column values are computed with jsonc-parser's own syntax tree, independently
 * of the reader under test.
 */
import { describe, expect, it } from 'vitest';
import jsonc from 'jsonc-parser';
import { PhasebookError, type Diagnostic } from '../interpreter/diagnostics.js';
import type { Overlay, Ruleset } from '../interpreter/model/types.js';
import { readDocumentText } from '../interpreter/read/index.js';
import { idPathToPointer, pointerToIdPath, resolveOverlays, type Located } from '../interpreter/resolve/overlays.js';

type Json = unknown;

// ------------------------------------------------------------------------------- helpers

/** 1-based line/column of the value (or of its key) at `pointer` in `text`, from jsonc-parser's tree. */
function posOf(text: string, pointer: string, which: 'value' | 'key' = 'value'): { line: number; col: number } {
  const tree = jsonc.parseTree(text)!;
  const segs =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const node = jsonc.findNodeAtLocation(
    tree,
    segs.map((s) => (/^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s)),
  );
  if (!node) throw new Error(`test bug: no node at ${pointer}`);
  const offset = which === 'key' && node.parent?.type === 'property' ? node.parent.children![0]!.offset : node.offset;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, col: before[before.length - 1]!.length + 1 };
}

interface Doc<T> extends Located<T> {
  text: string;
}

function located<T>(file: string, value: Json): Doc<T> {
  const text = JSON.stringify(value, null, 2);
  const d = readDocumentText(file, text);
  return { file, text, value: d.value as T, locate: (p) => d.locate(p) };
}

function baseValue(): Record<string, Json> {
  return {
    kind: 'ruleset',
    id: 'base',
    name: 'Base',
    version: '1.0.0',
    combatant: { stats: { hp: { description: 'Hit points.', default: 3 } }, out: { '<=': [{ var: 'actor.hp' }, 0] } },
    economy: { slots: { action: 1 } },
    initiative: { scope: 'side', roll: 'every-round', formula: 1 },
    round: {
      turns: { by: 'none' },
      declare: { when: 'round-start' },
      phases: [
        { id: 'alpha', steps: [{ id: 'one', order: 'simultaneous' }] },
        {
          id: 'beta',
          steps: [
            { id: 'one', order: 'simultaneous' },
            { id: 'two', select: { and: [{ '==': [{ var: 'action.id' }, 'hit'] }, true] } },
          ],
        },
        { id: 'gamma', steps: [{ id: 'one' }] },
      ],
    },
    actions: [
      { id: 'hit', phase: 'beta', uses: ['action'] },
      { id: 'wait', phase: 'alpha' },
    ],
    policy: [{ id: 'always', action: 'hit' }],
    end: [{ id: 'done', description: 'x', when: true, reason: 'done' }],
  };
}

const base = () => located<Ruleset>('base.json', baseValue());

function overlay(id: string, changes: Json[], extra: Record<string, Json> = {}, file = `${id}.json`): Doc<Overlay> {
  return located<Overlay>(file, { kind: 'overlay', id, name: id, version: '1.0.0', extends: 'base', ...extra, changes });
}

function resolveErr(b: Doc<Ruleset>, overlays: Array<Doc<Overlay>>): Diagnostic[] {
  try {
    resolveOverlays(b, overlays);
  } catch (err) {
    expect(err).toBeInstanceOf(PhasebookError);
    return (err as PhasebookError).diagnostics;
  }
  throw new Error('expected resolveOverlays to fail');
}

/** The diagnostic must sit exactly at the value of its pointer in its file. */
function expectDiag(d: Diagnostic | undefined, doc: Doc<unknown>, pointer: string, message: RegExp | string): void {
  expect(d, 'a diagnostic').toBeDefined();
  expect(d!.file).toBe(doc.file);
  expect(d!.pointer).toBe(pointer);
  expect({ line: d!.line, col: d!.col }).toEqual(posOf(doc.text, pointer));
  if (typeof message === 'string') expect(d!.message).toContain(message);
  else expect(d!.message).toMatch(message);
  expect(d!.severity).toBe('error');
}

const ids = (list: unknown) => (list as Array<{ id: string }>).map((x) => x.id);
const phase = (rs: Ruleset, id: string) => rs.round.phases.find((p) => p.id === id)!;

// ------------------------------------------------------------------------------- add

describe('add', () => {
  it('appends an item to a list when no anchor is given', () => {
    const r = resolveOverlays(base(), [overlay('o', [{ op: 'add', path: '/round/phases/delta', value: { id: 'delta', steps: [] } }])]);
    expect(ids(r.ruleset.round.phases)).toEqual(['alpha', 'beta', 'gamma', 'delta']);
    expect(r.overlays).toEqual(['o']);
  });

  it('puts the item before or after a sibling', () => {
    const r = resolveOverlays(base(), [
      overlay('o', [
        { op: 'add', path: '/round/phases/beta/steps/zero', before: 'one', value: { id: 'zero' } },
        { op: 'add', path: '/round/phases/beta/steps/one-and-a-half', after: 'one', value: { id: 'one-and-a-half' } },
        { op: 'add', path: '/round/phases/beta/steps/three', after: 'two', value: { id: 'three' } },
      ]),
    ]);
    expect(ids(phase(r.ruleset, 'beta').steps)).toEqual(['zero', 'one', 'one-and-a-half', 'two', 'three']);
    // Other lists with the same step ids are untouched.
    expect(ids(phase(r.ruleset, 'alpha').steps)).toEqual(['one']);
  });

  it('takes the id of an added item from the last path segment when the value has none', () => {
    const r = resolveOverlays(base(), [overlay('o', [{ op: 'add', path: '/actions/kick', value: { phase: 'beta' } }])]);
    expect(r.ruleset.actions.at(-1)).toEqual({ id: 'kick', phase: 'beta' });
  });

  it('adds a key to an object', () => {
    const r = resolveOverlays(base(), [
      overlay('o', [{ op: 'add', path: '/combatant/stats/mp', value: { description: 'Magic.', default: 0 } }]),
    ]);
    expect(Object.keys(r.ruleset.combatant.stats)).toEqual(['hp', 'mp']);
  });

  it('adds a new top-level property', () => {
    const r = resolveOverlays(base(), [overlay('o', [{ op: 'add', path: '/limits', value: { rounds: 7 } }])]);
    expect(r.ruleset.limits).toEqual({ rounds: 7 });
  });

  it('unescapes ~1 and ~0 in path segments', () => {
    const r = resolveOverlays(base(), [
      overlay('o', [{ op: 'add', path: '/combatant/stats/a~1b~0c', value: { description: 'odd', default: 1 } }]),
    ]);
    expect(Object.keys(r.ruleset.combatant.stats)).toEqual(['hp', 'a/b~c']);
  });

  it('refuses to add what already exists', () => {
    const o = overlay('o', [{ op: 'add', path: '/actions/hit', value: { id: 'hit', phase: 'alpha' } }]);
    const [d, ...rest] = resolveErr(base(), [o]);
    expect(rest).toEqual([]);
    expectDiag(d, o, '/changes/0/path', '"hit" already exists; use replace');
  });

  it('refuses an item whose id differs from the path', () => {
    const o = overlay('o', [{ op: 'add', path: '/actions/kick', value: { id: 'punch', phase: 'beta' } }]);
    expectDiag(resolveErr(base(), [o])[0], o, '/changes/0/value', 'differs from the path\'s last segment "kick"');
  });

  it('refuses a non-object item in a list of items', () => {
    const o = overlay('o', [{ op: 'add', path: '/actions/kick', value: 'kick' }]);
    expectDiag(resolveErr(base(), [o])[0], o, '/changes/0/value', 'must be an object with an id');
  });

  it('refuses before/after on an object', () => {
    const o = overlay('o', [{ op: 'add', path: '/combatant/stats/mp', before: 'hp', value: { description: 'x', default: 0 } }]);
    expectDiag(resolveErr(base(), [o])[0], o, '/changes/0/path', 'before/after only apply to lists');
  });

  it('reports a missing anchor with the siblings that exist, at before/after', () => {
    const o = overlay('o', [
      { op: 'add', path: '/round/phases/beta/steps/zero', before: 'nope', value: { id: 'zero' } },
      { op: 'add', path: '/round/phases/beta/steps/three', after: 'nada', value: { id: 'three' } },
    ]);
    const ds = resolveErr(base(), [o]);
    expect(ds).toHaveLength(2);
    expectDiag(ds[0], o, '/changes/0/before', 'no sibling "nope" here: there is "one", "two"');
    expectDiag(ds[1], o, '/changes/1/after', 'no sibling "nada" here: there is "one", "two"');
  });
});

// ------------------------------------------------------------------------------- replace / remove

describe('replace and remove', () => {
  it('replaces a list item by id, keeping its place', () => {
    const r = resolveOverlays(base(), [
      overlay('o', [{ op: 'replace', path: '/round/phases/beta', value: { id: 'beta', steps: [{ id: 'only' }] } }]),
    ]);
    expect(ids(r.ruleset.round.phases)).toEqual(['alpha', 'beta', 'gamma']);
    expect(ids(phase(r.ruleset, 'beta').steps)).toEqual(['only']);
  });

  it('fills in the id of a replacement item and refuses a different one', () => {
    const r = resolveOverlays(base(), [overlay('o', [{ op: 'replace', path: '/actions/wait', value: { phase: 'gamma' } }])]);
    expect(r.ruleset.actions[1]).toEqual({ id: 'wait', phase: 'gamma' });
    const o = overlay('p', [{ op: 'replace', path: '/actions/wait', value: { id: 'rest', phase: 'gamma' } }]);
    expectDiag(resolveErr(base(), [o])[0], o, '/changes/0/value', 'the replacement must be an object with id "wait"');
  });

  it('replaces a property deep inside items named by id', () => {
    const r = resolveOverlays(base(), [overlay('o', [{ op: 'replace', path: '/round/phases/beta/steps/two/select', value: false }])]);
    expect(phase(r.ruleset, 'beta').steps[1]).toEqual({ id: 'two', select: false });
    expect(phase(r.ruleset, 'alpha').steps[0]).toEqual({ id: 'one', order: 'simultaneous' });
  });

  it('reports a replace of something absent with what is there', () => {
    const o = overlay('o', [{ op: 'replace', path: '/round/phases/beta/steps/nine', value: { id: 'nine' } }]);
    expectDiag(
      resolveErr(base(), [o])[0],
      o,
      '/changes/0/path',
      'nothing to replace at /round/phases/beta/steps/nine: there is "one", "two"',
    );
  });

  it('reports a path through an item that does not exist, naming the missing segment', () => {
    const o = overlay('o', [{ op: 'replace', path: '/round/phases/missile/steps/one/select', value: true }]);
    expectDiag(resolveErr(base(), [o])[0], o, '/changes/0/path', 'no "missile" at /round/phases: there is "alpha", "beta", "gamma"');
  });

  it('removes list items and object keys', () => {
    const r = resolveOverlays(base(), [
      overlay('o', [
        { op: 'remove', path: '/round/phases/gamma' },
        { op: 'remove', path: '/round/phases/beta/steps/one' },
        { op: 'remove', path: '/combatant/out' },
      ]),
    ]);
    expect(ids(r.ruleset.round.phases)).toEqual(['alpha', 'beta']);
    expect(ids(phase(r.ruleset, 'beta').steps)).toEqual(['two']);
    expect('out' in r.ruleset.combatant).toBe(false);
  });

  it('removing every phase resolves (the semantic check reports it later)', () => {
    const r = resolveOverlays(base(), [
      overlay('o', [
        { op: 'remove', path: '/round/phases/alpha' },
        { op: 'remove', path: '/round/phases/beta' },
        { op: 'remove', path: '/round/phases/gamma' },
      ]),
    ]);
    expect(r.ruleset.round.phases).toEqual([]);
  });

  it('reports a remove of something absent', () => {
    const o = overlay('o', [{ op: 'remove', path: '/policy/never' }]);
    expectDiag(resolveErr(base(), [o])[0], o, '/changes/0/path', 'nothing to remove at /policy/never: there is "always"');
  });

  it('says which overlay removed a path a later overlay needs', () => {
    const a = overlay('a', [{ op: 'remove', path: '/round/phases/gamma' }]);
    const b = overlay('b', [{ op: 'replace', path: '/round/phases/gamma/steps/one', value: { id: 'one' } }], { requires: ['a'] });
    const [d] = resolveErr(base(), [a, b]);
    expectDiag(d, b, '/changes/0/path', '(it was removed by overlay "a")');
    expect(d!.message).toContain('no "gamma" at /round/phases');
  });
});

// ------------------------------------------------------------------------------- move

describe('move', () => {
  it('moves an item before or after a sibling', () => {
    const r1 = resolveOverlays(base(), [overlay('o', [{ op: 'move', path: '/round/phases/gamma', before: 'alpha' }])]);
    expect(ids(r1.ruleset.round.phases)).toEqual(['gamma', 'alpha', 'beta']);
    const r2 = resolveOverlays(base(), [overlay('o', [{ op: 'move', path: '/round/phases/alpha', after: 'gamma' }])]);
    expect(ids(r2.ruleset.round.phases)).toEqual(['beta', 'gamma', 'alpha']);
    const r3 = resolveOverlays(base(), [overlay('o', [{ op: 'move', path: '/round/phases/beta/steps/two', before: 'one' }])]);
    expect(ids(phase(r3.ruleset, 'beta').steps)).toEqual(['two', 'one']);
  });

  it('moves the item itself (content preserved)', () => {
    const r = resolveOverlays(base(), [overlay('o', [{ op: 'move', path: '/round/phases/beta', before: 'alpha' }])]);
    expect(r.ruleset.round.phases[0]).toEqual((baseValue().round as { phases: unknown[] }).phases[1]);
  });

  it('reports a missing anchor and leaves the list as it was', () => {
    const o = overlay('o', [{ op: 'move', path: '/round/phases/gamma', after: 'omega' }]);
    expectDiag(resolveErr(base(), [o])[0], o, '/changes/0/after', 'no sibling "omega" here');
  });

  it('needs before or after, an existing item, and a list', () => {
    const o1 = overlay('o', [{ op: 'move', path: '/round/phases/gamma' }]);
    expectDiag(resolveErr(base(), [o1])[0], o1, '/changes/0/path', 'move needs before or after');
    const o2 = overlay('o', [{ op: 'move', path: '/round/phases/omega', before: 'alpha' }]);
    expectDiag(resolveErr(base(), [o2])[0], o2, '/changes/0/path', 'nothing to move at /round/phases/omega');
    const o3 = overlay('o', [{ op: 'move', path: '/combatant/out', before: 'stats' }]);
    expectDiag(resolveErr(base(), [o3])[0], o3, '/changes/0/path', 'only items of a list can be moved');
  });

  it('after a failed move the next change still finds its anchor (only the move is reported)', () => {
    const o = overlay('o', [
      { op: 'move', path: '/round/phases/gamma', after: 'omega' },
      { op: 'add', path: '/round/phases/delta', after: 'gamma', value: { id: 'delta', steps: [] } },
    ]);
    const ds = resolveErr(base(), [o]);
    expect(ds.map((d) => d.pointer)).toEqual(['/changes/0/after']);
  });
});

// ------------------------------------------------------------------------------- stacks

describe('overlay stacks: conflicts, requires, extends', () => {
  it('reports two overlays changing the same thing without requires, naming both', () => {
    const a = overlay('first-rule', [{ op: 'replace', path: '/round/phases/beta/steps/two/select', value: true }]);
    const b = overlay('second-rule', [{ op: 'replace', path: '/round/phases/beta/steps/two/select', value: false }]);
    const [d, ...rest] = resolveErr(base(), [a, b]);
    expect(rest).toEqual([]);
    expectDiag(
      d,
      b,
      '/changes/0/path',
      'conflict: overlay "first-rule" (first-rule.json) also changes /round/phases/beta/steps/two/select (replace)',
    );
    expect(d!.message).toContain('"requires"');
  });

  it('a change to a parent conflicts with a change inside it, in either order', () => {
    const parent = overlay('parent', [{ op: 'replace', path: '/round/phases/beta', value: { id: 'beta', steps: [] } }]);
    const childOv = overlay('child', [{ op: 'add', path: '/round/phases/beta/steps/three', value: { id: 'three' } }]);
    expect(resolveErr(base(), [parent, childOv])[0]!.message).toContain('overlay "parent"');
    expect(resolveErr(base(), [childOv, parent])[0]!.message).toContain('overlay "child"');
  });

  it('changes to different places do not conflict', () => {
    const a = overlay('a', [{ op: 'replace', path: '/round/phases/beta/steps/two/select', value: true }]);
    const b = overlay('b', [{ op: 'add', path: '/round/phases/beta/steps/three', value: { id: 'three' } }]);
    const c = overlay('c', [{ op: 'replace', path: '/round/phases/alpha/steps/one/order', value: 'listing-order' }]);
    const r = resolveOverlays(base(), [a, b, c]);
    expect(r.overlays).toEqual(['a', 'b', 'c']);
    expect(ids(phase(r.ruleset, 'beta').steps)).toEqual(['one', 'two', 'three']);
  });

  it('one overlay may change the same place twice', () => {
    const r = resolveOverlays(base(), [
      overlay('o', [
        { op: 'add', path: '/actions/kick', value: { id: 'kick', phase: 'beta' } },
        { op: 'replace', path: '/actions/kick/phase', value: 'gamma' },
      ]),
    ]);
    expect(r.ruleset.actions.at(-1)).toEqual({ id: 'kick', phase: 'gamma' });
  });

  it('requires layers a later change on top of an earlier one', () => {
    const a = overlay('a', [{ op: 'replace', path: '/round/phases/beta/steps/two/select', value: true }]);
    const b = overlay('b', [{ op: 'replace', path: '/round/phases/beta/steps/two/select', value: false }], { requires: ['a'] });
    const r = resolveOverlays(base(), [a, b]);
    expect(phase(r.ruleset, 'beta').steps[1]).toEqual({ id: 'two', select: false });
    expect(r.overlays).toEqual(['a', 'b']);
  });

  it('layering is per pair: a third overlay still conflicts with one it does not require', () => {
    const a = overlay('a', [{ op: 'replace', path: '/actions/hit/phase', value: 'alpha' }]);
    const b = overlay('b', [{ op: 'replace', path: '/actions/hit/phase', value: 'gamma' }], { requires: ['a'] });
    const c = overlay('c', [{ op: 'replace', path: '/actions/hit/phase', value: 'beta' }], { requires: ['a'] });
    const [d] = resolveErr(base(), [a, b, c]);
    expectDiag(d, c, '/changes/0/path', 'conflict: overlay "b" (b.json)');
  });

  it('a required overlay must come first', () => {
    const a = overlay('a', [{ op: 'replace', path: '/actions/hit/phase', value: 'alpha' }]);
    const b = overlay('b', [{ op: 'replace', path: '/actions/wait/phase', value: 'gamma' }], { requires: ['a'] });
    const [d] = resolveErr(base(), [b, a]);
    expectDiag(d, b, '/requires/0', 'this overlay requires "a", which must be given before it');
    const [d2] = resolveErr(base(), [b]);
    expectDiag(d2, b, '/requires/0', 'requires "a"');
  });

  it('a missing requirement is the one problem named, not the changes that build on it', () => {
    const a = overlay('a', [{ op: 'add', path: '/actions/kick', value: { id: 'kick', phase: 'beta' } }]);
    const b = overlay('b', [{ op: 'replace', path: '/actions/kick/phase', value: 'gamma' }], { requires: ['a'] });
    const alone = resolveErr(base(), [b]);
    expect(alone.map((d) => `${d.file} ${d.pointer}`)).toEqual(['b.json /requires/0']);
    expectDiag(alone[0], b, '/requires/0', 'this overlay requires "a", which must be given before it');
    // c requires b, which was given but left out: b's missing requirement is still the one cause named.
    const c = overlay('c', [{ op: 'replace', path: '/actions/kick/phase', value: 'alpha' }], { requires: ['b'] });
    expect(resolveErr(base(), [b, c]).map((d) => `${d.file} ${d.pointer}`)).toEqual(['b.json /requires/0']);
    // One that requires the missing overlay itself says so at its own place.
    const c2 = overlay('c', [{ op: 'replace', path: '/actions/kick/phase', value: 'alpha' }], { requires: ['a', 'b'] });
    expect(resolveErr(base(), [b, c2]).map((d) => `${d.file} ${d.pointer}`)).toEqual(['b.json /requires/0', 'c.json /requires/0']);
    // Given in the right order, all three apply.
    expect(resolveOverlays(base(), [a, b, c2]).overlays).toEqual(['a', 'b', 'c']);
  });

  it('an overlay for another ruleset is refused at /extends', () => {
    const o = overlay('o', [{ op: 'remove', path: '/actions/wait' }], { extends: 'other' });
    expectDiag(resolveErr(base(), [o])[0], o, '/extends', 'this overlay extends "other", but the ruleset is "base"');
  });

  it('the same overlay twice is refused at /id', () => {
    const o = overlay('o', [{ op: 'add', path: '/actions/kick', value: { phase: 'beta' } }]);
    const again = overlay('o', [{ op: 'add', path: '/actions/kick', value: { phase: 'beta' } }], {}, 'o-copy.json');
    expectDiag(resolveErr(base(), [o, again])[0], again, '/id', 'overlay "o" is applied twice');
  });

  it('collects the problems of every overlay in one error', () => {
    const a = overlay('a', [{ op: 'remove', path: '/actions/nope' }]);
    const b = overlay('b', [{ op: 'remove', path: '/policy/nope' }], { extends: 'base' });
    const ds = resolveErr(base(), [a, b]);
    expect(ds.map((d) => `${d.file} ${d.pointer}`)).toEqual(['a.json /changes/0/path', 'b.json /changes/0/path']);
  });

  it('no overlays: the ruleset comes back unchanged', () => {
    const r = resolveOverlays(base(), []);
    expect(r.ruleset).toEqual(baseValue());
    expect(r.overlays).toEqual([]);
  });
});

// ------------------------------------------------------------------------------- id paths

describe('id paths', () => {
  const doc = baseValue();
  it('idPathToPointer names array items by id and object members by key', () => {
    expect(idPathToPointer(doc, ['round', 'phases', 'beta', 'steps', 'two', 'select'])).toBe('/round/phases/1/steps/1/select');
    expect(idPathToPointer(doc, ['actions', 'wait'])).toBe('/actions/1');
    expect(idPathToPointer(doc, [])).toBe('');
    expect(idPathToPointer(doc, ['actions', 'nope'])).toBeNull();
    expect(idPathToPointer(doc, ['round', 'nope'])).toBeNull();
  });
  it('pointerToIdPath is its inverse for items with ids', () => {
    expect(pointerToIdPath(doc, '/round/phases/1/steps/1/select')).toEqual(['round', 'phases', 'beta', 'steps', 'two', 'select']);
    expect(pointerToIdPath(doc, '')).toEqual([]);
  });
  it('does not follow inherited properties', () => {
    expect(idPathToPointer(doc, ['round', 'toString'])).toBeNull();
    expect(idPathToPointer(doc, ['round', 'phases', 'constructor'])).toBeNull();
  });
});

// ------------------------------------------------------------------------------- origin()

describe('origin(): from the resolved ruleset back to the file and line', () => {
  const stack = () => {
    const b = base();
    const a = overlay('first', [
      {
        op: 'add',
        path: '/round/phases/beta/steps/zero',
        before: 'one',
        value: { id: 'zero', select: { '==': [1, 1] }, order: 'listing-order' },
      },
      { op: 'replace', path: '/actions/hit/phase', value: 'gamma' },
      { op: 'add', path: '/actions/kick', after: 'hit', value: { id: 'kick', phase: 'alpha', uses: ['action'] } },
    ]);
    const c = overlay('second', [{ op: 'replace', path: '/actions/hit/phase', value: 'alpha' }], { requires: ['first'] });
    return { b, a, c, r: resolveOverlays(b, [a, c]) };
  };

  const expectOrigin = (got: ReturnType<ReturnType<typeof stack>['r']['origin']>, doc: Doc<unknown>, pointer: string) => {
    expect(got).toEqual({ file: doc.file, pointer, ...posOf(doc.text, pointer) });
  };

  it('maps an added item, and a place inside it, to the overlay that added it', () => {
    const { a, r } = stack();
    expect(ids(phase(r.ruleset, 'beta').steps)).toEqual(['zero', 'one', 'two']);
    expectOrigin(r.origin('/round/phases/1/steps/0'), a, '/changes/0/value');
    expectOrigin(r.origin('/round/phases/1/steps/0/order'), a, '/changes/0/value/order');
    expectOrigin(r.origin('/round/phases/1/steps/0/select'), a, '/changes/0/value/select');
    expectOrigin(r.origin('/actions/1'), a, '/changes/2/value');
    expectOrigin(r.origin('/actions/1/phase'), a, '/changes/2/value/phase');
  });

  it('maps a base item that an insertion shifted to its original index in the base file', () => {
    const { b, r } = stack();
    // steps "one" and "two" of beta moved from 0,1 to 1,2.
    expectOrigin(r.origin('/round/phases/1/steps/1'), b, '/round/phases/1/steps/0');
    expectOrigin(r.origin('/round/phases/1/steps/2/select'), b, '/round/phases/1/steps/1/select');
    // "wait" moved from /actions/1 to /actions/2.
    expectOrigin(r.origin('/actions/2/phase'), b, '/actions/1/phase');
  });

  it('maps a replaced value to the last overlay that replaced it', () => {
    const { c, r } = stack();
    expect(r.ruleset.actions[0]!.phase).toBe('alpha');
    expectOrigin(r.origin('/actions/0/phase'), c, '/changes/0/value');
  });

  it('maps untouched places to the base file, and the whole document to its root', () => {
    const { b, r } = stack();
    expectOrigin(r.origin('/actions/0/uses'), b, '/actions/0/uses');
    expectOrigin(r.origin('/round/phases/2'), b, '/round/phases/2');
    expectOrigin(r.origin('/economy/slots/action'), b, '/economy/slots/action');
    expectOrigin(r.origin(''), b, '');
  });

  it('falls back to the nearest existing ancestor for a place that exists nowhere', () => {
    const { b, r } = stack();
    expectOrigin(r.origin('/round/phases/2/steps/0/nothing'), b, '/round/phases/2/steps/0');
  });
});

// ------------------------------------------------------------------------------- determinism

describe('determinism', () => {
  const stack = () => [
    overlay('a', [
      { op: 'add', path: '/round/phases/delta', after: 'alpha', value: { id: 'delta', steps: [{ id: 'x' }] } },
      { op: 'move', path: '/round/phases/gamma', before: 'alpha' },
    ]),
    overlay(
      'b',
      [
        { op: 'replace', path: '/round/phases/delta/steps/x', value: { id: 'x', order: 'listing-order' } },
        { op: 'remove', path: '/actions/wait' },
      ],
      { requires: ['a'] },
    ),
  ];

  it('the same stack gives byte-identical output, and inputs are not modified', () => {
    const b1 = base();
    const s1 = stack();
    const before = JSON.stringify([b1.value, s1.map((o) => o.value)]);
    const r1 = resolveOverlays(b1, s1);
    const r2 = resolveOverlays(base(), stack());
    expect(JSON.stringify(r1.ruleset)).toBe(JSON.stringify(r2.ruleset));
    expect(JSON.stringify([b1.value, s1.map((o) => o.value)])).toBe(before);
    expect(ids(r1.ruleset.round.phases)).toEqual(['gamma', 'alpha', 'delta', 'beta']);
    // Resolving again from the same inputs gives the same result (no hidden state).
    expect(JSON.stringify(resolveOverlays(b1, s1).ruleset)).toBe(JSON.stringify(r1.ruleset));
  });

  it('the resolved ruleset shares no objects with the overlays (editing it changes no input)', () => {
    const s = stack();
    const r = resolveOverlays(base(), s);
    (phase(r.ruleset, 'delta').steps[0] as { order?: string }).order = 'changed';
    expect((s[1]!.value.changes[0] as { value: { order: string } }).value.order).toBe('listing-order');
  });

  it('errors are deterministic too', () => {
    const bad = () => [
      overlay('a', [
        { op: 'remove', path: '/x/y' },
        { op: 'add', path: '/actions/hit', value: {} },
      ]),
    ];
    expect(resolveErr(base(), bad())).toEqual(resolveErr(base(), bad()));
  });
});
