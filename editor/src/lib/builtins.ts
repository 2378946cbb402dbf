/**
 * The built-in documents: every ruleset, overlay and encounter under rulesets/, bundled as text
 * so the workspace has them from the first start, each with what it says it is (docInfo), read
 * at build time by the `?info` loader of vite.config.ts from the same file.
 */
import type { DocInfo } from './doc-info.js';

const files = import.meta.glob(['../../../rulesets/**/*.json', '!**/phasebook-pack.json'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const infos = import.meta.glob(['../../../rulesets/**/*.json', '!**/phasebook-pack.json'], {
  query: '?info',
  import: 'default',
  eager: true,
}) as Record<string, DocInfo>;

export interface BuiltinDoc {
  /** Path under rulesets/, e.g. "ose/overlays/crossbow-speed.json". */
  path: string;
  text: string;
  /** docInfo(text), read at build time. */
  info: Readonly<DocInfo>;
}

export const BUILTINS: BuiltinDoc[] = Object.entries(files)
  .map(([p, text]) => ({ path: p.replace(/^.*\/rulesets\//, ''), text, info: Object.freeze(infos[p]!) }))
  .sort((a, b) => a.path.localeCompare(b.path));
