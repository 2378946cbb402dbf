#!/bin/bash
# Quiet run, stop 22. Run from /work/main after `npm run build` (no helpers, no CI running).
set -x
cd /work/main
OUT=bench/results/quiet-2026-11-24f
mkdir -p $OUT
uptime > $OUT/load-start.txt
node --expose-gc bench/run.mjs --only dice,interp > $OUT/run-dice-interp.txt 2>&1
uptime >> $OUT/load-start.txt
node bench/compare-isolated.mjs --old /tmp/base-4a1d28f/dist --simulate > $OUT/isolated-sim-vs-4a1d28f.txt 2>&1
node bench/compare-isolated.mjs --old dist --new /tmp/base-4a1d28f/dist --simulate > $OUT/isolated-sim-swapped-4a1d28f.txt 2>&1
node bench/compare-isolated.mjs --old /tmp/base-4a1d28f/dist > $OUT/isolated-run-vs-4a1d28f.txt 2>&1
node bench/compare-isolated.mjs --old /tmp/base-f05a606/dist --simulate > $OUT/isolated-sim-vs-f05a606.txt 2>&1
uptime >> $OUT/load-start.txt
node bench/work-counts.mjs > $OUT/work-counts.txt 2>&1
node bench/alloc-profile.mjs d20 > $OUT/alloc-d20.txt 2>&1
node bench/alloc-profile.mjs ose > $OUT/alloc-ose.txt 2>&1
node scripts/measure-editor.mjs --loads 7 --edits 20 --batch 10 . /tmp/ed-f05a606 > $OUT/measure-editor.txt 2>&1
node bench/startup.mjs --runs 30 --build /tmp/base-f05a606 > $OUT/startup.txt 2>&1
uptime >> $OUT/load-start.txt
# Then, fresh processes per pair (after the run above, 17:01–17:06):
node bench/compare-isolated.mjs --old /tmp/base-4a1d28f/dist --simulate --pairs 8 --rounds 4 > $OUT/pairs-sim-vs-4a1d28f.txt 2>&1
node bench/compare-isolated.mjs --old /tmp/base-4a1d28f/dist --pairs 8 --rounds 4 > $OUT/pairs-run-vs-4a1d28f.txt 2>&1
node bench/compare-isolated.mjs --old /tmp/base-f05a606/dist --simulate --pairs 6 --rounds 4 > $OUT/pairs-sim-vs-f05a606.txt 2>&1
