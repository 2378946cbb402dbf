import './app.css';
import { mount } from 'svelte';
import { prewarmEngine } from './lib/engine.svelte.js';

/**
 * The entry: as small as it can be, so that what the first screen waits for starts at once.
 * The engine worker (its first run gives the timeline) starts here, before the rest of the page
 * (the built-in documents, the app's components) has even loaded; start.ts then reads the
 * workspace and mounts the app.
 *
 * The player view (a second window facing the players) needs no workspace: it listens to the table.
 */
if (new URLSearchParams(location.search).get('view') === 'player') {
  void import('./components/play/PlayerView.svelte').then((m) => mount(m.default, { target: document.getElementById('app')! }));
} else {
  prewarmEngine();
  void import('./start.js').then((m) => m.start());
}
