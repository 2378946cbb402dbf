/**
 * The schemas are the published contract of the document language: stable $ids, JSON Schema
 * 2020-12, and a rulebook sentence for every property (the editor shows it on hover).
 */
import { describe, expect, it } from 'vitest';
import { schemas, SCHEMA_IDS } from '../interpreter/pipeline.js';
import { SESSION_SCHEMA_ID } from '../interpreter/session/save.js';

type Node = Record<string, unknown>;
const isObject = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every property schema reachable under a `properties` keyword, with its path. */
function propertySchemas(node: unknown, path: string, out: Array<[string, Node]> = []): Array<[string, Node]> {
  if (Array.isArray(node)) node.forEach((n, i) => propertySchemas(n, `${path}/${i}`, out));
  else if (isObject(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'properties' && isObject(v)) {
        for (const [name, sub] of Object.entries(v)) if (isObject(sub)) out.push([`${path}/properties/${name}`, sub]);
      }
      propertySchemas(v, `${path}/${k}`, out);
    }
  }
  return out;
}

describe('schemas', () => {
  const all = schemas() as Node[];
  it('publish stable $ids under JSON Schema 2020-12', () => {
    expect(all.map((s) => s.$id)).toEqual([SCHEMA_IDS.ruleset, SCHEMA_IDS.encounter, SCHEMA_IDS.trace, SESSION_SCHEMA_ID]);
    for (const s of all) expect(s.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });
  it('give every property a description (shown on hover in the editor)', () => {
    const missing: string[] = [];
    for (const s of all) {
      const defs = isObject(s.$defs) ? s.$defs : {};
      for (const [path, sub] of propertySchemas(s, String(s.$id))) {
        if (path.includes('/if/')) continue; // discriminators of if/then, not properties a user writes
        const ref = typeof sub.$ref === 'string' ? sub.$ref.replace('#/$defs/', '') : null;
        const described =
          typeof sub.description === 'string' || (ref !== null && isObject(defs[ref]) && typeof defs[ref].description === 'string');
        if (!described) missing.push(path);
      }
    }
    expect(missing).toEqual([]);
  });
});
