/**
 * How many times each label has been rolled in this run, keyed by the label's hash (which the
 * dice compute anyway) instead of by a `Map` of strings: an open-addressing table with linear
 * probing. A slot matches when its hash and its label are equal, so two labels whose hashes
 * collide still count apart. It grows at three quarters full.
 *
 * Plain arrays with holes for empty slots: a `Dice` is made per combat, and an array made
 * without filling costs a tenth of a filled one (typed arrays of this size cost more still:
 * their memory lives outside the heap).
 */
export class RepeatCounter {
  /** Slot i: the label's hash at 2i (30 bits, so that it stays a small integer), its count at 2i + 1; holes when empty. */
  private slots: number[];
  private labels: string[];
  private mask: number;
  private used = 0;

  constructor(capacity = 128) {
    this.slots = new Array<number>(2 * capacity);
    this.labels = new Array<string>(capacity);
    this.mask = capacity - 1;
  }

  /** One more roll of `label` (whose hash is `hash`): the number of rolls of it so far, this one included. */
  bump(hash: number, label: string): number {
    const h = hash & 0x3fffffff;
    const mask = this.mask;
    const slots = this.slots;
    let i = h & mask;
    for (;;) {
      const n = slots[2 * i + 1];
      if (n === undefined) {
        slots[2 * i] = h;
        slots[2 * i + 1] = 1;
        this.labels[i] = label;
        if (++this.used * 4 > mask * 3) this.grow();
        return 1;
      }
      if (slots[2 * i] === h && this.labels[i] === label) {
        slots[2 * i + 1] = n + 1;
        return n + 1;
      }
      i = (i + 1) & mask;
    }
  }

  /** Forget every label (a new run). */
  clear(): void {
    if (this.used === 0) return;
    this.slots = new Array<number>(this.slots.length);
    this.labels = new Array<string>(this.labels.length);
    this.used = 0;
  }

  private grow(): void {
    const { slots, labels } = this;
    const size = (this.mask + 1) * 2;
    const mask = size - 1;
    const into = new Array<number>(2 * size);
    const intoLabels = new Array<string>(size);
    for (let j = 0; j < labels.length; j++) {
      const n = slots[2 * j + 1];
      if (n === undefined) continue;
      const h = slots[2 * j]!;
      let i = h & mask;
      while (into[2 * i + 1] !== undefined) i = (i + 1) & mask;
      into[2 * i] = h;
      into[2 * i + 1] = n;
      intoLabels[i] = labels[j]!;
    }
    this.slots = into;
    this.labels = intoLabels;
    this.mask = mask;
  }
}
