/**
 * What a document says it is (kind, id, what it extends or requires), read leniently from its
 * text. Pure, without Svelte: the page's workspace (workspace.svelte.ts) reads every text with
 * it, and the editor's build (vite.config.ts) reads the built-in documents with it beforehand.
 */
/** `pack`: a rule pack's manifest (phasebook-pack.json), shown as such; never run. */
export type DocKind = 'ruleset' | 'overlay' | 'encounter' | 'pack' | 'unknown';

export interface DocInfo {
  kind: DocKind;
  id: string | null;
  extends: string | null;
  ruleset: string | null;
  requires: readonly string[];
  name: string | null;
  /** Whether the text is valid JSON. */
  json: boolean;
}

/** Read a text (it may be invalid JSON: then what the lenient patterns find). */
export function readInfo(text: string): DocInfo {
  let parsed: unknown;
  let json = true;
  try {
    parsed = JSON.parse(text);
  } catch {
    json = false;
  }
  try {
    if (!json) throw new Error('not JSON');
    const v = parsed as Record<string, unknown>;
    const kind = v.kind === 'ruleset' || v.kind === 'overlay' || v.kind === 'encounter' || v.kind === 'pack' ? v.kind : 'unknown';
    return {
      kind,
      id: typeof v.id === 'string' ? v.id : null,
      extends: typeof v.extends === 'string' ? v.extends : null,
      ruleset: typeof v.ruleset === 'string' ? v.ruleset : null,
      requires: Array.isArray(v.requires) ? v.requires.filter((x): x is string => typeof x === 'string') : [],
      name: typeof v.name === 'string' ? v.name : null,
      json,
    };
  } catch {
    const kind = /"kind"\s*:\s*"(ruleset|overlay|encounter|pack)"/.exec(text)?.[1] as DocKind | undefined;
    const id = /"id"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? null;
    const ext = /"extends"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? null;
    // While the text is being typed, what it requires and its ruleset still say what it runs on
    // (the run bar and the variant's stack keep them rather than drop them for a missing comma).
    const list = /"requires"\s*:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '';
    const requires = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    const ruleset = kind === 'encounter' ? (/"ruleset"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? null) : null;
    return { kind: kind ?? 'unknown', id, extends: ext, ruleset, requires, name: null, json };
  }
}
