/**
 * The bad-pack corpus (test/fixtures/packs/bad, zips made by scripts/make-pack-fixtures.mjs):
 * each pack is refused by the real binary with exit code 1, one clear message naming the pack
 * (and the entry or manifest line at fault), no stack trace, and not one byte written in the
 * project folder.
 */
import { mkdtempSync, readdirSync, rmSync, symlinkSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT, runBinary } from './support/binary.js';

const BAD = join(ROOT, 'test', 'fixtures', 'packs', 'bad');
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'phasebook-packs-test-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
beforeAll(() => ensureBuilt(), 200_000);

function refused(args: string[], message: RegExp, located: RegExp) {
  const root = tempDir();
  const r = runBinary('pack', 'install', '--root', root, ...args);
  expect(r.status, r.stderr).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(message);
  expect(r.stderr).toMatch(located);
  expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
  expect(readdirSync(root), 'nothing written').toEqual([]);
  return r.stderr;
}

describe('the bad-pack corpus: refused, located, nothing written', () => {
  it('zip slip', () => {
    refused(
      [join(BAD, 'zip-slip.zip')],
      /refused: a path that climbs out of the pack \('\.\.'\)/,
      /zip-slip\.zip!\.\.\/\.\.\/evil\.json:1:1/,
    );
  });
  it('a zip bomb', () => {
    refused(
      [join(BAD, 'zip-bomb.zip')],
      /refused: compression ratio \d+:1 \(the limit is 100:1; a zip bomb\?\)/,
      /zip-bomb\.zip!rules\/doc\.json/,
    );
  });
  it('a symbolic link in a zip', () => {
    refused([join(BAD, 'symlink.zip')], /refused: a symbolic link/, /symlink\.zip!rules\/doc\.json/);
  });
  it('a symbolic link in a folder', () => {
    const pack = join(tempDir(), 'linked');
    cpSync(join(BAD, 'engine-range'), pack, { recursive: true });
    symlinkSync('/etc/passwd', join(pack, 'rules', 'passwd.json'));
    refused([pack], /refused: a symbolic link/, /linked!rules\/passwd\.json/);
  });
  it('a huge number of files', () => {
    refused([join(BAD, 'many-files.zip')], /1001 entries in the zip \(the limit is 1000 files\)/, /many-files\.zip:1:1/);
  });
  it('a dependency cycle', () => {
    refused(
      [join(BAD, 'cycle', 'a'), join(BAD, 'cycle', 'b')],
      /dependency cycle: evil\/cycle-a 1\.0\.0 → evil\/cycle-b 1\.0\.0 → evil\/cycle-a 1\.0\.0/,
      /cycle\/b\/phasebook-pack\.json:\d+:\d+ {2}\/dependencies\/evil~1cycle-a/,
    );
  });
  it('a missing dependency', () => {
    refused(
      [join(BAD, 'missing-dependency')],
      /evil\/lonely 1\.0\.0 needs someone\/not-here \^2\.1\.0, which is not installed/,
      /missing-dependency\/phasebook-pack\.json:\d+:\d+ {2}\/dependencies\/someone~1not-here/,
    );
  });
  it('an incompatible dependency (installed, wrong version)', () => {
    const root = tempDir();
    expect(runBinary('pack', 'install', '--root', root, join(ROOT, 'rulesets', 'ose')).status).toBe(0);
    const before = readdirSync(join(root, 'phasebook-packs', 'phasebook'));
    const r = runBinary('pack', 'install', '--root', root, join(BAD, 'incompatible-dependency'));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /evil\/needs-ose-9 1\.0\.0 needs phasebook\/ose \^9\.0\.0, but phasebook\/ose 1\.0\.0 is installed: incompatible/,
    );
    expect(readdirSync(join(root, 'phasebook-packs', 'phasebook'))).toEqual(before);
    expect(readdirSync(join(root, 'phasebook-packs'))).toEqual(['phasebook']);
  });
  it('an incompatible language (engine) range', () => {
    refused(
      [join(BAD, 'engine-range')],
      /evil\/future 1\.0\.0 is written for language \^2\.0\.0; this Phasebook reads language 1\.0\.0/,
      /engine-range\/phasebook-pack\.json:\d+:\d+ {2}\/compatibility\/language/,
    );
  });
  it('two packs with the same id', () => {
    refused(
      [join(BAD, 'same-id', 'one'), join(BAD, 'same-id', 'two')],
      /two packs with the same id: evil\/twin 1\.1\.0 \(.*two\) and evil\/twin 1\.0\.0 \(.*one\)/,
      /same-id\/two\/phasebook-pack\.json:\d+:\d+ {2}\/id/,
    );
  });
  it('a pack holding a .js file', () => {
    const err = refused([join(BAD, 'js-file')], /refused: the pack holds executable content \(index\.js\)/, /js-file!index\.js:1:1/);
    expect(err.trim().split('\n')).toHaveLength(1);
  });
  it('one bad pack among good ones: none is installed', () => {
    refused([join(ROOT, 'rulesets', 'ose'), join(BAD, 'js-file')], /executable content/, /js-file!index\.js/);
  });
});
