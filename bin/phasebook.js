#!/usr/bin/env node
// The `phasebook` command. The CLI is written in TypeScript under interpreter/cli, compiled to
// dist/ by `npm install` (the `prepare` script) and bundled into dist/interpreter/cli.bundle.cjs
// (scripts/bundle-cli.mjs), which starts faster than the ~170 compiled files it holds; it is
// loaded with the V8 code cache the build wrote for it (dist/interpreter/code-cache.cjs).
// This file is CommonJS (bin/package.json): a start that loads no ES module needs none of Node's
// ES module loader (issue 9, cold start). Without the bundle, it imports the compiled modules.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const bundle = join(__dirname, '..', 'dist', 'interpreter', 'cli.bundle.cjs');
/** @type {Promise<typeof import('../dist/interpreter/cli/main.js')>} */
const cli = existsSync(bundle)
  ? Promise.resolve(require('../dist/interpreter/code-cache.cjs').loadBuilt(bundle))
  : import('../dist/interpreter/cli/main.js');
cli
  .then(({ main }) => main(process.argv.slice(2)))
  .then((code) => {
    process.exitCode = code;
  });
