/**
 * Live combats kept in IndexedDB (database `phasebook-play`, store `fights`): each fight is its
 * session document (schemas/session.schema.json: documents, encounter, seed, modes, log) and the
 * workspace paths it was started from. The log is small, so the whole fight is written after
 * every answer; a reload, a crash or a closed tab loses at most the answer being written.
 */
import { idbKV, memoryKV, type KV } from '../persist.js';
import type { SessionDocument } from '../../../../interpreter/index.js';

export interface StoredFight {
  id: string;
  name: string;
  /** Workspace paths of the ruleset and overlays it runs on (their current text is used on resume). */
  ruleset: string;
  overlays: string[];
  encounterPath: string;
  session: SessionDocument;
  /** What the game master hides from the player view. */
  hidden: { combatants: string[]; hp: 'wounds' | 'none' | 'shown' };
  /** Log entries taken back by undo, newest last (redo brings them back). */
  redo: SessionDocument['log'];
  updated: number;
  /** The campaign it belongs to (campaigns.ts), when it was started in one. */
  campaign?: string;
  /** How it ended ("party win (eliminated)"), once it is over. */
  over?: string;
}

export interface FightSummary {
  id: string;
  name: string;
  updated: number;
  campaign?: string;
  over?: string;
}

const INDEX = 'index';
const key = (id: string) => `fight:${id}`;

export class FightStore {
  constructor(private readonly kv: KV) {}

  async list(): Promise<FightSummary[]> {
    const [index] = await this.kv.getMany([INDEX]);
    return Array.isArray(index) ? (index as FightSummary[]) : [];
  }

  async get(id: string): Promise<StoredFight | null> {
    const [f] = await this.kv.getMany([key(id)]);
    return (f as StoredFight | undefined) ?? null;
  }

  async put(f: StoredFight): Promise<void> {
    const index = (await this.list()).filter((x) => x.id !== f.id);
    index.unshift({
      id: f.id,
      name: f.name,
      updated: f.updated,
      ...(f.campaign ? { campaign: f.campaign } : {}),
      ...(f.over ? { over: f.over } : {}),
    });
    await this.kv.commit(
      [
        [key(f.id), JSON.parse(JSON.stringify(f))],
        [INDEX, index],
      ],
      [],
    );
  }

  async remove(id: string): Promise<void> {
    const index = (await this.list()).filter((x) => x.id !== id);
    await this.kv.commit([[INDEX, index]], [key(id)]);
  }

  /** Forget every fight of a campaign (the campaign is being deleted). */
  async removeCampaign(campaign: string): Promise<void> {
    const all = await this.list();
    const gone = all.filter((x) => x.campaign === campaign).map((x) => key(x.id));
    await this.kv.commit([[INDEX, all.filter((x) => x.campaign !== campaign)]], gone);
  }

  /** Every fight of a campaign, newest first. */
  async ofCampaign(campaign: string): Promise<StoredFight[]> {
    const ids = (await this.list()).filter((x) => x.campaign === campaign).map((x) => key(x.id));
    return (await this.kv.getMany(ids)).filter((f): f is StoredFight => !!f);
  }
}

let store: FightStore | null = null;
export function fightStore(): FightStore {
  store ??= new FightStore(typeof indexedDB === 'undefined' ? memoryKV() : idbKV('phasebook-play', 'fights'));
  return store;
}

/** The roster: saved characters and monsters per ruleset id (database `phasebook-roster`), dropped into encounters. */
export interface RosterEntry {
  id: string;
  name?: string;
  stats?: Record<string, unknown>;
  tags?: string[];
}

export class Roster {
  constructor(private readonly kv: KV) {}

  async list(ruleset: string): Promise<RosterEntry[]> {
    const [v] = await this.kv.getMany([`roster:${ruleset}`]);
    return Array.isArray(v) ? (v as RosterEntry[]) : [];
  }

  /** Keep a combatant (replacing one of the same id). */
  async save(ruleset: string, c: RosterEntry): Promise<RosterEntry[]> {
    const next = [...(await this.list(ruleset)).filter((x) => x.id !== c.id), JSON.parse(JSON.stringify(c)) as RosterEntry];
    await this.kv.commit([[`roster:${ruleset}`, next]], []);
    return next;
  }

  async remove(ruleset: string, id: string): Promise<RosterEntry[]> {
    const next = (await this.list(ruleset)).filter((x) => x.id !== id);
    await this.kv.commit([[`roster:${ruleset}`, next]], []);
    return next;
  }
}

let roster: Roster | null = null;
export function rosterStore(): Roster {
  roster ??= new Roster(typeof indexedDB === 'undefined' ? memoryKV() : idbKV('phasebook-roster', 'roster'));
  return roster;
}
