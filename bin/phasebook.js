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
    // 'beforeExit' comes when nothing is left to run. If its earlier listeners started nothing,
    // exit there: the same exit code and 'exit' event, without Node tearing its heap down page by
    // page (about 4 % of `phasebook run` in the VMs of issue 9).
    process.once('beforeExit', () => {
      if (process.getActiveResourcesInfo().length === 0) process.exit();
    });
  });
