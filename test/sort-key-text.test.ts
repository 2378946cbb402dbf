/**
 * A sort key computed by an expression must give a number. Text used to count as 0 and tie
 * everyone without a word: a stranger writing a speed-chart system ordered by `actor.id` saw
 * nothing happen. Now the run stops with a located error at the key's expression.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, ensureBuilt, runBinary } from './support/binary.js';

const MINIMAL = join(ROOT, 'examples/minimal/ruleset.json');
const DUEL = join(ROOT, 'examples/minimal/encounter.json');

function withSecondKey(expr: unknown): string {
  const doc = JSON.parse(readFileSync(MINIMAL, 'utf8'));
  doc.round.turns.order.keys.push({ expr });
  const file = join(mkdtempSync(join(tmpdir(), 'phasebook-sortkey-')), 'ruleset.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

describe('a sort key that gives text', () => {
  beforeAll(() => ensureBuilt(), 300_000);

  it('stops the run with a located error naming the key, not a silent tie', () => {
    const file = withSecondKey({ var: 'actor.id' });
    const r = runBinary('run', file, DUEL);
    expect(r.status).toBe(1);
    const first = r.stderr.split('\n')[0]!;
    expect(first).toMatch(/ruleset\.json:\d+:\d+ {2}\/round\/turns\/order\/keys\/1\/expr {2}/);
    expect(first).toMatch(/a sort key must be a number, but this one gave the text "(hero|bandit|thug)"/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a numeric key computed by an expression still orders the combat', () => {
    const file = withSecondKey({ '*': [{ var: 'actor.quickness' }, 2] });
    const r = runBinary('run', file, DUEL);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Combat over/);
  });
});
