/**
 * The built-in sort keys, one file each. A document names them in an ordering's `keys`
 * (`"initiative-desc"`); a ruleset may also sort by a stat or an expression (compile/ordering.ts).
 * A new key: one file here and one line in this table (and its name in schemas/ruleset.schema.json).
 */
import type { KeyDef } from '../ordering.js';
import type { Ordering } from '../../model/types.js';
import sideInitiative from './side-initiative.js';
import initiativeDesc from './initiative-desc.js';
import initiativeAsc from './initiative-asc.js';
import declarationOrder from './declaration-order.js';
import listingOrder from './listing-order.js';

const KEYS: KeyDef[] = [sideInitiative, initiativeDesc, initiativeAsc, declarationOrder, listingOrder];

/** The built-in sort keys, by name. */
export const ORDER_KEYS: Record<string, KeyDef> = Object.fromEntries(KEYS.map((k) => [k.name, k]));

/** Named preset orderings a document may refer to by name. */
export const ORDER_PRESETS: Record<string, Ordering> = {
  simultaneous: { description: 'Everyone at once.', keys: [], ties: 'simultaneous' },
  'side-initiative': {
    description: 'Sides in initiative order; a side acts as one group.',
    keys: ['side-initiative'],
    ties: 'simultaneous',
  },
  'initiative-desc': {
    description: 'Highest initiative first; equal values act together.',
    keys: ['initiative-desc'],
    ties: 'simultaneous',
  },
  'initiative-asc': { description: 'Lowest initiative first; equal values act together.', keys: ['initiative-asc'], ties: 'simultaneous' },
  'listing-order': { description: 'One by one in listing order.', keys: ['listing-order'], ties: 'simultaneous' },
  'declaration-order': { description: 'One by one in declaration order.', keys: ['declaration-order'], ties: 'simultaneous' },
};
