/**
 * Phasebook's Node entry (`import … from 'phasebook/node'`): everything of the library entry,
 * plus documents read from files and the package's own schemas.
 *
 *   import { phasebook, loadProgram, loadEncounter, openSession } from 'phasebook/node';
 */
import { Phasebook } from './index.js';
import { schemaValidator } from './pipeline.js';

export * from './index.js';
export {
  loadProgram,
  loadEncounter,
  loadSavedSession,
  openSession,
  readChecked,
  run,
  saveSessionFile,
  schemas,
  schemaValidator,
  validateFile,
  validateFileInContext,
  packageRoot,
} from './pipeline.js';
export { readDocumentFile } from './read/index.js';

let shared: Phasebook | null = null;
/** A Phasebook with the package's schemas (compiled once). */
export function phasebook(): Phasebook {
  shared ??= new Phasebook(schemaValidator());
  return shared;
}
