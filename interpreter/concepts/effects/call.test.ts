/**
 * The `call` effect's bound on procedures calling procedures: a procedure that calls itself
 * stops at MAX_CALL_DEPTH calls in progress on one frame, with the error at the call; calls
 * that return free their place (a procedure called many times one after another is fine).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PhasebookError } from '../../diagnostics.js';
import { loadEncounter, loadProgram, run } from '../../pipeline.js';
import { MAX_CALL_DEPTH } from './call.js';

const ROOT = join(import.meta.dirname, '../../..');
const MINI = join(ROOT, 'test/fixtures/bad/mini.json');
const ENC = join(ROOT, 'test/fixtures/bad/mini-encounter.json');

/** The mini ruleset whose `hit` runs `effects`, with `procedures`. */
function runWith(effects: unknown[], procedures: Record<string, unknown[]>): unknown {
  const doc = JSON.parse(readFileSync(MINI, 'utf8')) as Record<string, unknown> & { actions: Array<Record<string, unknown>> };
  doc.actions[0]!.effects = effects;
  doc.procedures = procedures;
  const program = loadProgram(MINI, [], new Map([[MINI, JSON.stringify(doc)]]));
  const enc = loadEncounter(ENC, program);
  return run(program, enc, { seed: 1 });
}

describe('call', () => {
  it('stops a procedure that calls itself at the depth bound, at the call', () => {
    let error: unknown;
    try {
      runWith([{ op: 'call', procedure: 'loop' }], { loop: [{ op: 'call', procedure: 'loop' }] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PhasebookError);
    const d = (error as PhasebookError).diagnostics[0]!;
    expect(d.pointer).toBe('/procedures/loop/0/procedure');
    expect(d.message).toBe(`procedure "loop" calls itself more than ${MAX_CALL_DEPTH} deep`);
  });

  it('counts calls in progress, not calls made', () => {
    const twenty = Array.from({ length: MAX_CALL_DEPTH + 4 }, () => ({ op: 'call', procedure: 'nested' }));
    const chain: Record<string, unknown[]> = { nested: [{ op: 'call', procedure: 'leaf' }], leaf: [] };
    expect(() => runWith(twenty, chain)).not.toThrow();
  });
});
