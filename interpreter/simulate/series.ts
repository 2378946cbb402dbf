/**
 * A series: one variant (ruleset, overlays, encounter) with the patches of one sweep value. The
 * main thread loads every series before any worker starts (so a bad sweep value is reported at
 * once); each worker loads its series again from the same description.
 */
import { readDocumentFile, readDocumentText } from '../read/index.js';
import { loadEncounter, loadProgram, type Program } from '../pipeline.js';
import type { Encounter } from '../model/types.js';
import { applyPatch, blamePatch, formatPatch, type Patch } from './sweep.js';

export interface SeriesSpec {
  /** The variant's name (ids of its ruleset and overlays). */
  name: string;
  ruleset: string;
  overlays: string[];
  encounter: string;
  patches: Patch[];
  /** Documents held in memory (a pack's, or standard input's), by the name that stands for their file. */
  texts?: Record<string, string>;
}

export function loadSeries(s: SeriesSpec, flag = '--set'): { program: Program; encounter: Encounter } {
  const given = new Map(Object.entries(s.texts ?? {}));
  const read = (file: string): unknown => (given.has(file) ? readDocumentText(file, given.get(file)!).value : readDocumentFile(file).value);
  const texts = new Map(given);
  let patched = false;
  for (const p of s.patches.filter((x) => x.kind === 'ruleset' || x.kind === 'option')) {
    const doc = patched ? (JSON.parse(texts.get(s.ruleset)!) as unknown) : read(s.ruleset);
    texts.set(s.ruleset, JSON.stringify(applyPatch(doc, p, flag)));
    patched = true;
  }
  let program: Program;
  try {
    program = loadProgram(s.ruleset, s.overlays, texts);
  } catch (err) {
    if (!patched) throw err;
    blamePatch(
      err,
      s.patches.find((x) => x.kind === 'ruleset' || x.kind === 'option')!,
      flag,
    );
  }
  const encPatches = s.patches.filter((x) => x.kind === 'encounter' || x.kind === 'count');
  if (!encPatches.length) return { program, encounter: loadEncounter(s.encounter, program, given.get(s.encounter)) };
  let doc = read(s.encounter);
  for (const p of encPatches) doc = applyPatch(doc, p, flag);
  try {
    return { program, encounter: loadEncounter(s.encounter, program, JSON.stringify(doc)) };
  } catch (err) {
    blamePatch(err, encPatches[0]!, flag);
  }
}

/** combatant → side, in encounter order. */
export const sidesOf = (enc: Encounter): Array<[string, string]> =>
  enc.sides.flatMap((x) => x.combatants.map((c) => [c.id, x.id] as [string, string]));

const quote = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/** The command line that replays run `seed` of this series exactly. */
export function replayCommand(s: SeriesSpec, seed: number): string {
  const words = [
    ...['phasebook', 'run', s.ruleset, s.encounter],
    ...s.overlays.flatMap((o) => ['--with', o]),
    ...s.patches.flatMap((p) => ['--set', formatPatch(p)]),
    ...['--seed', String(seed)],
  ];
  return words.map(quote).join(' ');
}
