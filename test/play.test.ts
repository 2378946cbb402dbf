/**
 * `phasebook play` (issue 11 §3), driven through the real binary: typed answers piped in,
 * undo, save, quit, resume with --load, scripted answers (--answers, JSON Lines), and the
 * documents changed since a save. Also §7: the example of `run --help` uses real labels.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, ROOT, runBinary } from './support/binary.js';

const RULESET = 'rulesets/d20-srd/d20-srd.json';
const ENCOUNTER = 'rulesets/d20-srd/encounters/sample.json';

/** Run the binary with `lines` piped to its stdin. */
function play(args: string[], lines: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    input: lines.map((l) => l + '\n').join(''),
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The question blocks' labels, in the order asked. */
const asked = (out: string) => [...out.matchAll(/ {2}\[([^\]]+)\](?: \(|\n)/g)].map((m) => m[1]);

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'phasebook-play-'));
});

describe('phasebook play', () => {
  it('asks the first side its rolls and declarations, uses typed dice, undoes, saves and quits', () => {
    const save = join(dir, 'fight.json');
    const r = play(['play', RULESET, ENCOUNTER], ['12', '', '3,4', '', '', '', 'undo', '', 'nothing', '2', '3', `save ${save}`, 'quit']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = r.stdout;
    // The first question: the fighter's initiative die, with the encounter's pin as a hint.
    expect(out).toContain('🎲 fighter rolls init d20: 1d20  [init.fighter.d20] (the encounter pins 8)');
    expect(out).toContain('🎲 init.fighter.d20 = 12  (1d20: 12) pinned');
    // A die that the notation cannot show is refused, and asked again.
    expect(out).toContain('! roll "init.archer.d20" (1d20): "3,4" gives 2 dice but the notation rolls 1');
    // Whose turn and the order to come.
    expect(out).toContain('[surprise round · turn of archer · phase delay; next: rogue, fighter+wizard]');
    expect(out).toContain('(undone: null for r0.delay.declare.archer)');
    // The declaration from numbered lists: 2 = shoot, then target 3 = the ogre.
    expect(out).toMatch(
      /✎ archer declares for action {2}\[r0\.action\.declare\.archer\]\n {2}1\. attack {2}\(uses standard\)\n {2}2\. shoot/,
    );
    expect(out).toContain('   shoot which target?\n  1. orc-1  (default)\n  2. orc-2\n  3. ogre');
    expect(out).toContain('archer shoot → ogre');
    expect(out).toContain(`(saved to ${save}: `);
    expect(out).toContain('(stopped without saving)');
    // The tower side is never asked.
    expect(asked(out).some((l) => /orc|ogre/.test(l!))).toBe(false);
    const doc = JSON.parse(readFileSync(save, 'utf8'));
    expect(doc.kind).toBe('session');
    expect(doc.log.slice(-2)).toEqual([
      { label: 'r0.move.declare.archer', answer: null },
      { label: 'r0.action.declare.archer', answer: { action: 'shoot', target: 'ogre' } },
    ]);
  });

  it('resumes a saved session where it stopped, and goes on', () => {
    const save = join(dir, 'resume.json');
    const first = play(['play', RULESET, ENCOUNTER], ['12', '', '', '', '', '', `save ${save}`, 'quit']);
    expect(first.status).toBe(0);
    const lastAsked = asked(first.stdout).at(-1);
    const r = play(['play', '--load', save], ['', '', 'quit']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Resumed .*resume\.json: 6 answers and commands replayed\./);
    expect(r.stdout).toContain('🎲 init.fighter.d20 = 12  (1d20: 12) pinned');
    expect(asked(r.stdout)[0]).toBe(lastAsked);
  });

  it('takes the referee commands: damage, condition, status', () => {
    const r = play(
      ['play', RULESET, ENCOUNTER, '--auto', 'party', '--pause', 'turn'],
      ['damage ogre 10', 'condition ogre shaken 2', 'status', 'flee orc-2', '', 'quit'],
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('⏸ turn of archer starts  [r0.pause.turn.archer]');
    expect(r.stdout).toContain('☛ referee: ogre takes 10 hp (now 60)');
    expect(r.stdout).toContain('☛ referee: ogre: shaken for 2 round(s)');
    // Surprise round (0): two round ends from now is the end of round 1.
    expect(r.stdout).toMatch(/ {2}ogre · init 9 · hp 60,.* · shaken \(until the end of round 1\)/);
    expect(r.stdout).toContain('☛ referee: orc-2 flees');
  });

  it('takes a condition that ends at a combatant turn (typed and as JSON), shows it, ends it there, saves it', () => {
    const answers = join(dir, 'turn-conditions.jsonl');
    const save = join(dir, 'turn-conditions.json');
    const slowed = { op: 'condition', who: 'orc-2', condition: 'slowed', rounds: 2, endsAt: { turnOf: 'archer', when: 'end' } };
    writeFileSync(
      answers,
      [
        '"condition ogre stunned until-turn wizard"',
        '"condition orc-1 dazed until-turn rogue end"',
        JSON.stringify({ intervention: slowed }),
        '"status"',
        '""',
        '""',
        '"status"',
        `"save ${save}"`,
        '"quit"',
      ].join('\n'),
    );
    const r = play(['play', RULESET, ENCOUNTER, '--auto', 'party', '--pause', 'turn', '--answers', answers], []);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toContain("☛ referee: ogre: stunned until wizard's turn");
    expect(out).toContain("☛ referee: orc-1: dazed until the end of rogue's turn");
    expect(out).toContain("☛ referee: orc-2: slowed until the end of archer's 2nd turn from now");
    const [first, second] = out.split('> status\n').slice(1);
    expect(first).toMatch(/ {2}ogre · .* · stunned \(until Wizard 5's turn\)\n/);
    expect(first).toMatch(/ {2}orc-1 · .* · dazed \(until the end of Rogue 5's turn\)\n/);
    // The surprise round: archer, rogue, wizard. The dazed orc recovers when the rogue's turn
    // ends, the ogre when the wizard's starts; the archer's turn has ended once of the two.
    const at = (text: string) => out.indexOf(text);
    expect(at('orc-1: dazed ends')).toBeGreaterThan(at('  Turn of rogue'));
    expect(at('orc-1: dazed ends')).toBeLessThan(at('  Turn of wizard'));
    expect(at('ogre: stunned ends')).toBeGreaterThan(at('  Turn of wizard'));
    expect(at('ogre: stunned ends')).toBeLessThan(at('[r0.pause.turn.wizard]'));
    expect(second).not.toMatch(/stunned|dazed/);
    expect(second).toMatch(/ {2}orc-2 · .* · slowed \(until the end of Ranger 4's turn\)\n/);
    const doc = JSON.parse(readFileSync(save, 'utf8'));
    expect(doc.log[1].intervention).toEqual({
      op: 'condition',
      who: 'orc-1',
      condition: 'dazed',
      endsAt: { turnOf: 'rogue', when: 'end' },
    });
    expect(doc.log[2].intervention).toEqual(slowed);
    const back = play(['play', '--load', save], ['status', 'quit']);
    expect(back.status).toBe(0);
    expect(back.stdout).toMatch(/ {2}orc-2 · .* · slowed \(until the end of Ranger 4's turn\)\n/);
    // A command that does not fit stops scripted play at its line, with the usage.
    writeFileSync(answers, '"condition ogre stunned until-turn wizard soon"\n');
    const bad = play(['play', RULESET, ENCOUNTER, '--auto', 'party', '--pause', 'turn', '--answers', answers], []);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe(
      `${answers}:1:1  /  condition <who> <id> [rounds] [until-turn <whose> [start|end]]  |  condition <who> -<id>\n`,
    );
  });

  it('plays a scripted session from --answers (JSON Lines) and reports a wrong answer at its line', () => {
    const answers = join(dir, 'answers.jsonl');
    writeFileSync(
      answers,
      [
        '"12"',
        '{"label": "init.rogue.d20", "answer": "roll"}',
        '"undo"',
        '{"answer": "5"}',
        '{"label": "init.archer.d20", "answer": "19"}',
        '"quit"',
      ].join('\n'),
    );
    const r = play(['play', RULESET, ENCOUNTER, '--answers', answers], []);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('🎲 init.rogue.d20 = 5  (1d20: 5) pinned');
    expect(r.stdout).toContain('🎲 init.archer.d20 = 19  (1d20: 19) pinned');
    writeFileSync(answers, ['"12"', '{"label": "init.archer.d20", "answer": "3"}'].join('\n'));
    const bad = play(['play', RULESET, ENCOUNTER, '--answers', answers], []);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe(`${answers}:2:1  /  answers init.archer.d20, but the session asks init.rogue.d20\n`);
  });

  it('with every side automatic, prints the same timeline as run', () => {
    const p = play(['play', RULESET, ENCOUNTER, '--auto', 'all', '--seed', '4'], []);
    const r = runBinary('run', RULESET, ENCOUNTER, '--seed', '4');
    expect(p.status).toBe(0);
    expect(p.stdout).toBe(r.stdout);
  });

  it('says which document changed since the save, and goes on with --accept-changes', () => {
    const save = join(dir, 'changed.json');
    const rules = JSON.parse(readFileSync(join(ROOT, RULESET), 'utf8'));
    const changed = join(dir, 'd20-srd.json');
    writeFileSync(changed, JSON.stringify({ ...rules, version: '1.0.1' }, null, 2));
    expect(play(['play', RULESET, ENCOUNTER], ['12', `save ${save}`, 'quit']).status).toBe(0);
    const refused = play(['play', changed, '--load', save], ['quit']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /ruleset d20-srd: its text changed since the save \(version 1\.0\.0 → 1\.0\.1\)\. Run again with --accept-changes/,
    );
    const accepted = play(['play', changed, '--load', save, '--accept-changes'], ['quit']);
    expect(accepted.status).toBe(0);
    expect(accepted.stdout).toContain('🎲 init.fighter.d20 = 12  (1d20: 12) pinned');
  });

  it('says in words why a save cannot be written, and goes on', () => {
    const missing = join(dir, 'no-such-folder', 'fight.json');
    const r = play(['play', RULESET, ENCOUNTER], [`save ${missing}`, `save ${dir}`, '12', 'quit']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`! cannot save to ${missing}: there is no folder ${join(dir, 'no-such-folder')}\n`);
    expect(r.stdout).toContain(`! cannot save to ${dir}: it is a folder\n`);
    // Not the raw error of the temporary file the save writes first.
    expect(r.stdout).not.toMatch(/ENOENT|tmp-\d+/);
    expect(r.stdout).toContain('🎲 init.fighter.d20 = 12  (1d20: 12) pinned');
    // A save that failed leaves nothing beside the place it was to be written.
    const parent = dirname(dir);
    expect(readdirSync(parent).filter((f) => f.startsWith(basename(dir)) && f !== basename(dir))).toEqual([]);
  });

  it('--load of a save whose rules are not next to it (an editor export) says how to give them, and then resumes', () => {
    const save = join(dir, 'from-editor.json');
    expect(play(['play', RULESET, ENCOUNTER], ['12', `save ${save}`, 'quit']).status).toBe(0);
    // The editor's Export names the workspace's paths (d20-srd/d20-srd.json), not the checkout's.
    const doc = JSON.parse(readFileSync(save, 'utf8'));
    doc.ruleset.path = 'd20-srd/d20-srd.json';
    writeFileSync(save, JSON.stringify(doc, null, 2));
    const bad = play(['play', '--load', save], ['quit']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('the file does not exist');
    expect(bad.stderr).toContain(`give them, as in  phasebook play <ruleset> [--with <overlay>…] --load ${save}`);
    const ok = play(['play', RULESET, '--load', save], ['quit']);
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toMatch(/^Resumed .*from-editor\.json: 1 answer or command replayed\./);
  });

  it("prints the resume line the README's walkthrough shows", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const shown = /^\(saved to fight\.json: \d+ answers and commands; resume with: (.*)\)$/m.exec(readme);
    expect(shown, 'the README shows a save').not.toBeNull();
    const save = join(dir, 'readme-save.json');
    const r = play(['play', RULESET, ENCOUNTER], [`save ${save}`, 'quit']);
    expect(r.stdout).toContain(`resume with: ${shown![1]!.replace('fight.json', save)})`);
  });

  it('needs a ruleset and an encounter, or --load', () => {
    const r = play(['play', RULESET], []);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('<command line>:1:1  /  play needs <ruleset> <encounter>, or --load <file>\n');
  });
});

describe('run --help', () => {
  it('gives an example whose labels are real labels of that run', () => {
    const help = runBinary('run', '--help').stdout;
    const example = help.split('\n').find((l) => l.trim().startsWith('phasebook run '))!;
    expect(example).toBeDefined();
    // The help names generic files; the labels are those of the shipped ruleset with the phased-round house rule.
    const files: Record<string, string> = {
      'my-ruleset.json': 'rulesets/ose/ose.json',
      'my-encounter.json': 'rulesets/ose/encounters/skirmish.json',
      'my-house-rule.json': 'rulesets/ose/overlays/phased-round.json',
    };
    const args = example
      .trim()
      .split(/\s+/)
      .slice(1)
      .map((a) => files[a] ?? a);
    expect(args.filter((a) => Object.values(files).includes(a))).toHaveLength(3);
    const labels = args.filter((_, i) => args[i - 1] === '--roll' || args[i - 1] === '--choose').map((a) => a.split('=')[0]);
    expect(labels.length).toBeGreaterThanOrEqual(3);
    const out = runBinary(...args, '--format', 'json');
    expect(out.status).toBe(0);
    const events = out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; label?: string; pinned?: boolean; message?: string });
    for (const label of labels) expect(events.some((e) => e.label === label && e.pinned)).toBe(true);
    expect(events.filter((e) => e.type === 'warning')).toEqual([]);
  });
});
