#!/bin/bash
# The twelfth quiet run (2026-11-25), in this order, from /work/main after `npm run build` and
# `npx tsc -p bench/tsconfig.json`, nothing else running. /tmp/base-25a2658 is the round's
# starting main (interpreter build, with its bench/ and a copy of this round's
# simulate-parallel.mjs as bench/simulate-parallel-pool12.mjs); /tmp/base-4a1d28f is main when
# issue 9 was filed (bench/README.md, "Issue 9 on a quiet machine, twelfth run").
set -x
cd /work/main
OUT=bench/results/quiet-2026-11-25d
uptime > $OUT/load.txt
node --expose-gc bench/run.mjs --only dice,interp > $OUT/run-dice-interp.txt 2>&1
uptime >> $OUT/load.txt
for i in 1 2; do
  node bench/simulate-parallel.mjs --pairs 6 --batch 1000 > $OUT/parallel-this-$i.json 2> $OUT/parallel-this-$i.log
  (cd /tmp/base-25a2658 && node bench/simulate-parallel-pool12.mjs --pairs 6 --batch 1000) > $OUT/parallel-base-$i.json 2> $OUT/parallel-base-$i.log
done
uptime >> $OUT/load.txt
node bench/compare-isolated.mjs --old /tmp/base-25a2658/dist --simulate --pairs 6 --rounds 4 > $OUT/pairs-sim-vs-25a2658.txt 2>&1
node bench/compare-isolated.mjs --new /tmp/base-25a2658/dist --old dist --simulate --pairs 6 --rounds 4 > $OUT/pairs-sim-25a2658-vs-this.txt 2>&1
node bench/compare-isolated.mjs --old /tmp/base-4a1d28f/dist --simulate --pairs 6 --rounds 4 > $OUT/pairs-sim-vs-4a1d28f.txt 2>&1
uptime >> $OUT/load.txt
node bench/alloc-profile.mjs d20 > $OUT/alloc-d20.txt 2>&1
node bench/alloc-profile.mjs ose > $OUT/alloc-ose.txt 2>&1
node bench/simulate-memory.mjs --runs 2000,20000 > $OUT/memory.txt 2>&1
node bench/alloc-ceiling.mjs --rounds 3 > $OUT/alloc-ceiling.json 2> $OUT/alloc-ceiling.log
uptime >> $OUT/load.txt
# Then, to separate the pool's change from the engine's (pool12 folds in the workers; --records
# sends every record as before, on the same engine), interleaved:
for i in 1 2; do
  node bench/simulate-parallel.mjs --pairs 6 --batch 1000 > $OUT/parallel-fold-$i.json 2> $OUT/parallel-fold-$i.log
  node bench/simulate-parallel.mjs --pairs 6 --batch 1000 --records > $OUT/parallel-records-$i.json 2> $OUT/parallel-records-$i.log
done
# Then goal 3 again, the round's starting main and this build each against issue-time main, and this build against the starting main once more:
node bench/compare-isolated.mjs --old /tmp/base-4a1d28f/dist --new /tmp/base-25a2658/dist --simulate --pairs 6 --rounds 4 > $OUT/pairs-sim-25a2658-vs-4a1d28f.txt 2>&1
node bench/compare-isolated.mjs --old /tmp/base-4a1d28f/dist --simulate --pairs 6 --rounds 4 > $OUT/pairs-sim-vs-4a1d28f-2.txt 2>&1
node bench/compare-isolated.mjs --old /tmp/base-25a2658/dist --simulate --pairs 6 --rounds 4 > $OUT/pairs-sim-vs-25a2658-2.txt 2>&1
# And fold against records once more, the other way round:
for i in 3; do
  node bench/simulate-parallel.mjs --pairs 6 --batch 1000 --records > $OUT/parallel-records-$i.json 2> $OUT/parallel-records-$i.log
  node bench/simulate-parallel.mjs --pairs 6 --batch 1000 > $OUT/parallel-fold-$i.json 2> $OUT/parallel-fold-$i.log
done
