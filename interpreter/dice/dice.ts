import { DiceError, parseNotation, type ParsedNotation } from './notation.js';
import { dieFromState, hashMore, LabelHasher, rollFromState } from './prng.js';
import { RepeatCounter } from './repeats.js';

/** The outcome of one labelled roll. */
export interface RollResult {
  /** The label actually used: the requested label, or `label#2`, `label#3`… for repeats in one run. */
  label: string;
  /** The notation as requested. */
  notation: string;
  /** Each die, in notation order (`1d6+1d4` → [d6, d4]). */
  dice: number[];
  /** Sides of each die, parallel to `dice` (shared by every roll of the notation: read only). */
  readonly sides: readonly number[];
  /** Sum of the notation's integer terms. */
  modifier: number;
  /** Sum of the dice plus the modifier. */
  total: number;
  /** True when the result came from a pin rather than the generator. */
  pinned: boolean;
}

export type RollListener = (result: RollResult) => void;

type Pin = { kind: 'total'; total: number; text: string } | { kind: 'dice'; dice: number[]; text: string };

const NO_PINS: ReadonlyMap<string, Pin> = new Map();

function hashInLabel(label: string, notation: string): DiceError {
  return new DiceError(`roll label "${label}" must not contain "#" (it is reserved for repeats: label#2)`, { label, notation });
}

/** Largest absolute value a pinned total may have (keeps pins within the notation's reach). */
const MAX_PIN_TOTAL = 1e9;

function parsePin(label: string, value: string | number): Pin {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || Math.abs(value) > MAX_PIN_TOTAL) {
      throw new DiceError(`pin for roll "${label}": ${value} is not an integer total`, { label, pin: true });
    }
    return { kind: 'total', total: value, text: String(value) };
  }
  if (typeof value !== 'string') {
    throw new DiceError(`pin for roll "${label}" must be a string such as "7" or "3,4"`, { label, pin: true });
  }
  const text = value.trim();
  if (/^[+-]?\d{1,9}$/.test(text)) return { kind: 'total', total: Number(text), text };
  if (/^\d{1,9}(\s*[,+]\s*\d{1,9})+$/.test(text)) {
    return { kind: 'dice', dice: text.split(/\s*[,+]\s*/).map(Number), text };
  }
  throw new DiceError(
    `pin for roll "${label}": ${JSON.stringify(value)} is neither a total (e.g. "7") nor a list of dice (e.g. "3,4" or "3+4")`,
    { label, pin: true },
  );
}

/**
 * Dice that are reproducible per label.
 *
 * Each roll draws from its own generator seeded by hash(seed, label), never from one shared
 * stream. Hence pinning one roll, or adding a roll somewhere, changes no other roll; and two
 * rule variants run with the same seed get the same dice for the same labels (common random
 * numbers). A label rolled again in the same run becomes `label#2`, then `label#3`, and so on;
 * `reset()` starts a new run.
 *
 * Pins (a game master's physical dice, or fixed outcomes in tests) map a label — including a
 * `#n` suffix for repeats — to a total (`"7"`) or to the single dice (`"3,4"` / `"3+4"`, in
 * notation order). A pinned total gets a deterministic, as-even-as-possible split into dice.
 * Pins stay in force across `reset()`; `unusedPins()` lists pins no roll has consumed yet.
 */
export class Dice {
  readonly seed: number;
  private readonly pins: ReadonlyMap<string, Pin>;
  /** Pins some roll has used; made at the first such roll. */
  private consumed: Set<string> | undefined;
  private readonly counters = new RepeatCounter();
  private readonly onRoll: RollListener | undefined;
  /** cyrb128's state after hashing `${seed}:`, so that each roll hashes only its label. */
  private readonly hasher: LabelHasher;
  /** The last notations rolled, parsed: most rolls repeat one of the two before. */
  private notation1: string | undefined;
  private parsed1: ParsedNotation | undefined;
  private notation2: string | undefined;
  private parsed2: ParsedNotation | undefined;
  /**
   * Scratch: words 0–3 the hash of the label being rolled; words 4–7 the hash of
   * `${lastPrefix}.`, kept for the next `rollIn` with the same prefix. One small array (small
   * typed arrays live on the heap and are cheap to make; a `Dice` is made per combat).
   */
  private readonly state = new Int32Array(8);
  /** `rollIn`: the last prefix, and that prefix followed by `.` (the start of its labels). */
  private lastPrefix: string | undefined;
  private prefixDot = '';
  /**
   * A host's answer for a roll (run/host.ts): a total or single dice, as a pin, or undefined to
   * go on as usual (pins, then the generator). Asked before the pins; absent in a plain run.
   */
  answer: ((label: string, notation: string) => string | undefined) | undefined;

  constructor(seed: number, pins?: ReadonlyMap<string, string | number>, onRoll?: RollListener) {
    if (!Number.isSafeInteger(seed)) {
      throw new DiceError(`dice seed must be a safe integer, got ${String(seed)}`);
    }
    this.seed = seed;
    let parsed: ReadonlyMap<string, Pin> = NO_PINS;
    if (pins !== undefined && pins.size > 0) {
      const own = new Map<string, Pin>();
      for (const [label, value] of pins) {
        if (typeof label !== 'string' || label === '') throw new DiceError('a pin needs a non-empty roll label');
        own.set(label, parsePin(label, value));
      }
      parsed = own;
    }
    this.pins = parsed;
    this.onRoll = onRoll;
    this.hasher = new LabelHasher(seed);
  }

  /** Roll `notation` under `label` (a `#n` suffix is added for repeats within a run). */
  private shared: Map<string, RollResult> | undefined;

  /**
   * A roll shared by everyone who asks for the same label in this run — one die for a whole
   * group (the referee rolling once for all their characters, a side's tactics roll). The first
   * ask rolls; the others get the same result without a new roll.
   */
  rollShared(label: string, notation: string): RollResult {
    const known = this.shared?.get(label);
    if (known) return known;
    const r = this.roll(label, notation);
    (this.shared ??= new Map()).set(label, r);
    return r;
  }

  roll(label: string, notation: string): RollResult {
    if (typeof label !== 'string' || label === '') throw new DiceError('a roll needs a non-empty label', { notation });
    // Hash the label once: the hash keys the repeat counter and, continued over `#n` for a
    // repeat, seeds the generator. No `${seed}:${label}` string is built.
    if (this.hasher.hash(label, this.state)) throw hashInLabel(label, notation);
    return this.rollHashed(label, notation);
  }

  /**
   * The same as `roll(prefix + '.' + name, notation)`, for callers that hold the label in two
   * parts (an actor's `r2.fighter.attack` and a roll's `damage`): the prefix is hashed once for
   * the rolls that share it, and only the name is hashed per roll.
   */
  rollIn(prefix: string, name: string, notation: string): RollResult {
    const state = this.state;
    if (prefix !== this.lastPrefix) this.enterPrefix(prefix, name, notation);
    // cyrb128 over the name, from the state after `${prefix}.` (the loop of `hashMore`).
    let h1 = state[4]!;
    let h2 = state[5]!;
    let h3 = state[6]!;
    let h4 = state[7]!;
    let bad = false;
    for (let i = 0; i < name.length; i++) {
      const k = name.charCodeAt(i);
      if (k === 35) bad = true;
      h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
      h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
      h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
      h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
    }
    if (bad) throw hashInLabel(`${prefix}.${name}`, notation);
    state[0] = h1;
    state[1] = h2;
    state[2] = h3;
    state[3] = h4;
    return this.rollHashed(this.prefixDot + name, notation);
  }

  /** `rollIn` with a new prefix: hash `${prefix}.` into words 4–7 of `state`. */
  private enterPrefix(prefix: string, name: string, notation: string): void {
    const state = this.state;
    this.lastPrefix = undefined;
    if (this.hasher.hash(prefix, state)) throw hashInLabel(`${prefix}.${name}`, notation);
    hashMore(state, '.');
    state[4] = state[0]!;
    state[5] = state[1]!;
    state[6] = state[2]!;
    state[7] = state[3]!;
    this.lastPrefix = prefix;
    this.prefixDot = prefix + '.';
  }

  /** The parsed notation, from the two last ones when it is one of them. */
  private parse(label: string, notation: string): ParsedNotation {
    if (notation === this.notation2) {
      const p = this.parsed2!;
      this.notation2 = this.notation1;
      this.parsed2 = this.parsed1;
      this.notation1 = notation;
      this.parsed1 = p;
      return p;
    }
    let parsed: ParsedNotation;
    try {
      parsed = parseNotation(notation);
    } catch (e) {
      if (e instanceof DiceError) throw new DiceError(`roll "${label}": ${e.message}`, { label, notation, pin: e.pin });
      throw e;
    }
    this.notation2 = this.notation1;
    this.parsed2 = this.parsed1;
    this.notation1 = notation;
    this.parsed1 = parsed;
    return parsed;
  }

  /**
   * A roll whose label `this.state` holds the hash of. The usual case (a label's first roll,
   * no pins, no host) stays short; repeats, pins and a host's answers go to `rollOther`.
   */
  private rollHashed(label: string, notation: string): RollResult {
    const state = this.state;
    const parsed = notation === this.notation1 ? this.parsed1! : this.parse(label, notation);
    const n = this.counters.bump(state[0]! ^ state[2]!, label);
    if (n > 1 || this.answer !== undefined || this.pins.size !== 0) return this.rollOther(label, notation, parsed, n);
    const sides = parsed.sides;
    let dice: number[];
    let total = parsed.modifier;
    if (sides.length === 1) {
      const die = dieFromState(state, sides[0]!);
      dice = [die];
      total += die;
    } else {
      dice = new Array<number>(sides.length);
      if (sides.length > 0) rollFromState(state, sides, dice);
      for (let i = 0; i < dice.length; i++) total += dice[i]!;
    }
    const result: RollResult = { label, notation, dice, sides, modifier: parsed.modifier, total, pinned: false };
    if (this.onRoll !== undefined) this.onRoll(result);
    return result;
  }

  /** `rollHashed` for the `n`th roll of `label`, with pins or a host's answers. */
  private rollOther(label: string, notation: string, parsed: ParsedNotation, n: number): RollResult {
    const state = this.state;
    let effective = label;
    if (n > 1) {
      const suffix = `#${n}`;
      effective = label + suffix;
      hashMore(state, suffix);
    }

    const sides = parsed.sides;
    let dice: number[];
    let pinned = false;
    let answered: string | undefined;
    if (this.answer !== undefined) {
      // The host may roll in its turn: keep this roll's hash over the call.
      const h1 = state[0]!;
      const h2 = state[1]!;
      const h3 = state[2]!;
      const h4 = state[3]!;
      answered = this.answer(effective, notation);
      state[0] = h1;
      state[1] = h2;
      state[2] = h3;
      state[3] = h4;
    }
    const pin = answered !== undefined ? parsePin(effective, answered) : this.pins.size === 0 ? undefined : this.pins.get(effective);
    if (pin !== undefined) {
      dice = pinnedDice(effective, notation, parsed, pin);
      if (this.pins.has(effective)) (this.consumed ??= new Set()).add(effective);
      pinned = true;
    } else {
      dice = new Array<number>(sides.length);
      if (sides.length > 0) rollFromState(state, sides, dice);
    }
    let total = parsed.modifier;
    for (let i = 0; i < dice.length; i++) total += dice[i]!;
    const result: RollResult = { label: effective, notation, dice, sides, modifier: parsed.modifier, total, pinned };
    if (this.onRoll !== undefined) this.onRoll(result);
    return result;
  }

  /** Labels of pins that no roll has consumed (likely typos), in the order given. */
  unusedPins(): string[] {
    const out: string[] = [];
    for (const label of this.pins.keys()) if (this.consumed?.has(label) !== true) out.push(label);
    return out;
  }

  /** Start a new run: repeat counters restart (the next `x` is `x` again, not `x#3`). */
  reset(): void {
    this.counters.clear();
    this.shared?.clear();
  }
}

/**
 * Check an answer for a roll before using it: null when `value` (a total "7" or single dice
 * "3,4") is possible for `notation`, else the reason it is not.
 */
export function checkRollAnswer(label: string, notation: string, value: string): string | null {
  try {
    pinnedDice(label, notation, parseNotation(notation), parsePin(label, value));
    return null;
  } catch (e) {
    // A typed answer is a roll, not a pin of an encounter: say "roll", as the question did.
    if (e instanceof DiceError) return e.message.replace(/^pin for roll /, 'roll ');
    throw e;
  }
}

function pinnedDice(label: string, notation: string, parsed: ParsedNotation, pin: Pin): number[] {
  const sides = parsed.sides;
  const where = `pin for roll "${label}" (${notation})`;
  if (pin.kind === 'dice') {
    if (pin.dice.length !== sides.length) {
      throw new DiceError(
        `${where}: "${pin.text}" gives ${pin.dice.length} ${pin.dice.length === 1 ? 'die' : 'dice'} but the notation rolls ${sides.length}`,
        { label, notation, pin: true },
      );
    }
    pin.dice.forEach((v, i) => {
      const s = sides[i]!;
      if (v < 1 || v > s) {
        throw new DiceError(`${where}: die ${i + 1} is ${v} but a d${s} shows 1..${s}`, { label, notation, pin: true });
      }
    });
    return pin.dice.slice();
  }
  const { total } = pin;
  if (total < parsed.min || total > parsed.max) {
    throw new DiceError(`${where}: total ${total} is impossible; allowed ${parsed.min}..${parsed.max}`, {
      label,
      notation,
      pin: true,
    });
  }
  // As even a split as the dice allow: smaller dice first, each taking its fair share of what is
  // left above 1 (capped by its sides); larger dice absorb any remainder. Always feasible when
  // min <= total <= max.
  const n = sides.length;
  const dice = new Array<number>(n).fill(1);
  const order = sides.map((s, i) => [s, i] as const).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let remaining = total - parsed.modifier - n;
  let left = n;
  for (const [s, i] of order) {
    const share = Math.min(s - 1, Math.floor(remaining / left));
    dice[i] = 1 + share;
    remaining -= share;
    left--;
  }
  return dice;
}
