/**
 * A pack's files as read from a zip or a folder, before anything is interpreted: paths inside
 * the pack and bytes. Readers (zip.ts, node/folder.ts) check every limit of limits.ts and refuse
 * traversal and links; what they return is safe to look at.
 */
import { PhasebookError, type Diagnostic } from '../diagnostics.js';

export interface PackFile {
  /** Path inside the pack, with forward slashes. */
  path: string;
  bytes: Uint8Array;
}

export interface PackFiles {
  /** Where the pack came from, as the user named it (a zip file, a folder, a URL, an npm name). */
  origin: string;
  files: PackFile[];
  /** How a file is named in messages (a folder gives its real path); default `origin!path`. */
  display?: (path: string) => string;
}

/** A refusal of the whole pack: `origin!entry` (or `origin`) with a one-line message. */
export function packError(origin: string, entry: string | null, message: string): PhasebookError {
  return new PhasebookError([packDiagnostic(origin, entry, message)]);
}

export function packDiagnostic(origin: string, entry: string | null, message: string, severity: 'error' | 'warning' = 'error'): Diagnostic {
  return { file: entry ? `${origin}!${entry}` : origin, line: 1, col: 1, pointer: '', message, severity };
}

/** If every file sits under one top folder without a manifest at the root (a GitHub zip), drop that folder. */
export function stripSingleTopFolder(files: PackFile[], manifest: string): PackFile[] {
  if (files.some((f) => f.path === manifest)) return files;
  const tops = new Set(files.map((f) => f.path.split('/')[0]));
  if (tops.size !== 1) return files;
  const [top] = [...tops];
  if (!files.some((f) => f.path === `${top}/${manifest}`)) return files;
  return files.map((f) => ({ path: f.path.slice(top!.length + 1), bytes: f.bytes }));
}
