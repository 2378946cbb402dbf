/** The pack manifest (phasebook-pack.json), as schemas/pack.schema.json describes it. */
export const PACK_SCHEMA_ID = 'https://phasebook.dev/schemas/v1/pack.schema.json';

export type Person = string | { name: string; email?: string; url?: string };

export interface PackPreset {
  id: string;
  name: string;
  description?: string;
  ruleset: string;
  overlays: string[];
  encounter?: string;
}

export interface PackManifest {
  $schema?: string;
  kind: 'pack';
  id: string;
  name: string;
  version: string;
  description?: string;
  authors?: Person[];
  license?: string;
  homepage?: string;
  repository?: string;
  compatibility: { language: string; verified?: string };
  targets?: string[];
  dependencies?: Record<string, string>;
  recommends?: Record<string, string>;
  contents: Array<{ path: string; kind: 'ruleset' | 'overlay' | 'encounter' }>;
  presets?: PackPreset[];
  readme?: string;
  changelog?: string;
}

export const personName = (p: Person) => (typeof p === 'string' ? p : p.name);

/** "author/name 1.2.0": how messages name a pack. */
export const packLabel = (m: { id: string; version: string }) => `${m.id} ${m.version}`;

/** The name part of a pack id (`author/name` → `name`). */
export const packName = (id: string) => id.slice(id.indexOf('/') + 1);

/** The zip `phasebook pack build` writes by default: `<name>-<version>.zip`. */
export const packZipName = (m: { id: string; version: string }) => `${packName(m.id)}-${m.version}.zip`;
