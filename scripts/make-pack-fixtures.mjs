#!/usr/bin/env node
/**
 * Writes the zipped members of the bad-pack corpus (test/fixtures/packs/bad/*.zip), which
 * cannot be kept as folders: zip slip, a zip bomb, a symbolic link, too many files. The folder
 * members (cycle, missing dependency, engine range, same id, a .js file) are committed as they are.
 *
 *   node scripts/make-pack-fixtures.mjs
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync, strToU8 } from 'fflate';

const OUT = fileURLToPath(new URL('../test/fixtures/packs/bad/', import.meta.url));
mkdirSync(OUT, { recursive: true });
const mtime = new Date(Date.UTC(2000, 0, 1));
const manifest = (id) =>
  strToU8(
    JSON.stringify({
      $schema: 'https://phasebook.dev/schemas/v1/pack.schema.json',
      kind: 'pack',
      id,
      name: id,
      version: '1.0.0',
      compatibility: { language: '^1.0.0' },
      contents: [{ path: 'rules/doc.json', kind: 'encounter' }],
    }),
  );
const write = (name, entries) => writeFileSync(join(OUT, name), zipSync(entries, { mtime }));

// Zip slip: an entry that climbs out of the folder it is extracted into.
write('zip-slip.zip', { 'phasebook-pack.json': manifest('evil/slip'), '../../evil.json': strToU8('{}') });
// Zip bomb: 1 000 000 bytes that deflate to about a kilobyte (ratio near 1000:1).
write('zip-bomb.zip', {
  'phasebook-pack.json': manifest('evil/bomb'),
  'rules/doc.json': [new Uint8Array(1_000_000).fill(0x20), { level: 9 }],
});
// A symbolic link (Unix mode 0120777 in the external attributes), pointing outside.
write('symlink.zip', {
  'phasebook-pack.json': manifest('evil/link'),
  'rules/doc.json': [strToU8('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }],
});
// Too many files: 1001 empty entries (the limit is 1000).
const many = { 'phasebook-pack.json': manifest('evil/many') };
for (let i = 0; i < 1000; i++) many[`junk/${i}.txt`] = new Uint8Array(0);
write('many-files.zip', many);
console.log(`wrote 4 zips to ${OUT}`);
