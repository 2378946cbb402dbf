import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildView, planMove, planSet, type ViewDoc, type ViewInput } from './model.js';

const file = (p: string) => readFileSync(new URL(`../../../../rulesets/${p}`, import.meta.url), 'utf8');
const doc = (path: string, text = file(path)): ViewDoc => ({ id: `builtin:${path}`, path, text });

const OSE = doc('ose/ose.json');
const PHASED = doc('ose/overlays/phased-round.json');
const TWO = doc('ose/overlays/two-handed-last.json');
const CROSS = doc('ose/overlays/crossbow-speed.json');
const ENC = doc('ose/encounters/skirmish.json');
const MINE: ViewDoc = {
  id: 'mine',
  path: 'mine/test.json',
  text: `{
  "kind": "overlay",
  "id": "mine",
  "name": "Mine",
  "version": "1.0.0",
  "extends": "ose",
  "requires": ["phased-round"],
  "changes": []
}
`,
};
const docs = [OSE, PHASED, TWO, CROSS, ENC, MINE];

const input = (activeId: string, overlayIds: string[], extra: ViewDoc[] = []): ViewInput => ({
  docs: [...docs.filter((d) => !extra.some((e) => e.id === d.id)), ...extra],
  activeId,
  main: { rulesetId: OSE.id, overlayIds },
});

function view(i: ViewInput) {
  const r = buildView(i);
  if (!r.ok) throw new Error(r.error);
  return r.view;
}

const stepIds = (v: ReturnType<typeof view>, phase: string) => v.ruleset.round.phases.find((p) => p.id === phase)!.steps.map((s) => s.id);

describe('the resolved ruleset', () => {
  it('shows a ruleset as itself', () => {
    const v = view(input(OSE.id, []));
    expect(v.mode).toBe('ruleset');
    expect(v.chain).toEqual([]);
    expect(v.ruleset.round.turns.by).toBe('side');
  });

  it('shows an overlay on its base with the main overlays up to and including it', () => {
    const v = view(input(TWO.id, [PHASED.id, TWO.id, CROSS.id]));
    expect(v.mode).toBe('overlay');
    expect(v.chain.map((d) => d.id)).toEqual([PHASED.id, TWO.id]);
    expect(stepIds(v, 'melee')).toEqual(['melee', 'two-handed']);
    // crossbow-speed comes after the active overlay: not applied.
    expect(stepIds(v, 'missile')).toEqual(['missiles', 'siege']);
    expect(v.ruleset.round.turns.by).toBe('none');
  });

  it('an overlay switched off in the run is shown on top of what it requires', () => {
    const v = view(input(TWO.id, []));
    expect(v.chain.map((d) => d.id)).toEqual([PHASED.id, TWO.id]);
    expect(v.note).toMatch(/switched off/);
  });

  it('an encounter shows the run variant read-only', () => {
    const v = view(input(ENC.id, [PHASED.id]));
    expect(v.mode).toBe('readonly');
    expect(v.target).toBeNull();
    expect(v.ruleset.round.turns.by).toBe('none');
  });

  it('reports invalid documents', () => {
    const broken = { ...TWO, text: TWO.text.replace('"changes": [', '"changes": [ oops') };
    const r = buildView(input(TWO.id, [PHASED.id, TWO.id], [broken]));
    expect(r.ok).toBe(false);
    const bad = { ...TWO, text: TWO.text.replace('"after": "melee"', '"after": "nowhere"') };
    const r2 = buildView(input(TWO.id, [PHASED.id, TWO.id], [bad]));
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.error).toMatch(/nowhere/);
  });
});

describe('planning edits', () => {
  it('moves a phase of a ruleset within /round/phases', () => {
    const v = view(input(OSE.id, []));
    const r = planMove(v, ['round', 'phases'], 'melee', 2);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(JSON.parse(r.text).round.phases.map((p: { id: string }) => p.id)).toEqual(['morale', 'movement', 'melee', 'missile', 'spells']);
  });

  it('a house rule overlay gains a move change (and requires what added the step)', () => {
    const v = view(input(MINE.id, [PHASED.id, TWO.id, MINE.id]));
    expect(stepIds(v, 'melee')).toEqual(['melee', 'two-handed']);
    const r = planMove(v, ['round', 'phases', 'melee', 'steps'], 'two-handed', 0);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const out = JSON.parse(r.text);
    expect(out.changes).toEqual([{ op: 'move', path: '/round/phases/melee/steps/two-handed', before: 'melee' }]);
    expect(out.requires).toEqual(['phased-round', 'two-handed-last']);
    const after = view(input(MINE.id, [PHASED.id, TWO.id, MINE.id], [{ ...MINE, text: r.text }]));
    expect(stepIds(after, 'melee')).toEqual(['two-handed', 'melee']);
    // Moving it back updates the same change rather than adding a second one.
    const back = planMove(after, ['round', 'phases', 'melee', 'steps'], 'two-handed', 1);
    expect(back.ok).toBe(true);
    if (back.ok)
      expect(JSON.parse(back.text).changes).toEqual([{ op: 'move', path: '/round/phases/melee/steps/two-handed', after: 'melee' }]);
  });

  it('in the overlay that adds the step, the add is repositioned', () => {
    const v = view(input(TWO.id, [PHASED.id, TWO.id]));
    const r = planMove(v, ['round', 'phases', 'melee', 'steps'], 'two-handed', 0);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const out = JSON.parse(r.text);
    expect(out.changes).toHaveLength(2);
    expect(out.changes[1].before).toBe('melee');
  });

  it('sets a step order in a ruleset and in an overlay', () => {
    const rv = view(input(OSE.id, []));
    const a = planSet(rv, ['round', 'phases', 'melee', 'steps', 'melee', 'order'], 'side-initiative');
    expect(a.ok && JSON.parse(a.text).round.phases[4].steps[0].order).toBe('side-initiative');

    const v = view(input(MINE.id, [PHASED.id, TWO.id, MINE.id]));
    const order = { keys: ['side-initiative', { stat: 'dex', dir: 'desc' }], ties: { reroll: '1d6' } };
    const b = planSet(v, ['round', 'phases', 'melee', 'steps', 'two-handed', 'order'], order);
    expect(b.ok).toBe(true);
    if (!b.ok) return;
    const out = JSON.parse(b.text);
    expect(out.changes).toEqual([{ op: 'replace', path: '/round/phases/melee/steps/two-handed/order', value: order }]);
    expect(out.requires).toContain('two-handed-last');
  });

  it('read-only views refuse edits', () => {
    const v = view(input(ENC.id, [PHASED.id]));
    expect(planMove(v, ['round', 'phases'], 'melee', 0).ok).toBe(false);
  });
});
