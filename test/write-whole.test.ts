/**
 * "Nothing lost or half-written": a file written by a save, a migration, a pack build or a lock
 * file is either the old one or the whole new one, and a write that fails leaves no temporary
 * file beside it (a save onto a folder used to leave `<folder>.tmp-<pid>` behind).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeWhole } from '../interpreter/write-whole.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'pb-write-'));

describe('writeWhole', () => {
  it('replaces a file with the whole new text, and leaves nothing else', () => {
    const dir = fresh();
    const f = join(dir, 'save.json');
    writeFileSync(f, 'old');
    writeWhole(f, 'new text');
    expect(readFileSync(f, 'utf8')).toBe('new text');
    expect(readdirSync(dir)).toEqual(['save.json']);
  });

  it('onto a folder: throws, the folder is untouched, and no temporary file is left', () => {
    const dir = fresh();
    const target = join(dir, 'fights');
    mkdirSync(target);
    writeFileSync(join(target, 'keep.json'), '{}');
    expect(() => writeWhole(target, 'x')).toThrow();
    expect(readdirSync(dir)).toEqual(['fights']);
    expect(readdirSync(target)).toEqual(['keep.json']);
  });

  it('into a folder that does not exist: throws, and writes nothing anywhere', () => {
    const dir = fresh();
    expect(() => writeWhole(join(dir, 'no-such-folder', 'f.json'), 'x')).toThrow(/ENOENT/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
