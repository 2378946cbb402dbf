import './app.css';
import { prewarmEngine } from './lib/engine-warm.js';

/**
 * The entry: as small as it can be (no Svelte here), so that what the first screen waits for
 * starts at once. The engine worker (its first run gives the timeline) starts here, before the
 * rest of the page (the built-in documents, the app's components, Svelte) has even loaded; start.ts then reads the workspace and mounts the app.
 *
 * The player view (a second window facing the players) needs no workspace: it listens to the table.
 */
if (new URLSearchParams(location.search).get('view') === 'player') {
  void Promise.all([import('svelte'), import('./components/play/PlayerView.svelte')]).then(([svelte, m]) =>
    svelte.mount(m.default, { target: document.getElementById('app')! }),
  );
} else {
  prewarmEngine();
  void import('./start.js').then((m) => m.start());
}
