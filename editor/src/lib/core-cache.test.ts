/**
 * The engine worker's caches (core-cache.ts): the same answers as the plain Core, the work done
 * once for unchanged documents, and failures kept as failures.
 */
import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { Core, PhasebookError } from '../../../interpreter/index.js';
import { browserValidator } from './validator.js';
import { CachingCore, DocCache } from './core-cache.js';

const text = (p: string) => readFileSync(new URL(`../../../rulesets/${p}`, import.meta.url), 'utf8');
const RULESET = 'ose/ose.json';
const PHASED = 'ose/overlays/phased-round.json';
const CROSSBOW = 'ose/overlays/crossbow-speed.json';
const ENCOUNTER = 'ose/encounters/skirmish.json';
const off = (t: string) => t.replace('"select": { "and": [{ "in": ["crossbow"', '"select": { "and": [false, { "in": ["crossbow"');

function events(core: Core, docs: DocCache, crossbow: string) {
  const program = core.program(docs.read(RULESET, text(RULESET)), [docs.read(PHASED, text(PHASED)), docs.read(CROSSBOW, crossbow)]);
  const encounter = core.encounter(docs.read(ENCOUNTER, text(ENCOUNTER)), program);
  return core.run(program, encounter, { seed: 1, rolls: new Map(), choices: new Map() }).events;
}

describe('DocCache', () => {
  it('reads a text once per path, and again when it changes', () => {
    const docs = new DocCache();
    const a = docs.read(CROSSBOW, text(CROSSBOW));
    expect(docs.read(CROSSBOW, text(CROSSBOW))).toBe(a);
    const b = docs.read(CROSSBOW, off(text(CROSSBOW)));
    expect(b).not.toBe(a);
    expect(b.text).toBe(off(text(CROSSBOW)));
    docs.retain([]);
    expect(docs.read(CROSSBOW, off(text(CROSSBOW)))).not.toBe(b);
  });
});

describe('CachingCore', () => {
  it('gives the events of the plain Core, before and after an edit and back', () => {
    const plain = new Core(browserValidator());
    const cached = new CachingCore(browserValidator());
    const docs = new DocCache();
    for (const t of [text(CROSSBOW), off(text(CROSSBOW)), text(CROSSBOW)]) {
      expect(events(cached, docs, t)).toEqual(events(plain, new DocCache(), t));
    }
  });

  it('builds a program once for the same documents, and checks an unchanged ruleset once', () => {
    const cached = new CachingCore(browserValidator());
    const docs = new DocCache();
    const base = docs.read(RULESET, text(RULESET));
    const build = vi.spyOn(Core.prototype, 'program');
    const check = vi.spyOn(Core.prototype, 'checked');
    const p1 = cached.program(base, [docs.read(PHASED, text(PHASED))]);
    expect(cached.program(base, [docs.read(PHASED, text(PHASED))])).toBe(p1);
    expect(build).toHaveBeenCalledTimes(1);
    const before = check.mock.calls.filter((c) => c[0] === base).length;
    cached.program(base, [docs.read(PHASED, text(PHASED)), docs.read(CROSSBOW, text(CROSSBOW))]);
    expect(build).toHaveBeenCalledTimes(2);
    expect(check.mock.calls.filter((c) => c[0] === base).length).toBe(before);
    build.mockRestore();
    check.mockRestore();
  });

  it('keeps a failure: the same problems again', () => {
    const cached = new CachingCore(browserValidator());
    const docs = new DocCache();
    const bad = docs.read(CROSSBOW, text(CROSSBOW).replace('"op": "add"', '"op": "nonsense"'));
    const base = docs.read(RULESET, text(RULESET));
    const problems = () => {
      try {
        cached.program(base, [docs.read(PHASED, text(PHASED)), bad]);
      } catch (err) {
        if (err instanceof PhasebookError) return err.diagnostics;
        throw err;
      }
      return [];
    };
    const first = problems();
    expect(first.length).toBeGreaterThan(0);
    expect(problems()).toEqual(first);
    expect(cached.validateInContext(bad, { find: () => null })).toEqual(
      new Core(browserValidator()).validateInContext(bad, { find: () => null }),
    );
  });
});
