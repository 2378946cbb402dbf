import type { DeclareTime } from '../types.js';

/** Each phase starts with its declarations: those taking part declare what they do in it. */
export default {
  name: 'phase-start',
  description: 'Each phase starts with declarations: those taking part declare what they do in that phase, which must be allowed then.',
  checksRequiresWhenDeclared: true,
  roundStart() {},
  phaseStart(eng, active, phase) {
    eng.declare(active, phase);
  },
} satisfies DeclareTime;
