import { defineConfig, type Plugin } from 'vite';
import { svelte, vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
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

const RULESETS = fileURLToPath(new URL('../rulesets', import.meta.url));
const BUILTINS_ID = 'virtual:phasebook-builtins';
const BUILTINS_DEV_URL = '/@phasebook/builtins.json';

/** Every ruleset, overlay and encounter under rulesets/ (not the packs' manifests), sorted by path. */
function builtinFiles(): { file: string; path: string }[] {
  const out: { file: string; path: string }[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else if (e.name.endsWith('.json') && e.name !== 'phasebook-pack.json')
        out.push({ file, path: relative(RULESETS, file).split(sep).join('/') });
    }
  };
  walk(RULESETS);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** The built-in documents as one JSON array of { path, text }. */
function builtinsJson(): string {
  return JSON.stringify(builtinFiles().map((f) => ({ path: f.path, text: readFileSync(f.file, 'utf8') })));
}

/**
 * `import url from 'virtual:phasebook-builtins'`: the URL of the built-in documents as one JSON
 * file (an asset of the build; served by the dev server). The page fetches and JSON.parses it,
 * in parallel with its own scripts: half a megabyte of text as a JS module cost far more to
 * parse, and held up the first screen (issue 9, cold load).
 */
function builtinsAsset(): Plugin {
  let serve = false;
  return {
    name: 'phasebook-builtins',
    configResolved(c) {
      serve = c.command === 'serve';
    },
    resolveId: (id) => (id === BUILTINS_ID ? '\0' + BUILTINS_ID : null),
    load(id) {
      if (id !== '\0' + BUILTINS_ID) return null;
      for (const f of builtinFiles()) this.addWatchFile(f.file);
      if (serve) return `export default ${JSON.stringify(BUILTINS_DEV_URL)};`;
      const ref = this.emitFile({ type: 'asset', name: 'builtins.json', source: builtinsJson() });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
    configureServer(server) {
      server.middlewares.use(BUILTINS_DEV_URL, (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(builtinsJson());
      });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [svelte({ preprocess: vitePreprocess() }), builtinsAsset()],
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
