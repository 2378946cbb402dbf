#!/usr/bin/env node
// The `phasebook` command. The CLI is written in TypeScript under interpreter/cli, compiled to
// dist/ by `npm install` (the `prepare` script) and bundled into dist/interpreter/cli.bundle.js
// (scripts/bundle-cli.mjs), which starts faster than the ~170 compiled files it holds.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/interpreter/cli.bundle.js', import.meta.url);
const { main } = await import(existsSync(bundle) ? bundle.href : '../dist/interpreter/cli/main.js');
process.exitCode = await main(process.argv.slice(2));
