/**
 * Bad input through the REAL binary: every case runs `node bin/phasebook.js validate|resolve|run`
 * on a fixture under test/fixtures/bad/ and expects exit code 1, nothing on stdout, no stack
 * trace, and a first stderr line `file:line:col  /json/pointer  message` with the right place.
 *
 * The expected line/column of a pointer is computed from jsonc-parser's syntax tree (the value,
 * or the property name for key problems), independently of the reader under test; syntax errors
 * are placed by searching the fixture text.
 *
 * Most rulesets here are one-line edits of fixtures/bad/mini.json, a small valid ruleset
 * (mini-encounter.json is its encounter).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, ROOT, runBinary, type Result } from './support/binary.js';
import jsonc from 'jsonc-parser';
import { PhasebookError } from '../interpreter/diagnostics.js';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';

const B = 'test/fixtures/bad';
const MINI = `${B}/mini.json`;
const MINI_ENC = `${B}/mini-encounter.json`;

beforeAll(() => {
  ensureBuilt();
}, 200_000);

// ------------------------------------------------------------------------------- helpers

const pb = runBinary;

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

interface Pos {
  line: number;
  col: number;
}

function lineCol(text: string, offset: number): Pos {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length, col: before[before.length - 1]!.length + 1 };
}

/** Position of the value (or its property name) at `pointer`, from jsonc-parser's tree. */
function posOf(file: string, pointer: string, which: 'value' | 'key' = 'value'): Pos {
  const text = read(file);
  const segs =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const node = jsonc.findNodeAtLocation(
    jsonc.parseTree(text)!,
    segs.map((s) => (/^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s)),
  );
  if (!node) throw new Error(`test bug: nothing at ${pointer} in ${file}`);
  const offset = which === 'key' ? node.parent!.children![0]!.offset : node.offset;
  return lineCol(text, offset);
}

/** Position of the n-th occurrence of `needle` in the file, plus `delta` characters. */
function posOfText(file: string, needle: string, delta = 0): Pos {
  const text = read(file);
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`test bug: ${JSON.stringify(needle)} not in ${file}`);
  return lineCol(text, i + delta);
}

const endOf = (file: string): Pos => lineCol(read(file), read(file).length);

interface Diag {
  file: string;
  line: number;
  col: number;
  pointer: string;
  message: string;
}

const DIAG = /^(.+?):(\d+):(\d+) {2}(\/\S*) {2}(.+)$/;

/** Exit 1, nothing on stdout, no stack trace; every stderr line a diagnostic. Returns them. */
function failure(r: Result): Diag[] {
  expect(r.status, `exit code; stderr was:\n${r.stderr}`).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr).not.toMatch(/^ {4}at /m);
  expect(r.stderr).not.toMatch(/internal error|TypeError|RangeError|ReferenceError/);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines.length).toBeGreaterThan(0);
  return lines.map((l) => {
    const m = DIAG.exec(l);
    expect(m, `not a "file:line:col  /pointer  message" line: ${JSON.stringify(l)}`).not.toBeNull();
    return { file: m![1]!, line: Number(m![2]), col: Number(m![3]), pointer: m![4] === '/' ? '' : m![4]!, message: m![5]! };
  });
}

interface Expected {
  file: string;
  pointer: string;
  at: Pos | Pos[];
  message: string | RegExp;
}

function expectDiag(d: Diag | undefined, e: Expected): void {
  expect(d).toBeDefined();
  expect(d!.file).toBe(e.file);
  expect(d!.pointer).toBe(e.pointer);
  const places = Array.isArray(e.at) ? e.at : [e.at];
  expect(places, `${d!.file}:${d!.line}:${d!.col} for ${d!.pointer || '/'}`).toContainEqual({ line: d!.line, col: d!.col });
  if (typeof e.message === 'string') expect(d!.message).toBe(e.message);
  else expect(d!.message).toMatch(e.message);
}

/** Run, expect exactly one diagnostic (unless `more`), and check it. */
function expectOnly(args: string[], e: Expected, more = false): Diag[] {
  const ds = failure(pb(...args));
  if (!more) expect(ds, JSON.stringify(ds)).toHaveLength(1);
  expectDiag(ds[0], e);
  return ds;
}

// ------------------------------------------------------------------------------- the fixtures themselves

describe('fixtures', () => {
  it('mini.json and its encounter are valid and run (so every other case fails for its one defect)', () => {
    const v = pb('validate', MINI, '--ruleset', MINI, MINI_ENC);
    expect(v.stderr).toBe('');
    expect(v.status).toBe(0);
    const r = pb('run', MINI, MINI_ENC);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Combat over after round \d+/);
  });
});

// ------------------------------------------------------------------------------- invalid JSON

describe('invalid JSON', () => {
  it('missing comma: at the token where the comma should be', () => {
    const f = `${B}/syntax-missing-comma.json`;
    expectOnly(['validate', f], { file: f, pointer: '', at: posOfText(f, '"name"'), message: 'expected a comma or closing brace "}"' });
  });

  it('trailing comma: at the comma', () => {
    const f = `${B}/syntax-trailing-comma.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '',
      at: posOfText(f, '"Mini",', 6),
      message: 'trailing comma before "}": JSON does not allow a comma after the last property',
    });
  });

  it('comment: at the comment', () => {
    const f = `${B}/syntax-comment.json`;
    expectOnly(['validate', f], { file: f, pointer: '', at: posOfText(f, '// the id'), message: 'comments are not allowed in JSON' });
  });

  it('truncated file: at the end of the file, pointing at the value that never came', () => {
    const f = `${B}/syntax-truncated-value.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '/combatant/stats/hp',
      at: endOf(f),
      message: 'unexpected end of file: expected a value',
    });
  });

  it('the same through run and resolve', () => {
    const f = `${B}/syntax-comment.json`;
    for (const args of [
      ['run', f, MINI_ENC],
      ['resolve', f],
      ['run', MINI, f],
    ]) {
      expectOnly(args, { file: f, pointer: '', at: posOfText(f, '// the id'), message: 'comments are not allowed in JSON' });
    }
  });
});

// ------------------------------------------------------------------------------- schema

describe('schema violations', () => {
  it('unknown property: at its name, with a suggestion', () => {
    const f = `${B}/schema-unknown-property.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '/limts',
      at: posOf(f, '/limts', 'key'),
      message: 'unknown property "limts"; did you mean "limits"?',
    });
  });

  it('wrong type: at the value', () => {
    const f = `${B}/schema-wrong-type.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '/economy/slots/action',
      at: posOf(f, '/economy/slots/action'),
      message: 'expected an integer, got a string',
    });
  });

  it('missing required property: at the object that lacks it', () => {
    const f = `${B}/schema-missing-required.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '/actions/0',
      at: posOf(f, '/actions/0'),
      message: 'missing required property "phase"',
    });
  });

  it('bad enum value: at the value, with the choices and a suggestion', () => {
    const f = `${B}/schema-bad-enum.json`;
    expectOnly(['run', f, MINI_ENC], {
      file: f,
      pointer: '/initiative/scope',
      at: posOf(f, '/initiative/scope'),
      message: 'expected one of "side", "combatant" or "action", got "sides"; did you mean "side"?',
    });
  });
});

describe('messages that say what is wrong', () => {
  it('a number too large for a double (1e400) is out of range, at the number, each one', () => {
    const f = `${B}/encounter-huge-number.json`;
    const ds = failure(pb('run', MINI, f));
    expect(ds).toHaveLength(2);
    expectDiag(ds[0], {
      file: f,
      pointer: '/sides/0/combatants/0/stats/hp',
      at: posOf(f, '/sides/0/combatants/0/stats/hp'),
      message: /^the number "1e400" is out of range/,
    });
    expectDiag(ds[1], {
      file: f,
      pointer: '/sides/1/combatants/0/stats/hp',
      at: posOf(f, '/sides/1/combatants/0/stats/hp'),
      message: /^the number "-2E\+999" is out of range/,
    });
    expect(ds.map((d) => d.message).join('\n')).not.toMatch(/expected a number/);
  });

  it('replace on a key that does not exist lists the keys there and suggests add', () => {
    const f = `${B}/overlay-replace-missing-key.json`;
    expectOnly(['resolve', MINI, '--with', f], {
      file: f,
      pointer: '/changes/0/path',
      at: posOf(f, '/changes/0/path'),
      message: 'nothing to replace at /economy/slots/move: there is "action"; to create "move", use "op": "add"',
    });
  });
});

// ------------------------------------------------------------------------------- unknown ids

describe('unknown ids', () => {
  it('an overlay path through a step that does not exist: at the path, naming what exists', () => {
    const f = `${B}/overlay-missing-step.json`;
    const e = {
      file: f,
      pointer: '/changes/0/path',
      at: posOf(f, '/changes/0/path'),
      message: 'no "volley" at /round/phases/fight/steps: there is "blows"',
    };
    expectOnly(['resolve', MINI, '--with', f], e);
    expectOnly(['validate', '--ruleset', MINI, f], e);
    expectOnly(['run', MINI, MINI_ENC, '--with', f], e);
  });

  it('a policy line naming a missing action', () => {
    const f = `${B}/policy-missing-action.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '/policy/0/action',
      at: posOf(f, '/policy/0/action'),
      message: /^unknown action "hitt"/,
    });
  });

  it('a step that performs a missing action', () => {
    const f = `${B}/perform-missing-action.json`;
    expectOnly(['run', f, MINI_ENC], {
      file: f,
      pointer: '/round/phases/0/steps/0/perform',
      at: posOf(f, '/round/phases/0/steps/0/perform'),
      message: /^unknown action "kick"/,
    });
  });

  it('an unknown stat in an expression: at the var path', () => {
    const f = `${B}/unknown-stat-root.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '/policy/0/when/var',
      at: posOf(f, '/policy/0/when/var'),
      message:
        'unknown stat "strength" in "actor.strength"; stats are hp; built-in: ' +
        'id, name, side, tags, plan, done, doneLastRound, initiativeAtRoundStart, conditions, moved, engaged, engagedAtRoundStart, initiative, position, card, cards, acted, actsThisTurn, usedThisTurn',
    });
  });

  // Issue 14: three mistakes that used to validate and then read as 0.
  it('a misspelt stat in a sort key: at the stat, with a suggestion', () => {
    const f = `${B}/name-sort-key-stat.json`;
    const ptr = '/orderings/by-edge/keys/0/stat';
    expectOnly(['validate', f], {
      file: f,
      pointer: ptr,
      at: posOf(f, ptr),
      message: 'unknown stat "egde" in a sort key; did you mean "edge"?',
    });
  });

  it('a misspelt field in the initiative formula: at the var path, with a suggestion', () => {
    const f = `${B}/name-initiative-var.json`;
    const ptr = '/initiative/formula/+/1/var';
    expectOnly(['validate', f], {
      file: f,
      pointer: ptr,
      at: posOf(f, ptr),
      message: 'unknown stat "reactoin" in "actor.reactoin"; did you mean "reaction"?',
    });
  });

  it('a derived value that reads another combatant: at the var path', () => {
    const f = `${B}/name-derived-reads-other.json`;
    const ptr = '/combatant/derived/outnumbered/expr/>/0/var';
    expectOnly(['validate', f], {
      file: f,
      pointer: ptr,
      at: posOf(f, ptr),
      message:
        'derived value "outnumbered" reads "target.hp", but a derived value sees only its own combatant (actor, options, sides, round): ' +
        '"target" is null there and counts as 0; did you mean "actor.hp"?',
    });
  });

  it('an unknown option in an expression: at the var path', () => {
    const f = `${B}/unknown-option.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '/policy/0/when/var',
      at: posOf(f, '/policy/0/when/var'),
      message: 'unknown option "fastCombat"; options are (none)',
    });
  });

  it('an encounter with a stat the ruleset does not have', () => {
    const f = `${B}/encounter-unknown-stat.json`;
    const ptr = '/sides/0/combatants/0/stats/strength';
    const e = {
      file: f,
      pointer: ptr,
      at: [posOf(f, ptr), posOf(f, ptr, 'key')],
      message: 'unknown stat "strength" for ruleset "mini"; its stats are hp',
    };
    expectOnly(['run', MINI, f], e);
    expectOnly(['validate', '--ruleset', MINI, f], e);
  });

  it('an encounter written for another ruleset: one line at its "ruleset" field, and stop', () => {
    const f = 'rulesets/ose/encounters/skirmish.json';
    const message = 'this encounter is written for ruleset "ose", not "d20-srd": run it with the ruleset it names';
    for (const args of [
      ['run', 'rulesets/d20-srd/d20-srd.json', f],
      ['validate', '--ruleset', 'rulesets/d20-srd/d20-srd.json', f],
    ]) {
      expectOnly(args, { file: f, pointer: '/ruleset', at: posOf(f, '/ruleset'), message });
    }
  });

  it('an encounter whose script names an action the ruleset does not have', () => {
    const f = `${B}/encounter-unknown-action.json`;
    expectOnly(['run', MINI, f], {
      file: f,
      pointer: '/script/1/action',
      at: posOf(f, '/script/1/action'),
      message: 'unknown action "kick" in ruleset "mini"; its actions are hit',
    });
  });
});

// ------------------------------------------------------------------------------- prototype keys

describe('__proto__, constructor and prototype are refused anywhere', () => {
  it('__proto__ as a key of a ruleset: at the key', () => {
    const f = `${B}/proto-key.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '/combatant/tags/__proto__',
      at: posOf(f, '/combatant/tags/__proto__', 'key'),
      message: /^the key "__proto__" is not allowed/,
    });
  });

  it('constructor as a key of a ruleset: at the key', () => {
    const f = `${B}/constructor-key.json`;
    expectOnly(['run', f, MINI_ENC], {
      file: f,
      pointer: '/economy/slots/constructor',
      at: posOf(f, '/economy/slots/constructor', 'key'),
      message: /^the key "constructor" is not allowed/,
    });
  });

  it('prototype as a stat of an encounter: at the key', () => {
    const f = `${B}/prototype-key.json`;
    const ptr = '/sides/1/combatants/0/stats/prototype';
    expectOnly(['run', MINI, f], { file: f, pointer: ptr, at: posOf(f, ptr, 'key'), message: /^the key "prototype" is not allowed/ });
  });

  it('__proto__ as a segment of an overlay path: at the path, and nothing resolved', () => {
    const f = `${B}/overlay-proto-path.json`;
    const message = /^the path segment "__proto__" is not allowed/;
    expectOnly(['resolve', MINI, '--with', f], { file: f, pointer: '/changes/0/path', at: posOf(f, '/changes/0/path'), message });
    expectOnly(['run', MINI, MINI_ENC, '--with', f], { file: f, pointer: '/changes/0/path', at: posOf(f, '/changes/0/path'), message });
  });

  it('constructor and prototype as segments of overlay paths: each at its path', () => {
    const f = `${B}/overlay-constructor-path.json`;
    const ds = failure(pb('resolve', MINI, '--with', f));
    expect(ds).toHaveLength(2);
    expectDiag(ds[0], {
      file: f,
      pointer: '/changes/1/path',
      at: posOf(f, '/changes/1/path'),
      message: /^the path segment "constructor" is not allowed/,
    });
    expectDiag(ds[1], {
      file: f,
      pointer: '/changes/2/path',
      at: posOf(f, '/changes/2/path'),
      message: /^the path segment "prototype" is not allowed/,
    });
  });

  it('__proto__ inside an expression var path: at the path', () => {
    const f = `${B}/proto-var-path.json`;
    expectOnly(['validate', f], { file: f, pointer: '/policy/0/when/var', at: posOf(f, '/policy/0/when/var'), message: /"__proto__"/ });
  });
});

// ------------------------------------------------------------------------------- limits

describe('limits', () => {
  it('a document larger than 1 MiB is refused before parsing, at 1:1, with its size', () => {
    const dir = mkdtempSync(join(tmpdir(), 'phasebook-big-'));
    try {
      const big = join(dir, 'big.json');
      // Valid JSON (mini.json with a long description), just too big.
      const text = read(MINI).replace('"name": "Mini",', `"name": "Mini",\n  "description": "${'x'.repeat(1_100_000)}",`);
      writeFileSync(big, text);
      const size = Buffer.byteLength(text);
      const message = `the document is ${size.toLocaleString('en-US')} bytes (${+(size / 1048576).toFixed(2)} MiB), more than the limit of 1,048,576 bytes (1 MiB)`;
      expectOnly(['validate', big], { file: big, pointer: '', at: { line: 1, col: 1 }, message });
      expectOnly(['run', big, MINI_ENC], { file: big, pointer: '', at: { line: 1, col: 1 }, message });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a reaction that keeps setting itself off stops with an error at the trigger (the depth limit bounds the work)', () => {
    const f = `${B}/reaction-loop.json`;
    // Statically the ruleset is fine; only running it loops.
    expect(pb('validate', f).status).toBe(0);
    const r = pb('run', f, `${B}/loop-encounter.json`);
    const ds = failure(r);
    expect(ds).toHaveLength(1);
    expectDiag(ds[0], {
      file: f,
      pointer: '/triggers/0',
      at: posOf(f, '/triggers/0'),
      message: 'reactions nested deeper than 8 (limits.reactionDepth): trigger "retaliate" keeps setting itself off',
    });
  });
});

// ------------------------------------------------------------------------------- overlays

describe('overlay stacks', () => {
  it('an overlay that removes every phase is reported, not a crash', () => {
    const f = `${B}/overlay-remove-all-phases.json`;
    const ds = failure(pb('resolve', MINI, '--with', f));
    const d = ds.find((x) => x.message.startsWith('a round needs at least one phase'));
    expect(d, JSON.stringify(ds)).toBeDefined();
    // Either where the phases were (the base) or the overlay's change that removed the last one.
    if (d!.file === MINI)
      expectDiag(d, { file: MINI, pointer: '/round/phases', at: posOf(MINI, '/round/phases'), message: /did an overlay remove them all/ });
    else expectDiag(d, { file: f, pointer: '/changes/0', at: posOf(f, '/changes/0'), message: /at least one phase/ });
  });

  it('two overlays changing the same thing without requires: a conflict naming both', () => {
    const a = `${B}/conflict-a.json`;
    const b = `${B}/conflict-b.json`;
    const [d] = expectOnly(['resolve', MINI, '--with', a, '--with', b], {
      file: b,
      pointer: '/changes/0/path',
      at: posOf(b, '/changes/0/path'),
      message:
        /^conflict: overlay "blows-by-side" \(test\/fixtures\/bad\/conflict-a\.json\) also changes \/round\/phases\/fight\/steps\/blows\/order \(replace\); list it under "requires"/,
    });
    expect(d!.file).toBe(b);
    // In the other order the other one is blamed.
    expectOnly(['run', MINI, MINI_ENC, '--with', b, '--with', a], {
      file: a,
      pointer: '/changes/0/path',
      at: posOf(a, '/changes/0/path'),
      message: /^conflict: overlay "blows-in-listing-order" \(test\/fixtures\/bad\/conflict-b\.json\)/,
    });
  });

  it('found by the fuzzer: a value nested too deep only once in place is the overlay\'s, not "<resolved>"', () => {
    const f = `${B}/overlay-deep-in-place.json`;
    const ds = failure(pb('resolve', MINI, '--with', f));
    expect(ds).toHaveLength(1);
    expect(ds[0]!.pointer.startsWith('/changes/0/value/!/0')).toBe(true);
    expectDiag(ds[0], {
      file: f,
      pointer: ds[0]!.pointer,
      at: posOf(f, ds[0]!.pointer),
      message: /^the document is nested too deeply: more than 64 levels .*\(after overlays\)$/,
    });
  });

  it('an overlay that extends another ruleset: at /extends', () => {
    const f = `${B}/overlay-wrong-ruleset.json`;
    expectOnly(['resolve', MINI, '--with', f], {
      file: f,
      pointer: '/extends',
      at: posOf(f, '/extends'),
      message: 'this overlay extends "dnd5e", but the ruleset is "mini"',
    });
  });
});

// ------------------------------------------------------------------------------- found by these tests, fixed since

describe('places inside expressions', () => {
  it('an unknown stat nested in an expression: at the var itself, not its parent', () => {
    const f = `${B}/unknown-stat.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '/combatant/out/<=/0/var',
      at: posOf(f, '/combatant/out/<=/0/var'),
      message: /unknown stat "hpp"/,
    });
  });

  it('an unknown tag: at the tag string', () => {
    const f = `${B}/unknown-tag.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '/policy/0/when/in/0',
      at: posOf(f, '/policy/0/when/in/0'),
      message: /unknown tag "brutish"/,
    });
  });

  it('an unknown operator: at the operator, with a suggestion', () => {
    const f = `${B}/unknown-operator.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '/policy/0/when/frobnicate',
      at: [posOf(f, '/policy/0/when/frobnicate'), posOf(f, '/policy/0/when/frobnicate', 'key')],
      message: /unknown operator "frobnicate"/,
    });
  });

  it('an expression nested too deep: at the level that is too deep', () => {
    const f = `${B}/expression-too-deep.json`;
    const ds = failure(pb('validate', f));
    expect(ds).toHaveLength(1);
    expect(ds[0]!.pointer.startsWith('/policy/0/when/!')).toBe(true);
    expectDiag(ds[0], { file: f, pointer: ds[0]!.pointer, at: posOf(f, ds[0]!.pointer), message: /nested/ });
  });

  it('forbidden segments in var paths: at the var, named as forbidden (not as unknown stats)', () => {
    for (const [name, ptr, seg] of [
      ['forbidden-var-nested', '/policy/0/when/and/1/var', 'prototype'],
      ['forbidden-var-root', '/policy/0/when/var', 'constructor'],
    ] as const) {
      const f = `${B}/${name}.json`;
      expectOnly(['validate', f], { file: f, pointer: ptr, at: posOf(f, ptr), message: new RegExp(`uses "${seg}", which is not allowed`) });
    }
  });

  it('a document without "kind": at the root', () => {
    const f = `${B}/missing-kind.json`;
    expectOnly(['validate', f], { file: f, pointer: '', at: { line: 1, col: 1 }, message: /every document needs "kind"/ });
  });
});

describe('dice notation is checked when the documents are loaded', () => {
  const RS = `${B}/mini-dice.json`;
  it('mini-dice.json and its encounter are valid and run (rolling a stat, a local and a built notation)', () => {
    const r = pb('run', RS, `${B}/mini-dice-encounter.json`, '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('"label":"r1.a.hit.damage"');
    expect(r.stdout).toContain('"expr":"2d2"');
  });

  it('an encounter stat rolled as dice ("max", "NaNd10", "0d10", "1000003d10", "1e+308d10"): each at its value, before any combat', () => {
    const f = `${B}/dice-encounter.json`;
    for (const cmd of [
      ['run', RS, f],
      ['validate', '--ruleset', RS, f],
    ]) {
      const ds = failure(pb(...cmd));
      const why = [
        /"max": unexpected "m"/,
        /"NaNd10": unexpected "N"/,
        /"0d10": a dice term needs at least one die/,
        /"1000003d10": dice count 1000003 is larger than 1000/,
        /"1e\+308d10": unexpected "e"/,
      ];
      const ptrs = [
        '/sides/0/combatants/0',
        '/sides/0/combatants/1',
        '/sides/0/combatants/2',
        '/sides/1/combatants/0',
        '/sides/1/combatants/1',
      ].map((p) => `${p}/stats/damage`);
      expect(ds, JSON.stringify(ds)).toHaveLength(5);
      ds.forEach((d, i) => {
        expectDiag(d, {
          file: f,
          pointer: ptrs[i]!,
          at: posOf(f, ptrs[i]!),
          message: /^stat "damage" is rolled as dice by ruleset "mini-dice", so it must be dice notation: invalid dice notation /,
        });
        expect(d.message).toMatch(why[i]!);
      });
    }
  });

  it('a ruleset default of a stat rolled as dice: at the default, naming where it is rolled', () => {
    const f = `${B}/dice-bad-default.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '/combatant/stats/damage/default',
      at: posOf(f, '/combatant/stats/damage/default'),
      message:
        /^stat "damage" is rolled as dice \(at \/procedures\/wound\/0\/dice\), so its default must be dice notation: invalid dice notation "1d6x"/,
    });
  });

  it('a literal notation given to a procedure: at the literal, naming where it is rolled', () => {
    const f = `${B}/dice-bad-literal.json`;
    expectOnly(['validate', f], {
      file: f,
      pointer: '/actions/0/effects/0/with/dmg',
      at: posOf(f, '/actions/0/effects/0/with/dmg'),
      message: /^invalid dice notation "2x6": .*\(it is rolled at \/procedures\/wound\/0\/dice\)$/,
    });
  });

  it('a notation built at run time that is invalid: at the expression that built it, with the roll label, never <command line>', () => {
    const r = pb('run', RS, `${B}/dice-pool-encounter.json`);
    expectOnly(['run', RS, `${B}/dice-pool-encounter.json`], {
      file: RS,
      pointer: '/actions/0/effects/1/dice',
      at: posOf(RS, '/actions/0/effects/1/dice'),
      message: /^roll "r1\.a\.hit\.pool": invalid dice notation "0d2": a dice term needs at least one die/,
    });
    expect(r.stderr).not.toContain('<command line>');
  });
});

describe('pinned dice of an encounter', () => {
  it('found by the fuzzer: a pin that is neither a total nor dice is refused at load, at the pin, each one', () => {
    const f = `${B}/encounter-bad-pins.json`;
    const ds = failure(pb('run', MINI, f));
    expect(ds).toHaveLength(2);
    expectDiag(ds[0], {
      file: f,
      pointer: '/dice/roll',
      at: posOf(f, '/dice/roll'),
      message: /^pin for roll "roll": "-9007199254740992" is neither a total/,
    });
    expectDiag(ds[1], {
      file: f,
      pointer: '/dice/op',
      at: posOf(f, '/dice/op'),
      message: /^pin for roll "op": "three" is neither a total/,
    });
  });
});

describe('more found by the fuzzer', () => {
  it('an ordering named "constructor" is unknown (it found Object\'s constructor and crashed the run)', () => {
    const f = `${B}/ordering-constructor.json`;
    const ptr = '/round/phases/0/steps/0/order';
    expectOnly(['run', f, MINI_ENC], {
      file: f,
      pointer: ptr,
      at: posOf(f, ptr),
      message: /^unknown ordering "constructor"; presets are /,
    });
  });

  it('a roll whose dice expression gives an object: at the expression, with the label, not "[object Object]"', () => {
    const f = `${B}/dice-object.json`;
    const ptr = '/procedures/wound/0/dice';
    const [d] = expectOnly(['run', f, `${B}/dice-object-encounter.json`], {
      file: f,
      pointer: ptr,
      at: posOf(f, ptr),
      message: /^roll "r1\.\w+\.hit\.damage": the dice notation must be a string such as "1d20", got \{"dmg":"1d2"\}$/,
    });
    expect(d!.message).not.toContain('[object Object]');
  });
});

describe('pinned dice of an encounter that the dice cannot show', () => {
  const f = `${B}/encounter-impossible-pin.json`;
  const e = {
    file: f,
    pointer: '/dice/r1.initiative.red.d6',
    at: posOf(f, '/dice/r1.initiative.red.d6'),
    message: /total 999999 is impossible; allowed 1\.\.6/,
  };
  it('through the binary: at the pin', () => {
    expectOnly(['run', MINI, f], e);
  });
  it('found by the fuzzer: through the library too, a located PhasebookError, not a bare DiceError', () => {
    const program = loadProgram(join(ROOT, MINI));
    const encounter = loadEncounter(f, program, read(f));
    let caught: unknown;
    try {
      run(program, encounter, { seed: 1 });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(PhasebookError);
    const [d] = (caught as PhasebookError).diagnostics;
    expect({ ...d, message: '' }).toEqual({ file: f, ...e.at, pointer: e.pointer, message: '', severity: 'error' });
    expect(d!.message).toMatch(e.message);
  });
});

describe('a roll of the whole expression data', () => {
  it('found by the fuzzer: {"var": ""} as dice (the whole data, circular in some rulesets) is described briefly, not a TypeError', () => {
    const f = `${B}/dice-whole-data.json`;
    const ptr = '/procedures/wound/0/dice';
    expectOnly(['run', f, `${B}/dice-object-encounter.json`], {
      file: f,
      pointer: ptr,
      at: posOf(f, ptr),
      message: /^roll "r1\.\w+\.hit\.damage": the dice notation must be a string such as "1d20", got (an object|\{.{1,80}…?)$/,
    });
  });
});

describe('pinned decisions of an encounter', () => {
  it("found by the fuzzer: a decision the encounter pins to an option not offered is the encounter's, at the pin", () => {
    const f = `${B}/encounter-bad-decision.json`;
    const ptr = '/decisions/r1.wizard.delay-after';
    expectOnly(['run', 'rulesets/d20-srd/d20-srd.json', f], {
      file: f,
      pointer: ptr,
      at: posOf(f, ptr),
      message: 'decision "r1.wizard.delay-after" is pinned to "dragon", which is not one of end, fighter, orc-2, ogre',
    });
  });
});

describe('pinned dice the dice cannot show', () => {
  it('a --roll total out of range for an effect roll: on the command line, naming the label', () => {
    expectOnly(
      ['run', 'rulesets/ose/ose.json', 'rulesets/ose/encounters/skirmish.json', '--seed', '3', '--roll', 'r1.elf.shoot.attack=21'],
      {
        file: '<command line>',
        pointer: '',
        at: { line: 1, col: 1 },
        message: /--roll r1\.elf\.shoot\.attack=21: .*total 21 is impossible; allowed 1\.\.20/,
      },
    );
  });

  it('a --roll total out of range for a roll inside an expression: on the command line too', () => {
    expectOnly(['run', MINI, MINI_ENC, '--roll', 'r1.initiative.red.d6=13'], {
      file: '<command line>',
      pointer: '',
      at: { line: 1, col: 1 },
      message: /total 13 is impossible; allowed 1\.\.6/,
    });
  });
});

describe('loops through acts', () => {
  it('a trigger on act whose reaction sets itself off again stops at the reaction depth limit', () => {
    const f = `${B}/reaction-loop-act.json`;
    const r = pb('run', f, `${B}/loop-encounter.json`);
    const ds = failure(r);
    expectDiag(ds[0], { file: f, pointer: '/triggers/0', at: posOf(f, '/triggers/0'), message: /reactions nested deeper than 8/ });
  });
});
