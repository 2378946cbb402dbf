/**
 * Whom an effect touches (`to` of damage and heal, `on` of set, adjust and condition): `self`,
 * `target`, or a third combatant — `{"pick": <target picker>}` or `{"id": <expression>}`. One
 * file each; a new kind: one file and one line here.
 */
import type { Engine } from '../../run/engine.js';
import type { Cmb, Frame } from '../../run/types.js';
import type { EffectCompiler, SubjectKind } from '../types.js';
import self from './self.js';
import target from './target.js';
import pick from './pick.js';
import id from './id.js';

export const SUBJECTS: Record<string, SubjectKind> = Object.fromEntries([self, target, pick, id].map((s) => [s.name, s]));

/** Compile the `who` at `field` of an effect (absent: `fallback`) into the combatant it names when the effect runs. */
export function compileSubject(
  who: unknown,
  fallback: 'self' | 'target',
  cx: EffectCompiler,
  field: string,
): (f: Frame, eng: Engine) => Cmb | null {
  const value = who ?? fallback;
  if (typeof value === 'string') {
    const kind = Object.hasOwn(SUBJECTS, value) ? SUBJECTS[value] : undefined;
    if (!kind || kind.name === 'pick' || kind.name === 'id')
      throw cx.ev.at(`${cx.ptr}/${field}`, `unknown subject "${value}"; write self, target, {"pick": …} or {"id": …}`);
    return kind.compile(null, cx, field);
  }
  const keys = typeof value === 'object' && value !== null ? Object.keys(value) : [];
  const kind = keys.length === 1 && Object.hasOwn(SUBJECTS, keys[0]!) ? SUBJECTS[keys[0]!] : undefined;
  if (!kind || kind.name === 'self' || kind.name === 'target')
    throw cx.ev.at(`${cx.ptr}/${field}`, 'a subject is self, target, {"pick": <target picker>} or {"id": <expression>}');
  return kind.compile((value as Record<string, unknown>)[keys[0]!], cx, field);
}
