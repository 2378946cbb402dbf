/**
 * What scripts/measure-editor.mjs runs inside the page. Every time is taken in the page with
 * performance.now(), so the harness (Node, the DevTools protocol) adds no latency.
 *
 * - `installUsableProbe` (an init script, before the page's own scripts): records, counted from
 *   the navigation's start, the moment the editor is usable in two senses:
 *     window.__usableAt        the active document is shown, editable (in Monaco, or in the plain
 *                              text area the code view shows until Monaco has loaded) AND the first
 *                              timeline is rendered;
 *     window.__monacoUsableAt  Monaco shows the active document AND the first timeline is rendered
 *                              (the only definition before the plain view existed: for an old
 *                              build, both are the same moment).
 * - `editOnce` (page.evaluate): one real edit of the active document through the Monaco model
 *   (pushEditOperations, a typed change, undoable), then waits until the timeline shows the
 *   expected result (a MutationObserver on the timeline's body compares its text with the text
 *   recorded for that value). Returns the ms from the edit to the DOM update, and to the next frame.
 *
 * Both only read the DOM and the test hooks (window.__phasebook) every build of the editor has, so
 * the same probe measures an old build and a new one.
 */

/* global document, window, MutationObserver, requestAnimationFrame */

/**
 * Init script: runs in each new document before its scripts. Also notes __plainAt (the document
 * in the plain text area), __shownAt (the document in Monaco) and __timelineAt.
 */
export function installUsableProbe() {
  const w = /** @type {any} */ (window);
  const check = () => {
    if (w.__monacoUsableAt !== undefined) return true;
    const now = performance.now();
    if (w.__plainAt === undefined) {
      const plain = /** @type {HTMLTextAreaElement | null} */ (document.querySelector('textarea[data-testid=plain-editor]'));
      if (plain !== null && !plain.readOnly && /"kind"/.test(plain.value)) w.__plainAt = now;
    }
    if (w.__shownAt === undefined) {
      const lines = document.querySelector('.monaco-editor .view-lines');
      if (lines !== null && /"kind"/.test(lines.textContent ?? '')) w.__shownAt = now;
    }
    if (w.__timelineAt === undefined && document.querySelector('[data-testid=timeline] [data-testid=round]') !== null) {
      w.__timelineAt = now;
    }
    if (w.__timelineAt === undefined) return false;
    if (w.__usableAt === undefined && (w.__plainAt !== undefined || w.__shownAt !== undefined)) w.__usableAt = now;
    if (w.__shownAt !== undefined) {
      w.__monacoUsableAt = now;
      return true;
    }
    return false;
  };
  const start = () => {
    if (check()) return;
    const mo = new MutationObserver(() => {
      if (check()) mo.disconnect();
    });
    mo.observe(document, { subtree: true, childList: true, characterData: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}

/** The timeline's text, the result a run shows (read from the panel's body). */
export function timelineText() {
  const body = document.querySelector('[data-testid=timeline-panel] .body');
  return body?.querySelector('[data-testid=timeline]')?.textContent ?? '';
}

/**
 * One edit: replace the first match of `from` in the active model by `to` (a typed edit), and
 * wait until the timeline's text is `want`. Resolves with { dom, frame } in ms from the edit, or
 * rejects after `timeout` ms.
 */
export function editOnce({ from, to, want, timeout }) {
  return new Promise((resolve, reject) => {
    const pb = window.__phasebook;
    const model = pb.editor.getModel();
    const text = model.getValue();
    const at = text.indexOf(from);
    if (at < 0) {
      reject(new Error(`edit: "${from}" is not in the active document`));
      return;
    }
    const a = model.getPositionAt(at);
    const b = model.getPositionAt(at + from.length);
    const body = document.querySelector('[data-testid=timeline-panel] .body');
    const read = () => body.querySelector('[data-testid=timeline]')?.textContent ?? '';
    let dom = -1;
    const done = () => {
      dom = performance.now() - t0;
      mo.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve({ dom, frame: performance.now() - t0 }));
    };
    const mo = new MutationObserver(() => {
      if (dom < 0 && read() === want) done();
    });
    mo.observe(body, { subtree: true, childList: true, characterData: true, attributes: true });
    const timer = setTimeout(() => {
      mo.disconnect();
      reject(
        new Error(
          `edit: the timeline did not show the expected result within ${timeout} ms (now ${read().length} chars: ${read().slice(0, 300)}; want ${want.length}: ${want.slice(0, 300)})`,
        ),
      );
    }, timeout);
    const t0 = performance.now();
    model.pushEditOperations([], [{ range: new pb.monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column), text: to }], () => null);
  });
}
