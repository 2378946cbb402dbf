import type { SubjectKind } from '../types.js';

/** The one acting (the reactor, in a trigger). */
export default {
  name: 'self',
  description: 'The one acting (in a trigger, the one reacting).',
  compile: () => (f) => f.actor,
} satisfies SubjectKind;
