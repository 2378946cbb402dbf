/**
 * A document's undo history as stored: a base text and the edits Monaco reported since, grouped
 * into undo steps as Monaco groups keystrokes, capped at `HISTORY_CAP`. Pure (unit-tested).
 */
import type { Change, StoredEdit, StoredHistory } from './shapes.js';

/** The text after one edit (changes sorted from the end, offsets in the text before the edit). */
export function applyChanges(text: string, changes: readonly Change[]): string {
  for (const [off, len, t] of changes) text = text.slice(0, off) + t + text.slice(off + len);
  return text;
}

export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Keystroke kind of an edit, for grouping edits into undo steps. */
function keystroke(e: StoredEdit): { kind: 'type' | 'delete'; at: number } | null {
  if (e.c.length !== 1) return null;
  const [off, len, text] = e.c[0]!;
  if (len === 0 && text.length === 1 && text !== '\n' && text !== '\r') return { kind: 'type', at: off };
  if (len === 1 && text === '') return { kind: 'delete', at: off };
  return null;
}

/** Max pause between keystrokes of one undo step. */
export const GROUP_PAUSE_MS = 1500;

/**
 * Whether `next` starts a new undo step after `prev` when the history is replayed. Monaco's own
 * steps are not observable, so this approximates them: a run of typed characters (or of deleted
 * ones) without a pause is one step; anything else (a paste, Enter, an auto-closed bracket, an
 * edit from the visual view) is a step of its own.
 */
export function startsGroup(prev: StoredEdit | undefined, next: StoredEdit): boolean {
  if (!prev) return true;
  if (next.t - prev.t > GROUP_PAUSE_MS) return true;
  const a = keystroke(prev);
  const b = keystroke(next);
  if (!a || !b || a.kind !== b.kind) return true;
  if (a.kind === 'type') return b.at !== a.at + 1;
  return b.at !== a.at - 1 && b.at !== a.at; // backspace, or forward delete
}

/** A history as it lives in the page: each edit also knows Monaco's version ids around it. */
export interface LiveEdit extends StoredEdit {
  /** The model's alternative version id before and after the edit. */
  before: number;
  after: number;
}

export interface LiveHistory {
  base: string;
  edits: LiveEdit[];
  hash?: number;
  /** The next edit starts an undo step (after an undo, a redo or a reset). */
  breakNext?: boolean;
}

/** The per-document limit of recorded edits; older ones are folded into the base text. */
export const HISTORY_CAP = 500;

/** Fold the oldest edits into the base until at most `cap` remain. */
export function capHistory(h: LiveHistory, cap = HISTORY_CAP): void {
  if (h.edits.length <= cap) return;
  const drop = h.edits.length - cap;
  for (let i = 0; i < drop; i++) h.base = applyChanges(h.base, h.edits[i]!.c);
  h.edits = h.edits.slice(drop);
  h.edits[0]!.g = 1;
}

export interface ContentEvent {
  changes: readonly { rangeOffset: number; rangeLength: number; text: string }[];
  isUndoing: boolean;
  isRedoing: boolean;
  isFlush: boolean;
  isEolChange?: boolean;
}

/**
 * Record one content change of a model in its history.
 * `alt` is the model's alternative version id after the change, `prevAlt` before it; `text`
 * gives the model's text after the change (only read when the history has to restart).
 *
 * Monaco's undo returns the model to the version id it had before the undone step, so an undo
 * drops the recorded edits back to that version; a redo is recorded as one new step (undoing it
 * again returns to the same version). A `setValue` (flush) clears Monaco's undo stack: the
 * history restarts from the new text.
 */
export function recordEdit(
  h: LiveHistory,
  e: ContentEvent,
  alt: number,
  prevAlt: number,
  now: number,
  text: () => string,
  cap = HISTORY_CAP,
): void {
  if (e.isFlush || e.isEolChange) {
    h.base = text();
    h.edits = [];
    h.breakNext = true;
    return;
  }
  if (e.isUndoing) {
    let i = h.edits.length - 1;
    while (i >= 0 && h.edits[i]!.before !== alt) i--;
    if (i >= 0) h.edits = h.edits.slice(0, i);
    else {
      // Undone past what is recorded (older than the cap): start again from here.
      h.base = text();
      h.edits = [];
    }
    h.breakNext = true;
    return;
  }
  const edit: LiveEdit = { c: e.changes.map((c) => [c.rangeOffset, c.rangeLength, c.text] as Change), t: now, before: prevAlt, after: alt };
  if (e.isRedoing || h.breakNext || startsGroup(h.edits[h.edits.length - 1], edit)) edit.g = 1;
  h.breakNext = e.isRedoing;
  h.edits.push(edit);
  capHistory(h, cap);
}

export function toStoredHistory(h: LiveHistory): StoredHistory {
  const out: StoredHistory = { base: h.base, edits: h.edits.map((e) => (e.g ? { c: e.c, t: e.t, g: 1 } : { c: e.c, t: e.t })) };
  if (h.hash !== undefined) out.hash = h.hash;
  return out;
}
