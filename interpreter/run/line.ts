/**
 * The battle line sorted by position, for the engine's proximity questions (the nearest enemy,
 * anyone within reach) when there are many combatants. Each answer is exactly the answer of the
 * engine's plain scan over every combatant in listing order — same distances (computed the same
 * way), same tie-break (the first in listing order) — only found by binary search instead of a
 * scan, so a round costs O(n log n) instead of O(n²).
 *
 * The index is a snapshot: the engine bumps a version whenever a position or an out-of-the-fight
 * flag changes and rebuilds the index lazily, only once the current version has been asked
 * enough questions to pay for the sort (so a turn-by-turn game that changes the line after every
 * act keeps scanning, and a phase in which everyone declares against the same line sorts once).
 */

/** What the index needs of a combatant. */
export interface LinePoint {
  side: string;
  index: number;
  out: boolean;
  view: Record<string, unknown>;
}

interface SideLine<T> {
  side: string;
  /** Positions in ascending order (ties by listing order). */
  pos: Float64Array;
  items: T[];
  /** For each item, where its run of equal positions starts and ends (so the first of a run is its lowest listing index). */
  runStart: Int32Array;
  runEnd: Int32Array;
}

/** Sorted, standing combatants of each side at one version of the line. */
export class LineIndex<T extends LinePoint> {
  private constructor(
    readonly version: number,
    private readonly sides: Array<SideLine<T>>,
    /** Everyone (out or not) in line order at this version: the next build starts from it. */
    private readonly order: T[],
  ) {}

  /**
   * Build the index, or null when some position is not a finite number (the plain scan then
   * keeps its exact behaviour with whatever arithmetic such values give). `cmbs[i].index` must
   * be i. Starting from the previous index's order, the sort mostly finds runs already in order
   * (only movers moved), which the engine's merge sort takes in linear time.
   */
  static build<T extends LinePoint>(cmbs: readonly T[], version: number, previous: LineIndex<T> | null): LineIndex<T> | null {
    const at = new Float64Array(cmbs.length);
    for (let i = 0; i < cmbs.length; i++) {
      const p = cmbs[i]!.view.position;
      if (typeof p !== 'number' || !Number.isFinite(p)) return null;
      at[i] = p;
    }
    const order = previous && previous.order.length === cmbs.length ? previous.order : cmbs.slice();
    order.sort((a, b) => at[a.index]! - at[b.index]! || a.index - b.index);
    const bySide = new Map<string, T[]>();
    for (const c of order) {
      if (c.out) continue;
      let list = bySide.get(c.side);
      if (!list) bySide.set(c.side, (list = []));
      list.push(c);
    }
    const sides: Array<SideLine<T>> = [];
    for (const [side, list] of bySide) {
      const pos = new Float64Array(list.length);
      for (let i = 0; i < list.length; i++) pos[i] = at[list[i]!.index]!;
      const runStart = new Int32Array(list.length);
      const runEnd = new Int32Array(list.length);
      for (let i = 0; i < list.length; i++) runStart[i] = i > 0 && pos[i - 1] === pos[i] ? runStart[i - 1]! : i;
      for (let i = list.length - 1; i >= 0; i--) runEnd[i] = i < list.length - 1 && pos[i + 1] === pos[i] ? runEnd[i + 1]! : i;
      sides.push({ side, pos, items: list, runStart, runEnd });
    }
    return new LineIndex(version, sides, order);
  }

  /** First i with pos[i] >= p. */
  private static lowerBound(pos: Float64Array, p: number): number {
    let lo = 0;
    let hi = pos.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pos[mid]! < p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The standing enemy of `side` nearest to position p; among equally near, the first in
   * listing order. Distances are Math.abs(p - x), which never decreases away from p on either
   * side, so every enemy at the least distance lies next to p's place in the sorted line.
   */
  nearestEnemy(side: string, p: number): T | null {
    let best: T | null = null;
    let bestD = Infinity;
    for (const s of this.sides) {
      if (s.side === side || s.items.length === 0) continue;
      const pos = s.pos;
      const lb = LineIndex.lowerBound(pos, p);
      let d = Infinity;
      if (lb > 0) d = Math.abs(p - pos[lb - 1]!);
      if (lb < pos.length) d = Math.min(d, Math.abs(p - pos[lb]!));
      if (d > bestD) continue;
      // Every item at distance d: walk outward run by run (a run is one position; its first item
      // has its lowest listing index) while the distance stays d.
      let pick: T | null = null;
      for (let i = lb - 1; i >= 0; i = s.runStart[i]! - 1) {
        if (Math.abs(p - pos[i]!) !== d) break;
        const first = s.items[s.runStart[i]!]!;
        if (pick === null || first.index < pick.index) pick = first;
      }
      for (let i = lb; i < pos.length; i = s.runEnd[i]! + 1) {
        if (Math.abs(p - pos[i]!) !== d) break;
        const first = s.items[i]!; // lb and every later run start begin a run
        if (pick === null || first.index < pick.index) pick = first;
      }
      if (pick === null) continue;
      if (d < bestD || (d === bestD && best !== null && pick.index < best.index)) {
        best = pick;
        bestD = d;
      }
    }
    return best;
  }

  /** Whether some standing enemy of `side` stands within `reach` of p. */
  anyEnemyWithin(side: string, p: number, reach: number): boolean {
    for (const s of this.sides) {
      if (s.side === side || s.items.length === 0) continue;
      const pos = s.pos;
      const lb = LineIndex.lowerBound(pos, p);
      if (lb > 0 && Math.abs(pos[lb - 1]! - p) <= reach) return true;
      if (lb < pos.length && Math.abs(pos[lb]! - p) <= reach) return true;
    }
    return false;
  }

  /** Whether `test` holds for some standing enemy of `side` within `reach` of p (any order). */
  someEnemyWithin(side: string, p: number, reach: number, test: (o: T) => boolean): boolean {
    for (const s of this.sides) {
      if (s.side === side || s.items.length === 0) continue;
      const pos = s.pos;
      const lb = LineIndex.lowerBound(pos, p);
      for (let i = lb - 1; i >= 0 && Math.abs(pos[i]! - p) <= reach; i--) if (test(s.items[i]!)) return true;
      for (let i = lb; i < pos.length && Math.abs(pos[i]! - p) <= reach; i++) if (test(s.items[i]!)) return true;
    }
    return false;
  }
}
