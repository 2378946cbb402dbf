/**
 * For hosts that find documents by their short id (the editor's engine worker, which has the
 * whole workspace and no pack graph): `pack-id:doc-id` in an overlay's `extends` and `requires`
 * and an encounter's `ruleset` becomes `doc-id`, as minimal edits of the text (positions of
 * everything else unchanged). Two packs' equal short ids are then told apart only by which
 * documents the host picks; the CLI resolves them fully (stack.ts).
 */
import { applyEdits, findNodeAtLocation, parseTree, type Edit, type Node } from 'jsonc-parser';
import { parseRef } from './refs.js';

const QUALIFIED = /"[a-z0-9][a-z0-9-]*\/[a-z][a-z0-9-]*(@[^":\s]{1,64})?:[a-z][a-z0-9-]*"/;

export function shortenRefs(text: string): string {
  if (!QUALIFIED.test(text)) return text;
  const tree = parseTree(text);
  if (!tree) return text;
  const edits: Edit[] = [];
  const shorten = (node: Node | undefined) => {
    if (node?.type !== 'string' || typeof node.value !== 'string') return;
    const r = parseRef(node.value);
    if (r?.pack) edits.push({ offset: node.offset, length: node.length, content: JSON.stringify(r.id) });
  };
  shorten(findNodeAtLocation(tree, ['extends']));
  shorten(findNodeAtLocation(tree, ['ruleset']));
  for (const item of findNodeAtLocation(tree, ['requires'])?.children ?? []) shorten(item);
  return edits.length ? applyEdits(text, edits) : text;
}
