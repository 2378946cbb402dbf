/**
 * The shape of a simulation plan (plan.ts runs it). Types only, so the browser entry and the
 * editor's workers can name a plan without reaching the Node worker pool.
 */
import type { SeriesSpec } from './series-core.js';
import type { Sweep } from './sweep.js';

export interface VariantSpec {
  name: string;
  ruleset: string;
  overlays: string[];
  encounter: string;
  /** Documents held in memory (a pack's, or standard input's), by the name that stands for their file. */
  texts?: Record<string, string>;
}

/** A variant as the command line names it: files, or texts standing in for them (a pack's documents). */
export interface VariantFiles {
  name: string;
  ruleset: string;
  overlays: string[];
  encounter: string;
  /** Texts standing in for the files above (documents taken from a rule pack). */
  texts?: Map<string, string>;
}

export interface Plan {
  variants: VariantSpec[];
  sweep: Sweep | null;
  /** Fixed patches (--set) applied to every series. */
  sets: SeriesSpec['patches'];
  runs: number;
  seed: number;
  examples: number;
  curves: boolean;
  curveStat?: string;
}
