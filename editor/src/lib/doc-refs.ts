/**
 * References between workspace documents, read as rule packs read them (interpreter/pack/refs.ts):
 * a document of a pack names another of the same pack by its short id, and a document of another
 * pack as `pack-id:doc-id` (optionally `pack-id@range:doc-id`). Two packs may both have an overlay
 * `gritty`: each pack's references find its own. A pack is a folder: `packs/<author>/<name>/` for
 * an imported one, or a shipped system's folder (`ose/`, with its phasebook-pack.json).
 * Documents outside every pack (mine/) are found by short id, those outside packs first.
 */
import { parseRef } from '../../../interpreter/index.js';
import type { DocKind } from './workspace.svelte.js';

/** Texts already read (a resolution reads every document; texts change only when edited). */
const seen = new Map<string, { kind: unknown; id: unknown }>();

/** A document's kind and id, read leniently (the engine worker uses this file: no workspace store here). */
function kindAndId(text: string): { kind: unknown; id: unknown } {
  let r = seen.get(text);
  if (r) return r;
  try {
    const v = JSON.parse(text) as { kind?: unknown; id?: unknown };
    r = { kind: v?.kind, id: v?.id };
  } catch {
    r = { kind: /"kind"\s*:\s*"([^"]+)"/.exec(text)?.[1], id: /"id"\s*:\s*"([^"]+)"/.exec(text)?.[1] };
  }
  if (seen.size > 500) seen.clear();
  seen.set(text, r);
  return r;
}

export const PACKS_FOLDER = 'packs';
export const MANIFEST = 'phasebook-pack.json';

/** The shipped systems are packs too (rulesets/<system>/phasebook-pack.json): pack id → workspace folder. */
const shipped = import.meta.glob('../../../rulesets/*/phasebook-pack.json', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;
export const SHIPPED_PACKS: Array<{ id: string; version: string; folder: string; manifest: string }> = Object.entries(shipped).map(
  ([p, text]) => {
    const m = JSON.parse(text) as { id: string; version: string };
    return {
      id: m.id,
      version: m.version,
      folder: p.replace(/^.*\/rulesets\//, '').replace(/\/phasebook-pack\.json$/, ''),
      manifest: text,
    };
  },
);

/** The pack a workspace path belongs to: its id and folder (with a trailing slash), or null. */
export function packOfPath(path: string): { id: string; folder: string } | null {
  const m = /^packs\/([^/]+\/[^/]+)\//.exec(path);
  if (m) return { id: m[1]!, folder: `${PACKS_FOLDER}/${m[1]}/` };
  const s = SHIPPED_PACKS.find((p) => path.startsWith(`${p.folder}/`));
  return s ? { id: s.id, folder: `${s.folder}/` } : null;
}

/** The folder of a pack by id (an imported pack's, else a shipped system's). */
function folderOfPack(id: string, docs: ReadonlyArray<{ path: string }>): string | null {
  const imported = `${PACKS_FOLDER}/${id}/`;
  if (docs.some((d) => d.path.startsWith(imported))) return imported;
  const s = SHIPPED_PACKS.find((p) => p.id === id);
  return s ? `${s.folder}/` : null;
}

/**
 * The document of `kind` that `ref` names, read from the document at `fromPath` (null: from
 * outside every pack). Undefined when nothing fits.
 */
export function resolveDocRef<D extends { path: string; text: string }>(
  docs: readonly D[],
  fromPath: string | null,
  kind: DocKind,
  ref: string,
): D | undefined {
  const r = parseRef(ref);
  const is = (d: D, id: string) => {
    const i = kindAndId(d.text);
    return i.kind === kind && i.id === id;
  };
  if (!r) return docs.find((d) => is(d, ref));
  if (r.pack) {
    const folder = folderOfPack(r.pack, docs);
    return folder ? docs.find((d) => d.path.startsWith(folder) && is(d, r.id)) : undefined;
  }
  const own = fromPath ? packOfPath(fromPath) : null;
  if (own) {
    const d = docs.find((x) => x.path.startsWith(own.folder) && is(x, r.id));
    if (d) return d;
  }
  return docs.find((d) => !d.path.startsWith(`${PACKS_FOLDER}/`) && is(d, r.id)) ?? docs.find((d) => is(d, r.id));
}

/** The references a document writes: its `extends`, `ruleset` and `requires`, as written. */
export function refsOf(text: string): string[] {
  try {
    const v = JSON.parse(text) as { extends?: unknown; ruleset?: unknown; requires?: unknown };
    return [v.extends, v.ruleset, ...(Array.isArray(v.requires) ? v.requires : [])].filter((x): x is string => typeof x === 'string');
  } catch {
    return [];
  }
}

/**
 * For a host that is asked by short id (the engine worker, after shortenRefs): the document that
 * `target` means by `id`: the reference it wrote with that id (a `pack-id:doc-id` names that
 * pack's document), read from `target`'s pack.
 */
export function documentMeant<D extends { path: string; text: string }>(
  docs: readonly D[],
  target: string,
  kind: DocKind,
  id: string,
): D | undefined {
  const t = docs.find((d) => d.path === target);
  const written = t ? refsOf(t.text).find((r) => parseRef(r)?.id === id) : undefined;
  return resolveDocRef(docs, target, kind, written ?? id);
}
