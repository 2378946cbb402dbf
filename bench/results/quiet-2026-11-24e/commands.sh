#!/bin/bash
# Quiet run, stop 21. Run from /work/main after build.
set -x
cd /work/main
OUT=bench/results/quiet-2026-11-24e
mkdir -p $OUT
uptime > $OUT/load-start.txt
node --expose-gc bench/run.mjs --only dice,interp > $OUT/run-dice-interp.txt 2>&1
uptime >> $OUT/load-start.txt
node bench/compare-isolated.mjs --old /tmp/base-4a1d28f/dist --simulate > $OUT/isolated-sim-vs-4a1d28f.txt 2>&1
node bench/compare-isolated.mjs --old dist --new /tmp/base-4a1d28f/dist --simulate > $OUT/isolated-sim-swapped-4a1d28f.txt 2>&1
node bench/compare-isolated.mjs --old /tmp/base-4a1d28f/dist > $OUT/isolated-run-vs-4a1d28f.txt 2>&1
node bench/compare-isolated.mjs --old /tmp/base-dfae730/dist --simulate > $OUT/isolated-sim-vs-dfae730.txt 2>&1
uptime >> $OUT/load-start.txt
node bench/work-counts.mjs > $OUT/work-counts.txt 2>&1
node scripts/measure-editor.mjs --loads 7 --edits 20 --batch 10 . /tmp/ed-dfae730 > $OUT/measure-editor.txt 2>&1
node scripts/cpu-editor-load.mjs --loads 6 . /tmp/ed-dfae730 > $OUT/cpu-editor-load.txt 2>&1
node bench/startup.mjs --runs 30 --build /tmp/base-dfae730 > $OUT/startup.txt 2>&1
uptime >> $OUT/load-start.txt
