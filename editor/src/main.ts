import './app.css';
import { prewarmEngine } from './lib/engine-warm.js';
import { loadBuiltinDocs } from './lib/builtins.js';

/**
 * The entry: as small as it can be (no Svelte here), so that what the first screen waits for
 * starts at once. The engine worker (its first run gives the timeline) and the fetch of the
 * built-in documents start here, before the rest of the page (the app's components, Svelte) has
 * even loaded; start.ts then reads the workspace and mounts the app.
 *
 * The player view (a second window facing the players) needs no workspace: it listens to the table.
 */
if (new URLSearchParams(location.search).get('view') === 'player') {
  void Promise.all([import('svelte'), import('./components/play/PlayerView.svelte')]).then(([svelte, m]) =>
    svelte.mount(m.default, { target: document.getElementById('app')! }),
  );
} else {
  prewarmEngine();
  // A failure is reported where the built-ins are needed (start.ts).
  loadBuiltinDocs().catch(() => undefined);
  void import('./start.js').then((m) => m.start());
}
