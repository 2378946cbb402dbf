/**
 * Importing a rule pack in the browser, with the same code as `phasebook pack install`: the zip
 * is read by interpreter/pack/zip.ts (fflate, every limit checked on the declared sizes before
 * inflating), the pack by interpreter/pack/load.ts, its presets and documents checked against
 * the packs already in the workspace — and only if all of it passes are its files added, under
 * packs/<author>/<name>/. Nothing in a pack is evaluated; the page's CSP forbids eval anyway.
 * Loaded on demand (it brings the validators and the interpreter into the page).
 */
import {
  Core,
  PhasebookError,
  formatDiagnostic,
  type Diagnostic,
  createPrecompiledValidator,
  type GeneratedValidators,
  readZip,
  loadPack,
  type LoadContext,
  type LoadedPack,
  checkPack,
  dependencyOrder,
  mergePacks,
  badPath,
  classify,
  DEFAULT_PACK_LIMITS,
  type PackFile,
  type PackFiles,
} from '../../../interpreter/index.js';
import * as packGenerated from '../generated/pack-validator.js';
import packSchema from '../../../schemas/pack.schema.json';
import { browserValidator } from './validator.js';
import { workspace } from './workspace.svelte.js';
import { editorPacks, packFolder, SHIPPED_PACKS } from './packs.svelte.js';
import { BUILTINS } from './builtins.js';

let ctx: LoadContext | null = null;
function context(): LoadContext {
  ctx ??= {
    core: new Core(browserValidator()),
    manifestValidator: createPrecompiledValidator(packGenerated as unknown as GeneratedValidators, [packSchema]),
  };
  return ctx;
}

export interface ImportOutcome {
  ok: boolean;
  /** One line per problem (refusals) or per skipped file (warnings), as the CLI prints them. */
  lines: string[];
  pack?: { id: string; version: string; added: number; replaced: boolean };
}

const enc = new TextEncoder();

/** Files chosen with a folder picker (webkitRelativePath) as a pack, with the folder limits. */
export async function folderFiles(files: File[], origin: string): Promise<PackFiles> {
  const lim = DEFAULT_PACK_LIMITS;
  const fail = (entry: string | null, message: string) =>
    new PhasebookError([{ file: entry ? `${origin}!${entry}` : origin, line: 1, col: 1, pointer: '', message, severity: 'error' }]);
  if (files.length > lim.maxFiles) throw fail(null, `${files.length} files (the limit is ${lim.maxFiles})`);
  let total = 0;
  const out: PackFile[] = [];
  for (const f of files) {
    const path = (f.webkitRelativePath || f.name).replace(/^\/+/, '');
    const bad = badPath(path, { ...lim, maxDepth: lim.maxDepth + 1 });
    if (bad) throw fail(path, `refused: ${bad}`);
    if (f.size > lim.maxFileBytes) throw fail(path, `refused: ${f.size} bytes (the limit is ${lim.maxFileBytes} per file)`);
    total += f.size;
    if (total > lim.maxTotalBytes) throw fail(path, `refused: more than ${lim.maxTotalBytes} bytes in all (the limit)`);
    out.push({ path, bytes: classify(path) === 'other' ? new Uint8Array(0) : new Uint8Array(await f.arrayBuffer()) });
  }
  return { origin, files: out };
}

/** The shipped systems as packs, from their shipped texts (edits in the workspace do not count). */
let shippedPacks: LoadedPack[] | null = null;
function shipped(): LoadedPack[] {
  shippedPacks ??= SHIPPED_PACKS.flatMap((s) => {
    const files = [
      { path: 'phasebook-pack.json', bytes: enc.encode(s.manifest) },
      ...BUILTINS.filter((b) => b.path.startsWith(`${s.folder}/`)).map((b) => ({
        path: b.path.slice(s.folder.length + 1),
        bytes: enc.encode(b.text),
      })),
    ];
    try {
      return [loadPack({ origin: s.folder, files, display: (x) => `${s.folder}/${x}` }, context())];
    } catch {
      return [];
    }
  });
  return shippedPacks;
}

/** The packs already in the workspace (read back from their documents), and the shipped ones. */
function installed(): LoadedPack[] {
  const out: LoadedPack[] = [...shipped()];
  for (const p of editorPacks()) {
    const folder = packFolder(p.id);
    const files = workspace.docs
      .filter((d) => d.path.startsWith(`${folder}/`))
      .map((d) => ({ path: d.path.slice(folder.length + 1), bytes: enc.encode(d.text) }));
    try {
      out.push(loadPack({ origin: folder, files, display: (x) => `${folder}/${x}` }, context()));
    } catch {
      /* a pack whose documents were changed: it does not take part in the checks */
    }
  }
  return out;
}

/** Check a pack fully, then add it to the workspace (replacing an older version of it). */
export function importPackFiles(pf: PackFiles): ImportOutcome {
  const lines = (ds: Diagnostic[]) => ds.map(formatDiagnostic);
  try {
    const pack = loadPack(pf, context());
    const others = installed().filter((p) => p.manifest.id !== pack.manifest.id);
    const byId = new Map(others.map((p) => [p.manifest.id, p])); // a pack in packs/ overrides a shipped one of the same id
    const set = mergePacks([...byId.values()], [pack]);
    dependencyOrder(set);
    const errors = checkPack(set, pack, context().core);
    if (errors.length) return { ok: false, lines: lines(errors) };
    const folder = packFolder(pack.manifest.id);
    const replaced = workspace.docs.some((d) => d.path.startsWith(`${folder}/`));
    for (const d of workspace.docs.filter((x) => x.path.startsWith(`${folder}/`))) workspace.remove(d.id);
    const dec = new TextDecoder();
    let added = 0;
    for (const f of pack.files) {
      if (classify(f.path) === 'text') continue; // readme and licence: shown from the manifest panel, not as documents
      workspace.add(`${folder}/${f.path}`, dec.decode(f.bytes));
      added++;
    }
    const manifest = workspace.byPath(`${folder}/phasebook-pack.json`);
    if (manifest) workspace.activeId = manifest.id;
    return { ok: true, lines: lines(pack.warnings), pack: { id: pack.manifest.id, version: pack.manifest.version, added, replaced } };
  } catch (err) {
    if (err instanceof PhasebookError) return { ok: false, lines: lines(err.diagnostics) };
    throw err;
  }
}

export async function importZip(name: string, bytes: Uint8Array): Promise<ImportOutcome> {
  try {
    return importPackFiles(readZip(bytes, name));
  } catch (err) {
    if (err instanceof PhasebookError) return { ok: false, lines: err.diagnostics.map(formatDiagnostic) };
    throw err;
  }
}

export async function importFolder(files: File[]): Promise<ImportOutcome> {
  const top = (files[0]?.webkitRelativePath || '').split('/')[0] || 'folder';
  try {
    return importPackFiles(await folderFiles(files, top));
  } catch (err) {
    if (err instanceof PhasebookError) return { ok: false, lines: err.diagnostics.map(formatDiagnostic) };
    throw err;
  }
}

/** A zipped pack from a URL (fetched as data; never run). */
export async function importUrl(url: string): Promise<ImportOutcome> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'omit', redirect: 'follow' });
  } catch (err) {
    return { ok: false, lines: [`${url}: cannot fetch (${err instanceof Error ? err.message : String(err)})`] };
  }
  if (!res.ok) return { ok: false, lines: [`${url}: HTTP ${res.status}`] };
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > DEFAULT_PACK_LIMITS.maxTotalBytes)
    return { ok: false, lines: [`${url}: ${declared} bytes (the limit is ${DEFAULT_PACK_LIMITS.maxTotalBytes})`] };
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.length > DEFAULT_PACK_LIMITS.maxTotalBytes)
    return { ok: false, lines: [`${url}: more than ${DEFAULT_PACK_LIMITS.maxTotalBytes} bytes`] };
  return importZip(url.split('/').pop() || url, bytes);
}
