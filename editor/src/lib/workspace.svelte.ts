/**
 * The workspace: every document the designer has — the built-in rulesets, overlays and
 * encounters, and their own — with their current text (valid or not). Components read and
 * change documents only through this store; persistence (IndexedDB) listens to it.
 */
import { BUILTINS } from './builtins.js';

export type DocKind = 'ruleset' | 'overlay' | 'encounter' | 'unknown';

export interface Doc {
  /** Stable id (also the Monaco model's URI path). */
  id: string;
  /** Workspace path, e.g. "ose/overlays/crossbow-speed.json" or "mine/two-handed-first.json". */
  path: string;
  text: string;
  /** Shipped with Phasebook (can be duplicated, edited, reset). */
  builtin: boolean;
}

/** What a document says it is, read leniently from its text (it may be invalid JSON). */
export function docInfo(text: string): { kind: DocKind; id: string | null; extends: string | null; ruleset: string | null; requires: string[]; name: string | null } {
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    const kind = v.kind === 'ruleset' || v.kind === 'overlay' || v.kind === 'encounter' ? v.kind : 'unknown';
    return {
      kind,
      id: typeof v.id === 'string' ? v.id : null,
      extends: typeof v.extends === 'string' ? v.extends : null,
      ruleset: typeof v.ruleset === 'string' ? v.ruleset : null,
      requires: Array.isArray(v.requires) ? v.requires.filter((x): x is string => typeof x === 'string') : [],
      name: typeof v.name === 'string' ? v.name : null,
    };
  } catch {
    const kind = /"kind"\s*:\s*"(ruleset|overlay|encounter)"/.exec(text)?.[1] as DocKind | undefined;
    const id = /"id"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? null;
    const ext = /"extends"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? null;
    return { kind: kind ?? 'unknown', id, extends: ext, ruleset: null, requires: [], name: null };
  }
}

let counter = 0;
export const newId = () => `d${Date.now().toString(36)}${(counter++).toString(36)}`;

class Workspace {
  docs = $state<Doc[]>([]);
  activeId = $state<string | null>(null);
  /** Set once the workspace is loaded (from IndexedDB or the built-ins). */
  ready = $state(false);

  get active(): Doc | null {
    return this.docs.find((d) => d.id === this.activeId) ?? null;
  }

  byPath(path: string): Doc | undefined {
    return this.docs.find((d) => d.path === path);
  }

  byId(id: string): Doc | undefined {
    return this.docs.find((d) => d.id === id);
  }

  /** Documents of a kind whose own id is `id` (e.g. the ruleset an overlay extends). */
  findByDocId(kind: DocKind, id: string): Doc | undefined {
    return this.docs.find((d) => {
      const info = docInfo(d.text);
      return info.kind === kind && info.id === id;
    });
  }

  loadBuiltins(): void {
    this.docs = BUILTINS.map((b) => ({ id: `builtin:${b.path}`, path: b.path, text: b.text, builtin: true }));
    this.activeId = this.byPath('ose/overlays/crossbow-speed.json')?.id ?? this.docs[0]?.id ?? null;
  }

  setText(id: string, text: string): void {
    const d = this.byId(id);
    if (d && d.text !== text) d.text = text;
  }

  add(path: string, text: string): Doc {
    const doc: Doc = { id: newId(), path: this.uniquePath(path), text, builtin: false };
    this.docs.push(doc);
    this.activeId = doc.id;
    return doc;
  }

  uniquePath(path: string): string {
    if (!this.byPath(path)) return path;
    const m = /^(.*?)(\.json)?$/.exec(path)!;
    for (let i = 2; ; i++) {
      const p = `${m[1]}-${i}${m[2] ?? ''}`;
      if (!this.byPath(p)) return p;
    }
  }
}

export const workspace = new Workspace();
