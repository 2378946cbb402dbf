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

/** The problems a run of `ruleset` + phased round + `crossbow` on the skirmish fails with (null: it runs). */
function failureOf(core: Core, d: DocCache, ruleset: string, crossbow: string) {
  try {
    const program = core.program(d.read(RULESET, ruleset), [d.read(PHASED, text(PHASED)), d.read(CROSSBOW, crossbow)]);
    core.run(program, core.encounter(d.read(ENCOUNTER, text(ENCOUNTER)), program), { seed: 1, rolls: new Map(), choices: new Map() });
    return null;
  } catch (err) {
    return err instanceof PhasebookError ? err.diagnostics : String(err);
  }
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

  it('finds a recent text of a path again (undo, a value put back), and forgets the older ones', () => {
    const docs = new DocCache();
    const a = docs.read(CROSSBOW, text(CROSSBOW));
    const b = docs.read(CROSSBOW, off(text(CROSSBOW)));
    expect(docs.read(CROSSBOW, text(CROSSBOW))).toBe(a);
    expect(docs.read(CROSSBOW, off(text(CROSSBOW)))).toBe(b);
    for (let i = 1; i <= 4; i++) docs.read(CROSSBOW, text(CROSSBOW) + ' '.repeat(i));
    const again = docs.read(CROSSBOW, text(CROSSBOW));
    expect(again).not.toBe(a);
    expect(again.text).toBe(text(CROSSBOW));
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

  it('after a series of edits, a rebuild with kept expressions equals a fresh build', () => {
    const cached = new CachingCore(browserValidator());
    const docs = new DocCache();
    // The overlay edited back and forth, then the base ruleset itself (its lines shift).
    const base = text(RULESET);
    const shifted = base.replace('{', '{\n\n');
    const steps: Array<[string, string]> = [
      [base, text(CROSSBOW)],
      [base, off(text(CROSSBOW))],
      [base, text(CROSSBOW)],
      [shifted, text(CROSSBOW)],
      [shifted, off(text(CROSSBOW))],
      [base, off(text(CROSSBOW))],
    ];
    for (const [b, crossbow] of steps) {
      const run = (core: Core, d: DocCache) => {
        const program = core.program(d.read(RULESET, b), [d.read(PHASED, text(PHASED)), d.read(CROSSBOW, crossbow)]);
        const encounter = core.encounter(d.read(ENCOUNTER, text(ENCOUNTER)), program);
        return core.run(program, encounter, { seed: 7, rolls: new Map(), choices: new Map() }).events;
      };
      expect(JSON.stringify(run(cached, docs))).toBe(JSON.stringify(run(new Core(browserValidator()), new DocCache())));
    }
  });

  it('a kept expression tells a run-time error at the same place as a fresh build', () => {
    // The missiles step's select rolls a list as dice: an error at run time, located in the overlay.
    const broken = (t: string) => t.replace('"value": { "and": [', '"value": { "and": [{ "roll": [{ "var": "actor.tags" }] }, ');
    const failure = (core: Core, d: DocCache, crossbow: string) => failureOf(core, d, text(RULESET), crossbow);
    const cached = new CachingCore(browserValidator());
    const docs = new DocCache();
    const seen = [text(CROSSBOW), broken(text(CROSSBOW)), '\n\n' + broken(text(CROSSBOW))].map((t) => {
      const got = failure(cached, docs, t);
      expect(got).toEqual(failure(new Core(browserValidator()), new DocCache(), t));
      return got;
    });
    expect(seen[0]).toBeNull();
    expect(seen[1]).not.toBeNull();
    expect(seen[2]).not.toEqual(seen[1]); // two lines further down
  });

  it('an expression kept from an unchanged ruleset tells a run-time error where a fresh build does', () => {
    const base = text(RULESET).replace('"out": {\n      "or": [', '"out": {\n      "or": [{ "roll": [{ "var": "self.tags" }] },');
    expect(base).not.toBe(text(RULESET));
    const failure = (core: Core, d: DocCache, crossbow: string) => failureOf(core, d, base, crossbow);
    const cached = new CachingCore(browserValidator());
    const docs = new DocCache();
    for (const t of [text(CROSSBOW), off(text(CROSSBOW)), '\n' + text(CROSSBOW)]) {
      const got = failure(cached, docs, t);
      expect(got).not.toBeNull();
      expect(got).toEqual(failure(new Core(browserValidator()), new DocCache(), t));
    }
  });
});
