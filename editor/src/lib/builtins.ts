/**
 * The built-in documents: every ruleset, overlay and encounter under rulesets/, shipped as one
 * JSON file (editor/vite.config.ts, builtinsAsset) so the workspace has them from the first start.
 * A JSON.parse of it costs a few ms; the same text bundled as a JS module took the page far longer
 * to parse, on the way to the first screen (issue 9, cold load). main.ts starts the fetch at once.
 */
import builtinsUrl from 'virtual:phasebook-builtins';

export interface BuiltinDoc {
  /** Path under rulesets/, e.g. "ose/overlays/crossbow-speed.json". */
  path: string;
  text: string;
}

/** The built-ins, sorted by path: empty until loadBuiltinDocs() has resolved (start.ts waits for it). */
export let BUILTINS: readonly BuiltinDoc[] = [];

let loading: Promise<readonly BuiltinDoc[]> | null = null;

/** Fetch the built-ins (once; a failed fetch is tried again at the next call). */
export function loadBuiltinDocs(): Promise<readonly BuiltinDoc[]> {
  loading ??= fetch(builtinsUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`could not load the built-in documents (HTTP ${r.status})`);
      return r.json() as Promise<BuiltinDoc[]>;
    })
    .then(
      (docs) => (BUILTINS = docs),
      (err: unknown) => {
        loading = null;
        throw err;
      },
    );
  return loading;
}
