#!/bin/bash
# Quiet run, stop 26 (tenth round). Run from /work/main after `npm run build`,
# `npx tsc -p bench/tsconfig.json` and `npm run build:editor` (no helpers, no CI running).
# Baselines: /tmp/base-4a1d28f (main when issue 9 was filed), /tmp/base-1616857 (main at this
# round's start), /tmp/ed-1616857 (its editor build); /tmp/t10b: branch turn10's build (the engine
# cuts of this round, measured before deciding whether to merge them).
set -x
cd /work/main
OUT=bench/results/quiet-2026-11-25b
mkdir -p $OUT
uptime > $OUT/load.txt
# turn10 against this round's base, both orders
node bench/compare-isolated.mjs --old /tmp/base-1616857/dist --new /tmp/t10b/dist --simulate --pairs 6 --rounds 4 > $OUT/t10-a.txt 2>&1
node bench/compare-isolated.mjs --old /tmp/t10b/dist --new /tmp/base-1616857/dist --simulate --pairs 6 --rounds 4 > $OUT/t10-b.txt 2>&1
uptime >> $OUT/load.txt
# goal 5
node bench/startup.mjs --runs 30 --build /tmp/base-1616857 > $OUT/startup.txt 2>&1
node bench/startup.mjs --runs 30 --build /tmp/base-1616857 > $OUT/startup-2.txt 2>&1
uptime >> $OUT/load.txt
# goal 6: a new text per edit (the goal's figure), then edits back and forth
node scripts/measure-editor.mjs --loads 5 --edits 20 --batch 10 . /tmp/ed-1616857 > $OUT/measure-editor.txt 2>&1
node scripts/measure-editor.mjs --revisit --loads 1 --edits 20 --batch 10 . /tmp/ed-1616857 > $OUT/measure-editor-revisit.txt 2>&1
uptime >> $OUT/load.txt
