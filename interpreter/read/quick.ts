/**
 * The reader's fast path (issue 9, cold start): most documents are good, and for them
 * JSON.parse (native) gives the very value the position-tracking reader builds, in a fraction of
 * the time. Positions are then computed only when something asks where a value stands (a
 * diagnostic), by reading the kept text again with positions.
 *
 * quickValue says "take the slow path" (undefined) whenever the careful reader could refuse the
 * text or read it differently: a syntax error (JSON.parse refuses it; every text JSON.parse
 * accepts, the careful reader accepts too, but for the checks below), a forbidden or duplicate
 * key, a number out of range, or a document at (or over) the depth or value limits. The careful
 * reader then reports exactly what it always did. So the fast path changes how fast a good
 * document is read, never what any document reads as.
 */
import { FORBIDDEN_KEYS, type ReadLimits } from './limits.js';
import type { SourceDocument, SourcePosition } from './positions.js';

/** Thrown inside the walk: the text needs the careful reader. */
class Careful {}

/** The text's value when it is strict JSON with nothing for the careful reader to refuse; else undefined. */
export function quickValue(text: string, lim: ReadLimits): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
  let values = 0;
  let members = 0;
  const walk = (v: unknown, depth: number): void => {
    if (++values >= lim.maxValues) throw new Careful();
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Careful();
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    if (depth + 1 >= lim.maxDepth) throw new Careful();
    if (Array.isArray(v)) {
      for (const item of v) walk(item, depth + 1);
      return;
    }
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) throw new Careful();
      members++;
      walk((v as Record<string, unknown>)[key], depth + 1);
    }
  };
  try {
    walk(value, 0);
  } catch {
    return undefined; // Careful, or a stack overflow under a huge custom depth limit
  }
  // A duplicate key leaves one member fewer than the text has: outside strings, every ':' of
  // valid JSON separates a member's key from its value.
  let colons = 0;
  const structure = text.replace(/"[^"\\]*(?:\\.[^"\\]*)*"/g, '');
  for (let i = structure.indexOf(':'); i >= 0; i = structure.indexOf(':', i + 1)) colons++;
  return colons === members ? value : undefined;
}

/** A document whose positions are found, the first time one is asked for, by `withPositions`. */
export function lazyDocument(file: string, text: string, value: unknown, withPositions: () => SourceDocument): SourceDocument {
  let read: SourceDocument | null = null;
  const positions = () => (read ??= withPositions());
  return {
    file,
    text,
    value,
    locate: (pointer: string): SourcePosition => positions().locate(pointer),
    locateKey: (pointer: string): SourcePosition => positions().locateKey(pointer),
  };
}
