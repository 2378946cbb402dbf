/**
 * The schema validator used in the browser. For now it compiles the schemas with ajv at run
 * time; it is to be replaced by validators compiled at build time (ajv standalone), so that the
 * page needs no eval under its Content-Security-Policy.
 */
import { createSchemaValidator, type SchemaValidator } from '../../../interpreter/validate/schema.js';
import ruleset from '../../../schemas/ruleset.schema.json';
import encounter from '../../../schemas/encounter.schema.json';
import trace from '../../../schemas/trace.schema.json';

export function browserValidator(): SchemaValidator {
  return createSchemaValidator([ruleset, encounter, trace]);
}
