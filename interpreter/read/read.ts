/**
 * Stage 1 of the pipeline: read a rule document.
 *
 * Turns text into a JS value plus a position index, refusing anything that is not strict JSON
 * or that could be used against the interpreter. Every problem becomes a PhasebookError whose
 * diagnostics point at the exact line and column (1-based, columns in UTF-16 code units, line
 * breaks are LF, CRLF and CR — the same convention as jsonc-parser and most editors).
 */
import { visit } from 'jsonc-parser';
import { PhasebookError, escapePointerSegment, type Diagnostic } from '../diagnostics.js';

/**
 * Limits applied to every document. Rule packs come from strangers, so reading one must stay
 * cheap and bounded whatever it contains.
 *
 * - `maxBytes`  (default 1 MiB = 1_048_576): size of the text measured in UTF-8 bytes (a leading
 *   byte-order mark included). Bigger documents are refused before parsing, at 1:1, with the
 *   actual size in the message.
 * - `maxDepth`  (default 64): how many objects/arrays may be open around a value, counting the
 *   value itself when it is a container; `[[1]]` has depth 2. The first container that opens
 *   one level too many is reported. Parsing stops there, so hostile nesting cannot exhaust the
 *   stack.
 * - `maxValues` (default 200_000): total number of values (objects, arrays, strings, numbers,
 *   booleans, nulls — not property names). The first value over the limit is reported.
 *
 * At most {@link MAX_DIAGNOSTICS} diagnostics are reported for one document.
 */
export interface ReadLimits {
  maxBytes: number;
  maxDepth: number;
  maxValues: number;
}

export const DEFAULT_READ_LIMITS: Readonly<ReadLimits> = Object.freeze({
  maxBytes: 1_048_576,
  maxDepth: 64,
  maxValues: 200_000,
});

/** Cap on the number of diagnostics reported for one document. */
export const MAX_DIAGNOSTICS = 50;

/** Keys refused anywhere in a document. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export interface SourcePosition {
  /** 1-based line. */
  line: number;
  /** 1-based column (UTF-16 code units). */
  col: number;
}

export interface SourceDocument {
  /** The name the document was read under (a path or a virtual name such as `<inline>`). */
  file: string;
  /** The text, without a leading byte-order mark. Positions refer to this text. */
  text: string;
  /** The parsed value: plain objects, arrays and JSON scalars. */
  value: unknown;
  /** Position of the value at `pointer`, or of its nearest existing ancestor. */
  locate(pointer: string): SourcePosition;
  /** Position of the property name when `pointer` ends in an existing object key; else `locate`. */
  locateKey(pointer: string): SourcePosition;
}

/** Offset → line/column conversion for one text, built once in linear time. */
export class LineIndex {
  private readonly starts: number[];
  constructor(text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.starts = starts;
  }
  /** 1-based line and column of a 0-based offset. */
  position(offset: number): SourcePosition {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - starts[lo]! + 1 };
  }
}

/** Split an RFC 6901 pointer into unescaped segments ('' → []). */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer[0] !== '/') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

// ---------------------------------------------------------------------------------------------

/** Position of one value; children mirror the value's structure. */
interface PosNode {
  /** Offset of the value's first character. */
  start: number;
  /** Offset of the property name's opening quote, or -1 when the value is not an object member. */
  keyStart: number;
  kids: Map<string, PosNode> | PosNode[] | null;
}

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

// jsonc-parser's ParseErrorCode (a const enum in its typings; spelled out to stay independent of inlining).
const E = {
  InvalidSymbol: 1,
  InvalidNumberFormat: 2,
  PropertyNameExpected: 3,
  ValueExpected: 4,
  ColonExpected: 5,
  CommaExpected: 6,
  CloseBraceExpected: 7,
  CloseBracketExpected: 8,
  EndOfFileExpected: 9,
  InvalidCommentToken: 10,
  UnexpectedEndOfComment: 11,
  UnexpectedEndOfString: 12,
  UnexpectedEndOfNumber: 13,
  InvalidUnicode: 14,
  InvalidEscapeCharacter: 15,
  InvalidCharacter: 16,
} as const;

interface RawSyntaxError {
  code: number;
  offset: number;
  length: number;
  container: 'object' | 'array' | null;
  pointer: string;
  /** Start offset of the container that was just closed (for "expected }" at end of file). */
  closedStart: number;
}

export function readDocumentText(file: string, text: string, limits: Partial<ReadLimits> = {}): SourceDocument {
  const lim: ReadLimits = { ...DEFAULT_READ_LIMITS, ...definedOnly(limits) };
  const fail = (offset: number, pointer: string, message: string, index?: LineIndex): never => {
    const pos = index ? index.position(offset) : { line: 1, col: 1 };
    throw new PhasebookError([{ file, line: pos.line, col: pos.col, pointer, message, severity: 'error' }]);
  };

  const bytes = utf8Length(text, lim.maxBytes + 1);
  if (bytes > lim.maxBytes) {
    fail(0, '', `the document is ${formatBytes(bytes)}, more than the limit of ${formatBytes(lim.maxBytes)}`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (/^[ \t\r\n]*$/.test(text)) fail(0, '', 'the document is empty');

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

// ---------------------------------------------------------------------------------------------

function makeDocument(file: string, text: string, value: unknown, root: PosNode, lines: LineIndex): SourceDocument {
  /** Deepest node along the pointer, and whether the whole pointer was found. */
  const walk = (pointer: string): { node: PosNode; found: boolean } => {
    let node = root;
    for (const seg of parsePointer(pointer)) {
      const kids = node.kids;
      let next: PosNode | undefined;
      if (kids instanceof Map) next = kids.get(seg);
      else if (Array.isArray(kids) && /^(0|[1-9][0-9]*)$/.test(seg)) next = kids[Number(seg)];
      if (next === undefined) return { node, found: false };
      node = next;
    }
    return { node, found: true };
  };
  return {
    file,
    text,
    value,
    locate: (pointer) => lines.position(walk(pointer).node.start),
    locateKey: (pointer) => {
      const { node, found } = walk(pointer);
      return lines.position(found && node.keyStart >= 0 ? node.keyStart : node.start);
    },
  };
}

export function definedOnly(limits: Partial<ReadLimits>): Partial<ReadLimits> {
  const out: Partial<ReadLimits> = {};
  for (const k of ['maxBytes', 'maxDepth', 'maxValues'] as const) {
    const v = limits[k];
    if (typeof v === 'number') out[k] = v;
  }
  return out;
}

export function formatBytes(n: number): string {
  const exact = `${n.toLocaleString('en-US')} bytes`;
  if (n >= 1024 * 1024) return `${exact} (${+(n / (1024 * 1024)).toFixed(2)} MiB)`;
  if (n >= 1024) return `${exact} (${+(n / 1024).toFixed(1)} KiB)`;
  return exact;
}

function isJsonSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** Offset of the last non-whitespace character before `offset`, or -1. */
function previousSignificant(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && isJsonSpace(text.charCodeAt(i))) i--;
  return i;
}

function codePointName(ch: string): string {
  return 'U+' + (ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
}

function quoteToken(token: string): string {
  const t = token.length > 24 ? token.slice(0, 24) + '…' : token;
  return JSON.stringify(t);
}

const CONTROL_ESCAPES: Record<number, string> = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' };

/** Turn one jsonc-parser error into a plain-words message at the most useful offset. */
function describeSyntaxError(text: string, lines: LineIndex, raw: RawSyntaxError): { offset: number; message: string } {
  const { code, offset, length } = raw;
  const atEnd = offset >= text.length;
  const token = text.slice(offset, offset + length);
  const ch = text[offset] ?? '';
  const prev = previousSignificant(text, offset);
  const prevCh = prev >= 0 ? text[prev] : '';
  const closing = (): string => {
    const what = code === E.CloseBraceExpected ? 'object' : 'array';
    const sym = code === E.CloseBraceExpected ? '}' : ']';
    const where = raw.closedStart >= 0 ? ` to close the ${what} opened at line ${lines.position(raw.closedStart).line}` : '';
    return `unexpected end of file: expected "${sym}"${where}`;
  };
  const trailingComma = (): { offset: number; message: string } => ({
    offset: prev,
    message: `trailing comma before "${ch}": JSON does not allow a comma after the last ${ch === '}' ? 'property' : 'element'}`,
  });

  switch (code) {
    case E.InvalidSymbol: {
      if (token.startsWith("'")) return { offset, message: 'strings and property names must use double quotes, not single quotes' };
      if (['NaN', 'Infinity', '-Infinity', 'undefined'].includes(token)) {
        return { offset, message: `${quoteToken(token)} is not a JSON value` };
      }
      if (['True', 'False', 'Null', 'TRUE', 'FALSE', 'NULL'].includes(token)) {
        return { offset, message: `unexpected ${quoteToken(token)}: JSON literals are lowercase (${token.toLowerCase()})` };
      }
      if (token === '-') return { offset, message: 'expected a digit after the minus sign' };
      if (token.startsWith('+')) return { offset, message: 'numbers must not start with a plus sign' };
      if (/^\.[0-9]/.test(token)) return { offset, message: 'numbers must have a digit before the decimal point' };
      if (!/^[\x21-\x7e]/.test(token)) {
        const c = String.fromCodePoint(token.codePointAt(0) ?? 0);
        return { offset, message: `unexpected character ${codePointName(c)}: only spaces, tabs and line breaks may separate JSON tokens` };
      }
      if (raw.container === 'object' && /^[A-Za-z_$][\w$-]*$/.test(token) && (prevCh === '{' || prevCh === ',')) {
        return { offset, message: `property names must be in double quotes: "${token}"` };
      }
      return { offset, message: `unexpected ${quoteToken(token)}` };
    }
    case E.InvalidNumberFormat:
      return { offset, message: `invalid number ${quoteToken(token)}` };
    case E.PropertyNameExpected:
      if (atEnd) return { offset, message: 'unexpected end of file: expected a property name' };
      if (ch === '}' && prevCh === ',') return trailingComma();
      return { offset, message: 'expected a property name in double quotes' };
    case E.ValueExpected:
      if (atEnd) return { offset, message: 'unexpected end of file: expected a value' };
      if ((ch === '}' || ch === ']') && prevCh === ',') return trailingComma();
      if (ch === ',') return { offset, message: 'unexpected comma: expected a value' };
      if (prevCh === ':') return { offset, message: 'expected a value after the colon' };
      return { offset, message: 'expected a value' };
    case E.ColonExpected:
      if (atEnd) return { offset, message: 'unexpected end of file: expected a colon after the property name' };
      return { offset, message: 'expected a colon after the property name' };
    case E.CommaExpected: {
      if (/[0-9]/.test(ch) && prev === offset - 1 && prevCh === '0') {
        return { offset: prev, message: 'numbers must not have leading zeros' };
      }
      const closer = raw.container === 'array' ? 'closing bracket "]"' : 'closing brace "}"';
      return { offset, message: `expected a comma or ${closer}` };
    }
    case E.CloseBraceExpected:
    case E.CloseBracketExpected:
      if (atEnd) return { offset, message: closing() };
      return { offset, message: `expected "${code === E.CloseBraceExpected ? '}' : ']'}"` };
    case E.EndOfFileExpected:
      return { offset, message: 'unexpected content after the end of the document: a JSON document holds exactly one value' };
    case E.InvalidCommentToken:
    case E.UnexpectedEndOfComment:
      return { offset, message: 'comments are not allowed in JSON' };
    case E.UnexpectedEndOfString:
      return { offset, message: 'unterminated string: expected a closing double quote before the end of the line' };
    case E.UnexpectedEndOfNumber: {
      const last = token[token.length - 1] ?? '';
      const after = last === '.' ? 'the decimal point' : /[eE]/.test(last) ? 'the exponent' : 'the sign of the exponent';
      return { offset, message: `incomplete number ${quoteToken(token)}: expected a digit after ${after}` };
    }
    case E.InvalidUnicode:
    case E.InvalidEscapeCharacter:
    case E.InvalidCharacter: {
      // The scanner reports these at the start of the string; find the actual culprit.
      for (let i = offset + 1; i < offset + length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x5c /* backslash */) {
          const n = text[i + 1] ?? '';
          if (n === 'u') {
            if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
              return { offset: i, message: 'invalid unicode escape: "\\u" must be followed by four hexadecimal digits' };
            }
          } else if (!'"\\/bfnrt'.includes(n) || n === '') {
            return { offset: i, message: `invalid escape sequence ${quoteToken('\\' + n)} in a string` };
          }
          i++;
        } else if (c < 0x20) {
          const hint = CONTROL_ESCAPES[c] ? ` (write ${CONTROL_ESCAPES[c]})` : '';
          return {
            offset: i,
            message: `control character ${codePointName(String.fromCharCode(c))} must be escaped inside a string${hint}`,
          };
        }
      }
      return { offset, message: code === E.InvalidCharacter ? 'invalid character in a string' : 'invalid escape sequence in a string' };
    }
    default:
      return { offset, message: 'invalid JSON' };
  }
}

/**
 * The UTF-8 length of a text, counted without Node's Buffer (the reader also runs in the
 * browser), stopping once it passes `stopAbove`.
 */
export function utf8Length(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let n = 0;
  for (let i = 0; i < text.length && n <= stopAbove; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}
