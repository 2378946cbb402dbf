/**
 * `phasebook merge` reads its shards as the other commands read documents: a missing file in
 * words (not an errno code), `-` named `<stdin>` in messages, and one line per problem.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, runBinary, runBinaryWithInput } from './support/binary.js';

beforeAll(() => ensureBuilt(), 300_000);

describe('merge: reading shards', () => {
  it('a missing shard says the file does not exist', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pb-merge-')), 'shard-1.json');
    const r = runBinary('merge', file);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${file}:1:1  /  cannot read "${file}": the file does not exist\n`);
  });

  it('"-" is <stdin> in messages, and text that is not JSON is one line', () => {
    const r = runBinaryWithInput('x\ny\n', 'merge', '-');
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(/^<stdin>:1:1 {2}\/ {2}not JSON: /);
  });

  it('a shard on standard input merges with one from a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-merge-'));
    const args = ['simulate', 'rulesets/ose/ose.json', 'rulesets/ose/encounters/skirmish.json', '--runs', '6', '--workers', '1'];
    const one = runBinary(...args, '--shard', '1/2');
    const two = runBinary(...args, '--shard', '2/2');
    writeFileSync(join(dir, 'shard-1.json'), one.stdout);
    const m = runBinaryWithInput(two.stdout, 'merge', join(dir, 'shard-1.json'), '-', '--no-timing');
    expect(m.stderr).toBe('');
    expect(m.stdout).toBe(runBinary(...args, '--no-timing').stdout);
    // The same shard twice names the other by its name.
    const twice = runBinaryWithInput(one.stdout, 'merge', join(dir, 'shard-1.json'), '-');
    expect(twice.stderr).toMatch(/^<stdin>:1:1 {2}\/shard\/index {2}shard 1\/2 is also /);
  });
});
