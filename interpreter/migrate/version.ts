/**
 * Versions of the document language. A document states the language version it was written
 * for through its `$schema` URL: https://phasebook.dev/schemas/v<major>/<kind>.schema.json.
 * The major version is the language version; every change within one major version is
 * backwards compatible (new optional fields), so the URL, the schemas' `$id`s and editors'
 * schema associations stay stable. A document without `$schema` is taken as the current version.
 */
export const LANGUAGE_MAJOR = 1;
/** The language version as semver, for packs' `compatibility.language` ranges. */
export const LANGUAGE_VERSION = '1.0.0';

const SCHEMA_URL = /^https:\/\/phasebook\.dev\/schemas\/v(\d{1,4})\/(ruleset|encounter|pack|trace)\.schema\.json$/;

export interface StatedVersion {
  /** The major version, or null when the document states none (or states it in a URL not ours). */
  major: number | null;
  kind: string | null;
}

export function statedVersion(value: unknown): StatedVersion {
  const url = typeof value === 'object' && value !== null ? (value as { $schema?: unknown }).$schema : undefined;
  if (typeof url !== 'string') return { major: null, kind: null };
  const m = SCHEMA_URL.exec(url);
  return m ? { major: Number(m[1]), kind: m[2]! } : { major: null, kind: null };
}

export const schemaUrl = (major: number, kind: string) => `https://phasebook.dev/schemas/v${major}/${kind}.schema.json`;
