/**
 * The code cache's loader (interpreter/code-cache.ts): whatever the cache holds, the code run is
 * the file's own text — a cache made from other bytes (even of the same length), a truncated
 * cache or none at all only means compiling from the text. Each "process" is a fresh instance
 * of the module (vi.resetModules), as each `phasebook` process is.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

type Loader = typeof import('../interpreter/code-cache.js');
const freshLoader = async (): Promise<Loader> => {
  vi.resetModules();
  return import('../interpreter/code-cache.js');
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'phasebook-code-cache-'));
  writeFileSync(
    join(dir, 'a.cjs'),
    `"use strict";\nconst b = require('./b.cjs');\nexports.value = 'one';\nexports.sum = (x) => x + b.base;\n`,
  );
  const loaderPath = relative(dir, join(import.meta.dirname, '..', 'interpreter', 'code-cache.js'));
  writeFileSync(join(dir, 'b.cjs'), `"use strict";\nexports.base = 10;\nexports.loader = () => require(${JSON.stringify(loaderPath)});\n`);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type A = { value: string; sum: (x: number) => number };

/** Record a warm-up of a.cjs (which requires b.cjs) and write the caches. */
async function warmUp(): Promise<string[]> {
  const loader = await freshLoader();
  loader.recordCodeCaches();
  const a = loader.loadBuilt(join(dir, 'a.cjs')) as A;
  expect(a.sum(1)).toBe(11);
  return loader.writeCodeCaches();
}

describe('the code cache loader', () => {
  it('writes a cache next to every file loaded while recording, and loads with it', async () => {
    expect(await warmUp()).toEqual([join(dir, 'a.cjs.v8cache'), join(dir, 'b.cjs.v8cache')]);
    const loader = await freshLoader();
    const a = loader.loadBuilt(join(dir, 'a.cjs')) as A;
    expect(a.value).toBe('one');
    expect(a.sum(5)).toBe(15);
    expect(loader.loadBuilt(join(dir, 'a.cjs'))).toBe(a); // once per process
  });

  it('gives a chunk that requires the loader the loader itself', async () => {
    const loader = await freshLoader();
    const b = loader.loadBuilt(join(dir, 'b.cjs')) as { loader: () => unknown };
    expect(b.loader()).toBe(loader);
  });

  it('gives itself for its CommonJS build too (./code-cache.cjs, as the built chunks require it)', async () => {
    const cjs = relative(dir, join(import.meta.dirname, '..', 'interpreter', 'code-cache.cjs'));
    writeFileSync(join(dir, 'c.cjs'), `"use strict";\nexports.loader = () => require(${JSON.stringify(cjs)});\n`);
    const loader = await freshLoader();
    expect((loader.loadBuilt(join(dir, 'c.cjs')) as { loader: () => unknown }).loader()).toBe(loader);
  });

  it('reads a file with non-ASCII characters as UTF-8, one without as the same text', async () => {
    writeFileSync(join(dir, 'd.cjs'), `"use strict";\nexports.arrow = '\u2192';\n`);
    const loader = await freshLoader();
    expect((loader.loadBuilt(join(dir, 'd.cjs')) as { arrow: string }).arrow).toBe('\u2192');
    expect((loader.loadBuilt(join(dir, 'a.cjs')) as A).value).toBe('one');
  });

  it('compares files byte for byte, across its read buffer, without keeping them', async () => {
    const { sameContents } = await freshLoader();
    const big = Buffer.alloc(200_000, 'x');
    writeFileSync(join(dir, 'x'), big);
    writeFileSync(join(dir, 'y'), big);
    expect(sameContents(join(dir, 'x'), join(dir, 'y'))).toBe(true);
    big[150_000] = 0x79;
    writeFileSync(join(dir, 'y'), big);
    expect(sameContents(join(dir, 'x'), join(dir, 'y'))).toBe(false);
    writeFileSync(join(dir, 'y'), big.subarray(1));
    expect(sameContents(join(dir, 'x'), join(dir, 'y'))).toBe(false);
    expect(sameContents(join(dir, 'x'), join(dir, 'missing'))).toBe(false);
  });

  it('runs the file as it is now when the cache was made from other bytes of the same length', async () => {
    await warmUp();
    const before = readFileSync(join(dir, 'a.cjs'), 'utf8');
    const after = before.replace("'one'", "'two'");
    expect(after.length).toBe(before.length);
    writeFileSync(join(dir, 'a.cjs'), after);
    const a = (await freshLoader()).loadBuilt(join(dir, 'a.cjs')) as A;
    expect(a.value).toBe('two');
  });

  it('compiles from the text when the cache is truncated or missing', async () => {
    await warmUp();
    const cache = join(dir, 'a.cjs.v8cache');
    writeFileSync(cache, readFileSync(cache).subarray(0, 40));
    expect(((await freshLoader()).loadBuilt(join(dir, 'a.cjs')) as A).sum(2)).toBe(12);
    rmSync(cache);
    expect(existsSync(cache)).toBe(false);
    expect(((await freshLoader()).loadBuilt(join(dir, 'a.cjs')) as A).sum(3)).toBe(13);
  });

  it('refuses to record once files were loaded (their scripts would be missing from the caches)', async () => {
    const loader = await freshLoader();
    loader.loadBuilt(join(dir, 'b.cjs'));
    expect(() => loader.recordCodeCaches()).toThrow(/before the recording started/);
  });
});
