/**
 * Edits typed in the code view's plain text area before Monaco has loaded (CodeView.svelte),
 * kept per document so that Monaco's model gets them as undoable steps: Ctrl+Z in Monaco then
 * undoes what was typed before it came, as if it had been there from the start.
 */
import type { Monaco } from './monaco.js';

/** One edit: `len` characters at offset `off` replaced by `text`. */
export interface PlainEdit {
  off: number;
  len: number;
  text: string;
}

/** Per document id: the text before the first plain edit, and the edits since, in order. */
export const plainEdits = new Map<string, { base: string; edits: PlainEdit[] }>();

/**
 * The one range that turns `a` into `b`: `a.slice(start, endA)` is replaced by
 * `b.slice(start, endB)` (the common prefix and suffix stay). Null when they are equal.
 */
export function changedRange(a: string, b: string): { start: number; endA: number; endB: number } | null {
  if (a === b) return null;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return { start, endA, endB };
}

type Model = ReturnType<Monaco['editor']['createModel']>;

/**
 * Replay a document's plain edits into its new model, if the model starts from the text they
 * were made on (otherwise the code view brings the model up to date with one edit). Typing
 * (an insertion right after the previous one) stays in one undo step, as in Monaco.
 */
export function replayPlainEdits(monaco: Monaco, model: Model, docId: string): void {
  const rec = plainEdits.get(docId);
  plainEdits.delete(docId);
  if (!rec || model.getValue() !== rec.base) return;
  let prevEnd = -1;
  for (const e of rec.edits) {
    const typing = e.len === 0 && e.off === prevEnd && !/\n/.test(e.text);
    if (!typing) model.pushStackElement();
    const a = model.getPositionAt(e.off);
    const b = model.getPositionAt(e.off + e.len);
    model.pushEditOperations([], [{ range: new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column), text: e.text }], () => null);
    prevEnd = e.off + e.text.length;
  }
  model.pushStackElement();
}
