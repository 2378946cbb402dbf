/**
 * Phrases for event facts that every reader of a trace shows the same way (the CLI timeline,
 * the editor's timeline): one place, so that no reader drops a fact another shows.
 */
import type { InitiativeEvent } from './events.js';

/** What an initiative event says beyond its value: its rank, the holder, and why it changed. */
export function initiativeFacts(e: InitiativeEvent): string[] {
  const bits: string[] = [];
  if (e.rank !== undefined) bits.push(`rank ${e.rank}`);
  if (e.holder) bits.push('holds initiative');
  if (e.adjusted !== undefined) bits.push(`${e.expired ? 'adjustment ended' : 'adjusted'} ${e.adjusted > 0 ? '+' : ''}${e.adjusted}`);
  if (e.tookOver) bits.push(`took over from ${e.tookOver}`);
  if (e.delayed) bits.push('delayed');
  if (e.heldOver) bits.push('held over: goes first next round');
  return bits;
}

/** `initiative <who>: <value> (<facts>)`. */
export function initiativeLine(e: InitiativeEvent): string {
  const bits = initiativeFacts(e);
  return `initiative ${e.who}: ${e.value === null ? 'by judgment' : e.value}${bits.length ? ` (${bits.join(', ')})` : ''}`;
}
