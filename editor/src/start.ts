import { mount } from 'svelte';
import App from './App.svelte';
import { watch, workspace } from './lib/workspace.svelte.js';
import { docTextsFor, rescopePins, toRequest, variants } from './lib/variant.svelte.js';
import { persister, type Snapshot } from './lib/persist.js';
import type { VariantSpec } from './lib/variant.svelte.js';
import { mainEngine } from './lib/engine.svelte.js';

/**
 * Start: restore the workspace from IndexedDB (documents with their text, the active one, the
 * run variants, the undo histories), or load the built-ins on the first start. Then save every
 * change as it is made.
 */
export async function start(): Promise<void> {
  const p = persister();
  p.onStatus = (s) => (workspace.saveState = s);
  let restored: Awaited<ReturnType<typeof p.load>> = null;
  try {
    restored = await p.load();
  } catch (err) {
    console.error('Phasebook: could not read the saved workspace; starting from the built-ins', err);
    workspace.saveState = { state: 'error', message: `could not read the saved workspace (${String(err)})` };
  }
  if (restored) {
    workspace.restore(restored.docs, restored.activeId);
    const v = restored.variants as { main?: VariantSpec; compare?: VariantSpec | null } | null;
    if (v?.main) variants.main = v.main;
    if (v?.compare !== undefined) variants.compare = v.compare;
  } else {
    workspace.loadBuiltins();
  }
  workspace.ready = true;

  // The first run goes to the engine worker now, not after the app has mounted (its effects
  // would send the same request): the main variant follows the active document and its pins
  // are brought to its scope exactly as App's first effects do, then the run starts while the
  // page mounts. App's run effect finds that request under way and does not send it again.
  variants.followActive(workspace.active);
  rescopePins(variants.main);
  mainEngine().runFirst(docTextsFor(variants.main), toRequest(variants.main));

  mount(App, { target: document.getElementById('app')! });

  // Save every change (documents, the active one, the variants), batched within 250 ms.
  watch(
    (): Snapshot => ({
      docs: workspace.docs.map((d) => ({ id: d.id, path: d.path, text: d.text, builtin: d.builtin })),
      activeId: workspace.activeId,
      variants: JSON.parse(JSON.stringify({ main: variants.main, compare: variants.compare })) as Snapshot['variants'],
    }),
    (s) => p.update(s),
  );
  // Leaving the page (or hiding it, the last moment a mobile browser guarantees): write now.
  // IndexedDB may not commit a write begun now (a reload drops it): `leave` also keeps the last
  // changes in localStorage, which the next load takes back.
  addEventListener('pagehide', () => void p.leave());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void p.leave();
  });
  // Ask the browser not to evict the workspace under storage pressure (granted silently or not).
  void navigator.storage?.persist?.().catch(() => false);
}
