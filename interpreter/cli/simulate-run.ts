/**
 * The body of `phasebook simulate`: build the plan from the options, run it (or one shard of
 * it) across worker threads with a progress bar on a terminal, and print the report or the
 * shard. The command and its options are declared in simulate.ts.
 */
import cliProgress from 'cli-progress';
import { availableParallelism } from 'node:os';
import type { Plan, VariantSpec } from '../simulate/plan.js';
import { prepare, runPlan, shardSlice } from '../simulate/plan.js';
import { present } from '../simulate/present.js';
import { parseShardOption, shardText } from '../simulate/shard.js';
import { parseSet, parseSweep } from '../simulate/sweep.js';

export interface SimulateOptions {
  runs: number;
  seed: number;
  workers?: number;
  format: string;
  sweep?: string;
  set: string[];
  examples?: number;
  curves?: boolean;
  curveStat?: string;
  shard?: string;
  timing: boolean;
}

export async function simulateCommand(variants: VariantSpec[], opts: SimulateOptions, out: (s: string) => void): Promise<void> {
  const plan: Plan = {
    variants,
    sweep: opts.sweep !== undefined ? parseSweep(opts.sweep) : null,
    sets: opts.set.map(parseSet),
    runs: opts.runs,
    seed: opts.seed,
    examples: opts.examples ?? 0,
    curves: Boolean(opts.curves) || opts.curveStat !== undefined,
    ...(opts.curveStat !== undefined ? { curveStat: opts.curveStat } : {}),
  };
  const shard = opts.shard !== undefined ? parseShardOption(opts.shard) : null;
  // Check every document of every series here, so bad input is reported before any worker starts.
  const { accs } = prepare(plan);
  const slice = shard ? shardSlice(plan.runs, shard.index, shard.count) : { from: 0, to: plan.runs };
  const workers = opts.workers ?? Math.max(1, availableParallelism());
  const tty = Boolean(process.stderr.isTTY) && opts.format === 'text' && !shard;
  const bar = tty
    ? new cliProgress.SingleBar(
        {
          format: '{bar} {percentage}% | {value}/{total} combats | {rate} runs/s | ETA {eta_formatted}',
          hideCursor: true,
          stream: process.stderr,
        },
        cliProgress.Presets.shades_classic,
      )
    : null;
  const total = (slice.to - slice.from) * accs.length * variants.length;
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  const t0 = Date.now();
  bar?.start(total, 0, { rate: '0' });
  let result;
  try {
    result = await runPlan(plan, {
      ...slice,
      workers,
      signal: controller.signal,
      onProgress: (done) => bar?.update(done, { rate: ((done * 1000) / Math.max(1, Date.now() - t0)).toFixed(0) }),
    });
  } finally {
    process.removeListener('SIGINT', onSigint);
    bar?.stop();
  }
  const ms = Date.now() - t0;
  if (shard) {
    out(shardText(plan, { ...shard, ...slice }, result.accs, { workers, ms, partial: result.partial }));
    return;
  }
  const meta = { runs: plan.runs, seed: plan.seed, ...(opts.timing ? { workers, ms } : {}), partial: result.partial };
  out(present(plan, result.grid, result.accs, meta, opts.format));
}
