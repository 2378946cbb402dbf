/**
 * A series: one variant (ruleset, overlays, encounter) with the patches of one sweep value. The
 * main thread loads every series before any worker starts (so a bad sweep value is reported at
 * once); each worker loads its series again from the same description.
 */
import { readDocumentFile, readDocumentText } from '../read/index.js';
import { loadEncounter, loadProgram, type Program } from '../pipeline.js';
import type { Encounter } from '../model/types.js';
import { loadSeriesWith, type SeriesSpec } from './series-core.js';

export { replayCommand, sidesOf, type SeriesSpec } from './series-core.js';

/** Load a series from files (documents held in memory, `texts`, first). */
export function loadSeries(s: SeriesSpec, flag = '--set'): { program: Program; encounter: Encounter } {
  const given = new Map(Object.entries(s.texts ?? {}));
  return loadSeriesWith(
    s,
    {
      value: (file) => (given.has(file) ? readDocumentText(file, given.get(file)!).value : readDocumentFile(file).value),
      program: loadProgram,
      encounter: loadEncounter,
    },
    flag,
  );
}
