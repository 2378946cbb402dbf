/**
 * Generic by construction: every golden case runs again with every id of its ruleset,
 * overlays and encounter renamed (phases, steps, actions, triggers, policy lines, end
 * conditions, sides, combatants). The order of acts, mapped back, must be the same.
 *
 * Dice are seeded by label, and labels contain ids, so the renamed run is given every roll of
 * the original run as a pin (renamed the same way): the only thing that changes is names.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { knownOperators } from '../interpreter/expr/index.js';
import { actsOf, listCases, ROOT } from './support/cases.js';
import {
  RESERVED,
  allStrings,
  idsOf,
  loadDocs,
  pinsOf,
  readJson,
  renameDocs,
  renameLabel,
  varPaths,
  type Docs,
  type Obj,
} from './support/rename.js';

describe('golden cases with every id renamed', () => {
  for (const c of listCases()) {
    it(c.name, () => {
      const rulesetPath = join(ROOT, c.spec.ruleset);
      const overlayPaths = (c.spec.with ?? []).map((w) => join(ROOT, w));
      const program = loadProgram(rulesetPath, overlayPaths);
      const encounter = loadEncounter(c.encounterPath, program);
      const opts = {
        seed: c.spec.seed ?? 1,
        choices: new Map(Object.entries(c.spec.choices ?? {})),
        rolls: new Map(Object.entries(c.spec.rolls ?? {}).map(([k, v]) => [k, String(v)])),
        ...(c.spec.rounds !== undefined ? { rounds: c.spec.rounds } : {}),
      };
      const original = run(program, encounter, opts);

      const docs: Docs = {
        ruleset: readJson(rulesetPath) as Obj,
        overlays: overlayPaths.map((p) => readJson(p) as Obj),
        encounter: readJson(c.encounterPath) as Obj,
      };
      const reserved = new Set([
        ...RESERVED,
        ...varPaths(docs.ruleset),
        ...docs.overlays.flatMap((o) => [...varPaths(o)]),
        docs.ruleset.id as string,
        ...docs.overlays.map((o) => o.id as string),
      ]);
      const renamable = [...idsOf(program.resolved.ruleset, docs)].filter((i) => !reserved.has(i)).sort();
      expect(renamable.length, 'ids to rename').toBeGreaterThan(5);
      const taken = new Set([...allStrings(docs), ...RESERVED, ...knownOperators()]);
      const names: string[] = [];
      for (let i = 0; names.length < renamable.length; i++) if (!taken.has(`zq${i}x`)) names.push(`zq${i}x`);
      const forward = new Map(renamable.map((id, i) => [id, names[i]!]));
      const backward = new Map(renamable.map((id, i) => [names[i]!, id]));
      const ren = (s: string) => forward.get(s) ?? s;
      const unren = (s: string) => backward.get(s) ?? s;

      const renamed = loadDocs(renameDocs(docs, ren), c.name.replace('/', '-'));
      const pins = new Map([...pinsOf(original.events)].map(([label, v]) => [renameLabel(label, ren), v]));
      const choices = new Map([...opts.choices].map(([label, v]) => [renameLabel(label, ren), ren(v)]));
      const result = run(renamed.program, renamed.encounter, { ...opts, rolls: pins, choices });

      const back = actsOf(result.events).map((line) => line.replace(/[a-z][a-z0-9-]*/g, (w) => unren(w)));
      expect(back).toEqual(actsOf(original.events));
      expect(result.winner === null ? null : unren(result.winner)).toBe(original.winner);
      expect(result.rounds).toBe(original.rounds);
    });
  }
});
