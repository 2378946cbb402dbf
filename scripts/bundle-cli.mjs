#!/usr/bin/env node
/**
 * The CLI as a few files (issue 9, cold start): `npm run build` bundles what tsc compiled,
 * from dist/interpreter/cli/main.js, into dist/interpreter/cli.bundle.js and its chunks
 * (dist/interpreter/_cli-*.js), which bin/phasebook.js loads. Starting `phasebook run` then reads
 * about 10 files instead of about 170. The commands other than run stay in chunks of their own,
 * loaded when the command line names them. Packages from node_modules stay outside (imported
 * as usual). The chunks sit next to dist/interpreter/pipeline.js, so the paths that the code
 * finds from its own place (dist/generated/validators.js, the schemas, the simulation worker)
 * resolve as from the compiled files. Nothing is minified: stack traces stay readable.
 *
 *   node scripts/bundle-cli.mjs
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'rolldown';
import { ROOT } from './build-validators.mjs';

const out = join(ROOT, 'dist', 'interpreter');
/**
 * Packages loaded by every command, bundled into the chunks: Node's ES module loader resolves,
 * reads and links each file of a package on its own (jsonc-parser is six files, commander a
 * CommonJS package that it also scans for its exports), which cost more than their code.
 */
const BUNDLED = ['commander', 'jsonc-parser'];
for (const f of readdirSync(out)) if (f.startsWith('_cli-') || f.startsWith('cli.bundle.')) rmSync(join(out, f));
/**
 * commander requires node:child_process (and with it net, dgram, tty…) for its executable
 * subcommands, which phasebook has none of: require it when a subcommand is spawned, never at
 * start-up. Left as is if commander's code changed (only slower then).
 */
const CHILD_PROCESS = "const childProcess = require('node:child_process');";
const lazyChildProcess = {
  name: 'lazy-child-process',
  transform(code, id) {
    if (!/[\\/]commander[\\/]lib[\\/]command\.js$/.test(id) || !code.includes(CHILD_PROCESS)) return null;
    return code.replace(CHILD_PROCESS, "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };");
  },
};

await build({
  input: { 'cli.bundle': join(out, 'cli', 'main.js') },
  platform: 'node',
  // Bare specifiers (ajv, node:fs…) are not bundled, but for the packages every command loads
  // at start-up (BUNDLED).
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !BUNDLED.some((p) => id === p || id.startsWith(`${p}/`)),
  // jsonc-parser's ES modules (its "main" is a UMD build that requires files by computed names).
  resolve: { mainFields: ['module', 'main'] },
  // Every module is kept as written: some register their concept when imported.
  treeshake: { moduleSideEffects: true },
  plugins: [lazyChildProcess],
  logLevel: 'warn',
  output: { dir: out, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '_cli-[name]-[hash].js' },
});
process.stderr.write(`wrote ${join(out, 'cli.bundle.js')}\n`);
