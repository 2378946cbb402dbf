/** Small words for messages: type names, values and lists in plain English. */

export function typeList(params: unknown): string[] {
  const t = (params as { type?: unknown }).type;
  if (Array.isArray(t)) return t.map(String);
  return typeof t === 'string' ? t.split(',') : [];
}

export const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

export function typeName(t: string): string {
  return TYPE_NAMES[t] ?? t;
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** A scalar as JSON (shortened), a container by its kind. */
export function formatValue(value: unknown): string {
  if (value !== null && typeof value === 'object') return describeType(value);
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? s.slice(0, 57) + '…"' : s;
}

export function formatList(items: string[], conjunction: 'or' | 'and'): string {
  const shown = items.length > 20 ? [...items.slice(0, 20), `${items.length - 20} more`] : items;
  if (shown.length <= 1) return shown.join('');
  return shown.slice(0, -1).join(', ') + ` ${conjunction} ` + shown[shown.length - 1];
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
