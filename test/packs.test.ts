/**
 * Rule packs in memory: zip and folder readers, integrity, references across packs (two packs
 * with the same short id never collide), presets, and install → list → remove with the lock.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { PhasebookError } from '../interpreter/diagnostics.js';
import { readZip } from '../interpreter/pack/zip.js';
import { loadPack } from '../interpreter/pack/load.js';
import { dependencyOrder, mergePacks } from '../interpreter/pack/graph.js';
import { buildStack } from '../interpreter/pack/stack.js';
import { checkPack } from '../interpreter/pack/check.js';
import { parseRef } from '../interpreter/pack/refs.js';
import { readFolder } from '../interpreter/pack/node/folder.js';
import { install, installedPacks, integrity, nodeContext, readLock, remove } from '../interpreter/pack/node/store.js';
import { packStack } from '../interpreter/pack/node/use.js';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { DEFAULT_PACK_LIMITS } from '../interpreter/pack/limits.js';

const ROOT = join(import.meta.dirname, '..');
const OSE = join(ROOT, 'rulesets', 'ose');
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'phasebook-packs-unit-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const json = (v: unknown) => strToU8(JSON.stringify(v, null, 2));
const diagnostics = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(PhasebookError);
    return (err as PhasebookError).diagnostics;
  }
  throw new Error('expected a PhasebookError');
};

/** A pack that extends phasebook/ose with one overlay named `gritty`. */
function grittyPack(id: string, change: unknown): Zippable {
  return {
    'phasebook-pack.json': json({
      kind: 'pack',
      id,
      name: id,
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
    'overlays/gritty.json': json({
      kind: 'overlay',
      id: 'gritty',
      name: 'Gritty',
      version: '1.0.0',
      extends: 'phasebook/ose@^1:ose',
      requires: ['phasebook/ose:phased-round'],
      changes: [change],
    }),
    'README.md': strToU8('# Gritty\n'),
    'art/cover.png': new Uint8Array([137, 80, 78, 71]),
  };
}

describe('reading a pack', () => {
  it('a zip and a folder of the same pack give the same files and the same integrity', () => {
    const folder = loadPack(readFolder(OSE), nodeContext());
    const entries: Zippable = {};
    for (const f of folder.files) entries[f.path] = f.bytes;
    const zipped = loadPack(readZip(zipSync(entries), 'ose.zip'), nodeContext());
    expect(zipped.files.map((f) => f.path).sort()).toEqual(folder.files.map((f) => f.path).sort());
    expect(integrity(zipped.files)).toBe(integrity(folder.files));
    expect(integrity(folder.files)).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
  });

  it('lists and skips what is neither a document nor text, and keeps the readme', () => {
    const p = loadPack(
      readZip(zipSync(grittyPack('alice/gritty', { op: 'replace', path: '/options/naturalRolls/default', value: false })), 'g.zip'),
      nodeContext(),
    );
    expect(p.warnings.map((w) => `${w.file}: ${w.message}`)).toEqual([
      'g.zip!art/cover.png: skipped: only JSON documents and text files (readme, licence, changelog) are taken',
    ]);
    expect([...p.texts.keys()]).toEqual(['README.md']);
    expect(p.files.map((f) => f.path)).not.toContain('art/cover.png');
  });

  it('refuses absolute paths, backslashes and deep paths in a zip', () => {
    for (const [name, msg] of [
      ['/etc/x.json', 'an absolute path'],
      ['a\\..\\x.json', 'a backslash'],
      ['C:/x.json', 'an absolute path'],
      ['a/b/c/d/e/f/g/h/i.json', '9 folders deep'],
    ] as const) {
      const d = diagnostics(() => readZip(zipSync({ [name]: strToU8('{}') }), 'p.zip'));
      expect(d[0]!.message).toContain(msg);
    }
  });

  it('refuses a zip whose data does not match its declared size (a lying header)', () => {
    const bytes = zipSync({ 'phasebook-pack.json': strToU8('{"kind":"pack"}') }, { level: 0 });
    // Patch the central directory's uncompressed size (offset 24 of the entry) to a smaller number.
    const cd = bytes.length - 22 - (46 + 'phasebook-pack.json'.length);
    bytes[cd + 24] = 3;
    const d = diagnostics(() => readZip(bytes, 'liar.zip'));
    expect(d[0]!.message).toMatch(/does not match the size or CRC-32/);
  });

  it('checks the total size on the declared sizes, before inflating', () => {
    const limits = { ...DEFAULT_PACK_LIMITS, maxTotalBytes: 1000 };
    const d = diagnostics(() => readZip(zipSync({ 'a.json': new Uint8Array(600), 'b.json': new Uint8Array(600) }), 'big.zip', limits));
    expect(d[0]!.file).toBe('big.zip!b.json');
    expect(d[0]!.message).toMatch(/more than 1000 bytes uncompressed in all/);
  });
});

describe('references and presets', () => {
  it('parses pack-id:doc-id with an optional range', () => {
    expect(parseRef('ose')).toEqual({ id: 'ose' });
    expect(parseRef('phasebook/ose:phased-round')).toEqual({ pack: 'phasebook/ose', id: 'phased-round' });
    expect(parseRef('phasebook/ose@^1.2:ose')).toEqual({ pack: 'phasebook/ose', range: '^1.2', id: 'ose' });
    expect(parseRef('phasebook/ose@not-a-range:ose')).toBeNull();
    expect(parseRef('Ose')).toBeNull();
  });

  it('two packs with an overlay of the same short id never collide in one stack', () => {
    const ctx = nodeContext();
    const ose = loadPack(readFolder(OSE), ctx);
    const alice = loadPack(
      readZip(zipSync(grittyPack('alice/gritty', { op: 'replace', path: '/options/naturalRolls/default', value: false })), 'alice.zip'),
      ctx,
    );
    const bob = loadPack(
      readZip(zipSync(grittyPack('bob/gritty', { op: 'replace', path: '/description', value: 'Bob was here.' })), 'bob.zip'),
      ctx,
    );
    const set = mergePacks([ose, alice, bob]);
    expect(dependencyOrder(set).map((p) => p.manifest.id)).toEqual(['phasebook/ose', 'alice/gritty', 'bob/gritty']);
    expect(checkPack(set, alice, ctx.core)).toEqual([]);
    // A stack made from alice's pack that also takes bob's overlay by its qualified reference.
    (alice.manifest.dependencies as Record<string, string>)['bob/gritty'] = '^1.0.0';
    const where = () => ({ doc: alice.manifestDoc, pointer: '' });
    const s = buildStack(
      set,
      alice,
      { ruleset: 'phasebook/ose:ose', overlays: ['phasebook/ose:phased-round', 'gritty', 'bob/gritty:gritty'] },
      where,
    );
    expect(s.keys).toEqual(['phasebook/ose:ose', 'phasebook/ose:phased-round', 'alice/gritty:gritty', 'bob/gritty:gritty']);
    expect(s.overlays.map((o) => (o.value as { id: string }).id)).toEqual(['phased-round', 'gritty', 'gritty-gritty']);
    const program = ctx.core.program(s.ruleset, s.overlays);
    expect(program.resolved.ruleset.options?.naturalRolls?.default).toBe(false);
    expect(program.resolved.ruleset.description).toBe('Bob was here.');
    // Messages still point into each pack's own file.
    expect(s.overlays[2]!.file).toBe('bob.zip!overlays/gritty.json');
  });

  it('a reference outside the dependencies, or outside its range, is one located error', () => {
    const ctx = nodeContext();
    const ose = loadPack(readFolder(OSE), ctx);
    const pack = grittyPack('carol/gritty', { op: 'replace', path: '/options/naturalRolls/default', value: false });
    pack['overlays/gritty.json'] = json({
      kind: 'overlay',
      id: 'gritty',
      name: 'G',
      version: '1.0.0',
      extends: 'phasebook/ose@^2:ose',
      changes: [],
    });
    const carol = loadPack(readZip(zipSync(pack), 'carol.zip'), ctx);
    const errors = checkPack(mergePacks([ose, carol]), carol, ctx.core);
    expect(errors.map((e) => `${e.file}:${e.line}:${e.col} ${e.pointer} ${e.message}`)).toEqual([
      'carol.zip!overlays/gritty.json:6:14 /extends "phasebook/ose@^2:ose" asks for phasebook/ose ^2, but phasebook/ose 1.0.0 is installed',
    ]);
    pack['overlays/gritty.json'] = json({
      kind: 'overlay',
      id: 'gritty',
      name: 'G',
      version: '1.0.0',
      extends: 'someone/else:ose',
      changes: [],
    });
    const dave = loadPack(readZip(zipSync(pack), 'dave.zip'), ctx);
    expect(checkPack(mergePacks([ose, dave]), dave, ctx.core).map((e) => e.message)).toEqual([
      'someone/else is not among the dependencies of carol/gritty 1.0.0',
    ]);
  });

  it('the OSE preset "Chainmail phased round, as in the article" is the seven-overlay stack, run identically to --with', () => {
    // Seed 000 ("Střelba do kouzlících postav"): a caster hit in the missile phase keeps the spell —
    // only with caster-disruption, which the preset includes and phased-round alone does not.
    const overlays = ['phased-round', 'crossbow-speed', 'two-handed-last', 'charges-first', 'lurking', 'withdrawal', 'caster-disruption'];
    const s = packStack({ pack: OSE, preset: 'chainmail-article' }, {}, tempDir());
    expect(s.keys).toEqual(['phasebook/ose:ose', ...overlays.map((o) => `phasebook/ose:${o}`)]);
    const fromPack = nodeContext().core.program(s.ruleset, s.overlays);
    const byHand = loadProgram(
      join(OSE, 'ose.json'),
      overlays.map((o) => join(OSE, 'overlays', `${o}.json`)),
    );
    const encounterFile = join(OSE, 'encounters', 'skirmish.json');
    for (const seed of [1, 2, 3]) {
      const a = run(fromPack, nodeContext().core.encounter(s.encounter!, fromPack), { seed }).events;
      const b = run(byHand, loadEncounter(encounterFile, byHand), { seed }).events;
      expect(a).toEqual(b);
    }
  });

  it('an unknown preset names the presets there are', () => {
    const d = diagnostics(() => packStack({ pack: OSE, preset: 'nope' }, {}, tempDir()));
    expect(d[0]!.message).toBe('phasebook/ose 1.0.0 has no preset "nope" (its presets: by-the-book, phased-round, chainmail-article)');
  });
});

describe('install, lock, remove', () => {
  it('installs with a sha-512 lock entry, lists, refuses to remove a needed pack, and removes', () => {
    const root = tempDir();
    const zip = join(root, '..', `gritty-${Date.now()}.zip`);
    writeFileSync(zip, zipSync(grittyPack('alice/gritty', { op: 'replace', path: '/options/naturalRolls/default', value: false })));
    dirs.push(zip);
    install(root, [readFolder(OSE), { ...readZip(new Uint8Array(readFileSync(zip)), zip) }]);
    const lock = readLock(root);
    expect(Object.keys(lock.packs)).toEqual(['alice/gritty', 'phasebook/ose']);
    expect(lock.packs['phasebook/ose']!.integrity).toBe(integrity(loadPack(readFolder(OSE), nodeContext()).files));
    expect(lock.packs['alice/gritty']!.dependencies).toEqual({ 'phasebook/ose': '^1.0.0' });
    expect(existsSync(join(root, 'phasebook-packs', 'alice', 'gritty', 'art'))).toBe(false); // skipped files are not written
    expect(installedPacks(root).problems).toEqual([]);
    const d = diagnostics(() => remove(root, 'phasebook/ose'));
    expect(d[0]!.message).toBe('alice/gritty 1.0.0 needs phasebook/ose ^1.0.0; remove alice/gritty first');
    // A file changed after the install is reported against the lock.
    writeFileSync(join(root, 'phasebook-packs', 'alice', 'gritty', 'README.md'), '# changed\n');
    expect(installedPacks(root).problems.map((p) => p.message)).toEqual([
      'alice/gritty was changed after it was installed (integrity differs from phasebook-lock.json); reinstall it',
    ]);
    // --pack refuses to run a changed pack: the lock pins what a campaign replays.
    const d2 = diagnostics(() => packStack({ pack: 'alice/gritty', preset: 'gritty' }, {}, root));
    expect(d2[0]!.message).toBe(
      'alice/gritty was changed after it was installed (its integrity differs from phasebook-lock.json); reinstall it',
    );
    remove(root, 'alice/gritty');
    remove(root, 'phasebook/ose');
    expect(readLock(root).packs).toEqual({});
    expect(existsSync(join(root, 'phasebook-packs', 'phasebook', 'ose'))).toBe(false);
  });

  it('the five shipped systems are valid packs, each with presets that run', () => {
    const ctx = nodeContext();
    for (const id of ['ose', 'd20-srd', 'cepheus', 'mage', 'unbalanced-world']) {
      const p = loadPack(readFolder(join(ROOT, 'rulesets', id)), ctx);
      expect(p.manifest.id).toBe(`phasebook/${id}`);
      expect(p.warnings).toEqual([]);
      expect(checkPack(mergePacks([p]), p, ctx.core)).toEqual([]);
      expect(p.manifest.presets!.length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('short references for hosts without a pack graph', () => {
  it('pack-id:doc-id becomes doc-id in extends, requires and ruleset, and nothing else moves', async () => {
    const { shortenRefs } = await import('../interpreter/pack/short-refs.js');
    const text =
      '{\n  "kind": "overlay",\n  "extends": "phasebook/ose@^1:ose",\n  "requires": ["phasebook/ose:phased-round", "mine"],\n  "name": "a:b/c:d"\n}';
    expect(shortenRefs(text)).toBe(
      '{\n  "kind": "overlay",\n  "extends": "ose",\n  "requires": ["phased-round", "mine"],\n  "name": "a:b/c:d"\n}',
    );
    expect(shortenRefs('{"kind":"encounter","ruleset":"x/y:rs"}')).toBe('{"kind":"encounter","ruleset":"rs"}');
    const plain = readFileSync(join(OSE, 'overlays', 'caster-disruption.json'), 'utf8');
    expect(shortenRefs(plain)).toBe(plain);
  });
});
