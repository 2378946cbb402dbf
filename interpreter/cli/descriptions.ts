/**
 * What `phasebook --help` says of each command: each command's definition uses its description,
 * and `--help` alone lists the commands from here (with the terms of commands.ts) without loading
 * any of them (issue 9, cold start). test/cli-help.test.ts checks that both listings are the same.
 */
import { LANGUAGE_MAJOR } from '../migrate/version.js';

export const DESCRIPTIONS = {
  validate:
    'Check documents: JSON syntax, schema, and semantics (dangling ids, unknown stats, unknown operators). An overlay is checked on top of the ruleset it extends (and the overlays it requires), an encounter against its ruleset, when that ruleset is named too, found next to it or given with --ruleset; otherwise ok says it was checked on its own.',
  resolve: 'Apply house-rule overlays, in the order given, to a ruleset and print the resolved ruleset.',
  run: 'Run a combat and print its timeline (text) or its events (json: one per line).',
  simulate:
    'Run many seeded combats of one encounter under one or more rule variants and compare the outcomes: win rates with 95% Wilson intervals, rounds (mean, median, 90th percentile, histogram), damage per side, survival and kill share per combatant, how often each acted first in its steps, and the differences between variants with intervals.',
  pack: 'Rule packs: make, check, build, install, list and remove them. Nothing in a pack is ever run as code.',
  migrate: `Rewrite documents written for an older version of the document language to v${LANGUAGE_MAJOR}. A document states its version in its $schema URL (…/schemas/v<N>/…).`,
  play: "Table mode: play a combat step by step. Asks the first side's rolls (type your dice or press Enter to roll), declarations and decisions; the other sides and the referee play automatically. Referee commands between any two steps: undo, damage, heal, set, condition, join, flee, save, status, help, quit.",
  merge: 'Combine the shards of "phasebook simulate --shard i/n" (JSON files, "-" for stdin) into the report a single simulation gives.',
  diverge:
    'Run two variants on the same seed, show the first event where their timelines differ, and name the overlay change that caused it (its file and line).',
} as const;
