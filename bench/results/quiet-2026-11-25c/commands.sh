#!/bin/sh
# The eleventh quiet run (2026-11-25, 07:56-08:13 UTC), in this order. /tmp/snap-main is a copy of
# this build's dist/, editor/ and package.json (with node_modules linked); /tmp/base-a9f5ba7 and
# /tmp/ed-a9f5ba7 are a9f5ba7's interpreter build and editor build (bench/README.md, "Issue 9 on a
# quiet machine, eleventh run").
node scripts/measure-editor.mjs --loads 5 --edits 20 --batch 10 /tmp/snap-main /tmp/ed-a9f5ba7 > measure-editor.txt
for i in 1 2; do
  node bench/simulate-parallel.mjs --pairs 6 --batch 1000 > parallel-default-$i.json 2> parallel-default-$i.log
  node --single-threaded-gc bench/simulate-parallel.mjs --pairs 6 --batch 1000 > parallel-stgc-$i.json 2> parallel-stgc-$i.log
  node bench/simulate-parallel.mjs --pairs 6 --batch 1000 --young 16 > parallel-young16-$i.json 2> parallel-young16-$i.log
done
node bench/startup.mjs --runs 30 --build /tmp/base-a9f5ba7 > startup.txt
node bench/startup.mjs --runs 30 --build /tmp/base-a9f5ba7 > startup-2.txt
node bench/startup.mjs --runs 30 --build /tmp/base-a9f5ba7 > startup-3.txt
node scripts/measure-editor.mjs --loads 5 --edits 20 --batch 10 /tmp/snap-main /tmp/ed-a9f5ba7 > measure-editor-2.txt
node bench/alloc-ceiling.mjs --rounds 3 > alloc-ceiling.json 2> alloc-ceiling.log
node --single-threaded-gc bench/alloc-ceiling.mjs --rounds 3 > alloc-ceiling-stgc.json 2> alloc-ceiling-stgc.log
node bench/startup.mjs --runs 30 --build /tmp/base-a9f5ba7 > startup-4.txt
