/**
 * Saving and loading a session (issue 11 §1 "Save"): the save is valid against
 * schemas/session.schema.json, loading it restores the exact state by replay, and a document
 * changed since the save is named, with a way to go on under the new rules.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, loadSavedSession, saveSessionFile, schemaValidator } from '../interpreter/pipeline.js';
import { readDocumentText } from '../interpreter/read/index.js';
import { DocumentsChanged, loadSession, saveSession, SESSION_SCHEMA_ID } from '../interpreter/session/save.js';
import { Session } from '../interpreter/session/session.js';
import { sha256 } from '../interpreter/session/sha256.js';
import { toJsonLines } from '../interpreter/trace/events.js';
import { ROOT } from './support/cases.js';

const R = (p: string) => join(ROOT, p);
const RULESET = R('rulesets/d20-srd/d20-srd.json');
const ENCOUNTER = R('rulesets/d20-srd/encounters/sample.json');
const party = { roll: { sides: { party: 'ask' as const } }, declaration: { sides: { party: 'ask' as const } } };

function played(): Session {
  const program = loadProgram(RULESET);
  const s = new Session(program, loadEncounter(ENCOUNTER, program), { seed: 7, modes: party });
  s.answer('15');
  s.answer('3');
  s.answer('roll');
  s.intervene({ op: 'damage', who: 'ogre', amount: 4 });
  for (let i = 0; i < 6; i++) s.answerDefault();
  return s;
}

describe('sha256', () => {
  it('agrees with node:crypto', () => {
    for (const t of ['', 'abc', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'héllo ⚡'.repeat(100), readFileSync(RULESET, 'utf8')]) {
      expect(sha256(t)).toBe(createHash('sha256').update(t, 'utf8').digest('hex'));
    }
  });
});

describe('save and load', () => {
  it('writes a document valid against the session schema, naming the rules by id, version and hash', () => {
    const doc = saveSession(played());
    const problems = schemaValidator().validate(readDocumentText('<save>', JSON.stringify(doc)), SESSION_SCHEMA_ID);
    expect(problems).toEqual([]);
    expect(doc.ruleset).toMatchObject({ id: 'd20-srd', sha256: createHash('sha256').update(readFileSync(RULESET)).digest('hex') });
    expect(doc.log[0]).toEqual({ label: 'init.fighter.d20', answer: '15' });
    expect(doc.log.some((e) => 'intervention' in e)).toBe(true);
  });

  it('restores the exact state by replay', () => {
    const s = played();
    const program = loadProgram(RULESET);
    const back = loadSession(JSON.parse(JSON.stringify(saveSession(s))), program, loadEncounter(ENCOUNTER, program));
    expect(back.pending).toEqual(s.pending);
    expect(toJsonLines(back.events)).toBe(toJsonLines(s.events));
    expect(back.snapshot()).toEqual(s.snapshot());
    // And it goes on the same way.
    s.answerDefault();
    back.answerDefault();
    expect(toJsonLines(back.events)).toBe(toJsonLines(s.events));
  });

  it('saves to a file with paths relative to it, and resumes from it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'phasebook-save-'));
    const s = played();
    saveSessionFile(s, join(dir, 'fight.json'));
    const text = readFileSync(join(dir, 'fight.json'), 'utf8');
    expect(JSON.parse(text).ruleset.path).toMatch(/^\.\.\/.*rulesets\/d20-srd\/d20-srd\.json$/);
    const back = loadSavedSession(join(dir, 'fight.json'));
    expect(back.pending).toEqual(s.pending);
    expect(toJsonLines(back.events)).toBe(toJsonLines(s.events));
  });

  it('says which document changed, and goes on under the new rules when asked', () => {
    const dir = mkdtempSync(join(tmpdir(), 'phasebook-save-'));
    const changed = join(dir, 'd20-srd.json');
    const rules = JSON.parse(readFileSync(RULESET, 'utf8'));
    rules.version = '9.9.9';
    writeFileSync(changed, JSON.stringify(rules, null, 2));
    const s = played();
    const save = join(dir, 'fight.json');
    saveSessionFile(s, save);
    expect(() => loadSavedSession(save, { ruleset: changed })).toThrow(DocumentsChanged);
    expect(() => loadSavedSession(save, { ruleset: changed })).toThrow(
      /ruleset d20-srd: its text changed since the save \(version 1\.0\.0 → 9\.9\.9\)/,
    );
    const back = loadSavedSession(save, { ruleset: changed, acceptChanges: true });
    expect(back.pending).toEqual(s.pending);
  });

  it('reports a bad save with its file, position and pointer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'phasebook-save-'));
    const doc = saveSession(played());
    (doc as unknown as { seed: string }).seed = 'x';
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(doc, null, 2));
    try {
      loadSavedSession(join(dir, 'bad.json'));
      expect.unreachable();
    } catch (err) {
      const d = (err as { diagnostics: Array<{ pointer: string; line: number }> }).diagnostics[0]!;
      expect(d.pointer).toBe('/seed');
      expect(d.line).toBeGreaterThan(1);
    }
  });
});
