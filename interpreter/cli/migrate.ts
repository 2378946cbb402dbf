/**
 * `phasebook migrate <file…>`: rewrite documents written for an older version of the language
 * to the current one. Without --write, prints what would change (and, for one file, the
 * migrated text on stdout); with --write, rewrites each file in place (whole, then renamed).
 */
import type { Command } from 'commander';
import { formatDiagnostic, PhasebookError, type Diagnostic } from '../diagnostics.js';
import { readDocumentFile, readDocumentText } from '../read/index.js';
import { LANGUAGE_MAJOR, migrateDocument, newerVersionError } from '../migrate/index.js';
import { writeWhole } from '../write-whole.js';
import { MIGRATIONS } from '../migrate/registry.js';
import { DESCRIPTIONS } from './descriptions.js';

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

export function registerMigrateCommand(program: Command, io: Io, readStdin: () => string): void {
  program
    .command('migrate')
    .description(DESCRIPTIONS.migrate)
    .argument('<file...>', 'rulesets, overlays or encounters ("-" reads stdin and writes stdout)')
    .option('--write', 'rewrite the files in place')
    .addHelpText('after', `\nSteps:\n${MIGRATIONS.map((m) => `  v${m.from} → v${m.to}: ${m.summary}`).join('\n')}`)
    .action((files: string[], opts: { write?: boolean }) => {
      const errors: Diagnostic[] = [];
      const results = files.map((f) => {
        const doc = f === '-' ? readDocumentText('<stdin>', readStdin()) : readDocumentFile(f);
        const newer = newerVersionError(doc);
        if (newer) errors.push(newer);
        return { f, r: migrateDocument(doc) };
      });
      if (errors.length) throw new PhasebookError(errors);
      for (const { f, r } of results) {
        if (f === '-') {
          io.out(r.text);
          continue;
        }
        if (!r.changes.length) {
          io.out(`${f}: already v${LANGUAGE_MAJOR}\n`);
          continue;
        }
        for (const c of r.changes) io.err(`${formatDiagnostic(c)}\n`);
        if (opts.write) {
          writeWhole(f, r.text);
          io.out(`${f}: migrated v${r.from} → v${LANGUAGE_MAJOR}\n`);
        } else if (files.length === 1) io.out(r.text);
        else io.out(`${f}: v${r.from}, would be migrated to v${LANGUAGE_MAJOR} (--write)\n`);
      }
    });
}
