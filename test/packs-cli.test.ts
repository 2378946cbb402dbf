/**
 * The pack commands through the real binary: the example community pack (examples/) is built
 * byte-identically, installed from its zip, shown, run by preset, found as an npm package in
 * node_modules, and compared by preset in simulate.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, ROOT, runBinary } from './support/binary.js';

const EXAMPLE = join(ROOT, 'examples', 'crossroads-pack');
const ZIP = join(ROOT, 'examples', 'crossroads-1.0.0.zip');
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'phasebook-packs-cli-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
beforeAll(() => ensureBuilt(), 200_000);
const inDir = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });

describe('the example community pack', () => {
  it('phasebook pack build gives the committed zip, byte for byte', () => {
    const out = join(tempDir(), 'c.zip');
    const r = runBinary('pack', 'build', EXAMPLE, '-o', out);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^integrity sha512-[A-Za-z0-9+/]{86}==$/m);
    expect(readFileSync(out).equals(readFileSync(ZIP))).toBe(true);
  });

  it('installs from the zip, shows its manifest and presets, and runs a preset as --with does', () => {
    const root = tempDir();
    const install = inDir(root, 'pack', 'install', ZIP);
    expect(install.status, install.stderr).toBe(0);
    expect(install.stdout).toContain('installed example/crossroads 1.0.0');
    const info = inDir(root, 'pack', 'info', 'example/crossroads');
    expect(info.stdout).toContain('Duel at the Crossroads — example/crossroads 1.0.0');
    expect(info.stdout).toContain('licence: CC0-1.0');
    expect(info.stdout).toContain('preset gritty: Gritty: wounds hurt = crossroads + wounds-hurt (encounter ambush)');
    const byPreset = inDir(root, 'run', '--pack', 'example/crossroads', '--preset', 'gritty', '--seed', '7');
    const byFiles = runBinary(
      'run',
      join(EXAMPLE, 'rulesets', 'crossroads.json'),
      join(EXAMPLE, 'encounters', 'ambush.json'),
      '--with',
      join(EXAMPLE, 'overlays', 'wounds-hurt.json'),
      '--seed',
      '7',
    );
    expect(byPreset.status, byPreset.stderr).toBe(0);
    expect(byPreset.stdout).toBe(byFiles.stdout);
    expect(byPreset.stdout).toContain('ruleset crossroads 1.0.0 + wounds-hurt · encounter ambush');
  });

  it('is found as an npm package in node_modules (--pack <npm name>)', () => {
    const root = tempDir();
    cpSync(EXAMPLE, join(root, 'node_modules', 'phasebook-pack-crossroads'), { recursive: true });
    const r = inDir(root, 'run', '--pack', 'phasebook-pack-crossroads', '--preset', 'plain', '--format', 'json');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toContain('"crossroads"');
  });

  it('simulate compares two presets of a pack', () => {
    const r = runBinary(
      'simulate',
      '--pack',
      ZIP,
      '--preset',
      'plain',
      '--vs',
      '--preset gritty',
      '--runs',
      '40',
      '--workers',
      '1',
      '--format',
      'csv',
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('example/crossroads:plain');
    expect(r.stdout).toContain('example/crossroads:gritty');
  });

  it('--preset without --pack, and an unknown preset, are usage errors', () => {
    const a = runBinary('run', '--preset', 'gritty');
    expect(a.status).toBe(1);
    expect(a.stderr).toContain('--preset needs --pack');
    const b = runBinary('run', '--pack', ZIP, '--preset', 'nope');
    expect(b.status).toBe(1);
    expect(b.stderr).toContain('example/crossroads 1.0.0 has no preset "nope" (its presets: plain, gritty)');
  });

  it('pack init writes a manifest listing the documents of a folder, which validates', () => {
    const dir = join(tempDir(), 'p');
    cpSync(EXAMPLE, dir, { recursive: true });
    rmSync(join(dir, 'phasebook-pack.json'));
    const r = runBinary('pack', 'init', dir, '--id', 'me/my-pack');
    expect(r.status, r.stderr).toBe(0);
    const m = JSON.parse(readFileSync(join(dir, 'phasebook-pack.json'), 'utf8')) as { contents: unknown };
    expect(m.contents).toEqual([
      { path: 'encounters/ambush.json', kind: 'encounter' },
      { path: 'overlays/wounds-hurt.json', kind: 'overlay' },
      { path: 'rulesets/crossroads.json', kind: 'ruleset' },
    ]);
    const v = runBinary('pack', 'validate', dir, '--root', tempDir());
    expect(v.status, v.stderr).toBe(0);
    expect(v.stdout).toContain('ok — me/my-pack 0.1.0, 3 document(s), 0 preset(s)');
    expect(runBinary('pack', 'init', dir, '--id', 'me/my-pack').stderr).toContain('already exists');
  });
});

it("README's walkthrough inside the pack folder: init, validate and build with no folder named, build again quietly", () => {
  const dir = join(tempDir(), 'p');
  cpSync(EXAMPLE, dir, { recursive: true });
  rmSync(join(dir, 'phasebook-pack.json'));
  expect(inDir(dir, 'pack', 'init', '--id', 'me/my-pack').status).toBe(0);
  const v = inDir(dir, 'pack', 'validate');
  expect(v.status, v.stderr).toBe(0);
  expect(v.stdout).toContain('.: ok — me/my-pack 0.1.0, 3 document(s)');
  const first = inDir(dir, 'pack', 'build');
  expect(first.status, first.stderr).toBe(0);
  expect(first.stdout).toContain('my-pack-0.1.0.zip: me/my-pack 0.1.0');
  const bytes = readFileSync(join(dir, 'my-pack-0.1.0.zip'));
  // The zip it wrote now sits in the pack folder: skipped without a warning; any other stray file is still named.
  writeFileSync(join(dir, 'notes.bin'), 'x');
  const again = inDir(dir, 'pack', 'build');
  expect(again.status, again.stderr).toBe(0);
  expect(again.stderr).not.toContain('my-pack-0.1.0.zip');
  expect(again.stderr).toMatch(/^notes\.bin:1:1 .*skipped: only JSON documents/m);
  expect(readFileSync(join(dir, 'my-pack-0.1.0.zip')).equals(bytes)).toBe(true); // the old zip is not packed into the new one
});

describe('the shipped systems as packs (README: "The five shipped systems are packs", ids phasebook/ose, …)', () => {
  it('a shipped system runs by its id in a folder with nothing installed, as its folder does', () => {
    const root = tempDir();
    const byId = inDir(root, 'run', '--pack', 'phasebook/ose', '--preset', 'chainmail-article', '--seed', '4');
    const byFolder = inDir(root, 'run', '--pack', join(ROOT, 'rulesets', 'ose'), '--preset', 'chainmail-article', '--seed', '4');
    expect(byId.status, byId.stderr).toBe(0);
    expect(byId.stdout).toBe(byFolder.stdout);
    const info = inDir(root, 'pack', 'info', 'phasebook/d20-srd');
    expect(info.status, info.stderr).toBe(0);
    expect(info.stdout).toContain('phasebook/d20-srd 1.0.0');
    // An id that is neither installed nor shipped is still an error that names it.
    const none = inDir(root, 'run', '--pack', 'phasebook/nope', '--preset', 'x');
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('phasebook/nope');
  });

  it('a pack that depends on a shipped system installs and runs without installing that system', () => {
    const root = tempDir();
    const src = join(root, 'src');
    mkdirSync(join(src, 'overlays'), { recursive: true });
    const doc = (o: unknown) => JSON.stringify(o, null, 2) + '\n';
    writeFileSync(
      join(src, 'phasebook-pack.json'),
      doc({
        kind: 'pack',
        id: 'alice/gritty',
        name: 'Gritty',
        version: '1.0.0',
        compatibility: { language: '^1.0.0' },
        dependencies: { 'phasebook/ose': '^1.0.0' },
        contents: [{ path: 'overlays/gritty.json', kind: 'overlay' }],
        presets: [
          {
            id: 'gritty',
            name: 'Gritty',
            ruleset: 'phasebook/ose:ose',
            overlays: ['phasebook/ose:phased-round', 'gritty'],
            encounter: 'phasebook/ose:skirmish',
          },
        ],
      }),
    );
    writeFileSync(
      join(src, 'overlays', 'gritty.json'),
      doc({
        kind: 'overlay',
        id: 'gritty',
        name: 'Gritty',
        version: '1.0.0',
        extends: 'phasebook/ose@^1:ose',
        requires: ['phasebook/ose:phased-round'],
        changes: [{ op: 'replace', path: '/options/naturalRolls/default', value: false }],
      }),
    );
    const install = inDir(root, 'pack', 'install', src);
    expect(install.status, install.stderr).toBe(0);
    expect(install.stdout).toContain('installed alice/gritty 1.0.0');
    expect(JSON.parse(readFileSync(join(root, 'phasebook-lock.json'), 'utf8')).packs).not.toHaveProperty(['phasebook/ose']);
    const r = inDir(root, 'run', '--pack', 'alice/gritty', '--preset', 'gritty', '--seed', '2');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('+ phased-round + gritty');
  });
});
