import { defineConfig } from 'vite';
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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [docInfoLoader(), svelte({ preprocess: vitePreprocess() })],
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
