/**
 * The workspace: every document the designer has — the built-in rulesets, overlays and
 * encounters, and their own — with their current text (valid or not). Components read and
 * change documents only through this store; persistence (IndexedDB) listens to it.
 */
import { untrack } from 'svelte';
import { BUILTINS } from './builtins.js';
import type { SaveState } from './persist.js';
import { readInfo, type DocInfo, type DocKind } from './doc-info.js';

export type { DocKind, DocInfo } from './doc-info.js';

export interface Doc {
  /** Stable id (also the Monaco model's URI path). */
  id: string;
  /** Workspace path, e.g. "ose/overlays/crossbow-speed.json" or "mine/two-handed-first.json". */
  path: string;
  text: string;
  /** Shipped with Phasebook (can be duplicated, edited, reset). */
  builtin: boolean;
}

/** Texts already read: the page asks about every document on each edit, and texts rarely change. */
// eslint-disable-next-line svelte/prefer-svelte-reactivity -- a cache of pure results, not state to render
const infos = new Map<string, Readonly<DocInfo>>();

/**
 * The built-ins' texts, read at build time (builtins.ts): a first start (or a workspace whose
 * built-ins are unchanged) does not parse their 480 KiB on the page before the first screen.
 */
const BUILTIN_INFO = new Map<string, Readonly<DocInfo>>(BUILTINS.map((b) => [b.text, b.info]));

/** What a document says it is, read leniently from its text (it may be invalid JSON). Read once per text. */
export function docInfo(text: string): Readonly<DocInfo> {
  let info = infos.get(text);
  if (!info) {
    info = Object.freeze(BUILTIN_INFO.get(text) ?? readInfo(text));
    if (infos.size > 500) infos.clear();
    infos.set(text, info);
  }
  return info;
}

let counter = 0;
export const newId = () => `d${Date.now().toString(36)}${(counter++).toString(36)}`;

class Workspace {
  docs = $state<Doc[]>([]);
  activeId = $state<string | null>(null);
  /** Set once the workspace is loaded (from IndexedDB or the built-ins). */
  ready = $state(false);
  /** Whether the latest changes are in IndexedDB (set by the persister, see main.ts). */
  saveState = $state<SaveState>({ state: 'idle' });

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

  /** Replace every document (a workspace restored from IndexedDB). */
  restore(docs: Doc[], activeId: string | null): void {
    this.docs = docs.map((d) => ({ id: d.id, path: d.path, text: d.text, builtin: d.builtin }));
    this.activeId = this.docs.some((d) => d.id === activeId) ? activeId : (this.docs[0]?.id ?? null);
  }

  /** Delete a document; the next one in the list becomes active if it was. */
  remove(id: string): void {
    const i = this.docs.findIndex((d) => d.id === id);
    if (i < 0) return;
    this.docs.splice(i, 1);
    if (this.activeId === id) this.activeId = this.docs[Math.min(i, this.docs.length - 1)]?.id ?? null;
  }

  /**
   * Move a document to another path (made unique). A renamed built-in becomes the designer's own
   * document: "Restore built-ins" then brings the original back at its path.
   */
  rename(id: string, path: string): string | null {
    const d = this.byId(id);
    if (!d) return null;
    if (d.path === path) return path;
    d.path = this.uniquePath(path);
    d.builtin = false;
    return d.path;
  }

  /** A copy of a document next to it (the designer's own; `text` defaults to the original's), made active. */
  duplicate(id: string, text?: string): Doc | null {
    const d = this.byId(id);
    if (!d) return null;
    return this.add(d.path.replace(/(\.json)?$/i, '-copy$1'), text ?? d.text);
  }

  /** Built-ins missing from the workspace (by path) and built-ins whose text was changed. */
  builtinChanges(): { missing: string[]; changed: string[] } {
    const missing: string[] = [];
    const changed: string[] = [];
    for (const b of BUILTINS) {
      const d = this.byPath(b.path);
      if (!d) missing.push(b.path);
      else if (d.builtin && d.text !== b.text) changed.push(b.path);
    }
    return { missing, changed };
  }

  /**
   * Bring back the built-ins: missing ones are added at their path, changed ones get their
   * shipped text back (an undoable edit in the code view). A document of the designer's own at a
   * built-in's path is left alone.
   */
  restoreBuiltins(): { added: number; reset: number } {
    let added = 0;
    let reset = 0;
    for (const b of BUILTINS) {
      const d = this.byPath(b.path);
      if (!d) {
        const id = this.byId(`builtin:${b.path}`) ? newId() : `builtin:${b.path}`;
        this.docs.push({ id, path: b.path, text: b.text, builtin: true });
        added++;
      } else if (d.builtin && d.text !== b.text) {
        d.text = b.text;
        reset++;
      }
    }
    if (!this.active) this.activeId = this.docs[0]?.id ?? null;
    return { added, reset };
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

/**
 * Call `onChange` with what `read` returns, now and whenever state it reads changes (after the
 * change, batched by Svelte). For listeners outside components, e.g. persistence. Returns a
 * function that stops watching.
 */
export function watch<T>(read: () => T, onChange: (value: T) => void): () => void {
  return $effect.root(() => {
    $effect(() => {
      const value = read();
      untrack(() => onChange(value));
    });
  });
}
