/**
 * The JSON documents under a folder, for tests that run over every shipped document: absolute
 * paths, sorted, found recursively. Pack manifests (`phasebook-pack.json`) are left out when asked:
 * test/packs.test.ts covers them.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function jsonFilesUnder(dir: string, o: { manifests?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...jsonFilesUnder(p, o));
    else if (e.name.endsWith('.json') && (o.manifests !== false || e.name !== 'phasebook-pack.json')) out.push(p);
  }
  return out.sort();
}
