/**
 * Run variants: which ruleset, overlays (house-rule modules) and encounter the timeline runs,
 * with the seed and the pinned dice and decisions. `main` drives the live timeline; `compare`
 * is the second variant of the Compare view. Documents are referred to by workspace id.
 */
import { docInfo, workspace, type Doc } from './workspace.svelte.js';
import type { DocText, Variant } from './protocol.js';
import { PACKS_FOLDER, resolveDocRef } from './doc-refs.js';

/** The document a reference in document `from` names (pack-aware: see doc-refs.ts). */
const refFrom = (from: Doc, kind: 'ruleset' | 'overlay', ref: string) => resolveDocRef(workspace.docs, from.path, kind, ref);

/**
 * Whether a reference that found `target` means the ruleset `rs`: the same document, or, outside
 * imported packs, a document of the same id (a ruleset duplicated into mine/ still runs the
 * overlays and encounters written for the original). An imported pack's ruleset is its own.
 */
function sameRuleset(target: Doc | undefined, rs: Doc): boolean {
  if (!target) return false;
  if (target.id === rs.id) return true;
  const inPack = (d: Doc) => d.path.startsWith(`${PACKS_FOLDER}/`);
  return !inPack(target) && !inPack(rs) && docInfo(target.text).id === docInfo(rs.text).id;
}

export interface VariantSpec {
  rulesetId: string | null;
  /** Overlay document ids, in the order they apply. */
  overlayIds: string[];
  encounterId: string | null;
  seed: number;
  /** The pins of the ruleset, variant and encounter named by `pinScope`. */
  rolls: Record<string, string>;
  choices: Record<string, string>;
  /** Where `rolls` and `choices` were made (pinScopeOf); absent in workspaces saved before. */
  pinScope?: string;
  /** The pins made in other scopes, kept for when that ruleset, variant and encounter run again. */
  savedPins?: Record<string, { rolls: Record<string, string>; choices: Record<string, string> }>;
}

export const emptyVariant = (): VariantSpec => {
  const v: VariantSpec = { rulesetId: null, overlayIds: [], encounterId: null, seed: 1, rolls: {}, choices: {} };
  v.pinScope = pinScopeOf(v);
  return v;
};

/**
 * Pins belong to the ruleset, variant (the set of overlays) and encounter they were made in: a
 * label such as r1.fighter.melee.attack means another roll elsewhere.
 */
export function pinScopeOf(spec: Pick<VariantSpec, 'rulesetId' | 'overlayIds' | 'encounterId'>): string {
  return JSON.stringify([spec.rulesetId, [...spec.overlayIds].sort(), spec.encounterId]);
}

/** The pins that apply to the variant as it is now (none from another scope). */
export function currentPins(spec: VariantSpec): { rolls: Record<string, string>; choices: Record<string, string> } {
  const key = pinScopeOf(spec);
  if (spec.pinScope === undefined || spec.pinScope === key) return { rolls: spec.rolls, choices: spec.choices };
  return spec.savedPins?.[key] ?? { rolls: {}, choices: {} };
}

/**
 * Bring `rolls` and `choices` to the variant's current scope: the pins of the scope it leaves
 * are kept in `savedPins`, those of the scope it enters come back. Call before pinning, and
 * whenever the ruleset, overlays or encounter change.
 */
export function rescopePins(spec: VariantSpec): void {
  const key = pinScopeOf(spec);
  if (spec.pinScope === key) return;
  if (spec.pinScope === undefined) {
    spec.pinScope = key; // saved before pins had scopes: they belong to what runs now
    return;
  }
  const saved = { ...(spec.savedPins ?? {}) };
  const any = Object.keys(spec.rolls).length + Object.keys(spec.choices).length > 0;
  if (any) saved[spec.pinScope] = { rolls: spec.rolls, choices: spec.choices };
  else delete saved[spec.pinScope];
  const next = saved[key];
  delete saved[key];
  spec.rolls = next?.rolls ?? {};
  spec.choices = next?.choices ?? {};
  spec.savedPins = saved;
  spec.pinScope = key;
}

/** Overlays that extend the ruleset `rulesetDocId`, in an order that honours `requires`. */
export function overlaysFor(rulesetDocId: string | null): Doc[] {
  const rs = rulesetDocId ? workspace.byId(rulesetDocId) : undefined;
  if (!rs || !docInfo(rs.text).id) return [];
  return workspace.docs.filter((d) => {
    const i = docInfo(d.text);
    return i.kind === 'overlay' && !!i.extends && sameRuleset(refFrom(d, 'ruleset', i.extends), rs);
  });
}

/** Order overlay ids so that each comes after those it requires; add missing requirements. */
export function withRequirements(ids: string[]): string[] {
  const out: string[] = [];
  const visit = (id: string, stack: Set<string>) => {
    if (out.includes(id) || stack.has(id)) return;
    stack.add(id);
    const doc = workspace.byId(id);
    for (const req of doc ? docInfo(doc.text).requires : []) {
      const r = refFrom(doc!, 'overlay', req);
      if (r) visit(r.id, stack);
    }
    out.push(id);
  };
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local work set, not state
  for (const id of ids) visit(id, new Set());
  return out;
}

export function encountersFor(rulesetDocId: string | null): Doc[] {
  const rs = rulesetDocId ? workspace.byId(rulesetDocId) : undefined;
  const all = workspace.docs.filter((d) => docInfo(d.text).kind === 'encounter');
  const mine = rs ? all.filter((d) => writtenFor(d, rs)) : [];
  return mine.length ? mine : all;
}

/** Whether an encounter is written for a ruleset (its `ruleset`, read from where it is, names that document). */
export function writtenFor(encounter: Doc, ruleset: Doc): boolean {
  const ref = docInfo(encounter.text).ruleset;
  return !!ref && sameRuleset(refFrom(encounter, 'ruleset', ref), ruleset);
}

class Variants {
  main = $state<VariantSpec>(emptyVariant());
  compare = $state<VariantSpec | null>(null);

  /**
   * Point the main variant at the document just opened. A ruleset runs by the book (no
   * overlays); an overlay runs on its base with exactly the overlays it requires (and itself);
   * an encounter keeps the variant when it is written for its ruleset, otherwise its ruleset
   * runs by the book. Call it when the active document (or what it extends or requires)
   * changes, not on every edit: the modules switched on by hand stay while it is edited.
   */
  followActive(doc: Doc | null): void {
    if (!doc) return;
    const info = docInfo(doc.text);
    let rulesetId: string | null = this.main.rulesetId;
    let overlayIds = this.main.overlayIds;
    if (info.kind === 'ruleset') {
      rulesetId = doc.id;
      overlayIds = [];
    } else if (info.kind === 'overlay' && info.extends) {
      const base = refFrom(doc, 'ruleset', info.extends);
      if (base) {
        rulesetId = base.id;
        overlayIds = withRequirements([doc.id]);
      }
    } else if (info.kind === 'encounter') {
      this.main.encounterId = doc.id;
      if (info.ruleset) {
        const base = refFrom(doc, 'ruleset', info.ruleset);
        if (base && base.id !== rulesetId) {
          rulesetId = base.id;
          overlayIds = [];
        }
      }
    }
    // Write only what changed: the stores are reactive, and equal writes would wake every reader.
    if (this.main.rulesetId !== rulesetId) this.main.rulesetId = rulesetId;
    if (JSON.stringify(this.main.overlayIds) !== JSON.stringify(overlayIds)) this.main.overlayIds = overlayIds;
    const encounters = encountersFor(rulesetId);
    if (info.kind !== 'encounter' && (!this.main.encounterId || !encounters.some((e) => e.id === this.main.encounterId))) {
      const first = encounters[0]?.id ?? null;
      if (this.main.encounterId !== first) this.main.encounterId = first;
    }
  }

  toggleOverlay(spec: VariantSpec, id: string, on: boolean): void {
    if (on) spec.overlayIds = withRequirements([...spec.overlayIds, id]);
    else {
      // Switching a module off also switches off what requires it.
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local work set, not state
      const gone = new Set([id]);
      let changed = true;
      while (changed) {
        changed = false;
        for (const o of spec.overlayIds) {
          const d = workspace.byId(o);
          if (!d || gone.has(o)) continue;
          if (docInfo(d.text).requires.some((r) => gone.has(refFrom(d, 'overlay', r)?.id ?? ''))) {
            gone.add(o);
            changed = true;
          }
        }
      }
      spec.overlayIds = spec.overlayIds.filter((o) => !gone.has(o));
    }
  }
}

export const variants = new Variants();

/** What a document contributes to the variant it opens (its id, kind, base and requirements). */
export function followKey(doc: Doc | null): string {
  if (!doc) return '';
  const i = docInfo(doc.text);
  return JSON.stringify([doc.id, i.kind, i.id, i.extends, i.ruleset, i.requires]);
}

/** The variant in words: "OSE by the book", or the ruleset and its overlays in order. */
export function variantLabel(spec: VariantSpec): string {
  const rs = spec.rulesetId ? workspace.byId(spec.rulesetId) : undefined;
  if (!rs) return 'no ruleset';
  const name = docInfo(rs.text).id ?? rs.path;
  const overlays = spec.overlayIds
    .map((id) => workspace.byId(id))
    .filter((d): d is Doc => !!d)
    .map((d) => docInfo(d.text).id ?? d.path);
  return overlays.length ? [name, ...overlays].join(' + ') : `${name} by the book`;
}

/**
 * The protocol form of a variant (paths), or null when it is incomplete. Its pins are those of
 * its scope, or `pins` (Compare runs B with A's pins).
 */
export function toRequest(spec: VariantSpec, pins = currentPins(spec)): Variant | null {
  const rs = spec.rulesetId ? workspace.byId(spec.rulesetId) : undefined;
  const enc = spec.encounterId ? workspace.byId(spec.encounterId) : undefined;
  if (!rs || !enc) return null;
  return {
    ruleset: rs.path,
    overlays: spec.overlayIds.map((id) => workspace.byId(id)?.path).filter((p): p is string => !!p),
    encounter: enc.path,
    seed: spec.seed,
    rolls: { ...pins.rolls },
    choices: { ...pins.choices },
  };
}

export function allDocTexts(): DocText[] {
  return workspace.docs.map((d) => ({ path: d.path, text: d.text }));
}

/** Only the documents a variant runs on: its ruleset, overlays and encounter (smaller messages to the worker). */
export function docTextsFor(spec: VariantSpec): DocText[] {
  const ids = [spec.rulesetId, ...spec.overlayIds, spec.encounterId].filter((x): x is string => !!x);
  return ids
    .map((id) => workspace.byId(id))
    .filter((d): d is Doc => !!d)
    .map((d) => ({ path: d.path, text: d.text }));
}
