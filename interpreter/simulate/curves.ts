/**
 * Curves by round: per side, after each round, how many of its combatants still stand and how
 * much of the main stat (hit points, health, body…) those still standing have left — summed over
 * the side, a negative value counting as 0 (one who is out, fled or down, counts 0). Round 0 is the state before round 1 (after the surprise round,
 * if there is one). A combat that ended keeps its final state in the later rounds, so every
 * point of a curve is a mean over all runs.
 *
 * The main stat is found generically: `--curve-stat` names it; otherwise it is the first
 * `actor.<stat>` read by the ruleset's `out` condition that is a declared numeric stat. A
 * ruleset whose `out` reads only derived values has no main stat: its curves carry standing only.
 */
import type { Encounter, Ruleset } from '../model/types.js';
import type { EventOf, EventType, TraceEvent } from '../trace/events.js';
import { addMoments, emptyMoments, meanInterval, mergeMoments, type Moments } from './tally.js';
import type { Interval } from './stats.js';

/**
 * The event types curveOf reads, and no other: a simulation asked for curves keeps these besides
 * the record's (RunOptions.keep). curveOf's switch is checked against this list both ways.
 */
const CURVE_TYPES = ['combat.start', 'damage', 'down', 'round.start', 'combat.end'] as const satisfies readonly EventType[];
type CurveEvent = EventOf<(typeof CURVE_TYPES)[number]>;
export const CURVE_EVENTS: ReadonlySet<EventType> = new Set(CURVE_TYPES);

/** The stat a curve follows, or null. */
export function curveStatOf(ruleset: Ruleset, override?: string): string | null {
  const stats = ruleset.combatant.stats as Record<string, { default?: unknown }>;
  if (override !== undefined) return override;
  const found: string[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') {
      for (const [k, v] of Object.entries(x)) {
        if (k === 'var') {
          const name = Array.isArray(v) ? v[0] : v;
          if (typeof name === 'string' && name.startsWith('actor.')) found.push(name.slice(6));
        }
        walk(v);
      }
    }
  };
  walk(ruleset.combatant.out);
  return found.find((s) => Object.prototype.hasOwnProperty.call(stats, s) && typeof stats[s]!.default === 'number') ?? null;
}

/** Each combatant's starting value of the stat (encounter value, else the ruleset's default). */
export function startingValues(ruleset: Ruleset, encounter: Encounter, stat: string | null): Map<string, number> {
  const out = new Map<string, number>();
  if (stat === null) return out;
  const def = (ruleset.combatant.stats as Record<string, { default?: unknown }>)[stat]?.default;
  for (const s of encounter.sides) {
    for (const c of s.combatants) {
      const v = (c.stats as Record<string, unknown> | undefined)?.[stat] ?? def;
      out.set(c.id, typeof v === 'number' ? v : 0);
    }
  }
  return out;
}

/** One run's curve: per side (in encounter order), the value after round r for r = 0…end. */
export interface RunCurve {
  standing: number[][];
  value: number[][];
}

export function curveOf(events: readonly TraceEvent[], start: Map<string, number>, stat: string | null): RunCurve {
  const sides: string[] = [];
  const sideOf = new Map<string, number>();
  const current = new Map(start);
  const down = new Set<string>();
  const curve: RunCurve = { standing: [], value: [] };
  const snapshot = (r: number) => {
    if (r < 0) return;
    for (let k = 0; k < sides.length; k++) {
      let standing = 0;
      let value = 0;
      for (const [c, s] of sideOf) {
        if (s !== k) continue;
        if (down.has(c)) continue;
        standing++;
        value += Math.max(0, current.get(c) ?? 0);
      }
      // Fill any round without a boundary of its own with the same state.
      while (curve.standing[k]!.length <= r) {
        curve.standing[k]!.push(standing);
        curve.value[k]!.push(value);
      }
    }
  };
  for (const ev of events) {
    if (!CURVE_EVENTS.has(ev.type)) continue;
    const e = ev as CurveEvent;
    switch (e.type) {
      case 'combat.start':
        for (const s of e.sides as Array<{ id: string; combatants: string[] }>) {
          sides.push(s.id);
          curve.standing.push([]);
          curve.value.push([]);
          for (const c of s.combatants) sideOf.set(c, sides.length - 1);
        }
        break;
      case 'damage':
        if (stat !== null && e.stat === stat && typeof e.value === 'number') current.set(e.target as string, e.value);
        break;
      case 'down':
        down.add(e.combatant as string);
        break;
      case 'round.start':
        snapshot(e.round - 1);
        break;
      case 'combat.end':
        snapshot(e.round);
        break;
      default:
        e satisfies never;
    }
  }
  return curve;
}

interface Point {
  standing: Moments;
  value: Moments;
}
const emptyPoint = (): Point => ({ standing: emptyMoments(), value: emptyMoments() });

/**
 * The sufficient statistics of the curves of one series: per side and round, moments over the
 * runs still going at that round, and moments of the final state of the runs that ended there
 * (carried into every later round when the curve is read). Both merge by addition.
 */
export class CurveTally {
  /** [side][round] */
  going: Point[][] = [];
  ended: Point[][] = [];

  constructor(readonly sides: string[]) {
    this.going = sides.map(() => []);
    this.ended = sides.map(() => []);
  }

  add(c: RunCurve): void {
    for (let k = 0; k < this.sides.length; k++) {
      const st = c.standing[k] ?? [];
      const va = c.value[k] ?? [];
      for (let r = 0; r < st.length; r++) {
        const p = (this.going[k]![r] ??= emptyPoint());
        addMoments(p.standing, st[r]!);
        addMoments(p.value, va[r]!);
      }
      if (st.length) {
        const e = (this.ended[k]![st.length - 1] ??= emptyPoint());
        addMoments(e.standing, st[st.length - 1]!);
        addMoments(e.value, va[va.length - 1]!);
      }
    }
  }

  merge(o: CurveTally): void {
    for (let k = 0; k < this.sides.length; k++) {
      for (const [list, other] of [
        [this.going[k]!, o.going[k]!],
        [this.ended[k]!, o.ended[k]!],
      ] as const) {
        other.forEach((p, r) => {
          if (!p) return;
          const q = (list[r] ??= emptyPoint());
          mergeMoments(q.standing, p.standing);
          mergeMoments(q.value, p.value);
        });
      }
    }
  }

  toJSON(): unknown {
    const dense = (l: Point[]) => Array.from({ length: l.length }, (_, r) => l[r] ?? emptyPoint());
    return { sides: this.sides, going: this.going.map(dense), ended: this.ended.map(dense) };
  }

  static fromJSON(j: { sides: string[]; going: Point[][]; ended: Point[][] }): CurveTally {
    const t = new CurveTally(j.sides);
    t.going = j.going;
    t.ended = j.ended;
    return t;
  }

  /** The curves: per side, per round 0…last, the mean standing, share standing and stat left. */
  curves(sizes: number[]): SideCurve[] {
    const rounds = Math.max(0, ...this.going.map((l) => l.length));
    return this.sides.map((side, k) => {
      const points: CurvePoint[] = [];
      const carried = emptyPoint();
      for (let r = 0; r < rounds; r++) {
        const p = emptyPoint();
        const g = this.going[k]![r];
        if (g) {
          mergeMoments(p.standing, g.standing);
          mergeMoments(p.value, g.value);
        }
        mergeMoments(p.standing, carried.standing);
        mergeMoments(p.value, carried.value);
        const standing = meanInterval(p.standing);
        const size = sizes[k] ?? 0;
        const share = (x: number) => (size > 0 ? x / size : 0);
        points.push({
          round: r,
          standing,
          survival: { estimate: share(standing.estimate), low: share(standing.low), high: share(standing.high) },
          value: meanInterval(p.value),
        });
        const e = this.ended[k]![r];
        if (e) {
          mergeMoments(carried.standing, e.standing);
          mergeMoments(carried.value, e.value);
        }
      }
      return { side, size: sizes[k] ?? 0, points };
    });
  }
}

export interface CurvePoint {
  round: number;
  /** Combatants of the side still standing after the round (mean over runs). */
  standing: Interval;
  /** Share of the side still standing: the survival curve. */
  survival: Interval;
  /** The main stat left on the side (sum over its combatants still standing, negatives as 0). */
  value: Interval;
}

export interface SideCurve {
  side: string;
  size: number;
  points: CurvePoint[];
}
