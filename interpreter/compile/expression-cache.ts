/**
 * Compiled expressions kept from one build of a program to the next (issue 9: edit → timeline).
 * An editor rebuilds the program on every edit of a rule document, and most of its expressions
 * come from documents that did not change.
 *
 * An expression is kept under the document it comes from (the document's parsed value: the same
 * object for as long as its text is unchanged), its place in that document and its JSON text.
 * Those are all that compiling reads: the same key compiles to a closure that behaves the same
 * and tells its errors at the same place. A document's expressions go with the document (a
 * WeakMap), and at most MAX_PER_DOCUMENT are kept for one (an overlay changing a base's
 * expression in place makes a new key on each edit): a process that edits for hours stays bounded.
 *
 * An expression object given to the cache must not be changed afterwards: the same object at the
 * same place of the same document is found again without its JSON text (`byNode`). The editor's
 * parsed documents never change once read, and a resolved ruleset shares them read only.
 */
import type { CompiledExpr } from '../expr/index.js';

export const MAX_PER_DOCUMENT = 4096;

export class ExpressionCache {
  private readonly byDocument = new WeakMap<object, Map<string, CompiledExpr>>();
  /**
   * The last expression kept for an expression object (a node of a parsed document, or of a
   * resolved ruleset that shares it), with its document and place: the same object, never
   * changed after reading, has the same JSON text, so no JSON text need be made to find it.
   */
  private readonly byNode = new WeakMap<object, { document: object; pointer: string; fn: CompiledExpr }>();

  /** The expression compiled by `make`, or the one it compiled before for the same key. */
  get(document: object, pointer: string, expr: unknown, make: () => CompiledExpr): CompiledExpr {
    const node = typeof expr === 'object' && expr !== null ? expr : null;
    if (node !== null) {
      const k = this.byNode.get(node);
      if (k !== undefined && k.document === document && k.pointer === pointer) return k.fn;
    }
    const fn = this.byText(document, pointer, expr, make);
    if (node !== null) this.byNode.set(node, { document, pointer, fn });
    return fn;
  }

  private byText(document: object, pointer: string, expr: unknown, make: () => CompiledExpr): CompiledExpr {
    let kept = this.byDocument.get(document);
    if (!kept) this.byDocument.set(document, (kept = new Map()));
    const key = `${pointer}\n${JSON.stringify(expr)}`;
    let fn = kept.get(key);
    if (fn === undefined) {
      fn = make(); // a failure throws: nothing is kept
      if (kept.size >= MAX_PER_DOCUMENT) kept.clear();
      kept.set(key, fn);
    }
    return fn;
  }

  /** How many expressions are kept for `document` (tests). */
  sizeFor(document: object): number {
    return this.byDocument.get(document)?.size ?? 0;
  }
}
