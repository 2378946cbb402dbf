#!/bin/bash
# Quiet run, stop 25. Run from /work/main after `npm run build`, `npx tsc -p bench/tsconfig.json`
# and `npm run build:editor` (no helpers, no CI running).
# Baselines: /tmp/base-4a1d28f (main when issue 9 was filed), /tmp/base-133e444 (main at this
# round's start), /tmp/ed-133e444 (its editor build).
set -x
cd /work/main
OUT=bench/results/quiet-2026-11-25
mkdir -p $OUT
uptime > $OUT/load-start.txt
node --expose-gc bench/run.mjs --only dice,interp > $OUT/run-dice-interp.txt 2>&1
uptime >> $OUT/load-start.txt
node bench/compare-isolated.mjs --old /tmp/base-4a1d28f/dist --simulate --pairs 8 --rounds 4 > $OUT/pairs-sim-vs-4a1d28f.txt 2>&1
node bench/compare-isolated.mjs --old /tmp/base-133e444/dist --simulate --pairs 6 --rounds 4 > $OUT/pairs-sim-vs-133e444.txt 2>&1
node bench/compare-isolated.mjs --new /tmp/base-133e444/dist --old dist --simulate --pairs 6 --rounds 4 > $OUT/pairs-sim-133e444-vs-this.txt 2>&1
uptime >> $OUT/load-start.txt
node bench/work-counts.mjs > $OUT/work-counts.txt 2>&1
node bench/alloc-profile.mjs d20 > $OUT/alloc-d20.txt 2>&1
node bench/alloc-profile.mjs ose > $OUT/alloc-ose.txt 2>&1
node bench/startup.mjs --runs 30 --build /tmp/base-133e444 > $OUT/startup.txt 2>&1
node scripts/measure-editor.mjs --loads 5 --edits 20 --batch 10 . /tmp/ed-133e444 > $OUT/measure-editor.txt 2>&1
uptime >> $OUT/load-start.txt
