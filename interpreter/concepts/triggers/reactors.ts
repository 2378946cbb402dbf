/** Who may react to a trigger (`triggers[].reactors`), relative to the one who set it off. */
import type { ReactorsDef } from '../types.js';

const REACTORS: ReactorsDef[] = [
  { name: 'enemies', description: 'Its enemies.', includes: (o, by) => o.side !== by.side },
  { name: 'allies', description: 'Its allies.', includes: (o, by) => o.side === by.side },
  { name: 'others', description: 'Everyone else (the damaged one too, for damage).', includes: () => true, includesDamaged: true },
  { name: 'target', description: 'The one the act is aimed at, or the one damaged.', includes: () => false, isTarget: true },
];

export const REACTOR_KINDS: Record<string, ReactorsDef> = Object.fromEntries(REACTORS.map((r) => [r.name, r]));
