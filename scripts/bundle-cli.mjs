#!/usr/bin/env node
/**
 * The CLI as a few files (issue 9, cold start): `npm run build` bundles what tsc compiled,
 * from dist/interpreter/cli/main.js, into dist/interpreter/cli.bundle.cjs and its chunks
 * (dist/interpreter/_cli-*.cjs), which bin/phasebook.js loads through
 * dist/interpreter/code-cache.cjs with the V8 code cache that scripts/build-code-cache.mjs writes
 * next to them (CommonJS, because Node 20 gives a code cache to no ES module). Starting
 * `phasebook run` then reads about 10 files instead of about 170. The commands other than run stay in chunks of their own,
 * loaded when the command line names them. Packages from node_modules stay outside (imported
 * as usual). The chunks sit next to dist/interpreter/pipeline.js, so the paths that the code
 * finds from its own place (dist/generated/validators.js, the schemas, the simulation worker)
 * resolve as from the compiled files. Nothing is minified (stack traces stay readable), but
 * the JSDoc comments are left out and the few non-ASCII characters escaped (see `output`).
 *
 *   node scripts/bundle-cli.mjs
 */
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'rolldown';
import { ROOT } from './build-validators.mjs';

const out = join(ROOT, 'dist', 'interpreter');
/**
 * Packages loaded by every command, bundled into the chunks: Node's ES module loader resolves,
 * reads and links each file of a package on its own (jsonc-parser is six files, commander a
 * CommonJS package that it also scans for its exports), which cost more than their code.
 */
const BUNDLED = ['commander', 'jsonc-parser'];
for (const f of readdirSync(out)) if (f.startsWith('_cli-') || f.startsWith('cli.bundle.') || f === 'code-cache.cjs') rmSync(join(out, f));

/**
 * The pipeline's one top-level await (pipeline.ts: ajv's compiler, imported only when there are no
 * generated validators), which CommonJS cannot hold. Its dynamic import still makes the compiler a
 * chunk of its own, which the rendered code then requires at once, synchronously (`REQUIRE_NOW`):
 * ajv still loads only when there are no generated validators.
 */
const PIPELINE_AWAIT = "(await import('./validate/schema.js')).createSchemaValidator";
const REQUIRE_NOW = '__phasebookRequireNow';
const noTopLevelAwait = {
  name: 'no-top-level-await',
  transform(code, id) {
    if (!/[\\/]dist[\\/]interpreter[\\/]pipeline\.js$/.test(id)) return null;
    if (!code.includes(PIPELINE_AWAIT))
      throw new Error(`dist/interpreter/pipeline.js no longer holds ${PIPELINE_AWAIT}: update bundle-cli.mjs`);
    return code.replace(PIPELINE_AWAIT, `${REQUIRE_NOW}(import('./validate/schema.js')).createSchemaValidator`);
  },
  renderChunk(code) {
    if (!code.includes(REQUIRE_NOW)) return null;
    // rolldown renders import('./x.js') as a promise of require('./_cli-x-….cjs') (then the module's namespace).
    const out = code.replace(
      new RegExp(
        `${REQUIRE_NOW}\\(Promise\\.resolve\\(\\)\\.then\\(\\(\\) => (require\\("[^"]+"\\))\\)(?:\\.then\\(\\((\\w+)\\) => \\2\\.(\\w+)\\))?\\)`,
        'g',
      ),
      (_, req, _n, field) => (field ? `${req}.${field}` : req),
    );
    if (out.includes(REQUIRE_NOW))
      throw new Error(
        `bundle-cli.mjs: rolldown rendered the pipeline's import differently: ${/__phasebookRequireNow.{0,200}/.exec(out)[0]}`,
      );
    return out;
  },
};
/**
 * The code cache's loader (dist/interpreter/code-cache.js) is one module: the one that loads the
 * chunks. The chunks require it as ./code-cache.cjs, its CommonJS build (below), which
 * bin/phasebook.js requires: a CommonJS start, without Node's ES module loader (its ~30 internal
 * modules, fs/promises and readline among them, and its asynchronous reads of each file).
 * code-cache.ts gives itself to a chunk that requires it, whichever of its two builds loaded the
 * chunk (scripts/build-code-cache.mjs uses the ES module).
 */
const CODE_CACHE = join(out, 'code-cache.js');
const CODE_CACHE_CJS = './code-cache.cjs';
const externalFiles = {
  name: 'external-files',
  resolveId(source, importer) {
    if (importer === undefined || !source.startsWith('.')) return null;
    const path = resolve(dirname(importer), source);
    return path === CODE_CACHE ? { id: path, external: true } : null;
  },
};
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
  // Every module of ours is kept as written: some register their concept when imported.
  // jsonc-parser's have no effect to keep: without this, the tables its formatter precomputes at
  // load (1,200 strings of blanks, ~270 KB, which only edits use) were built at every start.
  treeshake: { moduleSideEffects: (id) => !/[\\/]node_modules[\\/]jsonc-parser[\\/]/.test(id) },
  plugins: [lazyChildProcess, noTopLevelAwait, externalFiles],
  logLevel: 'warn',
  // As written: every chunk sits next to it, in dist/interpreter.
  output: {
    paths: (id) => (id === CODE_CACHE ? CODE_CACHE_CJS : id),
    dir: out,
    format: 'cjs',
    // Non-ASCII characters as escapes (\u2192 for →): an all-ASCII file is read as a one-byte
    // string (code-cache.ts), half the memory of the two-byte string a single → makes of the
    // whole chunk, and quicker to decode and to scan. The same text once evaluated.
    charset: 'ascii',
    // Without the JSDoc comments (the rest rolldown drops already): a third of the text, which
    // every start reads, decodes and hands V8, for a reader of the chunks who has the sources.
    // Legal comments stay.
    comments: { legal: true, annotation: false, jsdoc: false },
    entryFileNames: '[name].cjs',
    chunkFileNames: '_cli-[name]-[hash].cjs',
  },
});
// The loader itself, for bin/phasebook.js: Node's own CommonJS loader reads it (it is small).
await build({
  input: CODE_CACHE,
  platform: 'node',
  external: (id) => id.startsWith('node:'),
  logLevel: 'warn',
  output: { file: join(out, CODE_CACHE_CJS), format: 'cjs', charset: 'ascii', comments: false },
});
process.stderr.write(`wrote ${join(out, 'cli.bundle.cjs')} and ${join(out, CODE_CACHE_CJS)}\n`);
