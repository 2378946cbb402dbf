import { describe, expect, it } from 'vitest';
import { documentMeant, packOfPath, resolveDocRef } from './doc-refs.js';

const doc = (path: string, v: Record<string, unknown>) => ({ path, text: JSON.stringify(v) });
const docs = [
  doc('ose/ose.json', { kind: 'ruleset', id: 'ose' }),
  doc('ose/overlays/phased-round.json', { kind: 'overlay', id: 'phased-round', extends: 'ose' }),
  doc('packs/alice/gritty/overlays/slow.json', { kind: 'overlay', id: 'slow', extends: 'phasebook/ose:ose' }),
  doc('packs/alice/gritty/overlays/gritty.json', { kind: 'overlay', id: 'gritty', extends: 'phasebook/ose:ose', requires: ['slow'] }),
  doc('packs/bob/gritty/overlays/slow.json', { kind: 'overlay', id: 'slow', extends: 'phasebook/ose@^1:ose' }),
  doc('packs/bob/gritty/overlays/gritty.json', {
    kind: 'overlay',
    id: 'gritty',
    extends: 'phasebook/ose:ose',
    requires: ['slow', 'alice/gritty:gritty', 'phasebook/ose:phased-round'],
  }),
  doc('mine/gritty.json', { kind: 'overlay', id: 'gritty', extends: 'ose' }),
];
const at = (path: string | undefined) => path;

describe('references between documents of packs in the workspace', () => {
  it('a pack reads its own short ids: two packs that both have "slow" and "gritty" never collide', () => {
    expect(at(resolveDocRef(docs, 'packs/alice/gritty/overlays/gritty.json', 'overlay', 'slow')?.path)).toBe(
      'packs/alice/gritty/overlays/slow.json',
    );
    expect(at(resolveDocRef(docs, 'packs/bob/gritty/overlays/gritty.json', 'overlay', 'slow')?.path)).toBe(
      'packs/bob/gritty/overlays/slow.json',
    );
  });

  it('pack-id:doc-id names that pack’s document, with or without a range; a shipped system is a pack in its folder', () => {
    const from = 'packs/bob/gritty/overlays/gritty.json';
    expect(resolveDocRef(docs, from, 'overlay', 'alice/gritty:gritty')?.path).toBe('packs/alice/gritty/overlays/gritty.json');
    expect(resolveDocRef(docs, from, 'ruleset', 'phasebook/ose@^1:ose')?.path).toBe('ose/ose.json');
    expect(resolveDocRef(docs, from, 'overlay', 'phasebook/ose:phased-round')?.path).toBe('ose/overlays/phased-round.json');
    expect(resolveDocRef(docs, from, 'overlay', 'carol/none:gritty')).toBeUndefined();
    expect(packOfPath('ose/overlays/phased-round.json')).toEqual({ id: 'phasebook/ose', folder: 'ose/' });
    expect(packOfPath('packs/bob/gritty/overlays/slow.json')).toEqual({ id: 'bob/gritty', folder: 'packs/bob/gritty/' });
    expect(packOfPath('mine/gritty.json')).toBeNull();
  });

  it('outside packs, a short id finds the documents outside packs first', () => {
    expect(resolveDocRef(docs, 'mine/other.json', 'overlay', 'gritty')?.path).toBe('mine/gritty.json');
    expect(resolveDocRef(docs, null, 'overlay', 'slow')?.path).toBe('packs/alice/gritty/overlays/slow.json');
    // The kind counts: "ose" is a ruleset, not an overlay.
    expect(resolveDocRef(docs, null, 'overlay', 'ose')).toBeUndefined();
  });

  it('for a host asked by short id, the document meant is the one the asking document wrote', () => {
    // bob's gritty wrote alice/gritty:gritty; shortened to "gritty", it still means alice's, not bob's own.
    expect(documentMeant(docs, 'packs/bob/gritty/overlays/gritty.json', 'overlay', 'gritty')?.path).toBe(
      'packs/alice/gritty/overlays/gritty.json',
    );
    expect(documentMeant(docs, 'packs/bob/gritty/overlays/gritty.json', 'overlay', 'slow')?.path).toBe(
      'packs/bob/gritty/overlays/slow.json',
    );
  });
});
