/**
 * The REAL command line: `node bin/phasebook.js …` in a child process, exactly as a user runs
 * it. Covers help, validate on every shipped document, resolve, run (text and JSON Lines),
 * reproducibility, pinned rolls and decisions, usage errors, and one house rule whose whole
 * point is a change in the order of acts (crossbow-speed).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureBuilt, ROOT, runBinary, runBinaryWithInput, type Result } from './support/binary.js';
import { jsonFilesUnder } from './support/files.js';

// ------------------------------------------------------------------------------- the binary

const pbFresh = runBinary;

/** Run the binary, reusing the result of an identical earlier command (spawns are the slow part). */
const memo = new Map<string, Result>();
function pb(...args: string[]): Result {
  const key = JSON.stringify(args);
  let r = memo.get(key);
  if (!r) memo.set(key, (r = pbFresh(...args)));
  return r;
}

/** A failure the way the CLI must report it: exit 1, nothing on stdout, no stack trace. */
function expectCleanFailure(r: Result): void {
  expect(r.status, `stderr: ${r.stderr}`).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim()).not.toBe('');
  expect(r.stderr).not.toMatch(/^ {4}at /m);
  expect(r.stderr).not.toMatch(/internal error/);
}

const OSE = 'rulesets/ose/ose.json';
const SKIRMISH = 'rulesets/ose/encounters/skirmish.json';
const OV = (name: string) => `rulesets/ose/overlays/${name}.json`;
const PHASED = ['--with', OV('phased-round')];

interface Ev {
  seq: number;
  type: string;
  round: number;
  [k: string]: unknown;
}
const parseLines = (out: string): Ev[] =>
  out
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Ev);

beforeAll(() => {
  ensureBuilt();
}, 200_000);

// ------------------------------------------------------------------------------- help

describe('help', () => {
  it('the program documents its commands', () => {
    const r = pb('--help');
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: phasebook /);
    for (const c of ['validate', 'resolve', 'run']) expect(r.stdout).toMatch(new RegExp(`^  ${c} `, 'm'));
    expect(r.stdout).toContain('--version');
  });

  it.each([
    ['validate', ['<file...>', '--ruleset <file>']],
    ['resolve', ['<ruleset>', '--with <overlay>', 'order matters']],
    [
      'run',
      [
        '[ruleset] [encounter]',
        '--pack <pack>',
        '--preset <id>',
        '--with <overlay>',
        '--seed <n>',
        '--roll <label=value>',
        '--choose <label=option>',
        '--rounds <n>',
        '--format <format>',
        '"text"',
        '"json"',
      ],
    ],
  ])('%s --help documents its arguments and options', (cmd, needles) => {
    for (const args of cmd === 'run'
      ? [
          [cmd, '--help'],
          ['help', cmd],
        ]
      : [[cmd, '--help']]) {
      const r = pb(...args);
      expect(r.status).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain(`Usage: phasebook ${cmd} [options]`);
      for (const n of needles) expect(r.stdout).toContain(n);
      expect(r.stdout).toContain('-h, --help');
    }
  });

  it('run --help tells where roll labels come from', () => {
    expect(pb('run', '--help').stdout).toMatch(/labels are printed in the timeline/i);
  });

  it('--version prints the package version', () => {
    const r = pb('--version');
    expect(r.status).toBe(0);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(r.stdout.trim()).toBe(pkg.version);
  });
});

// ------------------------------------------------------------------------------- validate

const jsonFilesUnderRel = (dir: string) => jsonFilesUnder(dir, { manifests: false }).map((p) => relative(ROOT, p)); // pack manifests: test/packs.test.ts

describe('validate', () => {
  const files = jsonFilesUnderRel(join(ROOT, 'rulesets'));

  it('finds the shipped documents', () => {
    expect(files).toContain(OSE);
    expect(files).toContain(SKIRMISH);
    expect(files).toContain(OV('phased-round'));
    expect(files.length).toBeGreaterThanOrEqual(5);
  });

  it('every ruleset, overlay and encounter under rulesets/ is ok', () => {
    const r = pb('validate', ...files);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toEqual(files.map((f) => `${f}: ok`));
  });

  it('an encounter is checked against a ruleset given with --ruleset', () => {
    const r = pb('validate', '--ruleset', OSE, SKIRMISH);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${SKIRMISH}: ok\n`);
  });

  it('a missing file is reported at 1:1 with the reason', () => {
    const r = pb('validate', 'rulesets/ose/no-such-file.json');
    expectCleanFailure(r);
    expect(r.stderr).toBe('rulesets/ose/no-such-file.json:1:1  /  cannot read "rulesets/ose/no-such-file.json": the file does not exist\n');
  });
});

// ------------------------------------------------------------------------------- resolve

describe('resolve', () => {
  it('without overlays prints the ruleset itself', () => {
    const r = pb('resolve', OSE);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(readFileSync(join(ROOT, OSE), 'utf8')));
  });

  it("prints JSON that includes the steps the overlays add, in the overlays' places", () => {
    const r = pb('resolve', OSE, ...PHASED, '--with', OV('crossbow-speed'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const rs = JSON.parse(r.stdout) as { round: { phases: Array<{ id: string; steps: Array<{ id: string; select?: unknown }> }> } };
    const missile = rs.round.phases.find((p) => p.id === 'missile')!;
    const ids = missile.steps.map((s) => s.id);
    expect(ids).toContain('siege'); // added by phased-round
    expect(ids.indexOf('crossbows')).toBe(ids.indexOf('missiles') + 1); // "after": "missiles"
    const cs = JSON.parse(readFileSync(join(ROOT, OV('crossbow-speed')), 'utf8')) as { changes: Array<{ path: string; value: unknown }> };
    const added = cs.changes.find((c) => c.path.endsWith('/steps/crossbows'))!.value;
    expect(missile.steps.find((s) => s.id === 'crossbows')).toEqual(added);
    const replaced = cs.changes.find((c) => c.path.endsWith('/steps/missiles/select'))!.value;
    expect(missile.steps.find((s) => s.id === 'missiles')!.select).toEqual(replaced);
  });

  it('is deterministic', () => {
    const a = pbFresh('resolve', OSE, ...PHASED, '--with', OV('lurking'));
    const b = pbFresh('resolve', OSE, ...PHASED, '--with', OV('lurking'));
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
  });

  it('an overlay given without the overlay it requires is refused', () => {
    const r = pb('resolve', OSE, '--with', OV('crossbow-speed'));
    expectCleanFailure(r);
    expect(r.stderr).toMatch(
      /^rulesets\/ose\/overlays\/crossbow-speed\.json:\d+:\d+ {2}\/requires\/0 {2}this overlay requires "phased-round"/m,
    );
  });
});

// ------------------------------------------------------------------------------- run

describe('run', () => {
  it('prints a text timeline with rounds, phases, steps and the end of the combat', () => {
    const r = pb('run', OSE, SKIRMISH, '--seed', '7');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Combat · ruleset ose \S+ · encounter skirmish · seed 7$/);
    expect(r.stdout).toMatch(/^Round 1$/m);
    expect(r.stdout).toMatch(/^ {2}Turn of \S+/m);
    for (const ph of ['morale', 'movement', 'missile', 'spells', 'melee']) expect(r.stdout).toMatch(new RegExp(`^ +▸ ${ph}$`, 'm'));
    expect(r.stdout).toMatch(/^ +· moves$/m);
    expect(r.stdout).toMatch(/🎲 r1\.initiative\.party\.d6 = [1-6] {2}\(1d6: [1-6]\)/);
    expect(lines.at(-1)).toMatch(/^Combat over after round \d+: (\S+ wins|no winner) \(\S+\)$/);
  });

  it('the phased round (an overlay) shows in the header and the timeline', () => {
    const r = pb('run', OSE, SKIRMISH, ...PHASED, '--seed', '3');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toContain('+ phased-round');
    expect(r.stdout).not.toMatch(/Turn of/);
    expect(r.stdout).toMatch(/⚖ r1\.initiative\.drew-first = roll/);
  });

  it('--format json prints JSON Lines: every line parses, seq runs 0..n-1, every event has type and round', () => {
    const r = pb('run', OSE, SKIRMISH, ...PHASED, '--with', OV('crossbow-speed'), '--seed', '11', '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.endsWith('\n')).toBe(true);
    const lines = r.stdout.slice(0, -1).split('\n');
    const events = lines.map((l, i) => {
      expect(() => JSON.parse(l), `line ${i + 1}`).not.toThrow();
      return JSON.parse(l) as Ev;
    });
    expect(events.length).toBeGreaterThan(10);
    events.forEach((e, i) => {
      expect(e.seq).toBe(i);
      expect(typeof e.type).toBe('string');
      expect(Number.isInteger(e.round)).toBe(true);
      expect(e.round).toBeGreaterThanOrEqual(0);
    });
    expect(events[0]!.type).toBe('combat.start');
    expect(events[0]!.overlays).toEqual(['phased-round', 'crossbow-speed']);
    const ends = events.filter((e) => e.type === 'combat.end');
    expect(ends).toHaveLength(1);
    const endAt = events.indexOf(ends[0]!);
    expect(events.slice(endAt + 1).every((e) => e.type === 'warning')).toBe(true);
    // Rounds never go backwards.
    for (let i = 1; i < events.length; i++)
      if (events[i]!.type !== 'combat.end') expect(events[i]!.round).toBeGreaterThanOrEqual(events[i - 1]!.round);
  });

  it('text and JSON describe the same combat', () => {
    const text = pb('run', OSE, SKIRMISH, '--seed', '7').stdout;
    const events = parseLines(pb('run', OSE, SKIRMISH, '--seed', '7', '--format', 'json').stdout);
    const end = events.find((e) => e.type === 'combat.end')!;
    expect(text).toContain(
      `Combat over after round ${end.round}: ${end.winner ? `${String(end.winner)} wins` : 'no winner'} (${String(end.reason)})`,
    );
    const rolls = events.filter((e) => e.type === 'roll');
    for (const roll of rolls) expect(text).toContain(`🎲 ${String(roll.label)} = ${String(roll.total)}`);
  });

  it.each([
    ['text', []],
    ['json', ['--format', 'json']],
  ])('the same seed twice gives byte-identical stdout (%s)', (_name, fmt) => {
    const args = ['run', OSE, SKIRMISH, ...PHASED, '--with', OV('lurking'), '--with', OV('withdrawal'), '--seed', '123456', ...fmt];
    const a = pbFresh(...args);
    const b = pbFresh(...args);
    expect(a.status).toBe(0);
    expect(a.stdout.length).toBeGreaterThan(100);
    expect(b.stdout).toBe(a.stdout);
  });

  it('different seeds give different combats', () => {
    const outs = new Set(['7', '8'].map((s) => pb('run', OSE, SKIRMISH, '--seed', s, '--format', 'json').stdout.replace(/"seed":\d+/, '')));
    expect(outs.size).toBeGreaterThan(1);
  });

  it('--rounds caps the combat', () => {
    const events = parseLines(pb('run', OSE, SKIRMISH, '--seed', '1', '--rounds', '1', '--format', 'json').stdout);
    expect(Math.max(...events.map((e) => e.round))).toBe(1);
    expect(events.at(-1)!.type === 'combat.end' || events.some((e) => e.type === 'combat.end')).toBe(true);
  });

  it('--roll pins a labelled roll; the trace marks it pinned', () => {
    const args = ['run', OSE, SKIRMISH, '--seed', '3', '--roll', 'r1.initiative.party.d6=1', '--roll', 'r1.initiative.bandits.d6=6'];
    const text = pb(...args);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('🎲 r1.initiative.party.d6 = 1  (1d6: 1) pinned');
    expect(text.stdout).toContain('🎲 r1.initiative.bandits.d6 = 6  (1d6: 6) pinned');
    expect(text.stdout).toMatch(/initiative bandits: 6 \(rank 0, holds initiative\)/);
    const events = parseLines(pb(...args, '--format', 'json').stdout);
    const roll = events.find((e) => e.type === 'roll' && e.label === 'r1.initiative.party.d6')!;
    expect(roll).toMatchObject({ total: 1, dice: [1], pinned: true });
    // Unpinned rolls are not marked.
    expect(events.find((e) => e.type === 'roll' && e.label === 'r2.initiative.party.d6')!.pinned).toBeUndefined();
    expect(events.some((e) => e.type === 'warning')).toBe(false);
  });

  it('--roll pins single dice ("3,4") of a labelled roll', () => {
    const r = pb(
      'run',
      OSE,
      SKIRMISH,
      '--seed',
      '3',
      '--roll',
      'r1.initiative.party.d6=4',
      '--roll',
      'r1.elf.shoot.attack=20',
      '--format',
      'json',
    );
    expect(r.status).toBe(0);
    const attack = parseLines(r.stdout).find((e) => e.type === 'roll' && e.label === 'r1.elf.shoot.attack');
    expect(attack).toMatchObject({ dice: [20], total: 20, pinned: true });
  });

  it('a pinned roll that never happens is a warning, not an error', () => {
    const r = pb('run', OSE, SKIRMISH, '--rounds', '1', '--roll', 'r9.nobody.d6=3');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('warning: pinned roll "r9.nobody.d6" was never rolled');
  });

  it('--choose pins a decision; the trace marks it pinned and the combat follows it', () => {
    const args = ['run', OSE, SKIRMISH, ...PHASED, '--seed', '3', '--choose', 'r1.initiative.drew-first=bandits'];
    const text = pb(...args);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('⚖ r1.initiative.drew-first = bandits  (party | bandits | roll; by referee, pinned)');
    expect(text.stdout).not.toContain('r1.initiative.party.d6');
    const events = parseLines(pb(...args, '--format', 'json').stdout);
    expect(events.find((e) => e.type === 'decision' && e.label === 'r1.initiative.drew-first')).toMatchObject({
      chosen: 'bandits',
      pinned: true,
    });
    expect(events.find((e) => e.type === 'initiative' && e.round === 1 && e.holder === true)!.who).toBe('bandits');
    // The default is used (and said so) without the pin.
    const plain = parseLines(pb('run', OSE, SKIRMISH, ...PHASED, '--seed', '3', '--format', 'json').stdout);
    expect(plain.find((e) => e.type === 'decision' && e.label === 'r1.initiative.drew-first')).toMatchObject({
      chosen: 'roll',
      default: 'roll',
    });
  });

  it('--choose with an option the decision does not offer is refused on the command line', () => {
    const r = pb('run', OSE, SKIRMISH, ...PHASED, '--choose', 'r1.initiative.drew-first=goblins');
    expectCleanFailure(r);
    expect(r.stderr).toBe(
      '<command line>:1:1  /  --choose r1.initiative.drew-first=goblins: "goblins" is not one of party, bandits, roll\n',
    );
  });
});

// ------------------------------------------------------------------------------- usage errors

describe('usage errors: exit 1, a message on stderr, no stack trace', () => {
  it('unknown option', () => {
    const r = pb('run', OSE, SKIRMISH, '--sed', '3');
    expectCleanFailure(r);
    expect(r.stderr).toBe("<command line>:1:1  /  unknown option '--sed' (Did you mean one of --seed, --set?) (see --help)\n");
  });

  it("a value outside an option's choices: the documented one-line format, not commander's own", () => {
    const r = pb('run', OSE, SKIRMISH, '--format', 'xml');
    expectCleanFailure(r);
    expect(r.stderr).toBe(
      "<command line>:1:1  /  option '--format <format>' argument 'xml' is invalid. Allowed choices are text, json. (see --help)\n",
    );
  });

  it('several bad --roll and --choose pins: every one is reported, malformed ones before any run', () => {
    const malformed = pb('run', OSE, SKIRMISH, '--roll', 'a', '--roll', 'b=x', '--choose', 'c', '--roll', 'r1.elf.shoot.attack=21');
    expectCleanFailure(malformed);
    expect(malformed.stderr).toBe(
      [
        '<command line>:1:1  /  --roll expects LABEL=VALUE, got "a"',
        '<command line>:1:1  /  --choose expects LABEL=VALUE, got "c"',
        '<command line>:1:1  /  --roll b=x: pin for roll "b": "x" is neither a total (e.g. "7") nor a list of dice (e.g. "3,4" or "3+4")',
        '',
      ].join('\n'),
    );
    const impossible = pb(
      'run',
      OSE,
      SKIRMISH,
      ...PHASED,
      '--seed',
      '3',
      '--roll',
      'r1.elf.shoot.attack=21',
      '--roll',
      'r1.initiative.party.d6=9',
      '--choose',
      'r1.initiative.drew-first=goblins',
    );
    expectCleanFailure(impossible);
    const lines = impossible.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines).toContain(
      '<command line>:1:1  /  --choose r1.initiative.drew-first=goblins: "goblins" is not one of party, bandits, roll',
    );
    expect(lines).toContain(
      '<command line>:1:1  /  --roll r1.initiative.party.d6=9: pin for roll "r1.initiative.party.d6" (1d6): total 9 is impossible; allowed 1..6',
    );
    expect(lines).toContain(
      '<command line>:1:1  /  --roll r1.elf.shoot.attack=21: pin for roll "r1.elf.shoot.attack" (1d20): total 21 is impossible; allowed 1..20',
    );
  });

  it('unknown command', () => {
    const r = pb('frobnicate');
    expectCleanFailure(r);
    expect(r.stderr).toContain("unknown command 'frobnicate'");
  });

  it('missing argument', () => {
    const r = pb('run', OSE);
    expectCleanFailure(r);
    expect(r.stderr).toContain("missing required argument 'encounter'");
  });

  it.each([
    ['abc', '--seed expects a whole number, got "abc"'],
    ['1.5', '--seed expects a whole number, got "1.5"'],
    ['-1', '--seed must be between 0 and 4294967295, got -1'],
    ['4294967296', '--seed must be between 0 and 4294967295, got 4294967296'],
    ['', '--seed expects a whole number, got ""'],
  ])('bad --seed %j', (seed, message) => {
    const r = pb('run', OSE, SKIRMISH, `--seed=${seed}`);
    expectCleanFailure(r);
    expect(r.stderr).toBe(`<command line>:1:1  /  ${message}\n`);
  });

  it('the largest --seed is accepted', () => {
    expect(pb('run', OSE, SKIRMISH, '--seed', '4294967295', '--rounds', '1').status).toBe(0);
  });

  it.each([
    [['--rounds', '0'], '<command line>:1:1  /  --rounds must be between 1 and 1000, got 0\n'],
    [['--rounds', 'many'], '<command line>:1:1  /  --rounds expects a whole number, got "many"\n'],
    [['--roll', 'r1.initiative.party.d6'], '<command line>:1:1  /  --roll expects LABEL=VALUE, got "r1.initiative.party.d6"\n'],
    [['--choose', '=x'], '<command line>:1:1  /  --choose expects LABEL=VALUE, got "=x"\n'],
  ])('bad option value %j', (args, expected) => {
    const r = pb('run', OSE, SKIRMISH, ...args);
    expectCleanFailure(r);
    expect(r.stderr).toBe(expected);
  });

  it('bad --format value', () => {
    const r = pb('run', OSE, SKIRMISH, '--format', 'xml');
    expectCleanFailure(r);
    expect(r.stderr).toContain("argument 'xml' is invalid. Allowed choices are text, json.");
  });

  it('a ruleset where an encounter is expected', () => {
    const r = pb('run', OSE, OSE);
    expectCleanFailure(r);
    const text = readFileSync(join(ROOT, OSE), 'utf8');
    const at = text.indexOf('"ruleset"', text.indexOf('"kind"'));
    const before = text.slice(0, at).split('\n');
    expect(r.stderr).toBe(`${OSE}:${before.length}:${before.at(-1)!.length + 1}  /kind  expected encounter, got ruleset\n`);
  });
});

// ------------------------------------------------------------------------------- a house rule that reorders acts

describe('crossbow-speed changes the order of acts in the missile phase', () => {
  /** Acts of round 1's missile phase: [step, combatant, group]. */
  const missileActs = (extra: string[], holder: 'party' | 'bandits') => {
    const r = pb(
      'run',
      OSE,
      SKIRMISH,
      ...PHASED,
      ...extra,
      '--seed',
      '3',
      '--rounds',
      '1',
      '--choose',
      `r1.initiative.drew-first=${holder}`,
      '--format',
      'json',
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    return parseLines(r.stdout)
      .filter((e) => e.type === 'act' && e.round === 1 && e.phase === 'missile' && !e.reaction)
      .map((e) => ({ step: e.step as string, who: e.combatant as string, group: (e.group as string | undefined) ?? `solo-${e.seq}` }));
  };
  const pos = (acts: Array<{ who: string }>, who: string) => {
    const i = acts.findIndex((a) => a.who === who);
    expect(i, `${who} shoots`).toBeGreaterThanOrEqual(0);
    return i;
  };

  it('bandits holding initiative: without the rule their crossbows shoot before the elf; with it, after', () => {
    const off = missileActs([], 'bandits');
    const on = missileActs(['--with', OV('crossbow-speed')], 'bandits');
    // By the phased round alone, the initiative side's missiles all go first, crossbows included.
    expect(pos(off, 'crossbowman-1')).toBeLessThan(pos(off, 'elf'));
    expect(pos(off, 'crossbowman-2')).toBeLessThan(pos(off, 'elf'));
    expect(off.find((a) => a.who === 'crossbowman-1')!.group).toBe(off.find((a) => a.who === 'bowman-1')!.group);
    // With crossbow-speed, bows (bandits, then the elf) first; then the crossbows in their own step.
    expect(pos(on, 'bowman-1')).toBeLessThan(pos(on, 'elf'));
    expect(pos(on, 'crossbowman-1')).toBeGreaterThan(pos(on, 'elf'));
    expect(pos(on, 'crossbowman-2')).toBeGreaterThan(pos(on, 'elf'));
    expect(on.filter((a) => a.who.startsWith('crossbowman')).map((a) => a.step)).toEqual(['crossbows', 'crossbows']);
    expect(off.some((a) => a.step === 'crossbows')).toBe(false);
    // The same shooters, only in another order.
    expect(on.map((a) => a.who).sort()).toEqual(off.map((a) => a.who).sort());
  });

  it('party holding initiative: crossbows no longer shoot together with the bows', () => {
    const off = missileActs([], 'party');
    const on = missileActs(['--with', OV('crossbow-speed')], 'party');
    expect(pos(off, 'elf')).toBe(0);
    expect(pos(on, 'elf')).toBe(0);
    const group = (acts: typeof off, who: string) => acts.find((a) => a.who === who)!.group;
    expect(group(off, 'crossbowman-1')).toBe(group(off, 'bowman-1'));
    expect(group(on, 'crossbowman-1')).not.toBe(group(on, 'bowman-1'));
    expect(pos(on, 'crossbowman-1')).toBeGreaterThan(pos(on, 'bowman-2'));
  });
});

// ------------------------------------------------------------------------------- conventions

describe('"-" for standard input', () => {
  it('run: "-" reads the encounter (or the ruleset) from standard input, with the same trace as the file', () => {
    const expected = pb('run', OSE, SKIRMISH, '--seed', '4', '--format', 'json');
    expect(expected.status).toBe(0);
    const enc = runBinaryWithInput(readFileSync(join(ROOT, SKIRMISH), 'utf8'), 'run', OSE, '-', '--seed', '4', '--format', 'json');
    expect(enc.stderr).toBe('');
    expect(enc.stdout).toBe(expected.stdout);
    const rs = runBinaryWithInput(readFileSync(join(ROOT, OSE), 'utf8'), 'run', '-', SKIRMISH, '--seed', '4', '--format', 'json');
    expect(rs.stdout).toBe(expected.stdout);
  });

  it('validate and resolve: "-" is named <stdin>', () => {
    const v = runBinaryWithInput(readFileSync(join(ROOT, SKIRMISH), 'utf8'), 'validate', '--ruleset', OSE, '-');
    expect(v.status).toBe(0);
    expect(v.stdout).toBe('<stdin>: ok\n');
    const r = runBinaryWithInput(readFileSync(join(ROOT, OSE), 'utf8'), 'resolve', '-', '--with', OV('phased-round'));
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(pb('resolve', OSE, '--with', OV('phased-round')).stdout);
  });

  it('bad input on standard input is located in <stdin>', () => {
    const r = runBinaryWithInput('{\n  "kind": "encounter",\n  "id": 7\n}\n', 'validate', '-');
    expectCleanFailure(r);
    expect(r.stderr).toMatch(/^<stdin>:3:9 {2}\/id {2}/m);
    const empty = runBinaryWithInput('', 'run', OSE, '-');
    expectCleanFailure(empty);
    expect(empty.stderr).toBe('<stdin>:1:1  /  the document is empty\n');
  });

  it('"-" for two documents is refused: standard input holds one', () => {
    const r = runBinaryWithInput('{}', 'run', '-', '-');
    expectCleanFailure(r);
    expect(r.stderr).toBe('<command line>:1:1  /  "-" (standard input) may stand for one document only\n');
  });
});
