/**
 * Campaigns (database `phasebook-campaigns`): a game master sets up once a ruleset and its house
 * rules (overlays, or a pack's preset) and the party, and each new fight starts from them. The
 * campaign's fights are the stored fights tagged with its id (fights.ts). A campaign travels as
 * one file (schemas/campaign.schema.json): the campaign and its fights, each a saved session.
 */
import { idbKV, memoryKV, type KV } from '../persist.js';
import type { CombatantDoc } from './encounter-form.js';
import { freeId } from './encounter-form.js';

export const CAMPAIGN_SCHEMA_ID = 'https://phasebook.dev/schemas/v1/campaign.schema.json';

/** A rule document by its own id, with the workspace path it was at (a hint). */
export interface DocRef {
  id: string;
  path?: string;
}

export interface PartySide {
  id: string;
  name?: string;
  combatants: CombatantDoc[];
}

export interface Campaign {
  id: string;
  name: string;
  description?: string;
  ruleset: DocRef;
  overlays: DocRef[];
  preset?: { pack: string; id: string; name?: string };
  party?: PartySide;
  updated: number;
}

export interface CampaignSummary {
  id: string;
  name: string;
  ruleset: string;
  updated: number;
}

const INDEX = 'index';
const ACTIVE = 'active';
const key = (id: string) => `campaign:${id}`;

export class CampaignStore {
  constructor(private readonly kv: KV) {}

  async list(): Promise<CampaignSummary[]> {
    const [index] = await this.kv.getMany([INDEX]);
    return Array.isArray(index) ? (index as CampaignSummary[]) : [];
  }

  async get(id: string): Promise<Campaign | null> {
    const [c] = await this.kv.getMany([key(id)]);
    return (c as Campaign | undefined) ?? null;
  }

  async put(c: Campaign): Promise<void> {
    const index = (await this.list()).filter((x) => x.id !== c.id);
    index.unshift({ id: c.id, name: c.name, ruleset: c.ruleset.id, updated: c.updated });
    await this.kv.commit(
      [
        [key(c.id), JSON.parse(JSON.stringify(c))],
        [INDEX, index],
      ],
      [],
    );
  }

  async remove(id: string): Promise<void> {
    const index = (await this.list()).filter((x) => x.id !== id);
    const active = await this.active();
    await this.kv.commit([[INDEX, index], ...(active === id ? [[ACTIVE, null] as [string, unknown]] : [])], [key(id)]);
  }

  /** The campaign the Play tab opened last (kept through reloads). */
  async active(): Promise<string | null> {
    const [a] = await this.kv.getMany([ACTIVE]);
    return typeof a === 'string' ? a : null;
  }

  async setActive(id: string | null): Promise<void> {
    await this.kv.commit([[ACTIVE, id]], []);
  }
}

let store: CampaignStore | null = null;
export function campaignStore(): CampaignStore {
  store ??= new CampaignStore(typeof indexedDB === 'undefined' ? memoryKV() : idbKV('phasebook-campaigns', 'campaigns'));
  return store;
}

/** A campaign id from its name: lower-case words joined by hyphens, not among `taken`. */
export function campaignId(name: string, taken: Iterable<string>): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'campaign';
  return freeId(/^[a-z0-9]/.test(base) ? base : `c-${base}`, new Set(taken));
}

interface EncounterLike {
  sides: Array<{ id: string; name?: string; combatants: CombatantDoc[] }>;
  [k: string]: unknown;
}

/**
 * The encounter with the campaign's party in place of its first side (the players' side). The
 * side keeps the encounter's id, so the encounter's script and who-is-asked still name it; a
 * party member whose id another side uses is renamed (`-2`, `-3`…).
 */
export function withParty<T extends EncounterLike>(encounter: T, party: PartySide): T {
  const [first, ...rest] = encounter.sides;
  if (!first) return encounter;
  const taken = new Set(rest.flatMap((s) => s.combatants.map((c) => c.id)));
  const combatants = party.combatants.map((c) => {
    const id = freeId(c.id, taken);
    taken.add(id);
    return { ...(JSON.parse(JSON.stringify(c)) as CombatantDoc), id };
  });
  const side = { ...first, ...(party.name ? { name: party.name } : {}), combatants };
  return { ...encounter, sides: [side, ...rest] };
}

/** A side of an encounter as a campaign's party (a deep copy). */
export function partyOf(side: { id: string; name?: string; combatants: CombatantDoc[] }): PartySide {
  return JSON.parse(JSON.stringify({ id: side.id, ...(side.name ? { name: side.name } : {}), combatants: side.combatants })) as PartySide;
}
