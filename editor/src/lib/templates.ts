/**
 * New documents and workspace paths: the house-rule and encounter templates the sidebar creates,
 * and the small path helpers it uses to group documents by folder. Pure functions only.
 */
import { applyEdits, modify, parseTree, type ParseError } from 'jsonc-parser';

export const RULESET_SCHEMA = 'https://phasebook.dev/schemas/v1/ruleset.schema.json';
export const ENCOUNTER_SCHEMA = 'https://phasebook.dev/schemas/v1/encounter.schema.json';

/** The folder new documents go to. */
export const MY_FOLDER = 'mine';

/** An id as the schemas want it (`^[a-z][a-z0-9-]*$`), made from a free-form name. */
export function slugify(name: string, fallback = 'untitled'): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '');
  return s || fallback;
}

/** `id`, or `id-2`, `id-3`… — the first that is not in `taken`. */
export function uniqueId(id: string, taken: Iterable<string>): string {
  const set = new Set(taken);
  if (!set.has(id)) return id;
  for (let i = 2; ; i++) if (!set.has(`${id}-${i}`)) return `${id}-${i}`;
}

export interface HouseRuleOptions {
  /** The id of the ruleset the overlay extends. */
  extends: string;
  id: string;
  name: string;
  description?: string;
  /** Start with one harmless example change instead of an empty list. */
  example?: boolean;
}

/** A new house-rule overlay: valid as it stands, extending its base ruleset. */
export function houseRuleTemplate(o: HouseRuleOptions): string {
  const doc = {
    $schema: RULESET_SCHEMA,
    kind: 'overlay',
    id: o.id,
    name: o.name,
    version: '0.1.0',
    extends: o.extends,
    description: o.description ?? 'What this house rule changes, and why.',
    changes: o.example
      ? [
          {
            op: 'replace',
            path: '/limits/rounds',
            value: 20,
            why: 'An example change: stop a combat after 20 rounds. Replace it with your own rule.',
          },
        ]
      : [],
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export interface EncounterOptions {
  /** The id of the ruleset the encounter is written for (optional). */
  ruleset: string | null;
  id: string;
  name: string;
}

/** A new encounter: two sides of one combatant each, 30 ft apart, with the ruleset's default stats. */
export function encounterTemplate(o: EncounterOptions): string {
  const doc: Record<string, unknown> = {
    $schema: ENCOUNTER_SCHEMA,
    kind: 'encounter',
    id: o.id,
    name: o.name,
    description: 'Who fights whom, and where they stand.',
  };
  if (o.ruleset) doc.ruleset = o.ruleset;
  doc.sides = [
    { id: 'heroes', name: 'The heroes', combatants: [{ id: 'hero', name: 'Hero', stats: { position: 0 }, tags: [] }] },
    { id: 'foes', name: 'The foes', combatants: [{ id: 'foe', name: 'Foe', stats: { position: 30 }, tags: [] }] },
  ];
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** The folder of a path ("" for the top level). */
export function folderOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** The file name of a path. */
export function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * Items grouped by the folder of their path: folders in alphabetical order with `mine` (the
 * designer's own) first, items within a folder by file name.
 */
export function groupByFolder<T extends { path: string }>(items: readonly T[]): { folder: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const it of items) {
    const f = folderOf(it.path);
    let g = groups.get(f);
    if (!g) groups.set(f, (g = []));
    g.push(it);
  }
  const rank = (f: string) => (f === MY_FOLDER || f.startsWith(`${MY_FOLDER}/`) ? 0 : 1);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([folder, its]) => ({ folder, items: its.sort((a, b) => fileName(a.path).localeCompare(fileName(b.path))) }));
}

/**
 * A workspace path made safe: forward slashes, no leading slash, no empty, "." or ".." segments,
 * no control characters; `.json` added when missing. Null when nothing usable remains.
 */
export function cleanPath(path: string): string | null {
  const segs = path
    .replace(/\\/g, '/')
    .split('/')
    // eslint-disable-next-line no-control-regex
    .map((s) => s.replace(/[\u0000-\u001f\u007f]/g, '').trim())
    .filter((s) => s && s !== '.' && s !== '..');
  if (!segs.length) return null;
  let p = segs.join('/');
  if (!/\.json$/i.test(p)) p += '.json';
  return p;
}

/**
 * The text with the document's own `id` changed, the rest of its formatting kept. Text that is
 * not a JSON object is returned unchanged.
 */
export function withDocId(text: string, id: string): string {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false });
  if (errors.length || !tree || tree.type !== 'object') return text;
  const edits = modify(text, ['id'], id, { formattingOptions: { insertSpaces: true, tabSize: 2 } });
  return applyEdits(text, edits);
}
