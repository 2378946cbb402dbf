/** Documents sent to the worker once (doc-sync.ts): the worker always ends up with the page's texts. */
import { describe, expect, it } from 'vitest';
import { DocReceiver, DocSender } from './doc-sync.js';
import type { DocText } from './protocol.js';

describe('DocSender / DocReceiver', () => {
  it('sends a text once, again when it changes, and the worker reads the texts as the page has them', () => {
    const page = new DocSender();
    const worker = new DocReceiver();
    const a: DocText = { path: 'a.json', text: 'A1' };
    const b: DocText = { path: 'b.json', text: 'B1' };
    const steps: Array<[DocText[], boolean]> = [
      [[a, b], true],
      [[a], false],
      [[{ ...a, text: 'A2' }], false],
      [[{ ...a, text: 'A2' }, b], true],
      [[{ ...a, text: 'A1' }], false],
    ];
    const posted = steps.map(([docs, all]) => {
      const refs = page.refs(docs, all);
      expect(worker.receive(refs, all)).toEqual(docs);
      return refs.filter((r) => r.text !== undefined).map((r) => r.path);
    });
    expect(posted).toEqual([['a.json', 'b.json'], [], ['a.json'], [], ['a.json']]);
  });

  it('forgets the documents a validation no longer names, on both sides', () => {
    const page = new DocSender();
    const worker = new DocReceiver();
    const a: DocText = { path: 'a.json', text: 'A' };
    const b: DocText = { path: 'b.json', text: 'B' };
    worker.receive(page.refs([a, b], true), true);
    worker.receive(page.refs([a], true), true); // b.json deleted
    const refs = page.refs([b], false); // created again with the same text: sent again
    expect(refs).toEqual([b]);
    expect(worker.receive(refs, false)).toEqual([b]);
    expect(worker.receive([{ path: 'never.json' }], false)).toEqual([]);
  });
});
