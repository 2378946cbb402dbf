/**
 * Rules of the codebase's shape that a reader relies on (COMMON rules, issue 11): the
 * interpreter is generic — it names no game system; and the editor uses the interpreter only
 * through the library's public entry (interpreter/index.ts, the package's "." export).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/** Every .ts/.js/.svelte file below `dir`, as paths relative to the checkout. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|mts|js|mjs|svelte)$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

const SYSTEM_NAMES = /\b(ose|chainmail|cepheus|traveller|mage|storyteller|d20|dnd|srd|unbalanced)\b/i;

describe('the interpreter is generic', () => {
  it('names no game system outside its tests', () => {
    const files = sources('interpreter').filter((f) => !/\.test\.ts$/.test(f));
    expect(files.length).toBeGreaterThan(20);
    const hits = files.flatMap((f) =>
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (SYSTEM_NAMES.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });
});

/** The modules a file imports (static `import … from`, `export … from` and dynamic `import()`). */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

describe('the editor uses the public library entry', () => {
  it('imports nothing from interpreter/ but interpreter/index.js (outside its tests, which run in Node)', () => {
    const files = sources('editor/src').filter((f) => !/\.test\.ts$/.test(f));
    expect(files.length).toBeGreaterThan(20);
    const bad: string[] = [];
    let throughEntry = 0;
    for (const f of files) {
      for (const spec of importsOf(readFileSync(join(ROOT, f), 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const target = relative(ROOT, join(ROOT, f, '..', spec)).replaceAll('\\', '/');
        if (!target.startsWith('interpreter/')) continue;
        if (target === 'interpreter/index.js') throughEntry++;
        else bad.push(`${f}: ${spec}`);
      }
    }
    expect(bad).toEqual([]);
    expect(throughEntry).toBeGreaterThan(10);
  });
});

describe('node:vm stays in the code cache loader', () => {
  it('is imported by interpreter/code-cache.ts only (our own build artifacts, never documents)', () => {
    const files = sources('interpreter').filter((f) => !/\.test\.ts$/.test(f));
    const vm = /\b(?:from|import|require)\s*\(?\s*['"](?:node:)?vm['"]/;
    const users = files.filter((f) => vm.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(users).toEqual(['interpreter/code-cache.ts']);
  });
});
