/**
 * Rule variants named on the command line (simulate's first variant and its `--vs`, diverge's
 * two): a ruleset, its overlays in order, and the encounter they share.
 */
import { readDocumentFile } from '../read/index.js';
import type { VariantFiles } from '../simulate/plan-types.js';
import { loadRunInputs, type PackFlags } from './pack-flags.js';
import { usage } from './shared.js';

/** A variant of files, named by the ids of its documents ("base + house-rule"). */
export function variantOf(ruleset: string, overlays: string[], encounter: string): VariantFiles {
  const id = (p: string) => {
    try {
      return String((readDocumentFile(p).value as { id?: unknown }).id ?? p);
    } catch {
      return p;
    }
  };
  return { name: [id(ruleset), ...overlays.map(id)].join(' + '), ruleset, overlays, encounter };
}

/** "<ruleset> [--with <overlay>]…" (or "--preset <id>" of the --pack) → a variant. */
export function parseVs(text: string, encounter: string, flags: PackFlags = {}): VariantFiles {
  const words = text.match(/"[^"]*"|'[^']*'|\S+/g)?.map((w) => w.replace(/^["']|["']$/g, '')) ?? [];
  if (words[0] === '--preset' && words.length === 2 && flags.pack)
    return loadRunInputs({ pack: flags.pack, preset: words[1]! }, undefined, encounter, []).variant;
  const [ruleset, ...rest] = words;
  if (!ruleset || ruleset.startsWith('--')) throw usage(`--vs expects "<ruleset> [--with <overlay>]…", got "${text}"`);
  const overlays: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--with' && rest[i + 1]) overlays.push(rest[++i]!);
    else throw usage(`--vs "${text}": unexpected "${rest[i]}"; only --with <overlay> may follow the ruleset`);
  }
  return variantOf(ruleset, overlays, encounter);
}
