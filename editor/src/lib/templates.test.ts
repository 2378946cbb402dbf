import { describe, expect, it } from 'vitest';
import {
  cleanPath,
  encounterTemplate,
  fileName,
  folderOf,
  groupByFolder,
  houseRuleTemplate,
  slugify,
  uniqueId,
  withDocId,
} from './templates.js';

describe('templates', () => {
  it('makes ids the schemas accept', () => {
    expect(slugify('My House Rule!')).toBe('my-house-rule');
    expect(slugify('  Příliš žluťoučký kůň ')).toBe('prilis-zlutoucky-kun');
    expect(slugify('42 ways')).toBe('ways');
    expect(slugify('***', 'x')).toBe('x');
    for (const s of ['A b', '9', '-x-', 'Ünïcode ✓']) expect(slugify(s)).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('finds a free id', () => {
    expect(uniqueId('a', [])).toBe('a');
    expect(uniqueId('a', ['a', 'a-2'])).toBe('a-3');
  });

  it('writes a house rule that extends its base, with an empty or example change list', () => {
    const v = JSON.parse(houseRuleTemplate({ extends: 'ose', id: 'mine', name: 'Mine' }));
    expect(v).toMatchObject({
      $schema: 'https://phasebook.dev/schemas/v1/ruleset.schema.json',
      kind: 'overlay',
      id: 'mine',
      name: 'Mine',
      version: '0.1.0',
      extends: 'ose',
      changes: [],
    });
    expect(typeof v.description).toBe('string');
    const ex = JSON.parse(houseRuleTemplate({ extends: 'ose', id: 'mine', name: 'Mine', example: true }));
    expect(ex.changes).toHaveLength(1);
    expect(ex.changes[0]).toMatchObject({ op: 'replace', path: '/limits/rounds' });
  });

  it('writes an encounter of two sides', () => {
    const v = JSON.parse(encounterTemplate({ ruleset: 'mage', id: 'e', name: 'E' }));
    expect(v).toMatchObject({ kind: 'encounter', id: 'e', ruleset: 'mage' });
    expect(v.sides).toHaveLength(2);
    expect(JSON.parse(encounterTemplate({ ruleset: null, id: 'e', name: 'E' })).ruleset).toBeUndefined();
  });

  it('splits and groups paths, the designer’s own folder first', () => {
    expect(folderOf('ose/overlays/x.json')).toBe('ose/overlays');
    expect(folderOf('x.json')).toBe('');
    expect(fileName('ose/overlays/x.json')).toBe('x.json');
    const g = groupByFolder([
      { path: 'ose/ose.json' },
      { path: 'mine/b.json' },
      { path: 'ose/overlays/z.json' },
      { path: 'mine/a.json' },
      { path: 'cepheus/c.json' },
    ]);
    expect(g.map((x) => x.folder)).toEqual(['mine', 'cepheus', 'ose', 'ose/overlays']);
    expect(g[0]!.items.map((i) => i.path)).toEqual(['mine/a.json', 'mine/b.json']);
  });

  it('cleans paths', () => {
    expect(cleanPath('/mine/../x')).toBe('mine/x.json');
    expect(cleanPath('a\\b.json')).toBe('a/b.json');
    expect(cleanPath(' / ./ ')).toBeNull();
  });

  it('changes a document id keeping its formatting', () => {
    const text = '{\n  "kind": "overlay",\n  "id": "old",\n  "changes": []\n}\n';
    expect(withDocId(text, 'new')).toBe('{\n  "kind": "overlay",\n  "id": "new",\n  "changes": []\n}\n');
    expect(withDocId('{ "id": ', 'x')).toBe('{ "id": ');
    expect(withDocId('[1]', 'x')).toBe('[1]');
  });
});
