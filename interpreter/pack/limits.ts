/**
 * Bounds on a rule pack. Packs come from strangers, so reading one must stay cheap whatever it
 * holds: every limit is checked on the sizes a zip declares before anything is decompressed,
 * and again on the bytes actually read.
 */
export interface PackLimits {
  /** Files in the pack (every entry counts, skipped ones too). */
  maxFiles: number;
  /** Uncompressed size of one file, in bytes (the document reader's own limit is the same). */
  maxFileBytes: number;
  /** Uncompressed size of the whole pack, in bytes. */
  maxTotalBytes: number;
  /** Uncompressed / compressed size of one zip entry (zip bombs), for entries over 4 KiB. */
  maxRatio: number;
  /** Folders a path may go down (a/b/c.json is depth 3). */
  maxDepth: number;
  /** Characters in one path. */
  maxPathLength: number;
}

export const DEFAULT_PACK_LIMITS: Readonly<PackLimits> = Object.freeze({
  maxFiles: 1000,
  maxFileBytes: 1_048_576,
  maxTotalBytes: 16 * 1_048_576,
  maxRatio: 100,
  maxDepth: 8,
  maxPathLength: 255,
});

/** Entries whose compressed size is under this are not held to maxRatio (tiny files compress oddly). */
export const RATIO_FLOOR_BYTES = 4096;

export const MANIFEST_FILE = 'phasebook-pack.json';

/** How an entry of a pack is treated. */
export type EntryClass = 'manifest' | 'document' | 'text' | 'metadata' | 'executable' | 'other';

const TEXT = /\.(md|markdown|txt)$/i;
const TEXT_NAMES = /^(readme|licen[cs]e|copying|changelog|changes|history|notice|authors)(\.[a-z]+)?$/i;
/**
 * Files that could run as code somewhere (a browser, Node, a shell, an OS). A pack holding one is
 * refused outright rather than skipped: a rule pack has no reason to carry code, and a pack
 * that does is either broken or hostile.
 */
const EXECUTABLE =
  /\.(m?js|cjs|jsx|ts|mts|cts|tsx|wasm|node|html?|xhtml|svg|sh|bash|zsh|ps1|bat|cmd|exe|dll|so|dylib|py|rb|pl|php|jar|vbs|app|msi|com|scr)$/i;

export function classify(path: string): EntryClass {
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (path === MANIFEST_FILE) return 'manifest';
  if (path === 'package.json' || path === 'package-lock.json' || path === '.npmignore') return 'metadata';
  if (EXECUTABLE.test(base)) return 'executable';
  if (/\.json$/i.test(base)) return 'document';
  if (TEXT.test(base) || TEXT_NAMES.test(base)) return 'text';
  return 'other';
}

/**
 * Why a path inside a pack is refused, or null when it is fine: absolute paths, drive letters,
 * backslashes, '..' and '.' segments, control characters, too deep or too long.
 */
export function badPath(path: string, limits: PackLimits): string | null {
  if (path.length === 0) return 'an empty path';
  if (path.length > limits.maxPathLength) return `a path of ${path.length} characters (the limit is ${limits.maxPathLength})`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(path)) return 'a path with a control character';
  if (path.includes('\\')) return 'a path with a backslash';
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return 'an absolute path';
  const parts = path.replace(/\/$/, '').split('/');
  if (parts.some((p) => p === '..')) return "a path that climbs out of the pack ('..')";
  if (parts.some((p) => p === '.' || p === '')) return "a path with an empty or '.' segment";
  if (parts.length > limits.maxDepth) return `a path ${parts.length} folders deep (the limit is ${limits.maxDepth})`;
  return null;
}
