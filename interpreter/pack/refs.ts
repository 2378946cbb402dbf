/**
 * References between documents of rule packs. Inside one pack a document names another by its
 * short id; across packs it writes `pack-id:doc-id`, optionally with a semver range,
 * `pack-id@range:doc-id`. Two packs using the same short id therefore never collide.
 */
import semver from 'semver';

export interface DocRef {
  /** The pack, or undefined for "this pack". */
  pack?: string;
  range?: string;
  id: string;
}

const REF = /^(?:([a-z0-9][a-z0-9-]*\/[a-z][a-z0-9-]*)(?:@([^:\s]{1,64}))?:)?([a-z][a-z0-9-]*)$/;

export function parseRef(text: string): DocRef | null {
  const m = REF.exec(text);
  if (!m) return null;
  if (m[2] !== undefined && semver.validRange(m[2]) === null) return null;
  return { ...(m[1] ? { pack: m[1] } : {}), ...(m[2] ? { range: m[2] } : {}), id: m[3]! };
}

export const formatRef = (r: DocRef) => (r.pack ? `${r.pack}${r.range ? '@' + r.range : ''}:${r.id}` : r.id);
