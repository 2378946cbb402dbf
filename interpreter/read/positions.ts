/**
 * Where a value of a read document stands in its text: the line index, JSON pointers, and the
 * position tree that the reader builds as it parses (SourceDocument.locate / locateKey).
 */

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

/** Position of one value; children mirror the value's structure. */
export interface PosNode {
  /** Offset of the value's first character. */
  start: number;
  /** Offset of the property name's opening quote, or -1 when the value is not an object member. */
  keyStart: number;
  kids: Map<string, PosNode> | PosNode[] | null;
}

/** The document the reader hands on: the value, and how to find where each part of it stands. */
export function makeDocument(file: string, text: string, value: unknown, root: PosNode, lines: LineIndex): SourceDocument {
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
