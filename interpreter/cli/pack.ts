/**
 * `phasebook pack init | validate | build | install | list | info | remove`. Packs install into
 * phasebook-packs/ in the project folder (--root), pinned by phasebook-lock.json; see
 * interpreter/pack/node/store.ts. Nothing in a pack is ever run.
 */
import { Command } from 'commander';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { formatDiagnostic, PhasebookError, type Diagnostic } from '../diagnostics.js';
import { readDocumentFile } from '../read/index.js';
import { LANGUAGE_VERSION, schemaUrl, LANGUAGE_MAJOR } from '../migrate/version.js';
import { MANIFEST_FILE } from '../pack/limits.js';
import { packError } from '../pack/files.js';
import { checkPack } from '../pack/check.js';
import { dependencyOrder, mergePacks } from '../pack/graph.js';
import { loadPack, type LoadedPack } from '../pack/load.js';
import { packLabel, packZipName, personName, type PackManifest } from '../pack/manifest.js';
import { readPackSource } from '../pack/node/source.js';
import { install, installedPacks, integrity, nodeContext, remove, withShippedDependencies } from '../pack/node/store.js';
import { openPack } from '../pack/node/use.js';
import { writeWhole } from '../write-whole.js';
import { DESCRIPTIONS } from './descriptions.js';

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

const warn = (io: Io, ds: Diagnostic[]) => ds.forEach((d) => io.err(`${formatDiagnostic(d)}\n`));

/** A pack checked as it would be installed (with the installed packs it needs). */
function checked(source: string, root: string): LoadedPack {
  const pack = loadPack(readPackSource(source), nodeContext());
  const { set: installed } = installedPacks(root);
  const set = withShippedDependencies(
    mergePacks(
      [...installed.values()].filter((p) => p.manifest.id !== pack.manifest.id),
      [pack],
    ),
  );
  // Only the packs this one needs take part: a broken unrelated installed pack does not block it.
  dependencyOrder(new Map([...set].filter(([id]) => id === pack.manifest.id || isNeeded(set, pack, id))));
  const errors = checkPack(set, pack, nodeContext().core);
  if (errors.length) throw new PhasebookError(errors);
  return pack;
}

function isNeeded(set: Map<string, LoadedPack>, from: LoadedPack, id: string, seen = new Set<string>()): boolean {
  for (const dep of Object.keys(from.manifest.dependencies ?? {})) {
    if (dep === id) return true;
    const q = set.get(dep);
    if (q && !seen.has(dep)) {
      seen.add(dep);
      if (isNeeded(set, q, id, seen)) return true;
    }
  }
  return false;
}

export function describe(pack: LoadedPack, depState?: (id: string, range: string) => string): string {
  const m = pack.manifest;
  const lines = [`${m.name} — ${packLabel(m)}`];
  if (m.description) lines.push(`  ${m.description}`);
  if (m.authors?.length) lines.push(`  authors: ${m.authors.map(personName).join(', ')}`);
  if (m.license) lines.push(`  licence: ${m.license}`);
  if (m.homepage ?? m.repository) lines.push(`  home: ${m.homepage ?? m.repository}`);
  lines.push(`  language: ${m.compatibility.language}`);
  for (const [dep, range] of Object.entries(m.dependencies ?? {}))
    lines.push(`  needs ${dep} ${range}${depState ? `: ${depState(dep, range)}` : ''}`);
  const count = (k: string) => pack.documents.filter((d) => d.kind === k).length;
  lines.push(`  documents: ${count('ruleset')} ruleset(s), ${count('overlay')} overlay(s), ${count('encounter')} encounter(s)`);
  for (const p of m.presets ?? [])
    lines.push(
      `  preset ${p.id}: ${p.name} = ${[p.ruleset, ...p.overlays].join(' + ')}${p.encounter ? ` (encounter ${p.encounter})` : ''}`,
    );
  return lines.join('\n') + '\n';
}

function zipPack(pack: LoadedPack): Uint8Array {
  const entries: Zippable = {};
  // A fixed date keeps the zip byte-identical from one build to the next.
  const mtime = new Date(Date.UTC(2000, 0, 1));
  for (const f of [...pack.files].sort((a, b) => (a.path < b.path ? -1 : 1))) entries[f.path] = [f.bytes, { mtime, level: 9 }];
  return zipSync(entries);
}

export function registerPackCommands(program: Command, io: Io): void {
  const pack = program.command('pack').description(DESCRIPTIONS.pack);
  const rootOpt = ['--root <dir>', 'the project folder holding phasebook-packs/ and phasebook-lock.json', '.'] as const;

  pack
    .command('init')
    .description(`Write a ${MANIFEST_FILE} for the documents in a folder (each .json with a "kind").`)
    .argument('[dir]', 'the pack folder', '.')
    .requiredOption('--id <author/name>', 'the pack id')
    .option('--name <name>', 'the pack name for people')
    .action((dir: string, opts: { id: string; name?: string }) => {
      const path = join(dir, MANIFEST_FILE);
      if (existsSync(path)) throw packError(path, null, 'already exists');
      const contents: PackManifest['contents'] = [];
      const walk = (d: string) => {
        for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
          const full = join(d, e.name);
          if (e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.')) walk(full);
          else if (e.isFile() && e.name.endsWith('.json') && e.name !== MANIFEST_FILE && e.name !== 'package.json') {
            const kind = (readDocumentFile(full).value as { kind?: string }).kind;
            if (kind === 'ruleset' || kind === 'overlay' || kind === 'encounter')
              contents.push({ path: relative(dir, full).split('\\').join('/'), kind });
          }
        }
      };
      walk(dir);
      const manifest: PackManifest = {
        $schema: schemaUrl(LANGUAGE_MAJOR, 'pack'),
        kind: 'pack',
        id: opts.id,
        name: opts.name ?? opts.id,
        version: '0.1.0',
        description: '',
        authors: [],
        compatibility: { language: `^${LANGUAGE_VERSION}` },
        dependencies: {},
        contents,
        presets: [],
      };
      writeWhole(path, JSON.stringify(manifest, null, 2) + '\n');
      io.out(
        `${path}: written with ${contents.length} document(s); fill in the description, authors, license and presets, then phasebook pack validate ${dir}\n`,
      );
    });

  pack
    .command('validate')
    .description('Check a pack as an install would (limits, manifest, every document, dependencies, presets), without installing it.')
    .argument('[pack]', 'a folder, a .zip or an npm package name', '.')
    .option(...rootOpt)
    .action((source: string, opts: { root: string }) => {
      const p = checked(source, opts.root);
      warn(io, p.warnings);
      io.out(
        `${source}: ok — ${packLabel(p.manifest)}, ${p.documents.length} document(s), ${(p.manifest.presets ?? []).length} preset(s)\n`,
      );
    });

  pack
    .command('build')
    .description('Check a pack folder and write it as a zip (only the files a pack may hold), with its integrity.')
    .argument('[dir]', 'the pack folder', '.')
    .option('-o, --out <file>', 'the zip to write (default: <name>-<version>.zip in the current folder)')
    .option(...rootOpt)
    .action((dir: string, opts: { out?: string; root: string }) => {
      const p = checked(dir, opts.root);
      warn(io, p.warnings);
      const out = opts.out ?? packZipName(p.manifest);
      writeWhole(out, zipPack(p));
      io.out(`${out}: ${packLabel(p.manifest)}, ${p.files.length} file(s)\nintegrity ${integrity(p.files)}\n`);
    });

  pack
    .command('install')
    .description(
      'Install packs from folders, zips or npm (fetched with --ignore-scripts) into phasebook-packs/, recorded in phasebook-lock.json. All are checked first; if one is refused, nothing is written.',
    )
    .argument('<source...>', 'folders, .zip files or npm package names')
    .option(...rootOpt)
    .action((sources: string[], opts: { root: string }) => {
      const files = sources.map((s) => readPackSource(s, { fetchNpm: true }));
      const r = install(opts.root, files);
      warn(io, r.warnings);
      for (const i of r.installed)
        io.out(
          `installed ${packLabel(i.pack.manifest)}${i.replaced ? ` (was ${i.replaced})` : ''} from ${i.pack.origin}\n  ${i.integrity}\n`,
        );
    });

  pack
    .command('list')
    .description('The installed packs, with their presets and the state of their dependencies.')
    .option(...rootOpt)
    .action((opts: { root: string }) => {
      const { set, entries, problems } = installedPacks(opts.root);
      warn(io, problems);
      if (!entries.length) io.out(`no packs installed in ${resolve(opts.root)} (phasebook pack install <folder|zip|npm name>)\n`);
      for (const e of entries) {
        io.out(
          describe(e.pack, (id) => {
            const q = set.get(id);
            return q ? `${q.manifest.version} installed` : 'missing';
          }),
        );
      }
    });

  pack
    .command('info')
    .description('Show a pack: its manifest, its presets and its documents.')
    .argument('<pack>', 'an installed pack id, a folder, a .zip or an npm package name')
    .option(...rootOpt)
    .action((source: string, opts: { root: string }) => {
      const { pack: p, set } = openPack(source, opts.root);
      io.out(describe(p, (id) => (set.get(id) ? `${set.get(id)!.manifest.version} installed` : 'missing')));
      for (const d of p.documents) io.out(`  ${d.kind.padEnd(9)} ${d.id.padEnd(24)} ${d.path}\n`);
    });

  pack
    .command('remove')
    .description('Uninstall a pack (refused while another installed pack needs it).')
    .argument('<id>', 'the pack id, author/name')
    .option(...rootOpt)
    .action((id: string, opts: { root: string }) => {
      const e = remove(opts.root, id);
      io.out(`removed ${id} ${e.version}\n`);
    });
}
