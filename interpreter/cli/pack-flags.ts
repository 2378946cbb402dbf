/**
 * `--pack` and `--preset` for the commands that run combats (run, simulate; play can use the
 * same helper). Without them, the ruleset and encounter arguments are files, as before; with
 * them, they are references into the pack (doc-id or pack-id:doc-id) and may be left out when
 * the preset names them.
 */
import { Option, type Command } from 'commander';
import { existsSync } from 'node:fs';
import { PhasebookError } from '../diagnostics.js';
import type { Encounter } from '../model/types.js';
import type { Program } from '../core.js';
import { loadEncounter, loadProgram } from '../pipeline.js';
import { readDocumentFile, readDocumentText, type SourceDocument } from '../read/index.js';
import type { PackFlags } from '../pack/node/use.js';

/**
 * The pack code (pack/node: ajv for manifests, semver, the store), loaded by loadPackSupport()
 * before a command line that uses --pack or --preset is parsed, and not at start-up otherwise.
 */
let packSupport: {
  packStack: typeof import('../pack/node/use.js').packStack;
  nodeContext: typeof import('../pack/node/store.js').nodeContext;
} | null = null;
export async function loadPackSupport(): Promise<void> {
  if (packSupport) return;
  const [use, store] = await Promise.all([import('../pack/node/use.js'), import('../pack/node/store.js')]);
  packSupport = { packStack: use.packStack, nodeContext: store.nodeContext };
}
function pack() {
  if (!packSupport) throw new Error('the pack code is not loaded (loadPackSupport)');
  return packSupport;
}
import type { VariantFiles } from '../simulate/plan-types.js';

export type { PackFlags };

/** Add --pack and --preset to a command. */
export function addPackOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--pack <pack>',
        'take the documents from a rule pack: an installed pack id (author/name), a folder, a .zip or an npm package; the ruleset, overlays and encounter are then references into it',
      ),
    )
    .addOption(
      new Option('--preset <id>', 'apply a preset of the pack (its ruleset and stack of overlays; its encounter unless one is given)'),
    );
}

const usage = (message: string) =>
  new PhasebookError([{ file: '<command line>', line: 1, col: 1, pointer: '', message, severity: 'error' }]);

/** Commander's own words, since the arguments became optional for --pack. */
export const missingArgument = (ruleset: string | undefined) =>
  `missing required argument '${ruleset ? 'encounter' : 'ruleset'}' (or give --pack, with a --preset that names them)`;

export const usesPack = (flags: PackFlags) => flags.pack !== undefined || flags.preset !== undefined;

export interface RunInputs {
  program: Program;
  encounter: Encounter;
  encounterDoc: () => SourceDocument;
  /** The encounter as given again to another variant: a file, or pack-id:doc-id. */
  encounterRef: string;
  /** The documents as a variant the simulation workers can load (texts stand in for files). */
  variant: VariantFiles;
}

/** Ruleset, overlays and encounter from files, or from a pack when --pack/--preset are given. */
export function loadRunInputs(
  flags: PackFlags,
  ruleset: string | undefined,
  encounter: string | undefined,
  overlays: string[],
  texts: Map<string, string> = new Map(),
): RunInputs {
  if (!usesPack(flags)) {
    if (!ruleset || !encounter) throw usage(missingArgument(ruleset));
    const program = loadProgram(ruleset, overlays, texts);
    const text = texts.get(encounter);
    return {
      program,
      encounter: loadEncounter(encounter, program, text),
      encounterDoc: () => (text === undefined ? readDocumentFile(encounter) : readDocumentText(encounter, text)),
      encounterRef: encounter,
      variant: { name: '', ruleset, overlays, encounter },
    };
  }
  const fileEncounter = encounter !== undefined && existsSync(encounter) ? encounter : undefined;
  const stack = pack().packStack(flags, {
    ...(ruleset ? { ruleset } : {}),
    overlays,
    ...(encounter && !fileEncounter ? { encounter } : {}),
  });
  const core = pack().nodeContext().core;
  const program = core.program(stack.ruleset, stack.overlays);
  const encounterDoc = fileEncounter ? readDocumentFile(fileEncounter) : stack.encounter;
  if (!encounterDoc)
    throw usage(
      `${flags.preset ? `the preset "${flags.preset}" names no encounter` : 'no encounter'}: give one (a file, or a reference into the pack)`,
    );
  const enc = core.encounter(encounterDoc, program);
  const packTexts = new Map<string, string>();
  for (const d of [stack.ruleset, ...stack.overlays, encounterDoc]) packTexts.set(d.file, JSON.stringify(d.value));
  const name = flags.preset ? `${stack.pack.manifest.id}:${flags.preset}` : stack.keys.join(' + ');
  return {
    program,
    encounter: enc,
    encounterDoc: () => encounterDoc,
    encounterRef: fileEncounter ?? `${stack.pack.manifest.id}:${(encounterDoc.value as { id: string }).id}`,
    variant: {
      name,
      ruleset: stack.ruleset.file,
      overlays: stack.overlays.map((o) => o.file),
      encounter: encounterDoc.file,
      texts: packTexts,
    },
  };
}
