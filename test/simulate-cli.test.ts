/**
 * `phasebook simulate` sweeps, shards and examples through the real binary: a sweep gives the
 * same figures as separate simulations of each value; merged shards print what one simulation
 * prints, byte for byte; each example's printed command replays its outcome; bad sweeps are one
 * located line and nothing on stdout. Work is bounded by run counts, never by time.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, ensureBuilt } from './support/binary.js';

const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PHASEBOOK_DEBUG: '' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const ok = (...args: string[]) => {
  const r = cli(...args);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
};

const OSE = 'rulesets/ose/ose.json';
const BANDITS = 'docs/examples/bandits.json';
const BASE = [OSE, BANDITS, '--workers', '2', '--no-timing', '--seed', '4'];
const SWEEP = ['--sweep', 'count:/sides/bandits/combatants/bandit=3,6'];

// The machine may be shared and slow: these bounds only keep a stuck process from hanging the suite.
const LONG = 900_000;
vi.setConfig({ testTimeout: LONG, hookTimeout: LONG });

beforeAll(() => ensureBuilt(), LONG);

describe('a sweep', () => {
  it('gives the same figures as separate simulations of each value', () => {
    const swept = JSON.parse(ok('simulate', ...BASE, ...SWEEP, '--runs', '30', '--format', 'json')) as {
      series: Array<{ value: number; variants: unknown[] }>;
    };
    expect(swept.series.map((s) => s.value)).toEqual([3, 6]);
    const dir = mkdtempSync(join(tmpdir(), 'phasebook-sweep-'));
    for (const s of swept.series) {
      // The same encounter with the copies written out by hand.
      const enc = JSON.parse(readFileSync(join(ROOT, BANDITS), 'utf8')) as { sides: Array<{ combatants: Array<Record<string, unknown>> }> };
      const bandit = enc.sides[1]!.combatants[0]!;
      enc.sides[1]!.combatants = Array.from({ length: s.value }, (_, k) =>
        k === 0 ? bandit : { ...bandit, id: `bandit-${k + 1}`, name: `Bandit ${k + 1}` },
      );
      const file = join(dir, `bandits-${s.value}.json`);
      writeFileSync(file, JSON.stringify(enc));
      const alone = JSON.parse(
        ok('simulate', OSE, file, '--workers', '2', '--no-timing', '--seed', '4', '--runs', '30', '--format', 'json'),
      ) as { variants: unknown[] };
      expect(s.variants).toEqual(alone.variants);
    }
  });
});

describe('shards', () => {
  const opts = [...BASE, ...SWEEP, '--runs', '24', '--examples', '2', '--curves'];
  let files: string[] = [];
  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'phasebook-shards-'));
    files = [1, 2, 3].map((i) => {
      const f = join(dir, `shard-${i}.json`);
      writeFileSync(f, ok('simulate', ...opts, '--shard', `${i}/3`));
      return f;
    });
  }, LONG);
  for (const format of ['text', 'json', 'csv']) {
    it(`merged give one simulation's ${format} report, byte for byte`, () => {
      const one = ok('simulate', ...opts, '--format', format);
      const merged = ok('merge', '--no-timing', '--format', format, files[2]!, files[0]!, files[1]!);
      expect(merged).toBe(one);
      expect(one.length).toBeGreaterThan(200);
    });
  }
  it('carry statistics, not runs, and refuse a missing or repeated shard', () => {
    const shard = JSON.parse(readFileSync(files[0]!, 'utf8')) as { shard: { from: number; to: number }; series: unknown[][] };
    expect(shard.shard).toMatchObject({ from: 0, to: 8 });
    const missing = cli('merge', files[0]!, files[1]!);
    expect(missing.status).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe('<command line>:1:1  /  merge: missing shard 3/3\n');
    const twice = cli('merge', files[0]!, files[1]!, files[1]!);
    expect(twice.stderr).toMatch(/\/shard\/index {2}shard 2\/3 is also/);
  });
});

describe('examples', () => {
  it('each printed command replays its outcome exactly', () => {
    const report = JSON.parse(
      ok('simulate', ...BASE, '--set', 'count:/sides/bandits/combatants/bandit=9', '--runs', '20', '--examples', '1', '--format', 'json'),
    ) as {
      variants: Array<{ examples: Array<{ winner: string | null; round: number | null; command: string; runs: Array<{ seed: number }> }> }>;
    };
    const examples = report.variants[0]!.examples;
    expect(examples.some((e) => e.round !== null)).toBe(true);
    for (const e of examples.filter((x) => x.round !== null).slice(0, 4)) {
      const words = e.command.split(' ');
      expect(words.slice(0, 2)).toEqual(['phasebook', 'run']);
      expect(words.at(-1)).toBe(String(e.runs[0]!.seed));
      const events = ok(...words.slice(1), '--format', 'json')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; winner?: string | null; round: number });
      const end = events.at(-1)!;
      expect(end.type).toBe('combat.end');
      expect(end.winner ?? null).toBe(e.winner);
      expect(end.round).toBe(e.round);
    }
  });
});

describe('bad sweeps', () => {
  const bad = (sweep: string) => cli('simulate', OSE, 'rulesets/ose/encounters/skirmish.json', '--runs', '5', '--sweep', sweep);
  it('an unknown place: one located line naming what is there, nothing on stdout', () => {
    const r = bad('encounter:/sides/bandits/combatants/leadr/stats/hp=4..6');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^<command line>:1:1 {2}\/sides\/bandits\/combatants\/leadr\/stats\/hp {2}--sweep: no "leadr" at \/sides\/bandits\/combatants: there is .*"leader"\n$/,
    );
  });
  it('a value the schema refuses, and a value an option does not take', () => {
    const r = bad('encounter:/sides/bandits/id=5,6');
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^<command line>:1:1 {2}\/sides\/1\/id {2}--sweep encounter:\/sides\/bandits\/id=5: expected a string/);
    const o = bad('option:naturalRolls=1,2');
    expect(o.status).toBe(1);
    expect(o.stderr).toBe('<command line>:1:1  /options/naturalRolls/default  --sweep: option "naturalRolls" takes true or false, not 1\n');
  });
});
