import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSchemaValidator, PhasebookError, readDocumentText, type SourceDocument } from '../../../../interpreter/index.js';
import { memoryKV } from '../persist.js';
import { CampaignStore, campaignId, withParty, type Campaign, type PartySide } from './campaigns.js';
import { campaignFile, readCampaignFile } from './campaign-file.js';
import { FightStore, type StoredFight } from './fights.js';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const schema = (n: string) => JSON.parse(readFileSync(join(ROOT, 'schemas', `${n}.schema.json`), 'utf8')) as object;
const validator = createSchemaValidator([schema('campaign'), schema('session'), schema('encounter')]);

const party: PartySide = {
  id: 'heroes',
  name: 'The Company',
  combatants: [
    { id: 'brunhild', name: 'Brunhild', stats: { hp: 24 } },
    { id: 'goblin', name: 'Goblin-friend', stats: { hp: 4 } },
  ],
};

const campaign = (id: string, ruleset = 'd20-srd'): Campaign => ({
  id,
  name: `Campaign ${id}`,
  ruleset: { id: ruleset, path: `${ruleset}/${ruleset}.json` },
  overlays: [{ id: 'ties-referee', path: `${ruleset}/overlays/ties-referee.json` }],
  party,
  updated: 1,
});

const encounter = {
  kind: 'encounter',
  id: 'goblins',
  name: 'Four goblins',
  ruleset: 'd20-srd',
  sides: [
    { id: 'party', combatants: [{ id: 'hero', stats: { hp: 10 } }] },
    {
      id: 'foes',
      combatants: [
        { id: 'goblin', stats: { hp: 5 } },
        { id: 'goblin-2', stats: { hp: 5 } },
      ],
    },
  ],
};

const fight = (id: string, camp?: string): StoredFight => ({
  id,
  name: `Fight ${id}`,
  ruleset: 'd20-srd/d20-srd.json',
  overlays: ['d20-srd/overlays/ties-referee.json'],
  encounterPath: 'mine/goblins.json',
  session: {
    kind: 'session',
    format: 1,
    ruleset: { id: 'd20-srd', sha256: 'a'.repeat(64) },
    overlays: [{ id: 'ties-referee', sha256: 'b'.repeat(64) }],
    encounter: encounter as never,
    seed: 3,
    modes: {},
    log: [{ label: 'init.hero.d20', answer: '17' }],
  },
  hidden: { combatants: ['goblin-2'], hp: 'none' },
  redo: [],
  updated: 2,
  ...(camp ? { campaign: camp } : {}),
});

describe('campaigns kept between visits', () => {
  it('keeps several campaigns, the last changed first, and which one is active', async () => {
    const store = new CampaignStore(memoryKV());
    await store.put(campaign('a'));
    await store.put(campaign('b', 'ose'));
    await store.setActive('a');
    expect((await store.list()).map((c) => [c.id, c.ruleset])).toEqual([
      ['b', 'ose'],
      ['a', 'd20-srd'],
    ]);
    expect((await store.get('a'))?.party?.combatants.map((c) => c.id)).toEqual(['brunhild', 'goblin']);
    expect(await store.active()).toBe('a');
    await store.remove('a');
    expect(await store.active()).toBeNull();
    expect((await store.list()).map((c) => c.id)).toEqual(['b']);
  });

  it("a campaign's fights are tagged with it, and deleting the campaign forgets them and no other", async () => {
    const fights = new FightStore(memoryKV());
    await fights.put(fight('f1', 'a'));
    await fights.put(fight('f2'));
    await fights.put(fight('f3', 'a'));
    expect((await fights.ofCampaign('a')).map((f) => f.id).sort()).toEqual(['f1', 'f3']);
    await fights.removeCampaign('a');
    expect((await fights.list()).map((f) => f.id)).toEqual(['f2']);
    expect(await fights.get('f1')).toBeNull();
  });

  it('names a campaign from its name, never reusing an id', () => {
    expect(campaignId('The Sunless Citadel!', [])).toBe('the-sunless-citadel');
    expect(campaignId('The Sunless Citadel', ['the-sunless-citadel'])).toBe('the-sunless-citadel-2');
    expect(campaignId('***', [])).toBe('campaign');
  });
});

describe('the party in a new fight', () => {
  it("takes the encounter's first side, keeping the side's id, and renames a member whose id a foe has", () => {
    const e = withParty(encounter, party);
    expect(e.sides[0]).toEqual({
      id: 'party',
      name: 'The Company',
      combatants: [
        { id: 'brunhild', name: 'Brunhild', stats: { hp: 24 } },
        { id: 'goblin-3', name: 'Goblin-friend', stats: { hp: 4 } },
      ],
    });
    expect(e.sides[1]).toBe(encounter.sides[1]);
    // The encounter itself is not changed.
    expect(encounter.sides[0]!.combatants.map((c) => c.id)).toEqual(['hero']);
  });
});

describe('the campaign file', () => {
  const inWorkspace: Record<string, string> = {
    'ruleset:d20-srd': 'd20-srd/d20-srd.json',
    'overlay:ties-referee': 'd20-srd/overlays/ties-referee.json',
  };
  const find = (kind: 'ruleset' | 'overlay', ref: { id: string }) => inWorkspace[`${kind}:${ref.id}`] ?? null;

  it('round-trips a campaign and its fights through the schema', () => {
    const file = campaignFile(campaign('a'), [fight('f1', 'a')]);
    expect(validator.validate(fakeDoc(file), 'https://phasebook.dev/schemas/v1/campaign.schema.json')).toEqual([]);
    const read = readCampaignFile('a.campaign.json', JSON.stringify(file, null, 2), validator, find);
    expect(read.file.party).toEqual(party);
    expect(read.file.fights[0]!.session.log).toEqual([{ label: 'init.hero.d20', answer: '17' }]);
    expect(read.ruleset).toBe('d20-srd/d20-srd.json');
    expect(read.fightPaths).toEqual([{ ruleset: 'd20-srd/d20-srd.json', overlays: ['d20-srd/overlays/ties-referee.json'] }]);
  });

  it('refuses a file that breaks the schema, with the line, column and JSON pointer of the fault', () => {
    const file = campaignFile(campaign('a'), [fight('f1', 'a')]) as unknown as { fights: Array<{ session: { seed: unknown } }> };
    file.fights[0]!.session.seed = 'three';
    const text = JSON.stringify(file, null, 2);
    const err = catchError(() => readCampaignFile('bad.campaign.json', text, validator, find));
    const d = err.diagnostics[0]!;
    expect(d.file).toBe('bad.campaign.json');
    expect(d.pointer).toBe('/fights/0/session/seed');
    const line = text.split('\n').findIndex((l) => l.includes('"seed": "three"')) + 1;
    expect(d.line).toBe(line);
  });

  it('refuses a file whose ruleset the workspace does not have, pointing at it', () => {
    const file = campaignFile(campaign('b', 'ose'), []);
    const err = catchError(() => readCampaignFile('ose.campaign.json', JSON.stringify(file, null, 2), validator, find));
    expect(err.diagnostics.map((d) => [d.pointer, d.message])).toEqual([
      ['/ruleset/id', 'the workspace has no ruleset "ose" (it was at ose/ose.json): import or open it first'],
    ]);
  });

  it('refuses what is not JSON, located', () => {
    const err = catchError(() => readCampaignFile('x.json', '{\n  "kind": "campaign",\n  oops\n}', validator, find));
    expect(err.diagnostics[0]).toMatchObject({ file: 'x.json', line: 3 });
  });
});

function catchError(f: () => unknown): PhasebookError {
  try {
    f();
  } catch (err) {
    if (err instanceof PhasebookError) return err;
    throw err;
  }
  throw new Error('no error');
}

function fakeDoc(value: unknown): SourceDocument {
  return readDocumentText('f.json', JSON.stringify(value));
}
