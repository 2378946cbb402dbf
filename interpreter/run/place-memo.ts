/**
 * Answers about the battle line kept for one version of it (battle-line.ts): the engine bumps
 * `lineVersion` at every move, fall, arrival or departure, so a question whose answer depends
 * only on a side, a place, and everyone's place and standing (the nearest enemy, whether an enemy
 * is within reach) has one answer per version. A side's combatants stand together and are asked
 * about one line, so most questions repeat one.
 *
 * A few answers are kept, for the last engine and version asked about, looked up one by one.
 * Places compare with ===: a NaN is never found, and 0 and -0 are at the same distance from
 * everyone.
 */
const SIZE = 8;

export class PlaceMemo<T> {
  private owner: object | null = null;
  private version = -1;
  private n = 0;
  private readonly sides = new Array<string>(SIZE).fill('');
  private readonly places = new Float64Array(SIZE);
  private readonly found: T[];

  constructor(blank: T) {
    this.found = new Array<T>(SIZE).fill(blank);
  }

  /** The answer kept for (side, place) at this owner's version, else undefined (and the memo is now this version's). */
  get(owner: object, version: number, side: string, place: number): T | undefined {
    if (this.owner !== owner || this.version !== version) {
      this.owner = owner;
      this.version = version;
      this.n = 0;
      return undefined;
    }
    for (let i = 0; i < this.n; i++) if (this.places[i] === place && this.sides[i] === side) return this.found[i];
    return undefined;
  }

  /** Keep the answer for (side, place), found just after `get` (while there is room). */
  keep(side: string, place: number, value: T): void {
    if (this.n === SIZE || typeof place !== 'number') return;
    this.sides[this.n] = side;
    this.places[this.n] = place;
    this.found[this.n++] = value;
  }
}
