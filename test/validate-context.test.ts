/**
 * `phasebook validate` on a house rule written outside rulesets/, as a designer does: the
 * overlay is checked on top of its ruleset (and the overlays it requires) when they are named on
 * the command line, found next to it or near --ruleset; a required overlay found nowhere is one
 * located problem that says what to do (validate has no --with); and an overlay whose ruleset is
 * nowhere is "ok" only with a note that it was checked on its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, runBinary } from './support/binary.js';

beforeAll(() => ensureBuilt(), 300_000);

const OSE = 'rulesets/ose/ose.json';
const PHASED = 'rulesets/ose/overlays/phased-round.json';

/** The worked example's first change, on a step phased-round adds: wrong without phased-round, and with a typo in the step. */
function houseRule(step: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pb-validate-'));
  const file = join(dir, 'my-crossbows.json');
  const doc = {
    kind: 'overlay',
    id: 'my-crossbows',
    name: 'My crossbows',
    version: '1.0.0',
    extends: 'ose',
    requires: ['phased-round'],
    changes: [
      { op: 'replace', path: `/round/phases/missile/steps/${step}/select`, value: { '!': { in: ['crossbow', { var: 'actor.tags' }] } } },
    ],
  };
  writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
  return file;
}

describe('validate: a house rule outside rulesets/', () => {
  it('is checked on top of the ruleset and the required overlay named on the command line (a bad step is found)', () => {
    const good = houseRule('missiles');
    const ok = runBinary('validate', OSE, PHASED, good);
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toBe(`${OSE}: ok\n${PHASED}: ok\n${good}: ok\n`);
    const bad = houseRule('misiles');
    const r = runBinary('validate', OSE, PHASED, bad);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^${bad.replace(/[.]/g, '\\.')}:\\d+:\\d+  /changes/0/path  .*"misiles"`));
  });

  it('with --ruleset, finds the required overlay near the ruleset', () => {
    const good = houseRule('missiles');
    const r = runBinary('validate', good, '--ruleset', OSE);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`${good}: ok\n`);
  });

  it('a required overlay found nowhere is one located problem naming what to do, not a --with validate does not have', () => {
    const file = houseRule('missiles');
    const doc = { kind: 'overlay', id: 'mine', name: 'Mine', version: '1.0.0', extends: 'ose', requires: ['phased-rund'], changes: [] };
    writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
    const r = runBinary('validate', file, '--ruleset', OSE);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `${file}:8:5  /requires/0  this overlay requires "phased-rund", which is not next to it nor near its ruleset: name its file too (phasebook validate <phased-rund.json> ${file})\n`,
    );
  });

  it('an overlay whose ruleset is nowhere is ok on its own, and says so', () => {
    const file = houseRule('misiles');
    const r = runBinary('validate', file);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      `${file}: ok (on its own: its ruleset "ose" is not next to it; name it on the command line or with --ruleset to check the overlay against it)\n`,
    );
  });
});
