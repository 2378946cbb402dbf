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
for (const f of readdirSync(out)) if (f.startsWith('_cli-') || f.startsWith('cli.bundle.')) rmSync(join(out, f));
await build({
  input: { 'cli.bundle': join(out, 'cli', 'main.js') },
  platform: 'node',
  // Bare specifiers (commander, ajv, node:fs…) are not bundled.
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
  // Every module is kept as written: some register their concept when imported.
  treeshake: { moduleSideEffects: true },
  logLevel: 'warn',
  output: { dir: out, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '_cli-[name]-[hash].js' },
});
process.stderr.write(`wrote ${join(out, 'cli.bundle.js')}\n`);
