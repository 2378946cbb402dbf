/**
 * Stage 1 of the pipeline: read a rule document.
 *
 * Turns text into a JS value plus a position index, refusing anything that is not strict JSON
 * or that could be used against the interpreter. Every problem becomes a PhasebookError whose
 * diagnostics point at the exact line and column (1-based, columns in UTF-16 code units, line
 * breaks are LF, CRLF and CR — the same convention as jsonc-parser and most editors).
 *
 * A good document is read by JSON.parse and its positions found only when asked for (quick.ts);
 * any other text goes through the careful reader below, which finds every problem.
 */
import { visit } from 'jsonc-parser';
import { PhasebookError, escapePointerSegment, type Diagnostic } from '../diagnostics.js';
import { describeSyntaxError, quoteToken, type RawSyntaxError } from './syntax-errors.js';
import { DEFAULT_READ_LIMITS, FORBIDDEN_KEYS, MAX_DIAGNOSTICS, definedOnly, formatBytes, utf8Length, type ReadLimits } from './limits.js';
import { LineIndex, makeDocument, type PosNode, type SourceDocument } from './positions.js';
import { lazyDocument, quickValue } from './quick.js';

export { DEFAULT_READ_LIMITS, FORBIDDEN_KEYS, MAX_DIAGNOSTICS, definedOnly, formatBytes, utf8Length, type ReadLimits } from './limits.js';
export { LineIndex, parsePointer, type SourceDocument, type SourcePosition } from './positions.js';

interface ObjectFrame {
  kind: 'object';
  value: Record<string, unknown>;
  node: PosNode;
  kids: Map<string, PosNode>;
  seg: string | number | null;
  pendingKey: string | null;
  pendingKeyOffset: number;
  /** The pending member is refused (forbidden or duplicate key) and must not be stored. */
  skip: boolean;
}
interface ArrayFrame {
  kind: 'array';
  value: unknown[];
  node: PosNode;
  kids: PosNode[];
  seg: string | number | null;
}
type Frame = ObjectFrame | ArrayFrame;

/** Thrown from inside the visitor to stop parsing (limits, too many errors). */
class StopParsing {}

export function readDocumentText(file: string, text: string, limits: Partial<ReadLimits> = {}): SourceDocument {
  const lim: ReadLimits = { ...DEFAULT_READ_LIMITS, ...definedOnly(limits) };
  return readTextOfLength(file, text, lim, utf8Length(text, lim.maxBytes + 1));
}

/**
 * readDocumentText for a text whose UTF-8 length is known: the count of the bytes it was decoded
 * from (file.ts), which spares counting them again, one character at a time (issue 9, cold start).
 */
export function readTextOfLength(file: string, text: string, lim: ReadLimits, bytes: number): SourceDocument {
  const fail = (offset: number, pointer: string, message: string, index?: LineIndex): never => {
    const pos = index ? index.position(offset) : { line: 1, col: 1 };
    throw new PhasebookError([{ file, line: pos.line, col: pos.col, pointer, message, severity: 'error' }]);
  };

  if (bytes > lim.maxBytes) {
    fail(0, '', `the document is ${formatBytes(bytes)}, more than the limit of ${formatBytes(lim.maxBytes)}`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (/^[ \t\r\n]*$/.test(text)) fail(0, '', 'the document is empty');

  const value = quickValue(text, lim);
  if (value !== undefined) return lazyDocument(file, text, value, () => readWithPositions(file, text, lim));
  return readWithPositions(file, text, lim);
}

/** The careful reader: the value and where each part of it stands, or every problem of the text. */
function readWithPositions(file: string, text: string, lim: ReadLimits): SourceDocument {
  const fail = (offset: number, pointer: string, message: string, index?: LineIndex): never => {
    const pos = index ? index.position(offset) : { line: 1, col: 1 };
    throw new PhasebookError([{ file, line: pos.line, col: pos.col, pointer, message, severity: 'error' }]);
  };
  const lines = new LineIndex(text);
  const stack: Frame[] = [];
  const syntaxErrors: RawSyntaxError[] = [];
  const keyErrors: Array<{ offset: number; pointer: string; message: string }> = [];
  let limitError: { offset: number; pointer: string; message: string } | null = null;
  let root: unknown = undefined;
  let rootNode: PosNode | null = null;
  let valueCount = 0;
  let closedStart = -1;

  const pointerHere = (extra?: string | number | null): string => {
    let p = '';
    for (const f of stack) if (f.seg !== null) p += '/' + escapePointerSegment(f.seg);
    const top = stack[stack.length - 1];
    if (extra !== undefined && extra !== null) p += '/' + escapePointerSegment(extra);
    else if (top?.kind === 'object' && top.pendingKey !== null) p += '/' + escapePointerSegment(top.pendingKey);
    else if (top?.kind === 'array') p += '/' + top.kids.length;
    return p;
  };

  /** Attach a new value to its parent; returns the pointer segment it got. */
  const attach = (value: unknown, node: PosNode): string | number | null => {
    valueCount++;
    if (valueCount > lim.maxValues) {
      limitError = {
        offset: node.start,
        pointer: pointerHere(),
        message: `the document has more than ${lim.maxValues} values (objects, arrays and scalars); that is the limit`,
      };
      throw new StopParsing();
    }
    const top = stack[stack.length - 1];
    if (top === undefined) {
      if (rootNode === null) {
        root = value;
        rootNode = node;
      }
      return null;
    }
    if (top.kind === 'array') {
      const index = top.kids.length;
      top.value.push(value);
      top.kids.push(node);
      return index;
    }
    const key = top.pendingKey;
    if (key === null) return null; // only after a syntax error: the document is refused anyway
    top.pendingKey = null;
    if (!top.skip) {
      top.value[key] = value;
      node.keyStart = top.pendingKeyOffset;
      top.kids.set(key, node);
    }
    return key;
  };

  const openContainer = (kind: 'object' | 'array', offset: number): void => {
    if (stack.length + 1 > lim.maxDepth) {
      limitError = {
        offset,
        pointer: pointerHere(),
        message: `the document is nested too deeply: more than ${lim.maxDepth} levels of objects and arrays`,
      };
      throw new StopParsing();
    }
    if (kind === 'object') {
      const value: Record<string, unknown> = {};
      const kids = new Map<string, PosNode>();
      const node: PosNode = { start: offset, keyStart: -1, kids };
      const seg = attach(value, node);
      stack.push({ kind, value, node, kids, seg, pendingKey: null, pendingKeyOffset: -1, skip: false });
    } else {
      const value: unknown[] = [];
      const kids: PosNode[] = [];
      const node: PosNode = { start: offset, keyStart: -1, kids };
      const seg = attach(value, node);
      stack.push({ kind, value, node, kids, seg });
    }
  };

  const closeContainer = (): void => {
    const f = stack.pop();
    if (f) closedStart = f.node.start;
  };

  try {
    visit(
      text,
      {
        onObjectBegin: (offset) => {
          openContainer('object', offset);
        },
        onArrayBegin: (offset) => {
          openContainer('array', offset);
        },
        onObjectEnd: closeContainer,
        onArrayEnd: closeContainer,
        onObjectProperty: (name, offset) => {
          const top = stack[stack.length - 1];
          if (top?.kind !== 'object') return;
          top.pendingKey = name;
          top.pendingKeyOffset = offset;
          top.skip = false;
          if (FORBIDDEN_KEYS.has(name)) {
            top.skip = true;
            keyErrors.push({
              offset,
              pointer: pointerHere(),
              message: `the key ${JSON.stringify(name)} is not allowed: rule packs come from strangers and such keys can reach JavaScript object prototypes`,
            });
          } else {
            const first = top.kids.get(name);
            if (first !== undefined) {
              top.skip = true;
              keyErrors.push({
                offset,
                pointer: pointerHere(),
                message: `duplicate key ${JSON.stringify(name)} (first at line ${lines.position(first.keyStart).line})`,
              });
            }
          }
          if (keyErrors.length >= MAX_DIAGNOSTICS) throw new StopParsing();
        },
        onLiteralValue: (value: unknown, offset, length) => {
          if (typeof value === 'number') {
            // Numbers as JSON.parse reads them (the scanner has already checked the syntax).
            try {
              value = JSON.parse(text.slice(offset, offset + length)) as unknown;
            } catch {
              // a malformed number: a syntax error is reported for it
            }
            if (typeof value === 'number' && !Number.isFinite(value)) {
              // JSON.parse reads 1e400 as Infinity: refuse it here rather than let a schema say
              // "expected a number, got a number" or a rule compute with infinity.
              keyErrors.push({
                offset,
                pointer: pointerHere(),
                message: `the number ${quoteToken(text.slice(offset, offset + length))} is out of range: numbers must lie between -1.7976931348623157e308 and 1.7976931348623157e308`,
              });
              if (keyErrors.length >= MAX_DIAGNOSTICS) throw new StopParsing();
            }
          }
          attach(value, { start: offset, keyStart: -1, kids: null });
        },
        onError: (code, offset, length) => {
          const top = stack[stack.length - 1];
          syntaxErrors.push({ code, offset, length, container: top?.kind ?? null, pointer: pointerHere(), closedStart });
          if (syntaxErrors.length >= MAX_DIAGNOSTICS) throw new StopParsing();
        },
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    );
  } catch (err) {
    if (!(err instanceof StopParsing)) {
      if (err instanceof RangeError) {
        // Cannot normally happen (depth is limited), but never let a stack overflow escape.
        fail(0, '', 'the document is nested too deeply to be read');
      }
      throw err;
    }
  }

  const diagnostics: Diagnostic[] = [];
  const push = (offset: number, pointer: string, message: string): void => {
    const pos = lines.position(offset);
    diagnostics.push({ file, line: pos.line, col: pos.col, pointer, message, severity: 'error' });
  };

  if (syntaxErrors.length > 0) {
    // After a syntax error the parser resynchronises and often reports follow-on errors a few
    // characters later: keep only the first error of each line, and drop an error that comes
    // right after the previous one with nothing but whitespace between them.
    const seenLines = new Set<number>();
    let previousEnd = -1;
    for (const raw of syntaxErrors) {
      const followOn = previousEnd >= 0 && raw.offset >= previousEnd && /^[ \t\r\n]*$/.test(text.slice(previousEnd, raw.offset));
      previousEnd = Math.max(previousEnd, raw.offset + raw.length);
      if (followOn) continue;
      const { offset, message } = describeSyntaxError(text, lines, raw);
      const line = lines.position(offset).line;
      if (seenLines.has(line)) continue;
      seenLines.add(line);
      push(offset, raw.pointer, message);
    }
  } else {
    for (const k of keyErrors) push(k.offset, k.pointer, k.message);
  }
  const le = limitError as { offset: number; pointer: string; message: string } | null;
  if (le !== null) push(le.offset, le.pointer, le.message);
  if (diagnostics.length > 0) {
    diagnostics.sort((a, b) => a.line - b.line || a.col - b.col);
    throw new PhasebookError(diagnostics.slice(0, MAX_DIAGNOSTICS));
  }

  const rootPos = rootNode as PosNode | null;
  if (rootPos === null) fail(0, '', 'the document is empty');
  return makeDocument(file, text, root, rootPos as PosNode, lines);
}
