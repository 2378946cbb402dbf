/** "Did you mean" suggestions: the closest known name to a misspelt one. */

/** Maximum Levenshtein distance for "did you mean" suggestions. */
export const SUGGESTION_DISTANCE = 2;

/** Levenshtein edit distance (insert, delete, substitute; each costs 1). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The candidate closest to `word` within `maxDistance` edits (first one wins ties), if any.
 * A candidate as far from `word` as `word` is long ("a" → "b") is never suggested.
 */
export function closestName(word: string, candidates: Iterable<string>, maxDistance = SUGGESTION_DISTANCE): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    if (c === word) continue;
    const d = levenshtein(word, c);
    if (d <= maxDistance && d < bestDistance && d < Math.max(word.length, c.length)) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}
