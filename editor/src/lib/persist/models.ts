/** Monaco models built with their recorded undo history, and recording every later edit. */
import { modelUri, type Monaco } from '../monaco.js';
import { fnv1a, recordEdit } from './history.js';
import { persister, type Persister } from '../persist.js';

// ——— Monaco models with their undo history ———

type Model = ReturnType<Monaco['editor']['createModel']>;
type Uri = ReturnType<Monaco['Uri']['parse']>;

let monacoRef: Monaco | null = null;

/**
 * The model of a document, with its undo history: when a history was recorded (in an earlier
 * session), the model is built from its base text and the edits are replayed as undoable
 * operations, one undo step per recorded step. Every later content change is recorded.
 * If the replay does not reach the text it had when saved, the history is dropped and the model
 * starts from `text` with an empty undo stack. If the document changed since (it was imported
 * over, or restored), the model has the history's text; the code view then brings it up to date
 * with one more undoable edit.
 */
export function createModelWithHistory(monaco: Monaco, docId: string, text: string, uri: Uri, p: Persister = persister()): Model {
  monacoRef = monaco;
  let h = p.histories.get(docId);
  let model: Model | null = null;
  if (h && h.edits.length) {
    model = monaco.editor.createModel(h.base, 'json', uri);
    for (const e of h.edits) {
      if (e.g) model.pushStackElement();
      e.before = model.getAlternativeVersionId();
      const ops = e.c.map(([off, len, t]) => {
        const a = model!.getPositionAt(off);
        const b = model!.getPositionAt(off + len);
        return { range: new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column), text: t };
      });
      model.pushEditOperations([], ops, () => null);
      e.after = model.getAlternativeVersionId();
    }
    model.pushStackElement();
    if (h.hash !== undefined && fnv1a(model.getValue()) !== h.hash) {
      console.warn(`Phasebook: the undo history of ${uri.path} did not replay; it starts afresh`);
      model.dispose();
      model = null;
    }
  }
  if (!model) {
    model = monaco.editor.createModel(text, 'json', uri);
    h = { base: text, edits: [] };
    p.histories.set(docId, h);
  }
  const history = h!;
  history.breakNext = true;
  const m = model;
  p.modelText.set(docId, () => m.getValue());
  let prevAlt = m.getAlternativeVersionId();
  m.onDidChangeContent((e) => {
    if (p.histories.get(docId) !== history) return; // the document was deleted
    const alt = m.getAlternativeVersionId();
    recordEdit(history, e, alt, prevAlt, Date.now(), () => m.getValue());
    prevAlt = alt;
    p.historyChanged(docId);
  });
  m.onWillDispose(() => {
    // The model goes (rename, delete): seal its history with the hash of its last text.
    if (p.histories.get(docId) === history) {
      history.hash = fnv1a(m.getValue());
      p.modelText.delete(docId);
      p.historyChanged(docId);
    }
  });
  return m;
}

/**
 * Dispose the model at a workspace path (after a rename or a delete), so that a document later
 * created at that path starts with its own text and history.
 */
export function disposeModelAt(path: string): void {
  const m = monacoRef;
  m?.editor.getModel(modelUri(m, path))?.dispose();
}
