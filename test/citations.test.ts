/**
 * What ships cites each source text by its title, author and where it is published — never by
 * the names of the team's own reading copies (`000_….txt`, "seed 003", a leading "004 …") or
 * by the numbers of the team's English digest ("digest 004 rule 1", "open question 11"). Those
 * files are not part of Phasebook; a designer reading a ruleset in the editor, `diverge`'s
 * "why:" lines or a pack built from rulesets/ would find references to nothing.
 * Tests may cite the copies (test/samples/* do, by design): they are not shipped.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/binary.js';

/** Ways of pointing at the team's copies or digest instead of at a published source. */
const INTERNAL: Array<[string, RegExp]> = [
  ['a reading copy by file name', /\b00[0-4]_[0-9a-f]{16}\b/],
  ['a source by our number ("seed 003", "of 004")', /(?<![-\w])seeds? 00[0-4]\b|\bof 00[0-4]\b/i],
  [
    'a source by our number at the start of a citation ("004 Kolo…", "000: …", why: 000: …)',
    /"00[0-4](?:[: ]|")|\b(?:why|rule): 00[0-4]\b/,
  ],
  ['the digest', /\bdigest (?:\d|open question)|rules-digest/i],
  ['"the seed" as a source', /\b(?:in|of) the seed\b| \(seed: '| \(seed\)/i],
];

/** Text files of what ships: rule documents, examples, docs, schemas, the editor's sources, the README. */
function shipped(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (name === 'node_modules' || name === 'generated' || name.startsWith('.')) continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(json|md|ts|svelte|mjs|js)$/.test(name) && !/\.test\.ts$/.test(name)) out.push(full);
    }
  };
  for (const d of ['rulesets', 'examples', 'docs', 'schemas', 'editor/src', 'interpreter']) walk(join(ROOT, d));
  out.push(join(ROOT, 'README.md'));
  return out;
}

function findings(text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [what, re] of INTERNAL) if (re.test(line)) out.push(`${i + 1}: ${what}: ${line.trim().slice(0, 120)}`);
  });
  return out;
}

describe('sources are cited as published, not by our reading copies', () => {
  it('the patterns catch what they are for, and pass a published citation', () => {
    expect(findings('"rule": "001_3b57b311672acdee.txt 待機"')).toHaveLength(1);
    expect(findings('"description": "Open question of seed 003: …"')).toHaveLength(1);
    expect(findings('"rule": "004 Ověření iniciativy"')).toHaveLength(1);
    expect(findings('"why": "000: \'jako první\'"')).toHaveLength(1);
    expect(findings("  why: 000: 'jako první se vyhodnocují'")).toHaveLength(1); // diverge's output, as a README shows it
    expect(findings('"rule": "Mage (digest 004 rule 1, open question 11)"')).toHaveLength(1);
    expect(findings('"rule": "002 digest 6"')).toHaveLength(2);
    expect(findings('"rule": "Storyteller system (not in the seed)"')).toHaveLength(1);
    expect(findings('"rule": "Když OSE potká Chainmail, Iniciativa"')).toEqual([]);
    expect(findings('"seed": 3, "rounds": 20')).toEqual([]);
    expect(findings('npx phasebook run a.json b.json --seed 003')).toEqual([]);
  });

  it('every shipped text file is free of them', () => {
    const bad: string[] = [];
    for (const f of shipped()) for (const x of findings(readFileSync(f, 'utf8'))) bad.push(`${relative(ROOT, f)}:${x}`);
    expect(bad).toEqual([]);
  });

  it('every ruleset names its source: title and author', () => {
    const dir = join(ROOT, 'rulesets');
    for (const id of readdirSync(dir)) {
      const path = join(dir, id, `${id}.json`);
      const doc = JSON.parse(readFileSync(path, 'utf8')) as { source?: { title?: string; author?: string } };
      expect(doc.source?.title, path).toBeTruthy();
      expect(doc.source?.author, path).toBeTruthy();
    }
  });
});
