import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { changedRange } from '../plain-edits.js';
import { appendItem, detectFormat, moveItem, removeValue, renderValue, setValue } from './edits.js';
import { addRequires, anchorFor, jsonPathOf, overlayMove, overlaySet, reordered, rulesetMove, rulesetSet } from './document-edits.js';

const file = (p: string) => readFileSync(new URL(`../../../../rulesets/${p}`, import.meta.url), 'utf8');

/** The one region that differs between two texts: [start, endInOld, endInNew], and its two sides. */
function diffSpan(a: string, b: string): { start: number; endA: number; endB: number; removed: string; inserted: string } {
  const { start, endA, endB } = changedRange(a, b) ?? { start: a.length, endA: a.length, endB: b.length };
  return { start, endA, endB, removed: a.slice(start, endA), inserted: b.slice(start, endB) };
}

const TWO_HANDED = file('ose/overlays/two-handed-last.json');
const OSE = file('ose/ose.json');

const SMALL_RULESET = `{
  "kind": "ruleset",
  "id": "tiny",
  "round": {
    "phases": [
      { "id": "movement", "steps": [{ "id": "moves" }] },
      {
        "id": "missile",
        "steps": [ { "id": "missiles", "order": "side-initiative" } ]
      },
      { "id": "melee",   "steps": [{ "id": "melee" }, { "id": "two-handed" }] }
    ]
  }
}
`;

describe('format detection and rendering', () => {
  it('sees expanded and compact documents', () => {
    expect(detectFormat(OSE)).toEqual({ unit: '  ', eol: '\n', compact: false });
    expect(detectFormat(TWO_HANDED)).toEqual({ unit: '  ', eol: '\n', compact: true });
    expect(detectFormat('{\r\n\t"a": 1\r\n}').unit).toBe('\t');
    expect(detectFormat('{\r\n\t"a": 1\r\n}').eol).toBe('\r\n');
    expect(detectFormat('{\n    "a": {\n        "b": 1\n    }\n}').unit).toBe('    ');
  });

  it('renders in the document style', () => {
    const v = { keys: ['side-initiative', { stat: 'dex' }], ties: 'simultaneous' };
    expect(renderValue(v, '  ', { unit: '  ', eol: '\n', compact: true })).toBe(
      '{ "keys": ["side-initiative", { "stat": "dex" }], "ties": "simultaneous" }',
    );
    expect(renderValue(v, '  ', { unit: '  ', eol: '\n', compact: false })).toBe(
      '{\n    "keys": [\n      "side-initiative",\n      {\n        "stat": "dex"\n      }\n    ],\n    "ties": "simultaneous"\n  }',
    );
    // Expanded rendering is what JSON.stringify would write at that depth.
    expect(JSON.parse(renderValue(v, '', { unit: '  ', eol: '\n', compact: false }))).toEqual(v);
    expect(renderValue(v, '', { unit: '  ', eol: '\n', compact: false })).toBe(JSON.stringify(v, null, 2));
  });
});

describe('text edits', () => {
  it('moves a list item verbatim, touching only the items between the two places', () => {
    const out = moveItem(SMALL_RULESET, ['round', 'phases'], 2, 0);
    const phases = JSON.parse(out).round.phases.map((p: { id: string }) => p.id);
    expect(phases).toEqual(['melee', 'movement', 'missile']);
    // Each item's own text (odd spacing included) is kept.
    expect(out).toContain('{ "id": "melee",   "steps": [{ "id": "melee" }, { "id": "two-handed" }] }');
    expect(out).toContain('{\n        "id": "missile",\n        "steps": [ { "id": "missiles", "order": "side-initiative" } ]\n      }');
    // Nothing outside the list changed.
    const d = diffSpan(SMALL_RULESET, out);
    expect(SMALL_RULESET.slice(0, d.start)).toContain('"phases": [');
    expect(SMALL_RULESET.slice(d.endA)).toMatch(/^[^[]*\]\s*\n\s*\}\s*\n\}\s*$/);
  });

  it('moves within a one-line list', () => {
    const out = moveItem(SMALL_RULESET, ['round', 'phases', 2, 'steps'], 1, 0);
    expect(out).toContain('"steps": [{ "id": "two-handed" }, { "id": "melee" }] }');
    expect(out.split('\n').length).toBe(SMALL_RULESET.split('\n').length);
  });

  it('sets a value in place, adds a missing key after its last sibling, removes one', () => {
    const a = setValue(SMALL_RULESET, ['round', 'phases', 1, 'steps', 0, 'order'], 'initiative-desc');
    expect(diffSpan(SMALL_RULESET, a).inserted).toBe('initiative-desc');
    const b = setValue(SMALL_RULESET, ['round', 'phases', 0, 'steps', 0, 'order'], { keys: ['listing-order'] });
    expect(b).toContain('"steps": [{ "id": "moves", "order": { "keys": ["listing-order"] } }]');
    const c = setValue(OSE, ['round', 'phases', 4, 'steps', 0, 'order'], { keys: ['side-initiative'], ties: 'referee' });
    const d = diffSpan(OSE, c);
    // The old value "simultaneous" is replaced by the ordering, expanded like the rest of the file.
    expect(d.removed).toBe('"simultaneous"');
    expect(d.inserted).toBe(
      '{\n              "keys": [\n                "side-initiative"\n              ],\n              "ties": "referee"\n            }',
    );
    expect(JSON.parse(c).round.phases[4].steps[0].order).toEqual({ keys: ['side-initiative'], ties: 'referee' });
    const e = removeValue(a, ['round', 'phases', 1, 'steps', 0, 'order']);
    expect(JSON.parse(e).round.phases[1].steps[0]).toEqual({ id: 'missiles' });
  });

  it('appends to a list in the style of its last item', () => {
    const out = appendItem('{\n  "a": [\n    1,\n    2\n  ]\n}', ['a'], { b: 1 });
    expect(out).toBe('{\n  "a": [\n    1,\n    2,\n    {\n      "b": 1\n    }\n  ]\n}');
    expect(appendItem('{ "a": [1, 2] }', ['a'], 3)).toBe('{ "a": [1, 2, 3] }');
    expect(appendItem('{\n  "a": []\n}', ['a'], 3)).toBe('{\n  "a": [\n    3\n  ]\n}');
  });

  it('finds id paths', () => {
    const doc = JSON.parse(SMALL_RULESET);
    expect(jsonPathOf(doc, ['round', 'phases', 'melee', 'steps', 'two-handed'])).toEqual({
      path: ['round', 'phases', 2, 'steps', 1],
      exists: true,
    });
    expect(jsonPathOf(doc, ['round', 'phases', 'melee', 'steps', 'melee', 'order'])).toEqual({
      path: ['round', 'phases', 2, 'steps', 0, 'order'],
      exists: false,
    });
    expect(jsonPathOf(doc, ['round', 'phases', 'nope', 'steps'])).toBeNull();
  });

  it('computes anchors and orders of a drop', () => {
    expect(anchorFor(['melee', 'two-handed'], 'two-handed', 0)).toEqual({ before: 'melee' });
    expect(anchorFor(['a', 'b', 'c'], 'a', 2)).toEqual({ after: 'c' });
    expect(reordered(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
  });
});

describe('ruleset edits', () => {
  it('moves a phase in /round/phases', () => {
    const out = rulesetMove(OSE, ['round', 'phases'], 'melee', { before: 'missile' });
    expect(JSON.parse(out).round.phases.map((p: { id: string }) => p.id)).toEqual(['morale', 'movement', 'melee', 'missile', 'spells']);
    const d = diffSpan(OSE, out);
    // Only the missile/spells/melee items are in the changed region.
    expect(d.removed).not.toContain('"morale"');
    expect(d.removed).not.toContain('"movement"');
    expect(out.length).toBe(OSE.length);
  });

  it('moves a step after a sibling', () => {
    const out = rulesetMove(SMALL_RULESET, ['round', 'phases', 'melee', 'steps'], 'melee', { after: 'two-handed' });
    expect(JSON.parse(out).round.phases[2].steps.map((s: { id: string }) => s.id)).toEqual(['two-handed', 'melee']);
  });

  it('sets a step order', () => {
    const out = rulesetSet(SMALL_RULESET, ['round', 'phases', 'melee', 'steps', 'two-handed', 'order'], 'side-initiative');
    expect(out).toContain('{ "id": "two-handed", "order": "side-initiative" }');
  });
});

describe('overlay edits', () => {
  it('appends a move change, keeping the rest of the text as it was', () => {
    const text = `{
  "kind": "overlay",
  "id": "mine",
  "extends": "ose",
  "changes": [
    { "op": "replace", "path": "/initiative/ties", "value": { "reroll": "1d6" } }
  ]
}
`;
    const out = overlayMove(text, ['round', 'phases', 'melee', 'steps'], 'two-handed', { before: 'melee' });
    expect(out).toBe(`{
  "kind": "overlay",
  "id": "mine",
  "extends": "ose",
  "changes": [
    { "op": "replace", "path": "/initiative/ties", "value": { "reroll": "1d6" } },
    { "op": "move", "path": "/round/phases/melee/steps/two-handed", "before": "melee" }
  ]
}
`);
  });

  it('appends to an expanded overlay in its expanded style', () => {
    const text = '{\n  "kind": "overlay",\n  "changes": [\n    {\n      "op": "remove",\n      "path": "/a"\n    }\n  ]\n}';
    const out = overlayMove(text, ['round', 'phases'], 'melee', { after: 'spells' });
    expect(out).toBe(
      '{\n  "kind": "overlay",\n  "changes": [\n    {\n      "op": "remove",\n      "path": "/a"\n    },\n    {\n      "op": "move",\n      "path": "/round/phases/melee",\n      "after": "spells"\n    }\n  ]\n}',
    );
  });

  it('creates the changes list when missing', () => {
    const out = overlayMove('{\n  "kind": "overlay"\n}', ['round', 'phases'], 'melee', { before: 'missile' });
    expect(JSON.parse(out).changes).toEqual([{ op: 'move', path: '/round/phases/melee', before: 'missile' }]);
  });

  it('updates an existing add of the same item instead of adding a move', () => {
    const out = overlayMove(TWO_HANDED, ['round', 'phases', 'melee', 'steps'], 'two-handed', { before: 'melee' });
    const changes = JSON.parse(out).changes;
    expect(changes).toHaveLength(2);
    expect(changes[1].before).toBe('melee');
    expect(changes[1].after).toBeUndefined();
    const d = diffSpan(TWO_HANDED, out);
    expect(d.removed).toBe('after');
    expect(d.inserted).toBe('before');
  });

  it('updates an existing move of the same path', () => {
    const text = '{ "kind": "overlay", "changes": [\n  { "op": "move", "path": "/round/phases/melee", "before": "missile" }\n] }';
    const a = overlayMove(text, ['round', 'phases'], 'melee', { before: 'movement' });
    expect(JSON.parse(a).changes).toEqual([{ op: 'move', path: '/round/phases/melee', before: 'movement' }]);
    expect(a.replace('movement', 'missile')).toBe(text);
    const b = overlayMove(text, ['round', 'phases'], 'melee', { after: 'spells' });
    expect(JSON.parse(b).changes).toEqual([{ op: 'move', path: '/round/phases/melee', after: 'spells' }]);
    const c = overlayMove(text, ['round', 'phases'], 'melee', { after: 'spells' }, false);
    expect(JSON.parse(c).changes).toHaveLength(2);
  });

  it('sets a value: inside the change that adds the step, at the same path, or as a new change', () => {
    const order = { keys: ['initiative-desc'], ties: 'referee' };
    const a = overlaySet(TWO_HANDED, ['round', 'phases', 'melee', 'steps', 'two-handed', 'order'], order, true);
    const ca = JSON.parse(a).changes;
    expect(ca).toHaveLength(2);
    expect(ca[1].value.order).toEqual(order);
    expect(diffSpan(TWO_HANDED, a).removed).toBe('"side-initiative"');

    const b = overlaySet(TWO_HANDED, ['round', 'phases', 'missile', 'steps', 'missiles', 'order'], 'initiative-desc', true);
    expect(JSON.parse(b).changes[2]).toEqual({
      op: 'replace',
      path: '/round/phases/missile/steps/missiles/order',
      value: 'initiative-desc',
    });
    const b2 = overlaySet(b, ['round', 'phases', 'missile', 'steps', 'missiles', 'order'], 'side-initiative', true);
    expect(JSON.parse(b2).changes).toHaveLength(3);
    expect(JSON.parse(b2).changes[2].value).toBe('side-initiative');

    const c = overlaySet(TWO_HANDED, ['round', 'phases', 'movement', 'steps', 'moves', 'order'], 'listing-order', false);
    expect(JSON.parse(c).changes[2].op).toBe('add');
    // The earlier changes' text is untouched.
    expect(c.startsWith(TWO_HANDED.slice(0, TWO_HANDED.lastIndexOf('}\n  ]')))).toBe(true);
  });

  it('adds requires after extends, or to the existing list', () => {
    const a = addRequires('{\n  "kind": "overlay",\n  "extends": "ose",\n  "changes": []\n}', ['phased-round']);
    expect(a).toBe('{\n  "kind": "overlay",\n  "extends": "ose",\n  "requires": [\n    "phased-round"\n  ],\n  "changes": []\n}');
    const b = addRequires(TWO_HANDED, ['phased-round', 'crossbow-speed']);
    expect(b).toContain('"requires": ["phased-round", "crossbow-speed"]');
    expect(addRequires(TWO_HANDED, ['phased-round'])).toBe(TWO_HANDED);
  });
});

describe('inserting into one-line and empty lists', () => {
  it('puts the first change of a compact overlay on its own line', () => {
    const text = '{\n  "kind": "overlay",\n  "requires": ["phased-round"],\n  "changes": []\n}\n';
    const out = overlayMove(text, ['round', 'phases', 'melee', 'steps'], 'two-handed', { before: 'melee' });
    expect(out).toBe(
      '{\n  "kind": "overlay",\n  "requires": ["phased-round"],\n  "changes": [\n    { "op": "move", "path": "/round/phases/melee/steps/two-handed", "before": "melee" }\n  ]\n}\n',
    );
  });

  it('breaks a one-line list that would grow too long, keeping each item as written', () => {
    const text =
      '{\n  "kind": "overlay",\n  "changes": [{ "op": "move", "path": "/round/phases/melee/steps/two-handed",  "after": "melee" }]\n}\n';
    const out = overlayMove(text, ['round', 'phases'], 'melee', { before: 'spells' });
    expect(out).toBe(
      '{\n  "kind": "overlay",\n  "changes": [\n    { "op": "move", "path": "/round/phases/melee/steps/two-handed",  "after": "melee" },\n    { "op": "move", "path": "/round/phases/melee", "before": "spells" }\n  ]\n}\n',
    );
    // A short one-line list stays on its line.
    expect(addRequires(text.replace('"kind": "overlay",', '"kind": "overlay", "requires": ["a"],'), ['b'])).toContain(
      '"requires": ["a", "b"],',
    );
  });
});
