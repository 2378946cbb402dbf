#!/bin/bash
# The thirteenth quiet run (2026-11-25), in this order, from /work/main after `npm run build` and
# `npx tsc -p bench/tsconfig.json`, nothing else running. /tmp/base-d8ba5f6 is the round's
# starting main (interpreter build with its bench/); /tmp/base-4a1d28f is main when issue 9 was
# filed (bench/README.md, "Issue 9 on a quiet machine, thirteenth run").
set -x
cd /work/main
OUT=bench/results/quiet-2026-11-25e
uptime > $OUT/load.txt
node --expose-gc bench/run.mjs --only dice,interp > $OUT/run-dice-interp.txt 2>&1
uptime >> $OUT/load.txt
node bench/compare-isolated.mjs --old /tmp/base-d8ba5f6/dist --simulate --pairs 6 --rounds 4 > $OUT/pairs-sim-vs-d8ba5f6.txt 2>&1
node bench/compare-isolated.mjs --new /tmp/base-d8ba5f6/dist --old dist --simulate --pairs 6 --rounds 4 > $OUT/pairs-sim-d8ba5f6-vs-this.txt 2>&1
node bench/compare-isolated.mjs --old /tmp/base-d8ba5f6/dist --pairs 6 --rounds 4 > $OUT/pairs-full-vs-d8ba5f6.txt 2>&1
node bench/compare-isolated.mjs --old /tmp/base-4a1d28f/dist --simulate --pairs 6 --rounds 4 > $OUT/pairs-sim-vs-4a1d28f.txt 2>&1
uptime >> $OUT/load.txt
for i in 1 2; do
  node bench/simulate-parallel.mjs --pairs 6 --batch 1000 > $OUT/parallel-this-$i.json 2> $OUT/parallel-this-$i.log
  (cd /tmp/base-d8ba5f6 && node bench/simulate-parallel.mjs --pairs 6 --batch 1000) > $OUT/parallel-base-$i.json 2> $OUT/parallel-base-$i.log
done
uptime >> $OUT/load.txt
node bench/alloc-profile.mjs d20 500 30 --simulate > $OUT/alloc-d20-sim.txt 2>&1
node bench/alloc-profile.mjs ose 500 30 --simulate > $OUT/alloc-ose-sim.txt 2>&1
node bench/work-counts.mjs > $OUT/work-counts.txt 2>&1
node bench/simulate-memory.mjs --runs 2000,20000 > $OUT/memory.txt 2>&1
uptime >> $OUT/load.txt
# Then goal 4 once more, the other way round (the starting main first), and this build a fourth time:
uptime >> $OUT/load.txt
(cd /tmp/base-d8ba5f6 && node bench/simulate-parallel.mjs --pairs 6 --batch 1000) > $OUT/parallel-base-3.json 2> $OUT/parallel-base-3.log
node bench/simulate-parallel.mjs --pairs 6 --batch 1000 > $OUT/parallel-this-3.json 2> $OUT/parallel-this-3.log
node bench/simulate-parallel.mjs --pairs 6 --batch 1000 > $OUT/parallel-this-4.json 2> $OUT/parallel-this-4.log
uptime >> $OUT/load.txt
