/**
 * Documents sent to the engine worker once (issue 9: edit → timeline). Every run and every
 * validation names the documents it needs; an edit changes one of them, and a validation names
 * the whole workspace. So a request carries the text of a document only when the worker does not
 * have that very text yet, and its path otherwise: copying the workspace's texts into every
 * message cost the page and the worker a few milliseconds per edit.
 *
 * Both sides keep the latest text per path, in step: the worker handles messages in the order
 * they were posted, and a new worker starts both afresh. A validation names every document, so
 * both forget the paths it does not name (documents deleted or renamed): bounded by the workspace.
 */
import type { DocRef, DocText } from './protocol.js';

/** The page's side: what the worker has. */
export class DocSender {
  private readonly has = new Map<string, string>();

  /** The documents as sent: text only when it is new to the worker. `all`: these are all the documents there are. */
  refs(docs: DocText[], all: boolean): DocRef[] {
    if (all) forgetOthers(this.has, docs);
    return docs.map((d) => {
      if (this.has.get(d.path) === d.text) return { path: d.path };
      this.has.set(d.path, d.text);
      return { path: d.path, text: d.text };
    });
  }
}

/** The worker's side: the texts received. */
export class DocReceiver {
  private readonly texts = new Map<string, string>();

  /** The documents with their texts (a path never sent with a text is left out: "no document" then). */
  receive(refs: DocRef[], all: boolean): DocText[] {
    if (all) forgetOthers(this.texts, refs);
    const out: DocText[] = [];
    for (const r of refs) {
      if (r.text !== undefined) this.texts.set(r.path, r.text);
      const text = this.texts.get(r.path);
      if (text !== undefined) out.push({ path: r.path, text });
    }
    return out;
  }
}

function forgetOthers(texts: Map<string, string>, keep: Array<{ path: string }>): void {
  const named = new Set(keep.map((d) => d.path));
  for (const path of [...texts.keys()]) if (!named.has(path)) texts.delete(path);
}
