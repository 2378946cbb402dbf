/**
 * `--pack` and `--preset` (run, simulate, and any host that wants them): find the pack (an
 * installed id, a folder, a zip, or an npm package in node_modules), load it with the packs it
 * depends on, and turn a preset — or ruleset, overlays and encounter named by reference — into
 * the documents of one run.
 */
import { existsSync } from 'node:fs';
import { packError } from '../files.js';
import { dependencyOrder, type PackSet } from '../graph.js';
import { loadPack, type LoadedPack } from '../load.js';
import { packLabel, type PackPreset } from '../manifest.js';
import { buildStack, type RunStack } from '../stack.js';
import { readPackSource } from './source.js';
import { installedPacks, nodeContext, shippedPack, withShippedDependencies } from './store.js';

export interface PackFlags {
  /** An installed pack id, a folder, a .zip or an npm package name. */
  pack?: string;
  /** A preset of that pack. */
  preset?: string;
}

export interface OpenedPack {
  pack: LoadedPack;
  set: PackSet;
}

const ID = /^[a-z0-9][a-z0-9-]*\/[a-z][a-z0-9-]*$/;

/**
 * The pack `arg` names and, from the installed packs, the ones it needs (transitively). An id
 * that no installed pack has may name a shipped system (store.ts shippedPack); so may a dependency.
 */
export function openPack(arg: string, root = process.cwd()): OpenedPack {
  const { set: installed, entries } = installedPacks(root);
  // An installed pack is used only as the lock file pins it: a campaign replays identically.
  const pinned = (p: LoadedPack): LoadedPack => {
    const e = entries.find((x) => x.pack === p);
    if (e && e.integrity !== e.lock.integrity) {
      throw packError(
        p.origin,
        null,
        `${p.manifest.id} was changed after it was installed (its integrity differs from phasebook-lock.json); reinstall it`,
      );
    }
    return p;
  };
  let pack: LoadedPack | undefined;
  if (ID.test(arg) && !existsSync(arg)) {
    const p = installed.get(arg);
    pack = p ? pinned(p) : shippedPack(arg);
  }
  pack ??= loadPack(readPackSource(arg), nodeContext());
  const set: PackSet = new Map([[pack.manifest.id, pack]]);
  const queue = [pack];
  while (queue.length) {
    const p = queue.shift()!;
    for (const dep of Object.keys(p.manifest.dependencies ?? {})) {
      const q = installed.get(dep);
      if (q && !set.has(dep)) {
        set.set(dep, pinned(q));
        queue.push(q);
      }
    }
  }
  dependencyOrder(withShippedDependencies(set));
  return { pack, set };
}

export function findPreset(pack: LoadedPack, id: string): { preset: PackPreset; index: number } {
  const presets = pack.manifest.presets ?? [];
  const index = presets.findIndex((p) => p.id === id);
  if (index < 0) {
    const known = presets.map((p) => p.id).join(', ') || 'none';
    throw packError('--preset', null, `${packLabel(pack.manifest)} has no preset "${id}" (its presets: ${known})`);
  }
  return { preset: presets[index]!, index };
}

/**
 * The documents of a run from a pack. With a preset, its ruleset, overlays (then any given with
 * --with, by reference) and its encounter unless one is given; without, the ruleset must be
 * given (or the pack must hold exactly one).
 */
export function packStack(
  flags: PackFlags,
  refs: { ruleset?: string; overlays?: string[]; encounter?: string },
  root = process.cwd(),
): RunStack & OpenedPack {
  if (!flags.pack) throw packError('--preset', null, '--preset needs --pack (the pack that offers it)');
  const opened = openPack(flags.pack, root);
  const { pack, set } = opened;
  const m = pack.manifestDoc;
  const cli = {
    doc: { ...m, file: '<command line>', locate: () => ({ line: 1, col: 1 }), locateKey: () => ({ line: 1, col: 1 }) },
    pointer: '',
  };
  let req;
  if (flags.preset) {
    const { preset, index } = findPreset(pack, flags.preset);
    req = {
      ruleset: refs.ruleset ?? preset.ruleset,
      overlays: [...preset.overlays, ...(refs.overlays ?? [])],
      ...((refs.encounter ?? preset.encounter) ? { encounter: refs.encounter ?? preset.encounter } : {}),
    };
    const fromManifest = (field: string, j?: number) =>
      field === 'overlays' && j !== undefined && j >= preset.overlays.length
        ? cli
        : { doc: m, pointer: `/presets/${index}/${field}${j === undefined ? '' : `/${j}`}` };
    return { ...buildStack(set, pack, req, fromManifest), ...opened };
  }
  const rulesets = pack.documents.filter((d) => d.kind === 'ruleset');
  const ruleset = refs.ruleset ?? (rulesets.length === 1 ? rulesets[0]!.id : undefined);
  if (!ruleset)
    throw packError(
      '--pack',
      null,
      `${packLabel(pack.manifest)}: name the ruleset (or choose a --preset: ${(pack.manifest.presets ?? []).map((p) => p.id).join(', ') || 'none'})`,
    );
  req = { ruleset, overlays: refs.overlays ?? [], ...(refs.encounter ? { encounter: refs.encounter } : {}) };
  return { ...buildStack(set, pack, req, () => cli), ...opened };
}
