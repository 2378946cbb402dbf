/**
 * Language v0 → v1. v0 is the draft format read before the v1 schemas were published
 * ($schema https://phasebook.dev/schemas/v0/…): an overlay named the ruleset it changes in
 * `base`; v1 calls it `extends`, the word every other tool uses for the same thing.
 * `base` is deprecated since v1 and removed in v2: until then a pack that still uses it is read
 * (renamed in memory) with a warning.
 */
import type { Migration } from '../types.js';

const migration: Migration = {
  from: 0,
  to: 1,
  summary: 'an overlay\'s "base" is renamed "extends"',
  renames: [{ kind: 'overlay', from: 'base', to: 'extends', removedIn: 2 }],
};

export default migration;
