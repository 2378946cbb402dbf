import { describe, expect, it } from 'vitest';
import { bundleFileName, makeBundle, planImport, readBundle, uniquePathIn } from './bundle.js';

const docs = [
  { path: 'ose/ose.json', text: '{"kind":"ruleset"}' },
  { path: 'mine/x.json', text: '{ not json' },
];

describe('workspace bundle', () => {
  it('round-trips every document, invalid ones too', () => {
    const text = makeBundle(docs);
    expect(JSON.parse(text)).toEqual({ phasebook: 'workspace', version: 1, documents: docs });
    expect(readBundle(text)).toEqual(docs);
  });

  it('tells a bundle from an ordinary document', () => {
    expect(readBundle('{"kind":"overlay"}')).toBeNull();
    expect(readBundle('not json')).toBeNull();
    expect(readBundle('[]')).toBeNull();
  });

  it('rejects a broken bundle with a reason', () => {
    expect(() => readBundle('{"phasebook":"workspace","version":2,"documents":[]}')).toThrow(/version 2/);
    expect(() => readBundle('{"phasebook":"workspace","version":1}')).toThrow(/documents/);
    expect(() => readBundle('{"phasebook":"workspace","version":1,"documents":[{"path":1}]}')).toThrow(/documents\[0\]/);
    expect(() =>
      readBundle('{"phasebook":"workspace","version":1,"documents":[{"path":"a","text":""},{"path":"a.json","text":""}]}'),
    ).toThrow(/two documents/);
  });

  it('restores a bundle: replaces changed documents, adds missing ones, skips identical ones', () => {
    const bundle = makeBundle([
      { path: 'ose/ose.json', text: '{"kind":"ruleset"}' },
      { path: 'mine/x.json', text: '{"fixed":true}' },
      { path: 'mine/new.json', text: '{}' },
    ]);
    const plan = planImport([{ name: 'ws.json', text: bundle }], docs);
    expect(plan.same).toEqual(['ose/ose.json']);
    expect(plan.replace).toEqual([{ path: 'mine/x.json', text: '{"fixed":true}' }]);
    expect(plan.add).toEqual([{ path: 'mine/new.json', text: '{}' }]);
    expect(plan.errors).toEqual([]);
  });

  it('imports single files under mine/ without overwriting anything', () => {
    const plan = planImport(
      [
        { name: 'x.json', text: '{}' },
        { name: 'x.json', text: '{"b":1}' },
        { name: 'C:\\rules\\broken.json', text: '{ oops' },
        { name: 'bad.json', text: '{"phasebook":"workspace","version":9,"documents":[]}' },
      ],
      docs,
    );
    expect(plan.add.map((d) => d.path)).toEqual(['mine/x-2.json', 'mine/x-3.json', 'mine/broken.json']);
    expect(plan.replace).toEqual([]);
    expect(plan.errors).toHaveLength(1);
    expect(plan.errors[0]).toMatch(/^bad.json: .*version 9/);
  });

  it('names files', () => {
    expect(uniquePathIn('a.json', new Set(['a.json']))).toBe('a-2.json');
    expect(bundleFileName(new Date(2024, 0, 5))).toBe('phasebook-workspace-2024-01-05.json');
  });
});
