/**
 * Where the phasebook package lies: the folder holding schemas/ (and package.json), found from
 * this module's own place (source or compiled). A module of its own, so that the CLI can print
 * its version without loading the pipeline (issue 9, cold start).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null = null;

/** The folder holding schemas/, found from this module (source or compiled). */
export function packageRoot(): string {
  if (root !== null) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'schemas', 'ruleset.schema.json'))) return (root = dir);
    dir = dirname(dir);
  }
  throw new Error('cannot find the schemas/ folder of the phasebook package');
}
