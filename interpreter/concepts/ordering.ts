/**
 * What ordering concepts (sort keys and tie-breaks) work on: anything that can be put in order,
 * and what the engine lends them (side ranks, labelled dice and decisions).
 */
import type { TieBreak } from '../model/types.js';

/** Anything that can be ordered: a combatant, a side's turn, or a declared action. */
export interface Orderable {
  /** Stable id used in labels (combatant id, side id, or combatant:action). */
  id: string;
  /** Listing order in the encounter: the last, deterministic fallback inside a group. */
  listing: number;
  side: string;
  initiative: number | null;
  declSeq: number;
  /** Expression data for stat and expr keys. */
  data: () => Record<string, unknown>;
}

export interface OrderEnv {
  /** Rank of a side in this round's initiative order (0 = holder). */
  sideRank(side: string): number;
  /** The initiative side chose to go second here. */
  reversed: boolean;
  /** A tie-break roll; `attempt` counts re-rolls of the same tie (1, 2, …). */
  roll(label: string, notation: string, attempt: number): number;
  /** A labelled decision, asked of `by` (the referee when absent; a side's id for a side). */
  decide(label: string, options: string[], fallback: string, by?: string): string;
  /** Label prefix for tie-break rolls and decisions, e.g. r2.missile.bows */
  label: string;
}

/** A built-in sort key: lower values come first. */
export interface KeyDef {
  name: string;
  /** In game terms, as a sentence (documentation, hover). */
  description: string;
  /** As a referee would say it, in a few words ("highest initiative first"): the editor's views show it. */
  phrase: string;
  value(item: Orderable, env: OrderEnv): number;
}

/** Breaks a group of tied items into groups in order (items in one group are simultaneous). */
export type BreakTie = <T extends Orderable>(group: T[], ties: TieBreak, env: OrderEnv, attempt?: number) => T[][];

/** A tie-break: what happens when the sort keys cannot tell items apart. */
export interface TieBreakDef {
  /** Its name: the string written in a document, or the key of its object form. */
  name: string;
  /** In game terms; the editor shows it. */
  description: string;
  /** `ties` as written (a string, or an object keyed by `name`) as a referee would say it: the editor's views show it. */
  phrase(ties: TieBreak, phraseOf: (other: TieBreak) => string): string;
  /** Order the tied `group`. `again` breaks a remaining tie with another tie-break. */
  break<T extends Orderable>(group: T[], ties: TieBreak, env: OrderEnv, attempt: number, again: BreakTie): T[][];
}
