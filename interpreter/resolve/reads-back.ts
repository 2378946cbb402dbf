/**
 * Whether a resolved ruleset would read back from its JSON text as itself (issue 9, edit →
 * timeline). After overlays, the pipeline checks the resolved ruleset against the schema; it
 * used to write it out and read it back first, for the reader's depth limit and for positions.
 * A value that passes this walk reads back equal to itself, within the limits the reader
 * applies there (readDocumentText with the default depth), so the schema may check it in place;
 * the text is made only when the schema finds a problem, whose place must then be told.
 */
import { DEFAULT_READ_LIMITS, FORBIDDEN_KEYS } from '../read/limits.js';

/** True when `JSON.parse(JSON.stringify(value))` equals `value` and the quick reader takes it at the default depth. */
export function readsBackAsItself(value: unknown, maxDepth: number = DEFAULT_READ_LIMITS.maxDepth): boolean {
  const ok = (v: unknown, depth: number): boolean => {
    switch (typeof v) {
      case 'string':
      case 'boolean':
        return true;
      case 'number':
        return Number.isFinite(v);
      case 'object':
        break;
      default:
        return false; // undefined, functions, symbols, bigints: lost or refused by JSON
    }
    if (v === null) return true;
    // The same bound as the quick reader's: deeper values go to the careful one.
    if (depth + 1 >= maxDepth) return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (!(i in v) || !ok(v[i], depth + 1)) return false;
      return true;
    }
    if (Object.getPrototypeOf(v) !== Object.prototype) return false;
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key) || !ok((v as Record<string, unknown>)[key], depth + 1)) return false;
    }
    return true;
  };
  return ok(value, 0);
}
