/**
 * Run variants: which ruleset, overlays (house-rule modules) and encounter the timeline runs,
 * with the seed and the pinned dice and decisions. `main` drives the live timeline; `compare`
 * is the second variant of the Compare view. Documents are referred to by workspace id.
 */
import { docInfo, workspace, type Doc } from './workspace.svelte.js';
import type { DocText, Variant } from './protocol.js';

export interface VariantSpec {
  rulesetId: string | null;
  /** Overlay document ids, in the order they apply. */
  overlayIds: string[];
  encounterId: string | null;
  seed: number;
  rolls: Record<string, string>;
  choices: Record<string, string>;
}

export const emptyVariant = (): VariantSpec => ({ rulesetId: null, overlayIds: [], encounterId: null, seed: 1, rolls: {}, choices: {} });

/** Overlays that extend the ruleset `rulesetDocId`, in an order that honours `requires`. */
export function overlaysFor(rulesetDocId: string | null): Doc[] {
  const rs = rulesetDocId ? workspace.byId(rulesetDocId) : undefined;
  const rsId = rs ? docInfo(rs.text).id : null;
  if (!rsId) return [];
  return workspace.docs.filter((d) => {
    const i = docInfo(d.text);
    return i.kind === 'overlay' && i.extends === rsId;
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
      const r = workspace.findByDocId('overlay', req);
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
  const rsId = rs ? docInfo(rs.text).id : null;
  const all = workspace.docs.filter((d) => docInfo(d.text).kind === 'encounter');
  const mine = all.filter((d) => docInfo(d.text).ruleset === rsId);
  return mine.length ? mine : all;
}

class Variants {
  main = $state<VariantSpec>(emptyVariant());
  compare = $state<VariantSpec | null>(null);

  /** Point the main variant at the active document: its ruleset, its overlays, an encounter. */
  followActive(doc: Doc | null): void {
    if (!doc) return;
    const info = docInfo(doc.text);
    let rulesetId: string | null = this.main.rulesetId;
    let overlayIds = this.main.overlayIds;
    if (info.kind === 'ruleset') {
      if (rulesetId !== doc.id) overlayIds = [];
      rulesetId = doc.id;
    } else if (info.kind === 'overlay' && info.extends) {
      const base = workspace.findByDocId('ruleset', info.extends);
      if (base) {
        if (base.id !== rulesetId) overlayIds = [];
        rulesetId = base.id;
        overlayIds = withRequirements([...overlayIds.filter((id) => workspace.byId(id)), doc.id]);
      }
    } else if (info.kind === 'encounter') {
      this.main.encounterId = doc.id;
      if (info.ruleset) {
        const base = workspace.findByDocId('ruleset', info.ruleset);
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
          if (docInfo(d.text).requires.some((r) => [...gone].some((g) => docInfo(workspace.byId(g)?.text ?? '').id === r))) {
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

/** The protocol form of a variant (paths), or null when it is incomplete. */
export function toRequest(spec: VariantSpec): Variant | null {
  const rs = spec.rulesetId ? workspace.byId(spec.rulesetId) : undefined;
  const enc = spec.encounterId ? workspace.byId(spec.encounterId) : undefined;
  if (!rs || !enc) return null;
  return {
    ruleset: rs.path,
    overlays: spec.overlayIds.map((id) => workspace.byId(id)?.path).filter((p): p is string => !!p),
    encounter: enc.path,
    seed: spec.seed,
    rolls: { ...spec.rolls },
    choices: { ...spec.choices },
  };
}

export function allDocTexts(): DocText[] {
  return workspace.docs.map((d) => ({ path: d.path, text: d.text }));
}

/** Only the documents a variant runs on: its ruleset, overlays and encounter (smaller messages to the worker). */
export function docTextsFor(spec: VariantSpec): DocText[] {
  const ids = [spec.rulesetId, ...spec.overlayIds, spec.encounterId].filter((x): x is string => !!x);
  return ids.map((id) => workspace.byId(id)).filter((d): d is Doc => !!d).map((d) => ({ path: d.path, text: d.text }));
}
