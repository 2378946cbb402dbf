/**
 * Loads the CommonJS files that `npm run build` writes — the CLI's bundle and its chunks
 * (scripts/bundle-cli.mjs) and the generated schema validators (scripts/build-cli-validators.mjs)
 * — handing V8 the code it compiled for them at build time (issue 9, cold start).
 *
 * Why `node:vm`, here and nowhere else in the interpreter: Node 20 keeps no compile cache of its
 * own (`module.enableCompileCache` came with Node 22), and `vm.Script`'s `cachedData` is the only
 * way to give V8 code it compiled before. Compiling our own chunks and validators was about a
 * tenth of `phasebook run`'s start, and V8 compiles most functions lazily, at their first call:
 * the cache is written after a warm-up run (scripts/build-code-cache.mjs), so it holds those too.
 * This file loads **our own build artifacts only**, by paths inside this package: never a rule
 * document, an encounter or a pack, which are data and are never evaluated as code.
 *
 * A cache is used only when it was written from the very bytes of the file beside it (it carries a
 * copy of them, compared at load: cheap next to compiling) and when V8 accepts it (same V8 version
 * and flags); otherwise the file is compiled from its text as Node would. Either way the code run is
 * the file's own text. The wrapper is Node's own CommonJS one, on the file's first line, so line
 * numbers in stack traces are those of the file.
 */
import { isAscii } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import * as self from './code-cache.js';

/** The cache of `file`: `<file>.v8cache`. */
export const cacheFileOf = (file: string): string => `${file}.v8cache`;

/**
 * A cache file: MAGIC, the cache's and the source's lengths (uint32 LE), V8's cached data (at
 * offset 16, aligned, so that V8 need not copy it), then the source bytes it was made from.
 */
const MAGIC = Buffer.from('PBV8C01\n', 'latin1');
const HEAD = MAGIC.length + 8;

/**
 * This module's own file, without its extension (.js compiled, .ts in the sources, .cjs as
 * scripts/bundle-cli.mjs writes it for bin/phasebook.js): a built chunk that imports it (as
 * external, by ./code-cache.cjs) gets this very module, whichever of them loaded the chunk.
 */
const withoutExtension = (path: string): string => path.replace(/\.c?[jt]s$/, '');
const SELF = withoutExtension(fileURLToPath(import.meta.url));

interface Module {
  exports: unknown;
  readonly id: string;
  readonly filename: string;
  loaded: boolean;
}

const modules = new Map<string, Module>();
/** While a warm-up records (scripts/build-code-cache.mjs): every script compiled, with its source. */
let recording: Map<string, { script: Script; source: Buffer }> | null = null;

/** The cached data for `source`, from `file`'s cache, if it was made from these very bytes. */
function cachedDataFor(file: string, source: Buffer): Buffer | undefined {
  let c: Buffer;
  try {
    c = readFileSync(cacheFileOf(file));
  } catch {
    return undefined;
  }
  if (c.length < HEAD || !c.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const dataLength = c.readUInt32LE(MAGIC.length);
  const sourceLength = c.readUInt32LE(MAGIC.length + 4);
  if (sourceLength !== source.length || c.length !== HEAD + dataLength + sourceLength) return undefined;
  if (!c.subarray(HEAD + dataLength).equals(source)) return undefined;
  return c.subarray(HEAD, HEAD + dataLength);
}

/**
 * The exports of the CommonJS file `file` (an absolute path to a file of this package's build),
 * loaded once. Inside it, `require` of a relative `.cjs` path loads through here too; of this
 * module, gives it; of anything else (packages, node: modules), is Node's own.
 */
export function loadBuilt(file: string): unknown {
  const known = modules.get(file);
  if (known !== undefined) return known.exports;
  const source = readFileSync(file);
  const cachedData = recording === null ? cachedDataFor(file, source) : undefined;
  // An all-ASCII file (scripts/bundle-cli.mjs escapes the rest) decodes as latin1 to the very same
  // text, without UTF-8 decoding, and as a one-byte string (a UTF-8 one with a single character
  // above U+00FF is a two-byte string, twice the memory, for V8 to scan and keep).
  const text = source.toString(isAscii(source) ? 'latin1' : 'utf8');
  const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${text}\n});`, {
    filename: file,
    cachedData,
  });
  recording?.set(file, { script, source });
  const module: Module = { exports: {}, id: file, filename: file, loaded: false };
  modules.set(file, module);
  const dir = dirname(file);
  let nodeRequire: NodeJS.Require | null = null;
  const require = (specifier: string): unknown => {
    if (specifier.startsWith('.')) {
      const path = resolve(dir, specifier);
      if (withoutExtension(path) === SELF) return self;
      if (path.endsWith('.cjs')) return loadBuilt(path);
    }
    return (nodeRequire ??= createRequire(file))(specifier);
  };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, require, module, file, dir);
  module.loaded = true;
  return module.exports;
}

/**
 * From now on, compile without caches and keep every script, for `writeCodeCaches` (the build's
 * warm-up: call it before loading anything).
 */
export function recordCodeCaches(): void {
  if (modules.size > 0) throw new Error('recordCodeCaches: files were loaded before the recording started');
  recording = new Map();
}

/**
 * Write the cache of every script compiled since `recordCodeCaches`, with the functions compiled
 * so far (after a warm-up run, the lazily compiled ones too). Returns the files written.
 */
export function writeCodeCaches(): string[] {
  if (recording === null) throw new Error('writeCodeCaches: not recording');
  const written: string[] = [];
  for (const [file, { script, source }] of recording) {
    const data = script.createCachedData();
    const head = Buffer.alloc(HEAD);
    MAGIC.copy(head);
    head.writeUInt32LE(data.length, MAGIC.length);
    head.writeUInt32LE(source.length, MAGIC.length + 4);
    writeFileSync(cacheFileOf(file), Buffer.concat([head, data, source]));
    written.push(cacheFileOf(file));
  }
  return written;
}
