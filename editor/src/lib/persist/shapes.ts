/** What persistence stores: documents, the workspace's meta, undo histories; and the save state. */
// ——— stored shapes ———

export interface StoredDoc {
  id: string;
  path: string;
  text: string;
  builtin: boolean;
}

export interface StoredMeta {
  format: 1;
  /** Document ids, in workspace order. */
  order: string[];
  activeId: string | null;
  /** The run variants (`variants.main`, `variants.compare`), as plain data. */
  variants: { main: unknown; compare: unknown } | null;
  savedAt: number;
}

/** One edit as Monaco reported it: changes `[offset, length, text]`, sorted from the end of the text (as Monaco gives them), offsets in the text before the edit. */
export type Change = [offset: number, length: number, text: string];

export interface StoredEdit {
  c: Change[];
  /** When it was made (ms since the epoch). */
  t: number;
  /** Starts a new undo step (Ctrl+Z undoes back to here). */
  g?: 1;
}

export interface StoredHistory {
  /** The text before the first edit. */
  base: string;
  edits: StoredEdit[];
  /** FNV-1a hash of the text after the last edit: a replay that does not reach it is discarded. */
  hash?: number;
}

export interface Snapshot {
  docs: StoredDoc[];
  activeId: string | null;
  variants: { main: unknown; compare: unknown } | null;
}

export type Restored = Snapshot;

export type SaveState = { state: 'idle' | 'pending' | 'saved'; at?: number } | { state: 'error'; message: string };
