/**
 * The public library entry (issue 11 §2): `phasebook` (browser-safe: no node: imports anywhere
 * in its module graph) and `phasebook/node`, as package.json exports them; and the README's
 * example program, which embeds Phasebook and asks its user for each roll, run with piped answers.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from './support/binary.js';

/** Every module the entry imports, transitively (relative imports), with its bare imports. */
function graph(entry: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (file: string) => {
    if (out.has(file)) return;
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const bare: string[] = [];
    out.set(file, bare);
    for (const i of info.importedFiles) {
      if (!i.fileName.startsWith('.')) bare.push(i.fileName);
      else {
        const p = resolve(dirname(file), i.fileName).replace(/\.js$/, '.ts');
        if (existsSync(p)) walk(p);
      }
    }
  };
  walk(entry);
  return out;
}

beforeAll(() => ensureBuilt());

describe('the library entry', () => {
  it('package.json exports "." and "./node" with their types', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.exports['.']).toEqual({ types: './dist/interpreter/index.d.ts', default: './dist/interpreter/index.js' });
    expect(pkg.exports['./node']).toEqual({ types: './dist/interpreter/node.d.ts', default: './dist/interpreter/node.js' });
    for (const f of ['index.d.ts', 'index.js', 'node.d.ts', 'node.js']) expect(existsSync(join(ROOT, 'dist/interpreter', f))).toBe(true);
  });

  it('"phasebook" has no node: import anywhere in its module graph (it runs in a browser)', () => {
    const g = graph(join(ROOT, 'interpreter/index.ts'));
    expect(g.size).toBeGreaterThan(20);
    const nodeImports = [...g].flatMap(([f, bare]) => bare.filter((b) => b.startsWith('node:')).map((b) => `${f}: ${b}`));
    expect(nodeImports).toEqual([]);
  });

  it('loads documents from text and objects, runs, simulates and opens a session, through the package name', () => {
    const script = `
      import { readFileSync } from 'node:fs';
      import { createPhasebook, createSchemaValidator, saveSession } from 'phasebook';
      const schemas = ['ruleset', 'encounter', 'trace', 'session'].map((n) => JSON.parse(readFileSync('schemas/' + n + '.schema.json', 'utf8')));
      const pb = createPhasebook(createSchemaValidator(schemas));
      const program = pb.load(readFileSync('rulesets/ose/ose.json', 'utf8'));
      const encounter = pb.loadEncounter(JSON.parse(readFileSync('rulesets/ose/encounters/skirmish.json', 'utf8')), program);
      const run = pb.run(program, encounter, { seed: 2 });
      const sim = pb.simulate(program, encounter, { runs: 20 });
      const s = pb.session(program, encounter, { seed: 2, modes: { roll: { default: 'ask' } } });
      const first = s.pending.label;
      while (s.pending) s.answer('roll');
      const back = pb.restoreSession(saveSession(s), program);
      let bad = '';
      try { pb.load('{"kind": "ruleset"'); } catch (e) { bad = e.diagnostics[0].file + ' ' + e.diagnostics[0].message; }
      console.log(JSON.stringify({ winner: run.winner, same: JSON.stringify(s.events) === JSON.stringify(run.events), runs: sim.runs, first, back: back.done, bad }));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.same).toBe(true);
    expect(out.runs).toBe(20);
    expect(out.first).toMatch(/^r1\.initiative\./);
    expect(out.back).toBe(true);
    expect(out.bad).toMatch(/^<ruleset> /);
  });
});

describe('examples/ask-rolls.mjs (the README example)', () => {
  it('is about 20 lines and asks for each roll, using the dice typed in', () => {
    const file = join(ROOT, 'examples/ask-rolls.mjs');
    expect(readFileSync(file, 'utf8').trim().split('\n').length).toBeLessThanOrEqual(21);
    const args = [file, 'rulesets/d20-srd/d20-srd.json', 'rulesets/d20-srd/encounters/sample.json'];
    const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', input: '12\n25\n9\n', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^fighter rolls init d20 \(1d20\) \[init\.fighter\.d20\]: rogue rolls init d20/);
    expect(r.stdout).toContain('total 25 is impossible; allowed 1..20');
    expect(r.stdout).toContain('🎲 init.fighter.d20 = 12  (1d20: 12) pinned');
    expect(r.stdout).toContain('🎲 init.rogue.d20 = 9  (1d20: 9) pinned');
    expect(r.stdout).toMatch(/Combat over after round \d+/);
  });
});
