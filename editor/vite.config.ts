import { defineConfig } from 'vite';
import { svelte, vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';

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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [svelte({ preprocess: vitePreprocess() })],
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
