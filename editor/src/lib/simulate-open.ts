/**
 * The combat behind a bar: open one run of a simulation as the main timeline. A run is its
 * series (ruleset, overlays, encounter, the sweep's patches) and its run seed; it ran without
 * pins. Without patches, the main variant is pointed at the same documents with that seed. A
 * sweep's patches become documents of their own next to the originals (the patched encounter,
 * or a copy of the ruleset with the patched value), made with the CLI's `applyPatch`, so what
 * runs is visible and editable — the same run as `phasebook run … --set … --seed S`.
 */
import { readDocumentText, type SeriesSpec, applyPatch, formatPatch, type Patch } from '../../../interpreter/index.js';
import { rescopePins, variants } from './variant.svelte.js';
import { workspace, type Doc } from './workspace.svelte.js';

/** A short, file-name-safe name of a patch: count:/…/bandit=11 → "bandit-x11", encounter:/…/leader/stats/hp=8 → "leader-hp-8". */
export function patchSlug(p: Patch): string {
  const segs = p.path.split('/').filter((s) => s && s !== 'sides' && s !== 'combatants' && s !== 'stats');
  const value = typeof p.value === 'string' ? p.value : JSON.stringify(p.value);
  const raw = p.kind === 'count' ? `${segs[segs.length - 1] ?? 'count'}-x${value}` : `${segs.slice(-2).join('-')}-${value}`;
  return raw.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
}

/** The path of a patched copy: ose/encounters/bandits.json + [bandit-x11] → ose/encounters/bandits.sim-bandit-x11.json. */
export function patchedPath(path: string, patches: Patch[]): string {
  const stem = path.replace(/\.json$/i, '');
  return `${stem}.sim-${patches.map(patchSlug).join('.')}.json`;
}

/** The text of a document with patches applied (the CLI's applyPatch), pretty-printed. */
export function patchedText(path: string, text: string, patches: Patch[]): string {
  let value = readDocumentText(path, text).value;
  for (const p of patches) value = applyPatch(value, p, 'sweep');
  // Told apart from the original in the encounter list and the sidebar.
  const doc = value as { name?: unknown };
  if (typeof doc.name === 'string') doc.name = `${doc.name} (${patches.map(formatPatch).join(', ')})`;
  return JSON.stringify(value, null, 2) + '\n';
}

/** The workspace document at `path` with `text`: updated when it exists, else added. */
function upsert(path: string, text: string): Doc {
  const have = workspace.byPath(path);
  if (have) {
    workspace.setText(have.id, text);
    return have;
  }
  return workspace.add(path, text);
}

export interface OpenResult {
  ok: boolean;
  message: string;
}

/**
 * Point the main timeline at run `seed` of `series`: its documents (patched copies made when the
 * series has patches), its overlays in order, no pins. The active document stays as it is.
 */
export function openRun(series: SeriesSpec, seed: number): OpenResult {
  const missing = [series.ruleset, series.encounter, ...series.overlays].filter((p) => !workspace.byPath(p));
  if (missing.length) return { ok: false, message: `Not in the workspace any more: ${missing.join(', ')}` };
  const active = workspace.activeId;
  const rulesetPatches = series.patches.filter((p) => p.kind === 'ruleset' || p.kind === 'option');
  const encounterPatches = series.patches.filter((p) => p.kind === 'encounter' || p.kind === 'count');
  let ruleset = workspace.byPath(series.ruleset)!;
  let encounter = workspace.byPath(series.encounter)!;
  try {
    if (rulesetPatches.length)
      ruleset = upsert(patchedPath(ruleset.path, rulesetPatches), patchedText(ruleset.path, ruleset.text, rulesetPatches));
    if (encounterPatches.length)
      encounter = upsert(patchedPath(encounter.path, encounterPatches), patchedText(encounter.path, encounter.text, encounterPatches));
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  } finally {
    // Adding a document makes it active; the active document (and what it makes run) stays.
    workspace.activeId = active;
  }
  const main = variants.main;
  main.rulesetId = ruleset.id;
  main.overlayIds = series.overlays.map((p) => workspace.byPath(p)!.id);
  main.encounterId = encounter.id;
  rescopePins(main);
  main.rolls = {};
  main.choices = {};
  main.seed = seed;
  window.dispatchEvent(new CustomEvent('phasebook:show', { detail: 'timeline' }));
  return { ok: true, message: `Opened run seed ${seed} in the timeline.` };
}
