/**
 * Rule packs in the editor. An imported pack lives in the workspace as a folder,
 * `packs/<author>/<name>/`, holding its manifest (phasebook-pack.json) and its documents with
 * the pack's own structure; it is saved in the browser like every document. A pack's documents
 * are read-only: copying one into `mine/` makes it the designer's own, and a new house rule can
 * then `extends` it. Presets become variants (the timeline, Compare and Simulate use them).
 * The import itself (zip reading, limits, validation) is in pack-import.ts, loaded on demand.
 */
import semver from 'semver';
import { docInfo, workspace, type Doc } from './workspace.svelte.js';
import { variants, withRequirements, type VariantSpec } from './variant.svelte.js';

import { MANIFEST, PACKS_FOLDER, SHIPPED_PACKS } from './doc-refs.js';
export { MANIFEST, PACKS_FOLDER, SHIPPED_PACKS };

export const isPackPath = (path: string) => path.startsWith(`${PACKS_FOLDER}/`);
export const packFolder = (id: string) => `${PACKS_FOLDER}/${id}`;

export interface PresetInfo {
  id: string;
  name: string;
  description?: string;
  ruleset: string;
  overlays: string[];
  encounter?: string;
}

export interface EditorPack {
  id: string;
  name: string;
  version: string;
  description: string;
  authors: string[];
  license: string;
  manifestDoc: Doc;
  dependencies: Array<{ id: string; range: string; state: 'ok' | 'missing' | 'incompatible'; installed?: string }>;
  presets: PresetInfo[];
  documents: Doc[];
}

interface RawManifest {
  id?: string;
  name?: string;
  version?: string;
  description?: string;
  authors?: Array<string | { name: string }>;
  license?: string;
  dependencies?: Record<string, string>;
  presets?: PresetInfo[];
}

/** The packs in the workspace, read from their manifests. */
export function editorPacks(): EditorPack[] {
  const manifests = workspace.docs.filter((d) => isPackPath(d.path) && d.path.endsWith(`/${MANIFEST}`) && d.path.split('/').length === 4);
  const raw = manifests.map((d) => {
    let m: RawManifest = {};
    try {
      m = JSON.parse(d.text) as RawManifest;
    } catch {
      /* a damaged manifest: shown with what its path says */
    }
    return { d, m };
  });
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup built and read once, not state to render
  const versions = new Map([
    ...SHIPPED_PACKS.map((p) => [p.id, p.version] as const),
    ...raw.map(({ m }) => [m.id ?? '', m.version ?? '0.0.0'] as const),
  ]);
  return raw.map(({ d, m }) => {
    const folder = d.path.slice(0, -MANIFEST.length - 1);
    const id = m.id ?? folder.slice(PACKS_FOLDER.length + 1);
    return {
      id,
      name: m.name ?? id,
      version: m.version ?? '?',
      description: m.description ?? '',
      authors: (m.authors ?? []).map((a) => (typeof a === 'string' ? a : a.name)),
      license: m.license ?? '',
      manifestDoc: d,
      dependencies: Object.entries(m.dependencies ?? {}).map(([dep, range]) => {
        const installed = versions.get(dep);
        const state = installed === undefined ? 'missing' : semver.satisfies(installed, range) ? 'ok' : 'incompatible';
        return { id: dep, range, state, ...(installed ? { installed } : {}) } as EditorPack['dependencies'][number];
      }),
      presets: m.presets ?? [],
      documents: workspace.docs.filter((x) => x.path.startsWith(`${folder}/`) && x !== d),
    };
  });
}

/** The workspace document a reference of pack `from` names (its own short id, or pack-id:doc-id). */
export function docForRef(from: PresetSource, ref: string, all = editorPacks()): Doc | undefined {
  const m = /^(?:([a-z0-9][a-z0-9-]*\/[a-z][a-z0-9-]*)(?:@[^:]+)?:)?([a-z][a-z0-9-]*)$/.exec(ref);
  if (!m) return undefined;
  const pack = m[1] ? all.find((p) => p.id === m[1]) : from;
  if (pack) return pack.documents.find((d) => docInfo(d.text).id === m[2]);
  const system = SHIPPED_PACKS.find((p) => p.id === m[1]);
  return system ? workspace.docs.find((d) => d.path.startsWith(`${system.folder}/`) && docInfo(d.text).id === m[2]) : undefined;
}

/** A preset as a run variant: its ruleset, overlays (with what they require) and encounter. */
export function presetSpec(pack: PresetSource, preset: PresetInfo, base: VariantSpec): VariantSpec | null {
  const all = editorPacks();
  const rs = docForRef(pack, preset.ruleset, all);
  const overlays = preset.overlays.map((o) => docForRef(pack, o, all));
  const enc = preset.encounter ? docForRef(pack, preset.encounter, all) : undefined;
  if (!rs || overlays.some((o) => !o)) return null;
  return {
    ...base,
    rulesetId: rs.id,
    overlayIds: withRequirements(overlays.map((o) => o!.id)),
    encounterId: enc?.id ?? base.encounterId,
    rolls: {},
    choices: {},
  };
}

/** What a preset is read from: a pack's id, its presets and its documents in the workspace. */
export type PresetSource = Pick<EditorPack, 'id' | 'name' | 'presets' | 'documents'>;

/** The shipped systems as preset sources (their folders in the workspace, e.g. ose/). */
export function shippedPresetSources(): PresetSource[] {
  return SHIPPED_PACKS.map((p) => {
    const m = JSON.parse(p.manifest) as RawManifest;
    return {
      id: p.id,
      name: m.name ?? p.id,
      presets: m.presets ?? [],
      documents: workspace.docs.filter((d) => d.path.startsWith(`${p.folder}/`)),
    };
  });
}

/** A preset offered in a picker: its key (`pack-id#preset-id`), its pack and the run it stands for. */
export interface PresetChoice {
  key: string;
  pack: { id: string; name: string };
  preset: PresetInfo;
  /** Workspace ids of its ruleset, overlays (with what they require) and encounter. */
  rulesetId: string;
  overlayIds: string[];
  encounterId: string | null;
}

/**
 * Every preset that can run now: those of the imported packs, then those of the shipped systems;
 * one whose documents are not all in the workspace is left out.
 */
export function presetChoices(): PresetChoice[] {
  const out: PresetChoice[] = [];
  for (const pack of [...editorPacks(), ...shippedPresetSources()]) {
    for (const preset of pack.presets) {
      const spec = presetSpec(pack, preset, { rulesetId: null, overlayIds: [], encounterId: null, seed: 1, rolls: {}, choices: {} });
      if (!spec?.rulesetId) continue;
      out.push({
        key: `${pack.id}#${preset.id}`,
        pack: { id: pack.id, name: pack.name },
        preset,
        rulesetId: spec.rulesetId,
        overlayIds: spec.overlayIds,
        encounterId: spec.encounterId,
      });
    }
  }
  return out;
}

/** Run a preset in the timeline (`main`) or as the second variant of Compare (and Simulate). */
export function usePreset(pack: PresetSource, preset: PresetInfo, where: 'main' | 'compare'): boolean {
  const spec = presetSpec(pack, preset, where === 'main' ? variants.main : (variants.compare ?? variants.main));
  if (!spec) return false;
  if (where === 'main') {
    variants.main = spec;
    // Open the encounter: the timeline follows the active document, and this keeps the variant.
    if (spec.encounterId) workspace.activeId = spec.encounterId;
  } else variants.compare = spec;
  return true;
}

/** Remove a pack and its documents (the caller asks first). */
export function removePack(pack: EditorPack): number {
  const docs = workspace.docs.filter((d) => d.path.startsWith(`${packFolder(pack.id)}/`));
  for (const d of docs) workspace.remove(d.id);
  return docs.length;
}

/** Copy a pack document into the designer's own folder (mine/), editable; returns the copy. */
export function copyToMine(doc: Doc): Doc {
  const file = doc.path.slice(doc.path.lastIndexOf('/') + 1);
  return workspace.add(`mine/${file}`, doc.text);
}
