/**
 * How many times each label has been rolled in this run, keyed by the label's hash (which the
 * dice compute anyway) instead of by a `Map` of strings: an open-addressing table with linear
 * probing. A slot matches when its hash and its label are equal, so two labels whose hashes
 * collide still count apart. It grows at three quarters full. Plain arrays of small integers: cheaper to make than typed arrays,
 * and a `Dice` is made per combat.
 */
export class RepeatCounter {
  /** Per slot: the label's hash (30 bits, so that it stays a small integer), or 0 with count 0 when empty. */
  private hashes: number[];
  private counts: number[];
  private labels: (string | undefined)[];
  private mask: number;
  private used = 0;

  constructor(capacity = 128) {
    this.hashes = new Array<number>(capacity).fill(0);
    this.counts = new Array<number>(capacity).fill(0);
    this.labels = new Array<string | undefined>(capacity).fill(undefined);
    this.mask = capacity - 1;
  }

  /** One more roll of `label` (whose hash is `hash`): the number of rolls of it so far, this one included. */
  bump(hash: number, label: string): number {
    const h = hash & 0x3fffffff;
    const mask = this.mask;
    let i = h & mask;
    for (;;) {
      const n = this.counts[i]!;
      if (n === 0) {
        this.hashes[i] = h;
        this.counts[i] = 1;
        this.labels[i] = label;
        if (++this.used * 4 > mask * 3) this.grow();
        return 1;
      }
      if (this.hashes[i] === h && this.labels[i] === label) {
        this.counts[i] = n + 1;
        return n + 1;
      }
      i = (i + 1) & mask;
    }
  }

  /** Forget every label (a new run). */
  clear(): void {
    if (this.used === 0) return;
    this.counts.fill(0);
    this.labels.fill(undefined);
    this.used = 0;
  }

  private grow(): void {
    const { hashes, counts, labels } = this;
    const size = (this.mask + 1) * 2;
    this.hashes = new Array<number>(size).fill(0);
    this.counts = new Array<number>(size).fill(0);
    this.labels = new Array<string | undefined>(size).fill(undefined);
    this.mask = size - 1;
    for (let j = 0; j < counts.length; j++) {
      if (counts[j] === 0) continue;
      let i = hashes[j]! & this.mask;
      while (this.counts[i] !== 0) i = (i + 1) & this.mask;
      this.hashes[i] = hashes[j]!;
      this.counts[i] = counts[j]!;
      this.labels[i] = labels[j];
    }
  }
}
