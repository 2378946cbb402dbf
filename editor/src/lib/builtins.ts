/**
 * The built-in documents: every ruleset, overlay and encounter under rulesets/, bundled as text
 * so the workspace has them from the first start.
 */
const files = import.meta.glob(['../../../rulesets/**/*.json', '!**/phasebook-pack.json'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export interface BuiltinDoc {
  /** Path under rulesets/, e.g. "ose/overlays/crossbow-speed.json". */
  path: string;
  text: string;
}

export const BUILTINS: BuiltinDoc[] = Object.entries(files)
  .map(([p, text]) => ({ path: p.replace(/^.*\/rulesets\//, ''), text }))
  .sort((a, b) => a.path.localeCompare(b.path));
