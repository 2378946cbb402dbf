/**
 * The Visual view's edits as MINIMAL edits of a document's JSON text. Every function takes the
 * text and returns the new text; only the place that changes is touched, so the user's
 * formatting (indentation, compact one-line objects, key order) survives, and the code view can
 * turn the change into one undoable Monaco edit.
 *
 * Places are found with jsonc-parser (`parseTree`, `findNodeAtLocation`); removals use its
 * `modify`; every change is applied with its `applyEdits`. Inserted values are rendered in the
 * document's own style (its indentation unit and line ending; one-line objects when the document
 * writes them, fully expanded otherwise) — jsonc-parser's own formatter would also reformat the
 * neighbouring items, which is not a minimal edit.
 *
 * The edits of a ruleset or an overlay by id path, built on these, are in document-edits.ts.
 */
import { applyEdits, findNodeAtLocation, modify, parseTree, visit, type Edit, type JSONPath, type Node } from 'jsonc-parser';

// ---------------------------------------------------------------------------------------------
// Formatting

export interface TextFormat {
  /** One level of indentation ("  ", "    " or "\t"). */
  unit: string;
  eol: string;
  /** The document writes some objects or lists on one line, so short values may be too. */
  compact: boolean;
}

/** Line width up to which a value is written on one line (in compact documents). */
const WIDTH = 110;

export function detectFormat(text: string): TextFormat {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let unit = '  ';
  const m = /\n([ \t]+)\S/.exec(text);
  if (m) unit = m[1]!.startsWith('\t') ? '\t' : ' '.repeat(Math.min(8, smallestIndent(text)));
  let compact = false;
  visit(text, {
    onObjectBegin: (offset) => {
      if (!compact && opensInline(text, offset)) compact = true;
    },
    onArrayBegin: (offset) => {
      if (!compact && opensInline(text, offset)) compact = true;
    },
  });
  return { unit, eol, compact };
}

function smallestIndent(text: string): number {
  let min = Infinity;
  for (const m of text.matchAll(/\n( +)\S/g)) min = Math.min(min, m[1]!.length);
  return Number.isFinite(min) ? min : 2;
}

/** A `{` or `[` followed on its own line by content (not a newline, not its closing bracket). */
function opensInline(text: string, offset: number): boolean {
  let i = offset + 1;
  while (text[i] === ' ' || text[i] === '\t') i++;
  const c = text[i];
  return c !== undefined && c !== '\n' && c !== '\r' && c !== '}' && c !== ']';
}

/** The whitespace at the start of the line holding `offset`. */
export function indentAt(text: string, offset: number): string {
  const start = lineStart(text, offset);
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

const lineStart = (text: string, offset: number) => Math.max(text.lastIndexOf('\n', offset - 1), text.lastIndexOf('\r', offset - 1)) + 1;

const sameLine = (text: string, a: number, b: number) => !/[\r\n]/.test(text.slice(Math.min(a, b), Math.max(a, b)));

/** A value written on one line: `{ "a": 1, "b": ["x", "y"] }`. */
export function oneLine(value: unknown): string {
  if (Array.isArray(value)) return value.length ? `[${value.map(oneLine).join(', ')}]` : '[]';
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return entries.length ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

/**
 * A value as it would be written at `indent` (the indentation of its line), starting at
 * `column`: on one line when the document does that and it fits, else one member per line.
 */
export function renderValue(value: unknown, indent: string, fmt: TextFormat, column = indent.length): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const flat = oneLine(value);
  const empty = Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
  if (empty || (fmt.compact && column + flat.length <= WIDTH)) return flat;
  const inner = indent + fmt.unit;
  if (Array.isArray(value)) {
    const items = value.map((v) => inner + renderValue(v, inner, fmt));
    return `[${fmt.eol}${items.join(',' + fmt.eol)}${fmt.eol}${indent}]`;
  }
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      const head = `${inner}${JSON.stringify(k)}: `;
      return head + renderValue(v, inner, fmt, head.length);
    });
  return `{${fmt.eol}${members.join(',' + fmt.eol)}${fmt.eol}${indent}}`;
}

// ---------------------------------------------------------------------------------------------
// Text edits at a JSON path

function tree(text: string): Node {
  const root = parseTree(text);
  if (!root) throw new Error('the document is not JSON');
  return root;
}

function nodeAt(text: string, path: JSONPath): Node | undefined {
  return findNodeAtLocation(tree(text), path);
}

/** Set the value at `path`: replace it in place, or add the property (after `afterKey`, else last). */
export function setValue(text: string, path: JSONPath, value: unknown, afterKey?: string): string {
  const fmt = detectFormat(text);
  const root = tree(text);
  const existing = findNodeAtLocation(root, path);
  if (existing) {
    const indent = indentAt(text, existing.offset);
    const column = existing.offset - lineStart(text, existing.offset);
    return apply(text, { offset: existing.offset, length: existing.length, content: renderValue(value, indent, fmt, column) });
  }
  const key = path[path.length - 1];
  if (typeof key !== 'string') throw new Error(`no item ${String(key)} at ${JSON.stringify(path.slice(0, -1))}`);
  const parent = findNodeAtLocation(root, path.slice(0, -1));
  if (!parent || parent.type !== 'object') throw new Error(`no object at ${JSON.stringify(path.slice(0, -1))}`);
  return apply(text, insertMember(text, parent, `${JSON.stringify(key)}: `, value, fmt, afterKey));
}

/** Remove the property or item at `path` (jsonc-parser's modify takes the comma with it). */
export function removeValue(text: string, path: JSONPath): string {
  if (!nodeAt(text, path)) return text;
  return applyEdits(text, modify(text, path, undefined, {}));
}

/** Append `value` to the list at `path` (created as a property when missing). */
export function appendItem(text: string, path: JSONPath, value: unknown): string {
  const fmt = detectFormat(text);
  const list = nodeAt(text, path);
  if (!list) return setValue(text, path, [value]);
  if (list.type !== 'array') throw new Error(`not a list at ${JSON.stringify(path)}`);
  return apply(text, insertMember(text, list, '', value, fmt));
}

/** The edit inserting a member (`head` + value) into an object or array node. */
function insertMember(text: string, container: Node, head: string, value: unknown, fmt: TextFormat, afterKey?: string): Edit {
  const kids = container.children ?? [];
  const open = container.offset;
  const [o, c] = container.type === 'array' ? ['[', ']'] : ['{', '}'];
  const containerIndent = indentAt(text, open);
  const inner = containerIndent + fmt.unit;
  const column = open - lineStart(text, open);
  const whole = { offset: open, length: container.length };
  const listOfObjects = container.type === 'array' && value !== null && typeof value === 'object';
  if (kids.length === 0) {
    // `{}` or `[]`: one line when the document writes such things and it fits; a list of
    // objects (a list of changes) one item per line.
    if (fmt.compact && !listOfObjects) {
      const pad = container.type === 'array' ? '' : ' ';
      const flat = `${o}${pad}${head}${oneLine(value)}${pad}${c}`;
      if (column + flat.length + restOfLine(text, open + container.length).length <= WIDTH) return { ...whole, content: flat };
    }
    return {
      ...whole,
      content: `${o}${fmt.eol}${inner}${head}${renderValue(value, inner, fmt, inner.length + head.length)}${fmt.eol}${containerIndent}${c}`,
    };
  }
  let prevIndex = kids.length - 1;
  if (afterKey !== undefined) {
    const found = kids.findIndex((k) => k.children?.[0]?.value === afterKey);
    if (found >= 0) prevIndex = found;
  }
  const prev = kids[prevIndex]!;
  const end = prev.offset + prev.length;
  if (sameLine(text, open, prev.offset)) {
    // The container is written on one line: stay on it when the line stays short …
    const inline = `, ${head}${oneLine(value)}`;
    const width = end - lineStart(text, end) + inline.length + restOfLine(text, end).length;
    if (width <= WIDTH) return { offset: end, length: 0, content: inline };
    // … else one member per line, each member's own text kept.
    const members = kids.map((k) => text.slice(k.offset, k.offset + k.length));
    members.splice(prevIndex + 1, 0, `${head}${renderValue(value, inner, fmt, inner.length + head.length)}`);
    return { ...whole, content: `${o}${fmt.eol}${members.map((m) => inner + m).join(',' + fmt.eol)}${fmt.eol}${containerIndent}${c}` };
  }
  const indent = indentAt(text, prev.offset);
  return { offset: end, length: 0, content: `,${fmt.eol}${indent}${head}${renderValue(value, indent, fmt, indent.length + head.length)}` };
}

/** The text from `offset` to the end of its line. */
function restOfLine(text: string, offset: number): string {
  const m = /[\r\n]/.exec(text.slice(offset));
  return m ? text.slice(offset, offset + m.index) : text.slice(offset);
}

function apply(text: string, edit: Edit): string {
  return applyEdits(text, [edit]);
}

/**
 * Move the item at index `from` of the list at `path` so that it ends at index `to`. The items'
 * own text moves verbatim; the separators between them stay where they are. One edit spanning
 * only the items between the two places.
 */
export function moveItem(text: string, path: JSONPath, from: number, to: number): string {
  const list = nodeAt(text, path);
  if (!list || list.type !== 'array') throw new Error(`not a list at ${JSON.stringify(path)}`);
  const kids = list.children ?? [];
  if (from < 0 || from >= kids.length || to < 0 || to >= kids.length)
    throw new Error(`no place ${from} → ${to} in a list of ${kids.length}`);
  if (from === to) return text;
  const order = kids.map((_, i) => i);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const itemText = (i: number) => text.slice(kids[i]!.offset, kids[i]!.offset + kids[i]!.length);
  let content = '';
  for (let k = lo; k <= hi; k++) {
    content += itemText(order[k]!);
    if (k < hi) content += text.slice(kids[k]!.offset + kids[k]!.length, kids[k + 1]!.offset);
  }
  const offset = kids[lo]!.offset;
  return apply(text, { offset, length: kids[hi]!.offset + kids[hi]!.length - offset, content });
}

/** Rename the property at `path` to `newKey` and give it `value`, in place. */
export function replaceMember(text: string, path: JSONPath, newKey: string, value: unknown): string {
  const valueNode = nodeAt(text, path);
  const prop = valueNode?.parent;
  if (!valueNode || !prop || prop.type !== 'property') throw new Error(`no property at ${JSON.stringify(path)}`);
  const fmt = detectFormat(text);
  const head = `${JSON.stringify(newKey)}: `;
  const column = prop.offset - lineStart(text, prop.offset) + head.length;
  return apply(text, {
    offset: prop.offset,
    length: valueNode.offset + valueNode.length - prop.offset,
    content: head + renderValue(value, indentAt(text, prop.offset), fmt, column),
  });
}
