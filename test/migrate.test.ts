/**
 * Versions of the document language: `phasebook migrate` (v0 → v1: an overlay's "base" became
 * "extends"), the error for a document newer than this Phasebook, and the deprecation warning
 * naming the version that removes the field.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT, runBinary } from './support/binary.js';
import { migrateDocument, statedVersion, versionOf } from '../interpreter/migrate/index.js';
import { readDocumentFile } from '../interpreter/read/index.js';
import { loadPack } from '../interpreter/pack/load.js';
import { readZip } from '../interpreter/pack/zip.js';
import { nodeContext } from '../interpreter/pack/node/store.js';

const FIX = join(ROOT, 'test', 'fixtures', 'migrate');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
beforeAll(() => ensureBuilt(), 200_000);

function shippedDocuments(dir = join(ROOT, 'rulesets')): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return shippedDocuments(p);
    return n.endsWith('.json') && n !== 'phasebook-pack.json' ? [p] : [];
  });
}

describe('language versions', () => {
  it('every shipped document states language v1 in its $schema, and migrating it changes nothing', () => {
    const files = shippedDocuments();
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const doc = readDocumentFile(f);
      expect(statedVersion(doc.value).major, relative(ROOT, f)).toBe(1);
      const r = migrateDocument(doc);
      expect(r.changes).toEqual([]);
      expect(r.text).toBe(doc.text);
    }
  });

  it('migrate renames "base" to "extends" in place, keeping the formatting, and moves $schema to v1', () => {
    const doc = readDocumentFile(join(FIX, 'v0-overlay.json'));
    expect(versionOf(doc)).toBe(0);
    const r = migrateDocument(doc);
    expect(r.text).toBe(readFileSync(join(FIX, 'v1-overlay.expected.json'), 'utf8'));
    expect(r.changes.map((c) => `${c.line}:${c.col} ${c.pointer} ${c.message}`)).toEqual([
      '7:3 /base "base" is deprecated since language v1 and removed in v2; it is now "extends"',
      '2:14 /$schema language v0 → v1',
    ]);
  });

  it('a v0 document without $schema is recognised by its v0 field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'phasebook-migrate-'));
    dirs.push(dir);
    const text = readFileSync(join(FIX, 'v0-overlay.json'), 'utf8').replace(/^\s*"\$schema".*\n/m, '');
    const f = join(dir, 'o.json');
    writeFileSync(f, text);
    const r = migrateDocument(readDocumentFile(f));
    expect(r.from).toBe(0);
    expect(r.text).toContain('"extends":    "ose"');
  });

  it('phasebook migrate --write, then the overlay runs on the ruleset; before, run refuses it and says how to migrate', () => {
    const dir = mkdtempSync(join(tmpdir(), 'phasebook-migrate-'));
    dirs.push(dir);
    const f = join(dir, 'old.json');
    copyFileSync(join(FIX, 'v0-overlay.json'), f);
    const args = [
      'run',
      'rulesets/ose/ose.json',
      'rulesets/ose/encounters/skirmish.json',
      '--with',
      'rulesets/ose/overlays/phased-round.json',
      '--with',
      f,
    ];
    const before = runBinary(...args);
    expect(before.status).toBe(1);
    expect(before.stderr).toContain(`${f}:7:3  /base  written for language v0; run \`phasebook migrate --write ${f}\``);
    const m = runBinary('migrate', '--write', f);
    expect(m.status, m.stderr).toBe(0);
    expect(m.stdout).toBe(`${f}: migrated v0 → v1\n`);
    expect(readFileSync(f, 'utf8')).toBe(readFileSync(join(FIX, 'v1-overlay.expected.json'), 'utf8'));
    const after = runBinary(...args);
    expect(after.status, after.stderr).toBe(0);
    expect(runBinary('migrate', f).stdout).toBe(`${f}: already v1\n`);
  });

  it('a document for a newer language is a clear error at /$schema, in migrate and in run', () => {
    const f = relative(ROOT, join(FIX, 'v2-encounter.json'));
    for (const args of [
      ['migrate', f],
      ['run', 'rulesets/ose/ose.json', f],
    ]) {
      const r = runBinary(...args);
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim()).toBe(`${f}:2:14  /$schema  written for language v2; this Phasebook reads up to v1 (upgrade phasebook)`);
    }
  });

  it('a pack holding a v0 overlay is read, migrated in memory, with a warning naming the version that removes the field', () => {
    const manifest = {
      kind: 'pack',
      id: 'old/pack',
      name: 'Old',
      version: '1.0.0',
      compatibility: { language: '>=0.9.0' },
      contents: [{ path: 'o.json', kind: 'overlay' }],
    };
    const pack = loadPack(
      readZip(
        zipSync({ 'phasebook-pack.json': strToU8(JSON.stringify(manifest)), 'o.json': readFileSync(join(FIX, 'v0-overlay.json')) }),
        'old.zip',
      ),
      nodeContext(),
    );
    expect(pack.warnings.map((w) => `${w.file}:${w.line}:${w.col} ${w.severity} ${w.message}`)).toEqual([
      'old.zip!o.json:7:3 warning "base" is deprecated since language v1 and removed in v2; it is now "extends"',
    ]);
    expect((pack.documents[0]!.doc.value as { extends?: string }).extends).toBe('ose');
  });
});
