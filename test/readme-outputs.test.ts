/**
 * What the README shows a designer a command prints is what it prints: the worked example's
 * "Before" and "After" timelines (each block a contiguous part of the real output), and the
 * replay line of the sweep's examples (the CLI names itself `phasebook`, as every command it prints).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ROOT, runBinary } from './support/binary.js';

beforeAll(() => ensureBuilt(), 300_000);

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The first plain code block after `marker` in the README. */
function blockAfter(marker: string): string {
  const at = README.indexOf(marker);
  expect(at, marker).toBeGreaterThan(-1);
  const open = README.indexOf('\n```\n', at + marker.length) + 5;
  return README.slice(open, README.indexOf('\n```', open) + 1);
}

describe("the README's sample outputs", () => {
  const base = [
    'run',
    'rulesets/ose/ose.json',
    'rulesets/ose/encounters/skirmish.json',
    '--with',
    'rulesets/ose/overlays/phased-round.json',
  ];

  it('worked example, before: the block is part of the timeline the command prints', () => {
    const r = runBinary(...base, '--rounds', '1');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(blockAfter('Before — `npm run build && node bin/phasebook.js run'));
  });

  it('worked example, after: the same with crossbow speed', () => {
    const r = runBinary(...base, '--with', 'rulesets/ose/overlays/crossbow-speed.json', '--rounds', '1');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(blockAfter('After — the same command with'));
  });

  it("the sweep's replay line is the one simulate prints", () => {
    const block = blockAfter('--sweep count:/sides/bandits/combatants/bandit=8..12 --runs 500 --examples 1\n```');
    const replay = block.split('\n').find((l) => /run .*--seed <seed>$/.test(l))!;
    expect(replay).toBeDefined();
    const r = runBinary(
      'simulate',
      'rulesets/ose/ose.json',
      'docs/examples/bandits.json',
      '--sweep',
      'count:/sides/bandits/combatants/bandit=11',
      '--runs',
      '20',
      '--examples',
      '1',
    );
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')).toContain(replay);
  });
});
