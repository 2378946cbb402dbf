# The fourteenth quiet run (2026-11-25), in the order run, from /work/main at the merge of walk14gm (4e7c5db + the Simulate line styles and the resolve fix).
node --expose-gc bench/eval-floor.mjs both > eval-floor.txt
node --expose-gc bench/run.mjs --only dice,interp > run-dice-interp.txt
node bench/simulate-parallel.mjs --pairs 6 --batch 1000 > parallel-1.json
node bench/simulate-parallel.mjs --pairs 6 --batch 1000 > parallel-2.json
node scripts/measure-editor.mjs --loads 10 --edits 0 /tmp/ed-main14b /tmp/ed-25a2658 > editor-load.txt   # /tmp/ed-main14b: a copy of this main's build
