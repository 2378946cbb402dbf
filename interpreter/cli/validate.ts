/**
 * `phasebook validate <file…>`: JSON syntax, schema and semantics, file by file (`file: ok` on
 * stdout for the good ones, problems on stderr for the others). An overlay is checked on top of
 * the ruleset it extends (with the overlays it requires), an encounter against its ruleset: each
 * found among the files named on the command line, next to the document, or near --ruleset.
 * When the ruleset is not found, `ok` says the document was checked on its own.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { formatDiagnostic, PhasebookError, type Diagnostic } from '../diagnostics.js';
import type { DocumentFinder } from '../core.js';
import { validateFileInContext } from '../pipeline.js';
import type { SourceDocument } from '../read/index.js';
import { readDocumentFile } from '../read/index.js';
import type { Register, Sources } from './shared.js';
import { DESCRIPTIONS } from './descriptions.js';

type Kind = 'ruleset' | 'overlay';

function jsonFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(dir, f));
  } catch {
    return []; // unreadable folder
  }
}

/** The folders directly inside `dir`, links to folders included (none when it cannot be read). */
function subfolders(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((f) => join(dir, f))
    .filter((sub) => {
      try {
        return statSync(sub).isDirectory();
      } catch {
        return false; // gone
      }
    });
}

function isKindAndId(file: string, kind: Kind, id: string): boolean {
  try {
    const v = readDocumentFile(file).value as { kind?: string; id?: string };
    return v.kind === kind && v.id === id;
  } catch {
    return false; // not ours
  }
}

/** A document of a kind with the given id near a file: its folder and two parents (and, with `down`, their subfolders). */
function findDocument(near: string, kind: Kind, id: string, down = false): string | null {
  let dir = dirname(resolvePath(near));
  for (let i = 0; i < 3; i++) {
    const dirs = down ? [dir, ...subfolders(dir)] : [dir];
    for (const d of dirs) for (const f of jsonFiles(d)) if (isKindAndId(f, kind, id)) return f;
    dir = dirname(dir);
  }
  return null;
}

/**
 * Where `validate` finds the ruleset and the required overlays of a document: among the files
 * named on the command line first, then next to the document, then near --ruleset (its folder
 * and subfolders, where a system keeps its overlays).
 */
function finderFor(given: SourceDocument[], against: string | undefined): DocumentFinder {
  const seen = new Map<string, SourceDocument | null>();
  return {
    find: (kind, id, from) => {
      const named = given.find((d) => {
        const v = d.value as { kind?: string; id?: string };
        return d.file !== from && v.kind === kind && v.id === id;
      });
      if (named) return named;
      const key = JSON.stringify([kind, id, dirname(resolvePath(from))]);
      if (!seen.has(key)) {
        const f = findDocument(from, kind, id) ?? (against ? findDocument(against, kind, id, true) : null);
        seen.set(key, f ? readDocumentFile(f) : null);
      }
      return seen.get(key)!;
    },
  };
}

const NO_FINDER: DocumentFinder = { find: () => null };

/** Each document named on the command line that reads as JSON (the others are reported when validated). */
function readGiven(files: string[], src: Sources): SourceDocument[] {
  const out: SourceDocument[] = [];
  for (const f of files)
    try {
      out.push(src.read(f));
    } catch {
      /* reported by its own validation */
    }
  return out;
}

/**
 * What is missing to check a document in context: the overlays it requires that are nowhere to
 * be found (each a problem at its place in `requires`; the check on top of the ruleset would only
 * report what follows from their absence), or its ruleset (then it is checked on its own).
 */
function missing(
  doc: SourceDocument | undefined,
  finder: DocumentFinder,
  against: string | undefined,
): { problems: Diagnostic[]; note: string } {
  const v = (doc?.value ?? {}) as { kind?: string; extends?: string; ruleset?: string; requires?: unknown };
  const none = { problems: [], note: '' };
  if (!doc || (v.kind !== 'overlay' && v.kind !== 'encounter')) return none;
  const base = v.kind === 'overlay' ? v.extends : v.ruleset;
  if (!against && typeof base === 'string' && !finder.find('ruleset', base, doc.file))
    return {
      problems: [],
      note: ` (on its own: its ruleset "${base}" is not next to it; name it on the command line or with --ruleset to check the ${v.kind} against it)`,
    };
  if (v.kind === 'overlay' && Array.isArray(v.requires)) {
    const problems = v.requires.flatMap((id, i): Diagnostic[] => {
      if (typeof id !== 'string' || finder.find('overlay', id, doc.file)) return [];
      const at = doc.locate(`/requires/${i}`);
      return [
        {
          file: doc.file,
          line: at.line,
          col: at.col,
          pointer: `/requires/${i}`,
          message: `this overlay requires "${id}", which is not next to it nor near its ruleset: name its file too (phasebook validate <${id}.json> ${doc.file})`,
          severity: 'error',
        },
      ];
    });
    return { problems, note: '' };
  }
  return none;
}

export const register: Register = (program, { out, src }) => {
  program
    .command('validate')
    .description(DESCRIPTIONS.validate)
    .argument('<file...>', 'rulesets, overlays or encounters ("-" reads one from standard input)')
    .option('--ruleset <file>', 'check overlays and encounters against this ruleset')
    .action((args: string[], opts: { ruleset?: string }) => {
      let bad = 0;
      const lines: string[] = [];
      const files = args.map((a) => src.name(a));
      const given = readGiven(files, src);
      const finder = finderFor(given, opts.ruleset);
      for (const f of files) {
        const m = missing(
          given.find((d) => d.file === f),
          finder,
          opts.ruleset,
        );
        // A required overlay that is nowhere: the document on its own, then that.
        const cut = m.problems.length > 0;
        let problems = validateFileInContext(f, cut ? NO_FINDER : finder, cut ? undefined : opts.ruleset, src.texts.get(f));
        if (!problems.length) problems = m.problems;
        const note = problems.length ? '' : m.note;
        if (problems.length) {
          bad++;
          for (const d of problems) lines.push(formatDiagnostic(d));
        } else out(`${f}: ok${note}\n`);
      }
      if (bad) throw new PhasebookError(lines.map((l) => ({ file: '', line: 0, col: 0, pointer: '', message: l, severity: 'error' })));
    });
};
