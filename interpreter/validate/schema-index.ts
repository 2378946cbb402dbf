/**
 * Where every object of the schema documents lives (its resource `$id` and JSON pointer), so
 * that an ajv error's `parentSchema` can be traced back to a place in the schemas.
 */
import { joinPointer } from '../diagnostics.js';

export interface SchemaLocation {
  /** Absolute `$id` of the schema resource holding the object. */
  base: string;
  /** JSON pointer of the object inside that resource. */
  pointer: string;
}

/** The keywords of alternatives, whose branches the error reducer re-validates one by one. */
export const UMBRELLAS = new Set(['oneOf', 'anyOf']);

/** Keywords whose values are data, not subschemas: never descend into them. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'description', 'title', '$comment']);

/**
 * Where every object of the schema documents lives, their resources by `$id` and their
 * `$anchor`s; and the original of a copy (standalone code embeds copies of the schemas).
 */
export class SchemaIndex {
  readonly locations = new Map<object, SchemaLocation>();
  private readonly resources = new Map<string, object>();
  private readonly anchors = new Map<string, object>();
  /** Originals by their keys (a cheap first sort), built on the first copy looked up. */
  private byKeys: Map<string, object[]> | null = null;
  private readonly json = new WeakMap<object, string>();
  private readonly originals = new WeakMap<object, object | null>();

  constructor(schemas: object[]) {
    for (const [i, schema] of schemas.entries()) {
      const id = (schema as { $id?: unknown }).$id;
      if (typeof id !== 'string' || id === '') throw new Error(`schema #${i} has no "$id"; every Phasebook schema needs one`);
      this.index(schema, id, '');
    }
  }

  private index(node: unknown, base: string, pointer: string): void {
    if (node === null || typeof node !== 'object') return;
    if (!Array.isArray(node)) {
      const s = node as { $id?: unknown; $anchor?: unknown };
      if (typeof s.$id === 'string' && pointer !== '') {
        base = resolveId(s.$id, base);
        pointer = '';
      }
      if (pointer === '' && !this.resources.has(base.replace(/#$/, ''))) this.resources.set(base.replace(/#$/, ''), node);
      if (typeof s.$anchor === 'string' && !this.anchors.has(`${base}#${s.$anchor}`)) this.anchors.set(`${base}#${s.$anchor}`, node);
    }
    if (!this.locations.has(node)) this.locations.set(node, { base, pointer });
    if (Array.isArray(node)) {
      node.forEach((item, i) => this.index(item, base, joinPointer(pointer, i)));
    } else {
      for (const [key, value] of Object.entries(node)) {
        if (!DATA_KEYWORDS.has(key)) this.index(value, base, joinPointer(pointer, key));
      }
    }
  }

  /**
   * The object of the schema documents that `x` is or is a copy of. Among equal originals,
   * the one whose location ends with the error's `schemaPath` (less its keyword) wins; equal
   * objects in one resource behave the same anyway.
   */
  original(x: unknown, schemaPath = ''): object | undefined {
    if (x === null || typeof x !== 'object') return undefined;
    if (this.locations.has(x)) return x;
    const known = this.originals.get(x);
    if (known !== undefined) return known ?? undefined;
    if (this.byKeys === null) {
      this.byKeys = new Map();
      for (const node of this.locations.keys()) {
        const k = keysOf(node);
        const list = this.byKeys.get(k);
        if (list) list.push(node);
        else this.byKeys.set(k, [node]);
      }
    }
    const text = this.jsonOf(x);
    const equal = (this.byKeys.get(keysOf(x)) ?? []).filter((o) => this.jsonOf(o) === text);
    const at = schemaPath.replace(/^[^#]*#/, '').replace(/\/[^/]*$/, '');
    const found = equal.find((o) => this.locations.get(o)!.pointer.endsWith(at)) ?? equal[0];
    this.originals.set(x, found ?? null);
    return found;
  }

  /** The location of `x` (an original or a copy of one). */
  locate(x: unknown, schemaPath?: string): SchemaLocation | undefined {
    const o = this.original(x, schemaPath);
    return o === undefined ? undefined : this.locations.get(o);
  }

  /** The schema object a `$ref` found in `from` points to. */
  resolve(from: object, ref: string): unknown {
    const loc = this.locate(from);
    if (loc === undefined) return undefined;
    let target: string;
    try {
      target = ref.startsWith('#') ? loc.base + ref : new URL(ref, loc.base).href;
    } catch {
      target = ref;
    }
    const hash = target.indexOf('#');
    const uri = hash < 0 ? target : target.slice(0, hash);
    const fragment = hash < 0 ? '' : target.slice(hash + 1);
    const resource = this.resources.get(uri);
    if (resource === undefined) return undefined;
    if (fragment === '') return resource;
    if (!fragment.startsWith('/')) return this.anchors.get(`${uri}#${fragment}`);
    let node: unknown = resource;
    for (const raw of fragment.slice(1).split('/')) {
      let seg: string;
      try {
        seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return undefined;
      }
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, seg)) return undefined;
      node = (node as Record<string, unknown>)[seg];
    }
    return node;
  }

  private jsonOf(x: object): string {
    let text = this.json.get(x);
    if (text === undefined) {
      text = JSON.stringify(x);
      this.json.set(x, text);
    }
    return text;
  }
}

function keysOf(x: object): string {
  return Array.isArray(x) ? `[${x.length}]` : Object.keys(x).join('\u0000');
}

function resolveId(id: string, base: string): string {
  try {
    return new URL(id, base).href.replace(/#.*$/, '');
  } catch {
    return id.replace(/#.*$/, '');
  }
}

/** The ref of branch `i` of the `keyword` (oneOf/anyOf) of the schema object at `loc`. */
export function branchRef(loc: SchemaLocation, keyword: string, i: number): string {
  const pointer = joinPointer(loc.pointer, keyword, i);
  return loc.base + '#' + pointer.split('/').map(encodeURIComponent).join('/');
}
