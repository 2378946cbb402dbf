/**
 * `phasebook validate <file…>`: JSON syntax, schema and semantics, file by file (`file: ok` on
 * stdout for the good ones, problems on stderr for the others). An overlay is checked on top of
 * the ruleset it extends, an encounter against its ruleset, found next to it or given with --ruleset.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { formatDiagnostic, PhasebookError, type Diagnostic } from '../diagnostics.js';
import { validateFileInContext } from '../pipeline.js';
import { readDocumentFile } from '../read/index.js';
import type { Register, Sources } from './shared.js';
import { DESCRIPTIONS } from './descriptions.js';

/** Find a document of a kind with the given id near a file (same folder, then parents). */
function findDocument(near: string, kind: 'ruleset' | 'overlay', id: string): string | null {
  let dir = dirname(resolvePath(near));
  for (let i = 0; i < 3; i++) {
    const candidates: string[] = [];
    try {
      for (const f of readdirSync(dir)) if (f.endsWith('.json')) candidates.push(join(dir, f));
    } catch {
      /* unreadable folder: try the parent */
    }
    for (const f of candidates) {
      try {
        const v = readDocumentFile(f).value as { kind?: string; id?: string };
        if (v.kind === kind && v.id === id) return f;
      } catch {
        /* not ours */
      }
    }
    dir = dirname(dir);
  }
  return null;
}

function validateOne(file: string, against: string | undefined, src: Sources): Diagnostic[] {
  const finder = {
    find: (kind: 'ruleset' | 'overlay', id: string, from: string) => {
      const f = findDocument(from, kind, id);
      return f ? readDocumentFile(f) : null;
    },
  };
  return validateFileInContext(file, finder, against, src.texts.get(file));
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
      for (const f of files) {
        const problems = validateOne(f, opts.ruleset, src);
        if (problems.length) {
          bad++;
          for (const d of problems) lines.push(formatDiagnostic(d));
        } else out(`${f}: ok\n`);
      }
      if (bad) throw new PhasebookError(lines.map((l) => ({ file: '', line: 0, col: 0, pointer: '', message: l, severity: 'error' })));
    });
};
