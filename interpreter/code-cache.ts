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
import { closeSync, fstatSync, openSync, readSync, writeFileSync } from 'node:fs';
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

/**
 * Every fresh page a start touches costs (about 4 ms a MB in the VMs this was measured in, where
 * reading a file into a new buffer is ten times the cost of reading it into one already used):
 * what is only compared is read through this one small buffer, never kept.
 */
let scratch: Buffer | null = null;
const SCRATCH = 64 * 1024;

/** `fd`'s bytes from `position` on equal `expected`, read through `scratch`. */
function sameBytes(fd: number, position: number, expected: Buffer): boolean {
  scratch ??= Buffer.allocUnsafeSlow(SCRATCH);
  for (let at = 0; at < expected.length;) {
    const n = readSync(fd, scratch, 0, Math.min(SCRATCH, expected.length - at), position + at);
    if (n === 0 || !scratch.subarray(0, n).equals(expected.subarray(at, at + n))) return false;
    at += n;
  }
  return true;
}

/**
 * Whether files `a` and `b` hold the same bytes (false when either is missing), read through two
 * small buffers: for the checks of build artifacts against their sources at start-up
 * (pipeline-validators.ts), which keep nothing they read.
 */
export function sameContents(a: string, b: string): boolean {
  let fa: number | undefined;
  let fb: number | undefined;
  try {
    fa = openSync(a, 'r');
    fb = openSync(b, 'r');
    const size = fstatSync(fa).size;
    if (fstatSync(fb).size !== size) return false;
    const other = Buffer.allocUnsafeSlow(Math.min(SCRATCH, size));
    for (let at = 0; at < size;) {
      const n = readSync(fb, other, 0, Math.min(other.length, size - at), at);
      if (n === 0 || !sameBytes(fa, at, other.subarray(0, n))) return false;
      at += n;
    }
    return true;
  } catch {
    return false;
  } finally {
    if (fa !== undefined) closeSync(fa);
    if (fb !== undefined) closeSync(fb);
  }
}

/** `length` bytes of `fd` from `position`, in a buffer of their own (V8 keeps no pointer into it). */
function readExactly(fd: number, position: number, length: number): Buffer | undefined {
  const b = Buffer.allocUnsafeSlow(length);
  for (let at = 0; at < length;) {
    const n = readSync(fd, b, at, length - at, position + at);
    if (n === 0) return undefined;
    at += n;
  }
  return b;
}

/** The cached data for `source`, from `file`'s cache, if it was made from these very bytes. */
function cachedDataFor(file: string, source: Buffer): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(cacheFileOf(file), 'r');
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    const head = size < HEAD ? undefined : readExactly(fd, 0, HEAD);
    if (head === undefined || !head.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    const dataLength = head.readUInt32LE(MAGIC.length);
    const sourceLength = head.readUInt32LE(MAGIC.length + 4);
    if (sourceLength !== source.length || size !== HEAD + dataLength + sourceLength) return undefined;
    if (!sameBytes(fd, HEAD + dataLength, source)) return undefined;
    return readExactly(fd, HEAD, dataLength);
  } finally {
    closeSync(fd);
  }
}

/** Node's CommonJS wrapper, around the file's text (on its first line, as Node puts it). */
const WRAP_HEAD = Buffer.from('(function (exports, require, module, __filename, __dirname) { ', 'latin1');
const WRAP_TAIL = Buffer.from('\n});', 'latin1');

/**
 * `file`'s bytes inside the wrapper, read into one buffer: decoded at once into the one string V8
 * compiles (a wrapper joined to the text in JavaScript would be a second copy of it, when V8
 * flattens the joined string).
 */
function readWrapped(file: string): { wrapped: Buffer; source: Buffer } {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const wrapped = Buffer.allocUnsafeSlow(WRAP_HEAD.length + size + WRAP_TAIL.length);
    WRAP_HEAD.copy(wrapped);
    let at = 0;
    for (let n; at < size && (n = readSync(fd, wrapped, WRAP_HEAD.length + at, size - at, at)) > 0;) at += n;
    if (at !== size) throw new Error(`${file}: read ${at} of its ${size} bytes`);
    WRAP_TAIL.copy(wrapped, WRAP_HEAD.length + size);
    return { wrapped, source: wrapped.subarray(WRAP_HEAD.length, WRAP_HEAD.length + size) };
  } finally {
    closeSync(fd);
  }
}

/**
 * The exports of the CommonJS file `file` (an absolute path to a file of this package's build),
 * loaded once. Inside it, `require` of a relative `.cjs` path loads through here too; of this
 * module, gives it; of anything else (packages, node: modules), is Node's own.
 */
export function loadBuilt(file: string): unknown {
  const known = modules.get(file);
  if (known !== undefined) return known.exports;
  const { wrapped, source } = readWrapped(file);
  const cachedData = recording === null ? cachedDataFor(file, source) : undefined;
  // An all-ASCII file (scripts/bundle-cli.mjs escapes the rest) decodes as latin1 to the very same
  // text, without UTF-8 decoding, and as a one-byte string (a UTF-8 one with a single character
  // above U+00FF is a two-byte string, twice the memory, for V8 to scan and keep).
  const script = new Script(wrapped.toString(isAscii(source) ? 'latin1' : 'utf8'), { filename: file, cachedData });
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
