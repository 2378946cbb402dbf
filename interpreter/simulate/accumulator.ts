/**
 * Streamed, mergeable aggregates of one series (one variant, at one sweep value): each run's
 * record updates sufficient statistics — counts, tallies of bounded values, moments — and is
 * then dropped, so memory stays flat however many runs there are. Accumulators of disjoint
 * slices of runs merge by addition, and the report depends only on the statistics, never on the
 * order runs arrived in: any number of workers or shards gives the same bytes.
 */
import type { VariantResult } from './aggregate.js';
import type { CombatRecord } from './record.js';
import { runSeed, wilson } from './stats.js';
import { Tally } from './tally.js';
import { CurveTally, type RunCurve, type SideCurve } from './curves.js';

export interface SeriesOptions {
  /** Seeds kept per outcome (the K first runs that produced it). */
  examples: number;
  /** Keep curves by round. */
  curves: boolean;
  /** The stat the curves follow (null: standing only). */
  stat?: string | null;
}

interface SideStats {
  wins: number;
  dealt: Tally;
  taken: Tally;
}
interface CombatantStats {
  survived: number;
  kills: number;
  first: number;
  acted: number;
}

export interface Example {
  /** "bandits won", "bandits won in round 3", "no winner in round 50". */
  outcome: string;
  winner: string | null;
  round: number | null;
  /** Run indices and their run seeds (replay with `phasebook run … --seed <seed>`). */
  runs: Array<{ run: number; seed: number }>;
}

const outcomeName = (winner: string | null, round: number | null) =>
  `${winner === null ? 'no winner' : `${winner} won`}${round === null ? '' : ` in round ${round}`}`;

export class Accumulator {
  runs = 0;
  draws = 0;
  rounds = new Tally();
  sides = new Map<string, SideStats>();
  combatants = new Map<string, CombatantStats>();
  /** outcome key → the smallest run indices that produced it (at most `examples`). */
  examples = new Map<string, number[]>();
  curve: CurveTally | null;

  /** sideOf: combatant → side, in encounter order. */
  constructor(
    readonly name: string,
    readonly sideOf: Array<[string, string]>,
    readonly opts: SeriesOptions,
  ) {
    for (const s of new Set(sideOf.map(([, s]) => s))) this.sides.set(s, { wins: 0, dealt: new Tally(), taken: new Tally() });
    for (const [c] of sideOf) this.combatants.set(c, { survived: 0, kills: 0, first: 0, acted: 0 });
    this.curve = opts.curves ? new CurveTally([...this.sides.keys()]) : null;
  }

  add(i: number, r: CombatRecord, curve?: RunCurve): void {
    this.runs++;
    if (r.winner === null) this.draws++;
    this.rounds.add(r.rounds);
    for (const [s, st] of this.sides) {
      if (r.winner === s) st.wins++;
      st.dealt.add(r.damageDealt[s] ?? 0);
      st.taken.add(r.damageTaken[s] ?? 0);
    }
    for (const [c, st] of this.combatants) {
      if (r.survived[c]) st.survived++;
      st.kills += r.kills[c] ?? 0;
      st.first += r.actedFirst[c] ?? 0;
      st.acted += r.acted[c] ?? 0;
    }
    if (this.opts.examples > 0) {
      this.keep(JSON.stringify([r.winner, null]), [i]);
      this.keep(JSON.stringify([r.winner, r.rounds]), [i]);
    }
    if (this.curve && curve) this.curve.add(curve);
  }

  private keep(key: string, runs: number[]): void {
    const had = this.examples.get(key);
    // A full list and a later run (runs come in ascending order within a slice): nothing changes.
    if (had && had.length >= this.opts.examples && runs.length === 1 && runs[0]! > had[had.length - 1]!) return;
    const list = [...(had ?? []), ...runs].sort((a, b) => a - b);
    this.examples.set(key, list.slice(0, this.opts.examples));
  }

  merge(o: Accumulator): void {
    this.runs += o.runs;
    this.draws += o.draws;
    this.rounds.merge(o.rounds);
    for (const [s, st] of this.sides) {
      const x = o.sides.get(s);
      if (!x) continue;
      st.wins += x.wins;
      st.dealt.merge(x.dealt);
      st.taken.merge(x.taken);
    }
    for (const [c, st] of this.combatants) {
      const x = o.combatants.get(c);
      if (!x) continue;
      st.survived += x.survived;
      st.kills += x.kills;
      st.first += x.first;
      st.acted += x.acted;
    }
    for (const [k, runs] of o.examples) this.keep(k, runs);
    if (this.curve && o.curve) this.curve.merge(o.curve);
  }

  /** The report of this series: the same object `aggregate` gave from the kept records. */
  result(): VariantResult {
    const n = this.runs;
    const out: VariantResult = { name: this.name, runs: n, draws: this.draws, rounds: this.rounds.summary(), sides: {}, combatants: {} };
    for (const [s, st] of this.sides) {
      out.sides[s] = { wins: st.wins, winRate: wilson(st.wins, n), damageDealt: st.dealt.summary(), damageTaken: st.taken.summary() };
    }
    const killsBySide = new Map<string, number>();
    for (const [c, s] of this.sideOf) killsBySide.set(s, (killsBySide.get(s) ?? 0) + this.combatants.get(c)!.kills);
    for (const [c, s] of this.sideOf) {
      const st = this.combatants.get(c)!;
      const sideKills = killsBySide.get(s) ?? 0;
      out.combatants[c] = {
        side: s,
        survival: wilson(st.survived, n),
        kills: st.kills,
        killShare: sideKills > 0 ? st.kills / sideKills : 0,
        actedFirst: st.first,
        actedFirstRate: st.acted > 0 ? st.first / st.acted : 0,
      };
    }
    return out;
  }

  /** Example runs per outcome: by winner (sides in order, then no winner), then by round. */
  exampleList(seed: number): Example[] {
    const sideRank = (w: string | null) => (w === null ? this.sides.size : [...this.sides.keys()].indexOf(w));
    return [...this.examples]
      .map(([k, runs]) => {
        const [winner, round] = JSON.parse(k) as [string | null, number | null];
        return { outcome: outcomeName(winner, round), winner, round, runs: runs.map((run) => ({ run, seed: runSeed(seed, run) })) };
      })
      .sort((a, b) => sideRank(a.winner) - sideRank(b.winner) || (a.round ?? -1) - (b.round ?? -1));
  }

  curves(): SideCurve[] | null {
    if (!this.curve) return null;
    const sizes = [...this.sides.keys()].map((s) => this.sideOf.filter(([, x]) => x === s).length);
    return this.curve.curves(sizes);
  }

  toJSON(): unknown {
    return {
      name: this.name,
      sideOf: this.sideOf,
      opts: this.opts,
      runs: this.runs,
      draws: this.draws,
      rounds: this.rounds.toJSON(),
      sides: [...this.sides].map(([s, st]) => [s, { wins: st.wins, dealt: st.dealt.toJSON(), taken: st.taken.toJSON() }]),
      combatants: [...this.combatants],
      // By outcome key: a shard file is the same bytes whatever order its pieces were folded in.
      examples: [...this.examples].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      curve: this.curve?.toJSON() ?? null,
    };
  }

  static fromJSON(j: AccumulatorJson): Accumulator {
    const a = new Accumulator(j.name, j.sideOf, j.opts);
    a.runs = j.runs;
    a.draws = j.draws;
    a.rounds = Tally.fromJSON(j.rounds);
    for (const [s, st] of j.sides) a.sides.set(s, { wins: st.wins, dealt: Tally.fromJSON(st.dealt), taken: Tally.fromJSON(st.taken) });
    for (const [c, st] of j.combatants) a.combatants.set(c, { ...st });
    a.examples = new Map(j.examples);
    a.curve = j.curve ? CurveTally.fromJSON(j.curve as Parameters<typeof CurveTally.fromJSON>[0]) : null;
    return a;
  }
}

export interface AccumulatorJson {
  name: string;
  sideOf: Array<[string, string]>;
  opts: SeriesOptions;
  runs: number;
  draws: number;
  rounds: Array<[number, number]>;
  sides: Array<[string, { wins: number; dealt: Array<[number, number]>; taken: Array<[number, number]> }]>;
  combatants: Array<[string, CombatantStats]>;
  examples: Array<[string, number[]]>;
  curve: unknown;
}
