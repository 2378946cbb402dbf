// The editor's test hook (window.__phasebook, set by editor/src/components/CodeView.svelte),
// read by scripts/*.mjs inside page.evaluate().
declare interface Window {
  __phasebook?: any;
}
