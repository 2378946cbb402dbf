import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readInfo } from './doc-info.js';

describe('readInfo: what a document says it is', () => {
  it("a pack's manifest is a pack (the sidebar's badge), valid JSON or half typed", () => {
    const manifest = readFileSync(new URL('../../../rulesets/ose/phasebook-pack.json', import.meta.url), 'utf8');
    expect(readInfo(manifest)).toMatchObject({ kind: 'pack', id: 'phasebook/ose', json: true });
    expect(readInfo('{ "kind": "pack", "id": "me/x", ')).toMatchObject({ kind: 'pack', id: 'me/x', json: false });
  });

  it('rule documents keep their kinds; anything else is unknown', () => {
    expect(readInfo('{"kind":"overlay","id":"o","extends":"r"}')).toMatchObject({ kind: 'overlay', id: 'o', extends: 'r' });
    expect(readInfo('{"kind":"session","ruleset":{"id":"r"}}').kind).toBe('unknown');
    expect(readInfo('[1, 2]').kind).toBe('unknown');
    expect(readInfo('not json').kind).toBe('unknown');
  });

  it('half-typed text still says what it requires and which ruleset an encounter runs on', () => {
    const overlay =
      '{ "kind": "overlay", "id": "crossbow-speed", "extends": "ose", "requires": ["phased-round", "lurking"], "changes": [ {';
    expect(readInfo(overlay)).toMatchObject({ kind: 'overlay', extends: 'ose', requires: ['phased-round', 'lurking'], json: false });
    const encounter = '{ "kind": "encounter", "id": "ford", "ruleset": "ose", "sides": [';
    expect(readInfo(encounter)).toMatchObject({ kind: 'encounter', ruleset: 'ose', requires: [], json: false });
    // A ruleset's text names no ruleset of its own.
    expect(readInfo('{ "kind": "ruleset", "id": "r", "x": { "ruleset": "q" ').ruleset).toBeNull();
  });
});
