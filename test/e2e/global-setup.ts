/**
 * Serve the built editor (dist/editor) with the production CSP header, as `npm start` does, on
 * a free local port for the e2e tests. The editor is built by `npm run build:editor` before.
 */
import { preview, type PreviewServer } from 'vite';
import { fileURLToPath } from 'node:url';
import { findBrowser, howToGetABrowser } from '../../scripts/find-browser.mjs';

let server: PreviewServer | null = null;

export async function setup({ provide }: { provide: (key: string, value: unknown) => void }): Promise<void> {
  const browserPath = findBrowser();
  if (!browserPath) throw new Error(howToGetABrowser());
  provide('browserPath', browserPath);
  server = await preview({
    configFile: fileURLToPath(new URL('../../editor/vite.config.ts', import.meta.url)),
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
    logLevel: 'silent',
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the editor preview server did not start');
  provide('editorUrl', url);
}

export async function teardown(): Promise<void> {
  await new Promise<void>((resolve) => server?.httpServer.close(() => resolve()) ?? resolve());
}

declare module 'vitest' {
  export interface ProvidedContext {
    editorUrl: string;
    browserPath: string;
  }
}
