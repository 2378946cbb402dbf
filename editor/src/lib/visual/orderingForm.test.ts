import { describe, expect, it } from 'vitest';
import { draftFrom, draftProblems, moveKey, valueFrom } from './orderingForm.js';

describe('the ordering form', () => {
  const named = { 'turn-order': { keys: [{ expr: { var: 'actor.initiative' } }, { stat: 'dex' }], ties: 'simultaneous' as const } };

  it('reads a name, an inline ordering and nothing', () => {
    expect(draftFrom('side-initiative', undefined)).toMatchObject({
      mode: 'named',
      name: 'side-initiative',
      keys: [{ kind: 'preset', name: 'side-initiative' }],
      ties: { kind: 'simultaneous' },
    });
    const d = draftFrom('turn-order', named);
    expect(d.keys[0]!.kind).toBe('keep');
    expect(d.keys[1]).toEqual({ kind: 'stat', stat: 'dex', dir: 'desc' });
    expect(draftFrom({ keys: ['initiative-desc'], ties: { reroll: '1d20', then: 'referee' } }, undefined)).toMatchObject({
      mode: 'custom',
      ties: { kind: 'reroll', notation: '1d20', then: 'referee' },
    });
    expect(draftFrom(undefined, undefined).name).toBe('simultaneous');
  });

  it('writes the value back, keeping keys it does not edit', () => {
    const d = draftFrom('turn-order', named);
    expect(valueFrom(d)).toBe('turn-order');
    d.mode = 'custom';
    d.ties = { kind: 'reroll', notation: ' 1d6 ', then: 'simultaneous' };
    expect(valueFrom(d)).toEqual({ keys: [{ expr: { var: 'actor.initiative' } }, { stat: 'dex', dir: 'desc' }], ties: { reroll: '1d6' } });
    d.ties.kind = 'referee';
    expect((valueFrom(d) as { ties: unknown }).ties).toBe('referee');
  });

  it('checks stats and notation', () => {
    const d = draftFrom({ keys: [{ stat: 'nope' }], ties: { reroll: '1x6' } }, undefined);
    const p = draftProblems(d, ['dex']);
    expect(p).toHaveLength(2);
    expect(draftProblems(draftFrom({ keys: [{ stat: 'dex' }], ties: { reroll: '2d6+1' } }, undefined), ['dex'])).toEqual([]);
  });

  it('reorders keys', () => {
    const keys = draftFrom({ keys: ['initiative-desc', 'listing-order'] }, undefined).keys;
    expect(moveKey(keys, 1, -1).map((k) => (k.kind === 'preset' ? k.name : '?'))).toEqual(['listing-order', 'initiative-desc']);
    expect(moveKey(keys, 0, -1)).toEqual(keys);
  });
});
