/** Every migration of the document language, in order. A new step is a new file and a line here. */
import type { Migration } from './types.js';
import v0ToV1 from './migrations/v0-to-v1.js';

export const MIGRATIONS: readonly Migration[] = [v0ToV1];
