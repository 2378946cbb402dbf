/**
 * A campaign as one file (schemas/campaign.schema.json): the campaign, its party and its fights.
 * Reading one checks it against the schema (ajv standalone code generated at build time, as for
 * the rule documents: the page's CSP forbids compiling) and then that the workspace has every
 * rule document it names; each problem is one located line (file:line:col JSON pointer message).
 * Nothing is kept unless the whole file passes.
 */
import {
  PhasebookError,
  readDocumentText,
  type Diagnostic,
  type SessionDocument,
  type SourceDocument,
  createPrecompiledValidator,
  type GeneratedValidators,
  type SchemaValidator,
} from '../../../../interpreter/index.js';
import { CAMPAIGN_SCHEMA_ID, type Campaign, type DocRef, type PartySide } from './campaigns.js';
import type { StoredFight } from './fights.js';

export interface CampaignFileFight {
  id: string;
  name: string;
  encounterPath?: string;
  session: SessionDocument;
  hidden?: StoredFight['hidden'];
  redo?: StoredFight['redo'];
  updated?: number;
}

export interface CampaignFile {
  $schema: string;
  kind: 'campaign';
  format: 1;
  id: string;
  name: string;
  description?: string;
  ruleset: DocRef;
  overlays: DocRef[];
  preset?: Campaign['preset'];
  party?: PartySide;
  fights: CampaignFileFight[];
}

/** The file of a campaign and its fights. */
export function campaignFile(c: Campaign, fights: StoredFight[]): CampaignFile {
  const file: CampaignFile = {
    $schema: CAMPAIGN_SCHEMA_ID,
    kind: 'campaign',
    format: 1,
    id: c.id,
    name: c.name,
    ...(c.description ? { description: c.description } : {}),
    ruleset: c.ruleset,
    overlays: c.overlays,
    ...(c.preset ? { preset: c.preset } : {}),
    ...(c.party ? { party: c.party } : {}),
    fights: fights.map((f) => ({
      id: f.id,
      name: f.name,
      encounterPath: f.encounterPath,
      session: f.session,
      hidden: f.hidden,
      redo: f.redo,
      updated: f.updated,
    })),
  };
  return JSON.parse(JSON.stringify(file)) as CampaignFile;
}

let validator: SchemaValidator | null = null;
/** The campaign validator, loaded on first use (its generated code is only needed to import). */
export async function campaignValidator(): Promise<SchemaValidator> {
  if (validator) return validator;
  const [generated, campaign, session, encounter] = await Promise.all([
    import('../../generated/campaign-validator.js'),
    import('../../../../schemas/campaign.schema.json'),
    import('../../../../schemas/session.schema.json'),
    import('../../../../schemas/encounter.schema.json'),
  ]);
  validator = createPrecompiledValidator(generated as unknown as GeneratedValidators, [
    campaign.default,
    session.default,
    encounter.default,
  ]);
  return validator;
}

/** Where the workspace has a rule document: its path, or null. */
export type FindDoc = (kind: 'ruleset' | 'overlay', ref: DocRef) => string | null;

export interface ReadCampaign {
  file: CampaignFile;
  /** Workspace paths of the campaign's ruleset and overlays. */
  ruleset: string;
  overlays: string[];
  /** Each fight's ruleset and overlay paths, in file order. */
  fightPaths: Array<{ ruleset: string; overlays: string[] }>;
}

/**
 * Read a campaign file: JSON, then the schema, then the rule documents it names must be in the
 * workspace. Throws a PhasebookError whose diagnostics are located in the file.
 */
export function readCampaignFile(name: string, text: string, schema: SchemaValidator, find: FindDoc): ReadCampaign {
  const doc: SourceDocument = readDocumentText(name, text);
  const problems = schema.validate(doc, CAMPAIGN_SCHEMA_ID);
  if (problems.length) throw new PhasebookError(problems);
  const file = doc.value as CampaignFile;
  const missing: Diagnostic[] = [];
  const need = (kind: 'ruleset' | 'overlay', ref: DocRef, pointer: string): string => {
    const path = find(kind, ref);
    if (!path)
      missing.push({
        file: name,
        ...doc.locate(pointer),
        pointer,
        message: `the workspace has no ${kind} "${ref.id}"${ref.path ? ` (it was at ${ref.path})` : ''}: import or open it first`,
        severity: 'error',
      });
    return path ?? '';
  };
  const ruleset = need('ruleset', file.ruleset, '/ruleset/id');
  const overlays = file.overlays.map((o, i) => need('overlay', o, `/overlays/${i}/id`));
  const fightPaths = file.fights.map((f, i) => ({
    ruleset: need(
      'ruleset',
      { id: f.session.ruleset.id, ...(f.session.ruleset.path ? { path: f.session.ruleset.path } : {}) },
      `/fights/${i}/session/ruleset/id`,
    ),
    overlays: f.session.overlays.map((o, j) =>
      need('overlay', { id: o.id, ...(o.path ? { path: o.path } : {}) }, `/fights/${i}/session/overlays/${j}/id`),
    ),
  }));
  if (missing.length) throw new PhasebookError(missing);
  return { file, ruleset, overlays, fightPaths };
}
