/**
 * Dice notation.
 *
 * Accepted forms (whitespace is allowed between terms and around `+` / `-`):
 *
 *   NdS      N dice of S sides          `3d6`, `1d20`
 *   dS       one die of S sides         `d8`
 *   ND       N six-sided dice           `2D` (= 2d6, as some 2d6 systems write it; capital D only). `D` = 1d6.
 *   NDS      same as NdS                `2D6`
 *   d%       one hundred-sided die      `d%`, `2d%`
 *   K        a plain integer, no dice   `3`, `-1`
 *   sums     terms joined by + / -      `1d6+1d4+2`, `2d6 - 1`
 *
 * Dice may only be added, never subtracted (`1d6-1d4` is rejected); integers may be added or
 * subtracted. The bounds below keep a hostile document from making us roll a billion dice.
 */

/** Most dice one notation may roll, summed over all its dice terms (`1000d6` is the limit). */
export const MAX_DICE = 1000;
/** Most sides a die may have (`d1000` is the limit; `d%` is 100). */
export const MAX_SIDES = 1000;
/** Largest absolute value of an integer term and of the summed modifier. */
export const MAX_MODIFIER = 1_000_000;
/** Longest notation string accepted. */
export const MAX_NOTATION_LENGTH = 200;

/** Bad dice notation, a bad pin, or an impossible pinned result. */
export class DiceError extends Error {
  /** The roll label involved, when there is one. */
  readonly label: string | undefined;
  /** The notation involved, when there is one. */
  readonly notation: string | undefined;
  /** The error is in a pinned value given by the caller, not in the rules. */
  readonly pin: boolean;
  constructor(message: string, details: { label?: string; notation?: string; pin?: boolean } = {}) {
    super(message);
    this.name = 'DiceError';
    this.label = details.label;
    this.notation = details.notation;
    this.pin = details.pin ?? false;
  }
}

export interface DiceGroup {
  readonly count: number;
  readonly sides: number;
}

export interface ParsedNotation {
  /** The notation as written. */
  readonly source: string;
  /** Canonical spelling, e.g. `2D+1` → `2d6+1`. */
  readonly canonical: string;
  readonly groups: readonly DiceGroup[];
  /** Sides of each single die, in rolling order (groups flattened). */
  readonly sides: readonly number[];
  /** Sum of the integer terms. */
  readonly modifier: number;
  /** Smallest and largest possible totals. */
  readonly min: number;
  readonly max: number;
}

const FORMS = 'expected NdS, dS, ND (= Nd6), d% (= d100), an integer K, or sums such as 1d6+1d4+2';
const TERM = /(\d*)([dD])(\d+|%)?|(\d+)/y;
const SPACE = /\s*/y;

function fail(notation: string, why: string): never {
  throw new DiceError(`invalid dice notation ${JSON.stringify(notation)}: ${why}; ${FORMS}`, { notation });
}

function toInt(notation: string, digits: string, what: string, max: number): number {
  const stripped = digits.replace(/^0+(?=\d)/, '');
  const value = Number(stripped);
  if (stripped.length > 9 || value > max) fail(notation, `${what} ${digits} is larger than ${max}`);
  return value;
}

function skipSpace(s: string, pos: number): number {
  SPACE.lastIndex = pos;
  SPACE.test(s);
  return SPACE.lastIndex;
}

/** Parse dice notation; throws DiceError with a readable message. Results are cached. */
export function parseNotation(notation: string): ParsedNotation {
  const cached = cache.get(notation);
  if (cached !== undefined) return cached;
  const parsed = parseUncached(notation);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(notation, parsed);
  return parsed;
}

const CACHE_LIMIT = 1024;
const cache = new Map<string, ParsedNotation>();

function parseUncached(notation: string): ParsedNotation {
  if (typeof notation !== 'string') {
    throw new DiceError(`dice notation must be a string, got ${notation === null ? 'null' : typeof notation}`);
  }
  if (notation.length > MAX_NOTATION_LENGTH) {
    fail(notation.slice(0, 40) + '…', `longer than ${MAX_NOTATION_LENGTH} characters`);
  }
  const s = notation;
  const groups: DiceGroup[] = [];
  const sides: number[] = [];
  const parts: string[] = [];
  let modifier = 0;
  let diceCount = 0;
  let pos = skipSpace(s, 0);
  if (pos === s.length) fail(notation, 'it is empty');
  let first = true;
  while (pos < s.length) {
    let sign = 1;
    const ch = s[pos];
    if (ch === '+' || ch === '-') {
      sign = ch === '-' ? -1 : 1;
      pos = skipSpace(s, pos + 1);
    } else if (!first) {
      fail(notation, `unexpected ${JSON.stringify(ch)} at position ${pos + 1} (expected + or -)`);
    }
    TERM.lastIndex = pos;
    const m = TERM.exec(s);
    if (m === null) {
      const what = pos < s.length ? `unexpected ${JSON.stringify(s[pos])} at position ${pos + 1}` : 'it ends after a sign';
      fail(notation, what);
    }
    const [, countText, letter, sidesText, integerText] = m;
    pos = TERM.lastIndex;
    // A term must not run straight into letters or digits (e.g. `2d6x`, `d6d6`).
    if (pos < s.length && /[0-9A-Za-z%]/.test(s[pos]!)) {
      fail(notation, `unexpected ${JSON.stringify(s[pos])} at position ${pos + 1}`);
    }
    if (integerText !== undefined) {
      const k = toInt(notation, integerText, 'integer', MAX_MODIFIER);
      modifier += sign * k;
      if (Math.abs(modifier) > MAX_MODIFIER) fail(notation, `the modifier exceeds ${MAX_MODIFIER}`);
      parts.push(`${first ? (sign < 0 ? '-' : '') : sign < 0 ? '-' : '+'}${k}`);
    } else {
      if (sign < 0) fail(notation, 'subtracting dice is not supported');
      const count = countText === '' || countText === undefined ? 1 : toInt(notation, countText, 'dice count', MAX_DICE);
      let sideCount: number;
      if (sidesText === undefined) {
        if (letter !== 'D') fail(notation, `missing number of sides after "d" (write e.g. ${count}d6; "${count}D" alone means ${count}d6)`);
        sideCount = 6;
      } else if (sidesText === '%') {
        sideCount = 100;
      } else {
        sideCount = toInt(notation, sidesText, 'number of sides', MAX_SIDES);
      }
      if (count < 1) fail(notation, 'a dice term needs at least one die');
      if (sideCount < 1) fail(notation, 'a die needs at least one side');
      diceCount += count;
      if (diceCount > MAX_DICE) fail(notation, `it rolls more than ${MAX_DICE} dice`);
      groups.push({ count, sides: sideCount });
      for (let i = 0; i < count; i++) sides.push(sideCount);
      parts.push(`${first ? '' : '+'}${count}d${sideCount}`);
    }
    first = false;
    pos = skipSpace(s, pos);
  }
  let min = modifier;
  let max = modifier;
  for (const g of groups) {
    min += g.count;
    max += g.count * g.sides;
  }
  return Object.freeze({
    source: notation,
    canonical: parts.join(''),
    groups: Object.freeze(groups.map((g) => Object.freeze(g))),
    sides: Object.freeze(sides),
    modifier,
    min,
    max,
  });
}
