/**
 * The Play tab's campaigns: the active one (kept through reloads), the list, and what a game
 * master does with them — make one from the current setup, switch its ruleset and house rules
 * in one choice, keep a side of an encounter as its party, export it with its fights and import
 * one back. Fights started while a campaign is active belong to it (table.svelte.ts).
 */
import { docInfo, workspace, type DocKind } from '../workspace.svelte.js';
import { PhasebookError, formatDiagnostic } from '../../../../interpreter/index.js';
import { campaignId, campaignStore, partyOf, type Campaign, type CampaignSummary, type DocRef, type PartySide } from './campaigns.js';
import { campaignFile, campaignValidator, readCampaignFile, type CampaignFile } from './campaign-file.js';
import { fightStore, type StoredFight } from './fights.js';

/** The workspace path of a rule document: at its path hint when the id still matches there, else by id. */
export function findDoc(kind: DocKind, ref: DocRef): string | null {
  const at = ref.path ? workspace.byPath(ref.path) : undefined;
  if (at && docInfo(at.text).kind === kind && docInfo(at.text).id === ref.id) return at.path;
  return workspace.findByDocId(kind, ref.id)?.path ?? null;
}

/** A workspace document (by its workspace id) as a campaign names it. */
function refOf(docId: string): DocRef | null {
  const d = workspace.byId(docId);
  const id = d ? docInfo(d.text).id : null;
  return d && id ? { id, path: d.path } : null;
}

export interface SetupChoice {
  rulesetId: string | null;
  overlayIds: string[];
  preset?: Campaign['preset'];
}

class Campaigns {
  list = $state.raw<CampaignSummary[]>([]);
  active = $state.raw<Campaign | null>(null);
  status = $state('');
  problems = $state.raw<string[]>([]);

  async load(): Promise<void> {
    const s = campaignStore();
    this.list = await s.list();
    const id = await s.active();
    this.active = id ? await s.get(id) : null;
  }

  async select(id: string | null): Promise<void> {
    const s = campaignStore();
    await s.setActive(id);
    this.active = id ? await s.get(id) : null;
    this.status = this.active ? `Campaign “${this.active.name}”.` : '';
    this.problems = [];
  }

  /** The setup (workspace ids) a campaign starts its fights from, or null when its ruleset is not in the workspace. */
  setupOf(c: Campaign): SetupChoice | null {
    const rs = findDoc('ruleset', c.ruleset);
    if (!rs) return null;
    const overlayIds = c.overlays
      .map((o) => findDoc('overlay', o))
      .map((p) => (p ? workspace.byPath(p)?.id : undefined))
      .filter((x): x is string => !!x);
    return { rulesetId: workspace.byPath(rs)!.id, overlayIds, ...(c.preset ? { preset: c.preset } : {}) };
  }

  /** A new campaign on the setup chosen now; it becomes the active one. */
  async create(name: string, setup: SetupChoice): Promise<boolean> {
    const ruleset = setup.rulesetId ? refOf(setup.rulesetId) : null;
    if (!name.trim() || !ruleset) {
      this.status = 'A campaign needs a name and a ruleset.';
      return false;
    }
    const c: Campaign = {
      id: campaignId(
        name,
        this.list.map((x) => x.id),
      ),
      name: name.trim(),
      ruleset,
      overlays: setup.overlayIds.map(refOf).filter((x): x is DocRef => !!x),
      ...(setup.preset ? { preset: setup.preset } : {}),
      updated: Date.now(),
    };
    await this.save(c);
    await this.select(c.id);
    this.status = `Campaign “${c.name}” made: its fights start from ${ruleset.id}${c.overlays.length ? ' + ' + c.overlays.map((o) => o.id).join(' + ') : ' by the book'}.`;
    return true;
  }

  private async save(c: Campaign): Promise<void> {
    await campaignStore().put(c);
    this.list = await campaignStore().list();
    if (this.active?.id === c.id || !this.active) this.active = c;
  }

  /** Switch the active campaign's ruleset and house rules (the party stays). */
  async setRules(setup: SetupChoice): Promise<boolean> {
    const c = this.active;
    const ruleset = setup.rulesetId ? refOf(setup.rulesetId) : null;
    if (!c || !ruleset) return false;
    const next: Campaign = { ...c, ruleset, overlays: setup.overlayIds.map(refOf).filter((x): x is DocRef => !!x), updated: Date.now() };
    if (setup.preset) next.preset = setup.preset;
    else delete next.preset;
    await this.save(next);
    this.status = `“${c.name}” now runs on ${ruleset.id}${next.overlays.length ? ' + ' + next.overlays.map((o) => o.id).join(' + ') : ' by the book'}.`;
    return true;
  }

  /** Keep a side of an encounter as the active campaign's party. */
  async setParty(side: { id: string; name?: string; combatants: PartySide['combatants'] }): Promise<void> {
    const c = this.active;
    if (!c) return;
    await this.save({ ...c, party: partyOf(side), updated: Date.now() });
    this.status = `The party of “${c.name}”: ${side.combatants.map((m) => m.name ?? m.id).join(', ')}.`;
  }

  async remove(id: string): Promise<void> {
    await fightStore().removeCampaign(id);
    await campaignStore().remove(id);
    if (this.active?.id === id) this.active = null;
    this.list = await campaignStore().list();
    this.status = 'Campaign deleted, with its fights.';
  }

  /** The active campaign and its fights, as a file. */
  async exportFile(): Promise<CampaignFile | null> {
    const c = this.active;
    return c ? campaignFile(c, await fightStore().ofCampaign(c.id)) : null;
  }

  /** Import a campaign file; nothing is kept unless all of it passes. Returns whether it did. */
  async importFile(name: string, text: string): Promise<boolean> {
    this.problems = [];
    let read: ReturnType<typeof readCampaignFile>;
    try {
      read = readCampaignFile(name, text, await campaignValidator(), findDoc);
    } catch (err) {
      if (!(err instanceof PhasebookError)) throw err;
      this.status = 'Campaign refused: nothing was imported.';
      this.problems = err.diagnostics.slice(0, 10).map(formatDiagnostic);
      return false;
    }
    const f = read.file;
    const taken = this.list.map((x) => x.id);
    const id = taken.includes(f.id) ? campaignId(f.id, taken) : f.id;
    const c: Campaign = {
      id,
      name: id === f.id ? f.name : `${f.name} (imported)`,
      ...(f.description ? { description: f.description } : {}),
      ruleset: { id: f.ruleset.id, path: read.ruleset },
      overlays: f.overlays.map((o, i) => ({ id: o.id, path: read.overlays[i]! })),
      ...(f.preset ? { preset: f.preset } : {}),
      ...(f.party ? { party: f.party } : {}),
      updated: Date.now(),
    };
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local work set, not state
    const kept = new Set((await fightStore().list()).map((x) => x.id));
    for (const [i, fight] of f.fights.entries()) {
      const paths = read.fightPaths[i]!;
      let fid = fight.id;
      for (let n = 2; kept.has(fid); n++) fid = `${fight.id}-${n}`;
      kept.add(fid);
      const stored: StoredFight = {
        id: fid,
        name: fight.name,
        ruleset: paths.ruleset,
        overlays: paths.overlays,
        encounterPath: fight.encounterPath ?? `${fight.session.encounter.id}.json`,
        session: fight.session,
        hidden: { combatants: fight.hidden?.combatants ?? [], hp: fight.hidden?.hp ?? 'wounds' },
        redo: fight.redo ?? [],
        updated: fight.updated ?? Date.now(),
        campaign: id,
      };
      await fightStore().put(stored);
    }
    await campaignStore().put(c);
    this.list = await campaignStore().list();
    await this.select(id);
    this.status = `Imported the campaign “${c.name}” with ${f.fights.length} fight${f.fights.length === 1 ? '' : 's'}.`;
    return true;
  }
}

export const campaigns = new Campaigns();
