/**
 * The first runs known valid at build time (first-run-proof.ts, first-run-check.ts): the key
 * names exact paths and texts, and only a run whose every schema check and semantic check passes is proven.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { browserValidator } from './validator.js';
import { firstRunKey } from './first-run-proof.js';
import { passesSchemas } from './first-run-check.js';

const text = (p: string) => readFileSync(new URL(`../../../rulesets/${p}`, import.meta.url), 'utf8');
const RULESET = 'ose/ose.json';
const PHASED = 'ose/overlays/phased-round.json';
const CROSSBOW = 'ose/overlays/crossbow-speed.json';
const ENCOUNTER = 'ose/encounters/skirmish.json';
const variant = { ruleset: RULESET, overlays: [PHASED, CROSSBOW], encounter: ENCOUNTER };
const docs = () => [RULESET, PHASED, CROSSBOW, ENCOUNTER].map((path) => ({ path, text: text(path) }));

describe('first runs known valid', () => {
  it('a built-in run passes every schema check', () => {
    expect(passesSchemas(browserValidator(), variant, docs())).toBe(true);
  });

  it('a run with a schema error in one of its texts is not proven', () => {
    const d = docs();
    const crossbow = d[2]!;
    crossbow.text = crossbow.text.replace('"kind": "overlay"', '"kind": "overlay", "unknownField": 1');
    expect(passesSchemas(browserValidator(), variant, d)).toBe(false);
  });

  it('a run whose resolved ruleset fails a semantic check is not proven (the worker skips those checks for a proven run)', () => {
    const d = docs();
    const ose = d[0]!;
    // Schema-valid, but two phases with one id: a semantic check's error.
    ose.text = ose.text.replace('"id": "movement"', '"id": "morale"');
    expect(ose.text).not.toBe(text(RULESET));
    expect(passesSchemas(browserValidator(), variant, d)).toBe(false);
  });

  it('the key changes with any text, path or overlay order', async () => {
    const base = await firstRunKey(variant, docs());
    expect(await firstRunKey(variant, docs())).toBe(base);
    const edited = docs();
    edited[3]!.text += ' ';
    expect(await firstRunKey(variant, edited)).not.toBe(base);
    expect(await firstRunKey({ ...variant, overlays: [CROSSBOW, PHASED] }, docs())).not.toBe(base);
    const moved = docs();
    moved[3]!.path = 'mine/skirmish.json';
    expect(await firstRunKey({ ...variant, encounter: 'mine/skirmish.json' }, moved)).not.toBe(base);
  });
});
