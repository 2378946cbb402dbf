/**
 * resolveOverlays shares the base's untouched parts (issue 9, edit → timeline): no copy of the
 * whole ruleset per build. What a change reaches is copied along its path, so the base document
 * is never changed, the overlays' values are never shared, and resolving the same base with other
 * overlays gives what a fresh copy would.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Overlay, Ruleset } from '../interpreter/model/types.js';
import { readDocumentText } from '../interpreter/read/index.js';
import { resolveOverlays, type Located } from '../interpreter/resolve/overlays.js';

const read = <T>(path: string): Located<T> => {
  const doc = readDocumentText(path, readFileSync(path, 'utf8'));
  return { file: doc.file, value: doc.value as T, locate: (p) => doc.locate(p) };
};
const base = () => read<Ruleset>('rulesets/ose/ose.json');
const phased = () => read<Overlay>('rulesets/ose/overlays/phased-round.json');
const crossbows = () => read<Overlay>('rulesets/ose/overlays/crossbow-speed.json');
type Tree = Record<string, unknown>;
const phase = (rs: Ruleset, id: string) => rs.round.phases.find((p) => p.id === id)!;

describe('resolveOverlays shares what no change reaches', () => {
  it('keeps the untouched parts of the base, copies the paths the changes take', () => {
    const b = base();
    const before = JSON.stringify(b.value);
    const r = resolveOverlays(b, [phased(), crossbows()]);
    // The base is as it was, and equal to a fresh read.
    expect(JSON.stringify(b.value)).toBe(before);
    expect(JSON.stringify(b.value)).toBe(JSON.stringify(base().value));
    // Untouched: the same objects.
    expect(r.ruleset.economy).toBe(b.value.economy);
    expect(r.ruleset.end).toBe(b.value.end);
    expect(r.ruleset.combatant.derived).toBe(b.value.combatant.derived);
    expect(phase(r.ruleset, 'morale')).toBe(phase(b.value, 'morale'));
    expect(r.ruleset.actions.find((a) => a.id === 'shoot')).toBe(b.value.actions.find((a) => a.id === 'shoot'));
    // On a change's path: copies, the base's own left alone.
    expect(r.ruleset).not.toBe(b.value);
    expect(r.ruleset.round).not.toBe(b.value.round);
    expect(r.ruleset.actions).not.toBe(b.value.actions);
    expect(phase(r.ruleset, 'missile')).not.toBe(phase(b.value, 'missile'));
    expect(phase(r.ruleset, 'missile').steps.map((s) => s.id)).not.toEqual(phase(b.value, 'missile').steps.map((s) => s.id));
  });

  it('resolves the same base again, with or without overlays, as from a fresh read', () => {
    const b = base();
    const fresh = (os: Array<() => Located<Overlay>>) =>
      JSON.stringify(
        resolveOverlays(
          base(),
          os.map((o) => o()),
        ).ruleset,
      );
    for (const os of [[phased, crossbows], [], [phased], [phased, crossbows]]) {
      expect(
        JSON.stringify(
          resolveOverlays(
            b,
            os.map((o) => o()),
          ).ruleset,
        ),
      ).toBe(fresh(os));
    }
    expect(resolveOverlays(b, []).ruleset.round).toBe(b.value.round);
  });

  it('never shares an overlay value: a later change copies before it alters', () => {
    const o = phased();
    const before = JSON.stringify(o.value);
    const r = resolveOverlays(base(), [o, crossbows()]);
    expect(JSON.stringify(o.value)).toBe(before);
    const missiles = (r.ruleset.round.phases.find((p) => p.id === 'missile')!.steps as unknown as Tree[]).find((s) => s.id === 'missiles');
    const given = (o.value.changes.find((c) => c.path === '/round/phases/missile/steps/missiles') as unknown as { value: Tree }).value;
    expect(missiles).not.toBe(given);
  });

  it('tells where every part came from, where() as origin() does', () => {
    const r = resolveOverlays(base(), [phased(), crossbows()]);
    const pointers = (v: unknown, p: string, out: string[]): string[] => {
      out.push(p);
      if (typeof v === 'object' && v !== null)
        for (const k of Object.keys(v)) pointers((v as Tree)[k], `${p}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
      return out;
    };
    const all = pointers(r.ruleset, '', []);
    expect(all.length).toBeGreaterThan(1000);
    const files = new Set<string>();
    for (const p of all) {
      const o = r.origin(p);
      expect(r.where!(p)).toEqual({ file: o.file, pointer: o.pointer });
      files.add(o.file);
    }
    expect(files.size).toBe(3); // the base and both overlays
  });
});
