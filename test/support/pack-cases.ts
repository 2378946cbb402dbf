/**
 * Golden cases of the example packs: examples/packs/<pack>/cases/<case>/ holds a case.json (the
 * same CaseSpec as test/samples; its ruleset and overlays relative to the repository root) and an
 * encounter.json. Any example pack with a cases folder is found; nothing here names a pack.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type GoldenCase, type CaseSpec } from './cases.js';

export const EXAMPLE_PACKS = join(ROOT, 'examples', 'packs');

/** The example packs (folders with a phasebook-pack.json). */
export function listExamplePacks(): string[] {
  if (!existsSync(EXAMPLE_PACKS)) return [];
  return readdirSync(EXAMPLE_PACKS)
    .filter((p) => existsSync(join(EXAMPLE_PACKS, p, 'phasebook-pack.json')))
    .sort();
}

export function listPackCases(): GoldenCase[] {
  const out: GoldenCase[] = [];
  for (const pack of listExamplePacks()) {
    const casesDir = join(EXAMPLE_PACKS, pack, 'cases');
    if (!existsSync(casesDir)) continue;
    for (const c of readdirSync(casesDir).sort()) {
      const dir = join(casesDir, c);
      out.push({
        name: `${pack}/${c}`,
        dir,
        spec: JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as CaseSpec,
        encounterPath: join(dir, 'encounter.json'),
      });
    }
  }
  return out;
}
