import { describe, expect, it } from 'vitest';
import { dropChanges, dropIndex, keyboardIndex, moveMessage, whereInRect } from './reorder.js';

describe('reordering', () => {
  const ids = ['melee', 'two-handed', 'charges'];
  it('drops before or after a sibling', () => {
    expect(dropIndex(ids, 'two-handed', 'melee', 'before')).toBe(0);
    expect(dropIndex(ids, 'melee', 'charges', 'after')).toBe(2);
    expect(dropIndex(ids, 'melee', 'melee', 'after')).toBeNull();
    expect(dropIndex(ids, 'melee', 'nope', 'after')).toBeNull();
    expect(dropChanges(ids, 'melee', 0)).toBe(false);
    expect(dropChanges(ids, 'melee', 1)).toBe(true);
  });

  it('moves by keyboard and stops at the edges', () => {
    expect(keyboardIndex(ids, 'two-handed', 'ArrowUp')).toBe(0);
    expect(keyboardIndex(ids, 'two-handed', 'ArrowDown')).toBe(2);
    expect(keyboardIndex(ids, 'melee', 'ArrowUp')).toBeNull();
    expect(keyboardIndex(ids, 'charges', 'ArrowDown')).toBeNull();
    expect(keyboardIndex(ids, 'charges', 'Home')).toBe(0);
    expect(keyboardIndex(ids, 'melee', 'End')).toBe(2);
    expect(keyboardIndex(ids, 'melee', 'x')).toBeNull();
  });

  it('halves an element', () => {
    expect(whereInRect(10, { top: 0, height: 40 })).toBe('before');
    expect(whereInRect(30, { top: 0, height: 40 })).toBe('after');
  });

  it('announces the move', () => {
    expect(
      moveMessage(
        'step',
        'two-handed',
        ['two-handed', 'melee'],
        { melee: 'One-handed weapons', 'two-handed': 'Two-handed weapons' },
        'Melee',
      ),
    ).toBe('Moved step “Two-handed weapons” to position 1 of 2 in Melee, before “One-handed weapons”.');
    expect(moveMessage('phase', 'melee', ['a', 'melee'], {}, 'the round')).toBe(
      'Moved phase “melee” to position 2 of 2 in the round, after “a”.',
    );
  });
});
