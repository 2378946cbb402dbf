/**
 * Reordering in the Visual view, by drag-and-drop and by keyboard: where a drop or an
 * Alt+Arrow key puts an item, and the sentence announced to screen readers afterwards.
 */

export type Where = 'before' | 'after';

/** What the lists call to move an item: the list's id path, the item, its index in the list without it. */
export type MoveFn = (
  list: string[],
  item: string,
  to: number,
  what: 'phase' | 'step',
  names: Record<string, string>,
  listName: string,
  focusKey: string,
) => void;

/** Index in the list without `item` at which a drop before/after `target` puts it, or null. */
export function dropIndex(ids: readonly string[], item: string, target: string, where: Where): number | null {
  if (item === target) return null;
  const rest = ids.filter((x) => x !== item);
  const i = rest.indexOf(target);
  if (i < 0 || !ids.includes(item)) return null;
  return where === 'before' ? i : i + 1;
}

/** Whether a drop changes anything. */
export function dropChanges(ids: readonly string[], item: string, to: number): boolean {
  return ids.indexOf(item) !== to;
}

/** Target index for Alt+ArrowUp / Alt+ArrowDown (and Alt+Home / Alt+End), or null at the edge. */
export function keyboardIndex(ids: readonly string[], item: string, key: string): number | null {
  const i = ids.indexOf(item);
  if (i < 0) return null;
  const last = ids.length - 1;
  const to = key === 'ArrowUp' ? i - 1 : key === 'ArrowDown' ? i + 1 : key === 'Home' ? 0 : key === 'End' ? last : null;
  if (to === null || to < 0 || to > last || to === i) return null;
  return to;
}

/** Above or below the middle of the element being dragged over. */
export function whereInRect(clientY: number, rect: { top: number; height: number }): Where {
  return clientY < rect.top + rect.height / 2 ? 'before' : 'after';
}

/**
 * "Moved step “Two-handed weapons” to position 1 of 2 in Melee, before “One-handed weapons”."
 * `names` maps ids to display names; `order` is the list after the move.
 */
export function moveMessage(
  what: 'phase' | 'step',
  item: string,
  order: readonly string[],
  names: Record<string, string>,
  listName: string,
): string {
  const i = order.indexOf(item);
  const name = (id: string) => `“${names[id] ?? id}”`;
  const next = order[i + 1];
  const prev = order[i - 1];
  const rel = next !== undefined ? `, before ${name(next)}` : prev !== undefined ? `, after ${name(prev)}` : '';
  return `Moved ${what} ${name(item)} to position ${i + 1} of ${order.length} in ${listName}${rel}.`;
}
