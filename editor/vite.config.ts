import { defineConfig, parseAst } from 'vite';
import { svelte, vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { readInfo } from './src/lib/doc-info.js';

/**
 * The editor is served under a strict Content-Security-Policy: no eval of any kind (rule packs
 * come from strangers). Schema validators are compiled at build time; JSON Logic is compiled to
 * closures. Monaco injects its styles at run time, hence 'unsafe-inline' for styles only.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self' https:", // rule packs fetched by URL (data only, never run)
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/** `npm start` serves on 4173, or on PORT (`PORT=8080 npm start`, or `npm start -- --port 8080`). */
function previewPort(value = process.env.PORT): number {
  if (value === undefined || value === '') return 4173;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT=${value}: expected a port number (0-65535)`);
  return port;
}

/**
 * `doc.json?info`: what the document says it is (lib/doc-info.ts), read at build time, for the
 * built-ins (lib/builtins.ts): the page then does not parse their 480 KiB before its first screen.
 */
function docInfoLoader(): Plugin {
  return {
    name: 'phasebook-doc-info',
    load(id) {
      const m = /^(.*\.json)\?info$/.exec(id);
      if (!m) return null;
      const file = m[1]!;
      this.addWatchFile(file);
      return { code: `export default ${JSON.stringify(readInfo(readFileSync(file, 'utf8')))};`, moduleType: 'js' };
    },
  };
}

/**
 * The built-in documents' texts (lib/builtins.ts, ≈ 420 KiB) as plain string literals. The
 * minifier writes a string with line breaks as a template literal (one byte shorter per line),
 * and V8 scans a template literal about half as fast as a quoted string: on a cold load that
 * chunk's evaluation is on the first screen's path (bench/README.md, load10). After minifying,
 * every long template literal without substitutions or tag in the chunk that holds the built-ins
 * is written back as the JSON string of its value: the same string at run time.
 */
function plainBuiltinStrings(): Plugin {
  const LONG = 1000;
  return {
    name: 'phasebook-plain-builtin-strings',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.moduleIds.some((id) => id.endsWith('/lib/builtins.ts'))) continue;
        const edits: { start: number; end: number; text: string }[] = [];
        const visit = (node: unknown, tagged: boolean): void => {
          if (Array.isArray(node)) return node.forEach((n) => visit(n, false));
          if (node === null || typeof node !== 'object') return;
          const n = node as { type?: string; start?: number; end?: number; quasi?: unknown };
          if (n.type === 'TemplateLiteral' && !tagged) {
            const t = node as unknown as {
              expressions: unknown[];
              quasis: { value: { cooked: string | null } }[];
              start: number;
              end: number;
            };
            const cooked = t.quasis[0]?.value.cooked;
            if (t.expressions.length === 0 && typeof cooked === 'string' && t.end - t.start > LONG) {
              edits.push({ start: t.start, end: t.end, text: JSON.stringify(cooked) });
              return;
            }
          }
          for (const [k, v] of Object.entries(n))
            if (v && typeof v === 'object') visit(v, n.type === 'TaggedTemplateExpression' && k === 'quasi');
        };
        visit(parseAst(chunk.code), false);
        let code = chunk.code;
        for (const e of edits.sort((a, b) => b.start - a.start)) {
          if (code[e.start] !== '`' || code[e.end - 1] !== '`')
            throw new Error(`${chunk.fileName}: a template literal not where the parser put it`);
          code = code.slice(0, e.start) + e.text + code.slice(e.end);
        }
        chunk.code = code;
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [docInfoLoader(), plainBuiltinStrings(), svelte({ preprocess: vitePreprocess() })],
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('../dist/editor', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
  },
  server: { fs: { allow: ['..'] } },
  preview: { host: '127.0.0.1', port: previewPort(), strictPort: false, headers: { 'Content-Security-Policy': CSP } },
});
