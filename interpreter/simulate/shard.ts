/**
 * Shards: `--shard i/n` runs the i-th of n contiguous slices of the run indices and writes its
 * accumulators — sufficient statistics, not runs — with the plan they belong to. `phasebook
 * merge` checks that the shards are the n slices of one plan and adds them up; the report is
 * then the one a single run gives, byte for byte (`--no-timing` leaves out the only figures
 * that differ: workers and seconds).
 */
import { Accumulator, type AccumulatorJson } from './accumulator.js';
import { seriesGrid, type Plan } from './plan.js';
import type { SeriesSpec } from './series.js';
import { commandLineError } from './sweep.js';
import { PhasebookError } from '../diagnostics.js';
import type { Meta } from './present.js';

export const SHARD_FORMAT = 'phasebook-shard';

export interface ShardFile {
  format: typeof SHARD_FORMAT;
  version: 1;
  plan: Plan;
  shard: { index: number; count: number; from: number; to: number };
  workers: number;
  ms: number;
  partial: boolean;
  /** [sweep value][variant] */
  series: AccumulatorJson[][];
}

export function parseShardOption(text: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count)
    throw commandLineError('', `--shard expects i/n with 1 ≤ i ≤ n (e.g. 3/8), got "${text}"`);
  return { index, count };
}

export function shardText(
  plan: Plan,
  shard: ShardFile['shard'],
  accs: Accumulator[][],
  m: { workers: number; ms: number; partial: boolean },
): string {
  const file: ShardFile = {
    format: SHARD_FORMAT,
    version: 1,
    plan,
    shard,
    ...m,
    series: accs.map((row) => row.map((a) => a.toJSON() as AccumulatorJson)),
  };
  return JSON.stringify(file) + '\n';
}

const bad = (file: string, pointer: string, message: string) =>
  new PhasebookError([{ file, line: 1, col: 1, pointer, message, severity: 'error' }]);

function parseShard(file: string, text: string): ShardFile {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    // One line per problem: JSON.parse quotes the text it stopped at, newlines included.
    throw bad(file, '', `not JSON: ${(err as Error).message.replace(/\s*\n\s*/g, ' ')}`);
  }
  const s = v as Partial<ShardFile> | null;
  if (!s || typeof s !== 'object' || s.format !== SHARD_FORMAT)
    throw bad(file, '/format', `not a shard of phasebook simulate --shard (format "${SHARD_FORMAT}")`);
  if (s.version !== 1) throw bad(file, '/version', `shard version ${String(s.version)} is not supported (1 is)`);
  const sh = s.shard;
  if (!sh || !Number.isInteger(sh.index) || !Number.isInteger(sh.count)) throw bad(file, '/shard', 'the shard has no index/count');
  if (!s.plan || !Array.isArray(s.series)) throw bad(file, '/series', 'the shard has no plan or no series');
  return s as ShardFile;
}

export interface Merged {
  plan: Plan;
  grid: SeriesSpec[][];
  accs: Accumulator[][];
  meta: Meta;
}

/** Merge the n shards of one plan. Workers are summed, and the time is the longest shard's. */
export function mergeShards(files: Array<{ file: string; text: string }>): Merged {
  if (!files.length) throw commandLineError('', 'merge: no shard files given');
  const shards = files.map((f) => ({ file: f.file, s: parseShard(f.file, f.text) }));
  const first = shards[0]!;
  const planText = JSON.stringify(first.s.plan);
  const count = first.s.shard.count;
  const seen = new Map<number, string>();
  for (const { file, s } of shards) {
    if (JSON.stringify(s.plan) !== planText) {
      throw bad(
        file,
        '/plan',
        `this shard belongs to another simulation than ${first.file} (documents, sweep, runs, seed, examples or curves differ)`,
      );
    }
    if (s.shard.count !== count) throw bad(file, '/shard/count', `this shard is one of ${s.shard.count}, ${first.file} one of ${count}`);
    if (seen.has(s.shard.index)) throw bad(file, '/shard/index', `shard ${s.shard.index}/${count} is also ${seen.get(s.shard.index)}`);
    seen.set(s.shard.index, file);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length)
    throw commandLineError('', `merge: missing shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')}`);
  const plan = first.s.plan;
  const grid = seriesGrid(plan);
  const ordered = [...shards].sort((a, b) => a.s.shard.index - b.s.shard.index);
  const accs = grid.map((row, vi) =>
    row.map((_, k) => {
      const parts = ordered.map(({ file, s }) => {
        const j = s.series[vi]?.[k];
        if (!j) throw bad(file, `/series/${vi}/${k}`, 'this shard lacks a series of its plan');
        return Accumulator.fromJSON(j);
      });
      const acc = parts[0]!;
      for (const p of parts.slice(1)) acc.merge(p);
      return acc;
    }),
  );
  const meta: Meta = {
    runs: plan.runs,
    seed: plan.seed,
    workers: ordered.reduce((t, x) => t + x.s.workers, 0),
    ms: Math.max(...ordered.map((x) => x.s.ms)),
    partial: ordered.some((x) => x.s.partial),
  };
  return { plan, grid, accs, meta };
}
