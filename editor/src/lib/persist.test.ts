import { describe, expect, it, vi } from 'vitest';
import {
  applyChanges,
  capHistory,
  memoryKV,
  Persister,
  planSave,
  recordEdit,
  startsGroup,
  type ContentEvent,
  type LiveHistory,
  type StoredDoc,
} from './persist.js';

const doc = (id: string, text: string, path = `${id}.json`): StoredDoc => ({ id, path, text, builtin: false });

describe('saving documents', () => {
  it('writes only what changed and deletes what is gone', () => {
    const saved = new Map([
      ['a', doc('a', '1')],
      ['b', doc('b', '2')],
      ['c', doc('c', '3')],
    ]);
    const plan = planSave(saved, [doc('a', '1'), doc('b', '2!'), doc('d', '4')]);
    expect(plan.put.map((d) => d.id)).toEqual(['b', 'd']);
    expect(plan.del).toEqual(['c']);
    expect(planSave(saved, [doc('a', '1', 'moved.json'), doc('b', '2'), doc('c', '3')]).put.map((d) => d.id)).toEqual(['a']);
  });

  it('restores what was saved: texts (invalid too), order, active document, variants', async () => {
    vi.useFakeTimers();
    const kv = memoryKV();
    const p = new Persister(kv, 100);
    expect(await p.load()).toBeNull();
    const variants = { main: { rulesetId: 'a', overlayIds: ['b'] }, compare: null };
    p.update({ docs: [doc('b', '{ broken'), doc('a', '{}')], activeId: 'b', variants });
    expect(kv.map.size).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    await p.flush();
    const q = new Persister(kv);
    expect(await q.load()).toEqual({ docs: [doc('b', '{ broken'), doc('a', '{}')], activeId: 'b', variants });
    // A delete removes the document and its history.
    p.histories.set('b', { base: 'x', edits: [] });
    p.historyChanged('b');
    await p.flush();
    expect(kv.map.has('hist:b')).toBe(true);
    p.update({ docs: [doc('a', '{}')], activeId: 'a', variants });
    await p.flush();
    expect([...kv.map.keys()].sort()).toEqual(['doc:a', 'meta']);
    vi.useRealTimers();
  });

  it('saves within the delay however fast changes come', async () => {
    vi.useFakeTimers();
    const kv = memoryKV();
    const p = new Persister(kv, 250);
    for (let i = 0; i < 5; i++) {
      p.update({ docs: [doc('a', String(i))], activeId: 'a', variants: null });
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(kv.map.has('doc:a')).toBe(true);
    vi.useRealTimers();
  });
});

const ev = (changes: [number, number, string][], flags: Partial<ContentEvent> = {}): ContentEvent => ({
  changes: changes.map(([rangeOffset, rangeLength, text]) => ({ rangeOffset, rangeLength, text })),
  isUndoing: false,
  isRedoing: false,
  isFlush: false,
  ...flags,
});

/** Replays a history's edits on its base. */
const replay = (h: LiveHistory) => h.edits.reduce((t, e) => applyChanges(t, e.c), h.base);

describe('undo history', () => {
  it('applies multi-change edits given from the end of the text', () => {
    expect(
      applyChanges('abcdef', [
        [4, 1, 'E'],
        [1, 1, 'BB'],
      ]),
    ).toBe('aBBcdEf');
  });

  it('groups a run of typing into one undo step', () => {
    const e = (off: number, len: number, text: string, t: number) => ({ c: [[off, len, text] as [number, number, string]], t });
    expect(startsGroup(undefined, e(0, 0, 'a', 0))).toBe(true);
    expect(startsGroup(e(0, 0, 'a', 0), e(1, 0, 'b', 100))).toBe(false);
    expect(startsGroup(e(0, 0, 'a', 0), e(1, 0, 'b', 5000))).toBe(true);
    expect(startsGroup(e(0, 0, 'a', 0), e(7, 0, 'b', 100))).toBe(true);
    expect(startsGroup(e(5, 1, '', 0), e(4, 1, '', 100))).toBe(false);
    expect(startsGroup(e(0, 0, 'a', 0), e(1, 0, 'pasted', 100))).toBe(true);
  });

  it('records edits, drops undone ones by version, keeps redone ones', () => {
    const h: LiveHistory = { base: 'ab', edits: [] };
    let text = 'ab';
    let alt = 1;
    const step = (e: ContentEvent, next: number) => {
      const prev = alt;
      alt = next;
      text = e.isFlush
        ? e.changes[0]!.text
        : applyChanges(
            text,
            e.changes.map((c) => [c.rangeOffset, c.rangeLength, c.text]),
          );
      recordEdit(h, e, alt, prev, 1000 * next, () => text);
    };
    step(ev([[2, 0, 'c']]), 2); // abc
    step(ev([[3, 0, 'd']]), 3); // abcd
    step(ev([[0, 1, 'X']]), 4); // Xbcd
    expect(replay(h)).toBe('Xbcd');
    // Undo of the last step returns to version 3.
    step(ev([[0, 1, 'a']], { isUndoing: true }), 3);
    expect(h.edits).toHaveLength(2);
    expect(replay(h)).toBe(text);
    // Redo comes back as its own step.
    step(ev([[0, 1, 'X']], { isRedoing: true }), 4);
    expect(replay(h)).toBe('Xbcd');
    expect(h.edits.at(-1)!.g).toBe(1);
    // Undoing everything back to the base.
    step(ev([[0, 1, 'a']], { isUndoing: true }), 3);
    step(ev([[2, 2, '']], { isUndoing: true }), 1);
    expect(h.edits).toEqual([]);
    expect(text).toBe('ab');
    // setValue clears Monaco's undo stack: the history restarts there.
    step(ev([[0, 2, 'new']], { isFlush: true }), 9);
    expect(h).toMatchObject({ base: 'new', edits: [] });
  });

  it('folds the oldest edits into the base beyond the cap', () => {
    const h: LiveHistory = { base: '', edits: [] };
    let text = '';
    for (let i = 0; i < 10; i++) {
      recordEdit(h, ev([[i, 0, String(i)]]), i + 2, i + 1, i, () => text, 4);
      text += String(i);
    }
    expect(h.edits).toHaveLength(4);
    expect(h.base).toBe('012345');
    expect(h.edits[0]!.g).toBe(1);
    expect(replay(h)).toBe('0123456789');
    capHistory(h, 1);
    expect(h.base).toBe('012345678');
  });

  it('restarts when an undo goes past what is recorded', () => {
    const h: LiveHistory = { base: 'abc', edits: [{ c: [[3, 0, 'd']], t: 0, before: 5, after: 6 }] };
    recordEdit(h, ev([[2, 2, '']], { isUndoing: true }), 2, 6, 0, () => 'ab');
    expect(h).toMatchObject({ base: 'ab', edits: [] });
  });
});
