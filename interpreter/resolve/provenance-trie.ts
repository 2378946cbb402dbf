/**
 * The provenance of a resolved ruleset's parts (resolve/overlays.ts), by id path, looked up for
 * the deepest ancestor of a place (issue 9, edit → timeline: compiling asks where every
 * expression came from). Provenance is kept by id path joined with `/`; this tree holds the same
 * keys split at `/`, so that finding the deepest key that is a prefix of a place's id path at one
 * of its ids' ends costs one step per segment, not a joined string and a map lookup per ancestor.
 * It answers exactly what looking up every joined prefix (`ids[0..n].join('/')`) would.
 */
interface Node<T> {
  kids: Map<string, Node<T>> | null;
  value: T | undefined;
}

const node = <T>(): Node<T> => ({ kids: null, value: undefined });

export class PrefixTrie<T> {
  private readonly root: Node<T> = node();

  /** A trie of `entries`, keyed by joined id paths (`a/b/c`). */
  constructor(entries: Iterable<[string, T]>) {
    for (const [key, value] of entries) {
      let n = this.root;
      for (const part of key.split('/')) {
        n.kids ??= new Map();
        let next = n.kids.get(part);
        if (!next) n.kids.set(part, (next = node()));
        n = next;
      }
      n.value = value;
    }
  }

  /**
   * The value of the longest joined prefix `ids[0..n-1].join('/')` (n ≥ 1) that is a key, with
   * that n; null when none is.
   */
  deepest(ids: readonly string[]): { n: number; value: T } | null {
    let n: Node<T> | undefined = this.root;
    let best: { n: number; value: T } | null = null;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (id.indexOf('/') < 0) n = n.kids?.get(id);
      else for (const part of id.split('/')) if ((n = n?.kids?.get(part)) === undefined) break;
      if (n === undefined) break;
      if (n.value !== undefined) best = { n: i + 1, value: n.value };
    }
    return best;
  }
}
