/**
 * The limits of the reader (stage 1): how big, how deep and how many values a document may be,
 * and how its size is counted and told.
 */

/**
 * Limits applied to every document. Rule packs come from strangers, so reading one must stay
 * cheap and bounded whatever it contains.
 *
 * - `maxBytes`  (default 1 MiB = 1_048_576): size of the text measured in UTF-8 bytes (a leading
 *   byte-order mark included). Bigger documents are refused before parsing, at 1:1, with the
 *   actual size in the message.
 * - `maxDepth`  (default 64): how many objects/arrays may be open around a value, counting the
 *   value itself when it is a container; `[[1]]` has depth 2. The first container that opens
 *   one level too many is reported. Parsing stops there, so hostile nesting cannot exhaust the
 *   stack.
 * - `maxValues` (default 200_000): total number of values (objects, arrays, strings, numbers,
 *   booleans, nulls — not property names). The first value over the limit is reported.
 *
 * At most {@link MAX_DIAGNOSTICS} diagnostics are reported for one document.
 */
export interface ReadLimits {
  maxBytes: number;
  maxDepth: number;
  maxValues: number;
}

export const DEFAULT_READ_LIMITS: Readonly<ReadLimits> = Object.freeze({
  maxBytes: 1_048_576,
  maxDepth: 64,
  maxValues: 200_000,
});

/** Cap on the number of diagnostics reported for one document. */
export const MAX_DIAGNOSTICS = 50;

/** Keys refused anywhere in a document. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function definedOnly(limits: Partial<ReadLimits>): Partial<ReadLimits> {
  const out: Partial<ReadLimits> = {};
  for (const k of ['maxBytes', 'maxDepth', 'maxValues'] as const) {
    const v = limits[k];
    if (typeof v === 'number') out[k] = v;
  }
  return out;
}

export function formatBytes(n: number): string {
  const exact = `${n.toLocaleString('en-US')} bytes`;
  if (n >= 1024 * 1024) return `${exact} (${+(n / (1024 * 1024)).toFixed(2)} MiB)`;
  if (n >= 1024) return `${exact} (${+(n / 1024).toFixed(1)} KiB)`;
  return exact;
}

/**
 * The UTF-8 length of a text, counted without Node's Buffer (the reader also runs in the
 * browser), stopping once it passes `stopAbove`.
 */
export function utf8Length(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let n = 0;
  for (let i = 0; i < text.length && n <= stopAbove; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}
