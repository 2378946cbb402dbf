/**
 * Diagnostics: every problem Phasebook reports points at a place — file, line, column and
 * JSON pointer — so the CLI can print `file:line:col  /json/pointer  message` and the editor
 * can put a marker on the right line. Nothing in Phasebook throws a bare Error at a user.
 */
export interface Diagnostic {
  /** Path of the document as the user named it (or a virtual name such as `<inline>`). */
  file: string;
  /** 1-based line of the offending value or key. */
  line: number;
  /** 1-based column of the offending value or key. */
  col: number;
  /** RFC 6901 JSON pointer into the document ('' is the whole document). */
  pointer: string;
  message: string;
  severity: 'error' | 'warning';
}

/** Thrown for bad input. The CLI prints its diagnostics and exits with code 1. */
export class PhasebookError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join('\n'));
    this.name = 'PhasebookError';
    this.diagnostics = diagnostics;
  }
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col}  ${d.pointer === '' ? '/' : d.pointer}  ${d.message}`;
}

/** RFC 6901 escaping of one pointer segment. */
export function escapePointerSegment(segment: string | number): string {
  if (typeof segment === 'number') return String(segment);
  // Most segments need no escaping (issue 9: compiling and checking ask for many pointers).
  if (segment.indexOf('~') < 0 && segment.indexOf('/') < 0) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function joinPointer(base: string, ...segments: Array<string | number>): string {
  let out = base;
  for (let i = 0; i < segments.length; i++) out += '/' + escapePointerSegment(segments[i]!);
  return out;
}

/** A diagnostic for a place whose line and column are not (yet) known. */
export function diagnosticAt(file: string, pointer: string, message: string, line = 1, col = 1): Diagnostic {
  return { file, line, col, pointer, message, severity: 'error' };
}
