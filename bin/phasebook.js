#!/usr/bin/env node
// The `phasebook` command. The CLI is written in TypeScript under interpreter/cli, compiled to
// dist/ by `npm install` (the `prepare` script) and bundled into dist/interpreter/cli.bundle.cjs
// (scripts/bundle-cli.mjs), which starts faster than the ~170 compiled files it holds; it is
// loaded with the V8 code cache the build wrote for it (dist/interpreter/code-cache.js).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/interpreter/cli.bundle.cjs', import.meta.url));
/** @type {typeof import('../dist/interpreter/cli/main.js')} */
const cli = existsSync(bundle)
  ? /** @type {any} */ ((await import('../dist/interpreter/code-cache.js')).loadBuilt(bundle))
  : await import('../dist/interpreter/cli/main.js');
const { main } = cli;
process.exitCode = await main(process.argv.slice(2));
