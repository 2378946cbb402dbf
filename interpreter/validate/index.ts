export {
  createSchemaValidator,
  levenshtein,
  closestName,
  SUGGESTION_DISTANCE,
  type SchemaValidator,
  type SchemaValidatorOptions,
} from './schema.js';
