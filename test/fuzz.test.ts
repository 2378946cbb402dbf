/**
 * Fuzzing every shipped document, in process (test/support/fuzz.ts has the mutations).
 *
 * For FUZZ_DOCS mutated documents (20 000 by default), each loaded with the documents it needs
 * and, when it loads, run for a bounded number of rounds:
 *   - every failure is a PhasebookError whose diagnostics are located: a file among the
 *     documents, a line and column inside its text, a JSON pointer that exists in it;
 *   - nothing else is ever thrown (no TypeError, RangeError, stack overflow…);
 *   - every run ends with combat.end within its round limit;
 *   - no built-in prototype gains or loses a property.
 * The work is bounded by the count of documents, never by time.
 *
 * Reproduce a failure with the seed and index it prints:
 *   FUZZ_SEED=<seed> FUZZ_START=<index> FUZZ_DOCS=1 npx vitest run test/fuzz.test.ts
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { docSeed, Harness, mutate, Prng, prototypeSnapshot, shippedDocs, type Mutant, type Problem } from './support/fuzz.js';

const ROOT = join(import.meta.dirname, '..');
const DOCS = Number(process.env.FUZZ_DOCS ?? 20_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const START = Number(process.env.FUZZ_START ?? 0);

interface Failure {
  index: number;
  mutant: Mutant;
  problem: Problem;
}

describe('fuzzing the shipped documents', () => {
  const docs = shippedDocs(ROOT);

  it('finds every kind of shipped document', () => {
    expect(docs.filter((d) => d.kind === 'ruleset').length).toBeGreaterThanOrEqual(5);
    expect(docs.filter((d) => d.kind === 'overlay').length).toBeGreaterThanOrEqual(10);
    expect(docs.filter((d) => d.kind === 'encounter').length).toBeGreaterThanOrEqual(5);
  });

  it(`${DOCS} mutated documents: located diagnostics only, bounded runs, no prototype touched (seed ${SEED})`, () => {
    const harness = new Harness(docs);
    const before = prototypeSnapshot();
    const failures: Failure[] = [];
    const counts = { ran: 0, refused: 0 };
    for (let index = START; index < START + DOCS; index++) {
      const seed = docSeed(SEED, index);
      const rng = new Prng(seed);
      const doc = harness.pick(rng);
      const mutant = mutate(doc, rng);
      const { outcome, problems } = harness.check(mutant, seed);
      counts[outcome]++;
      for (const problem of problems) failures.push({ index, mutant, problem });
      if (prototypeSnapshot() !== before) {
        failures.push({ index, mutant, problem: { kind: 'exception', detail: 'a built-in prototype changed' } });
        break;
      }
      if (failures.length >= 20) break;
    }
    const report = failures
      .slice(0, 5)
      .map(
        (f) =>
          `FUZZ_SEED=${SEED} FUZZ_START=${f.index} FUZZ_DOCS=1 — ${f.mutant.doc.path} after [${f.mutant.mutations.join('; ')}]\n  ${f.problem.kind}: ${f.problem.detail.slice(0, 1500)}`,
      )
      .join('\n');
    console.log(
      `fuzz: ${counts.ran + counts.refused} documents (seed ${SEED}, from ${START}): ${counts.ran} ran, ${counts.refused} refused, ${failures.length} failures`,
    );
    expect(failures.length, report).toBe(0);
    // Both paths are exercised: mutants that still run, and mutants that are refused (not
    // asserted when replaying a few documents).
    if (DOCS >= 1000) {
      expect(counts.ran).toBeGreaterThan(DOCS / 50);
      expect(counts.refused).toBeGreaterThan(DOCS / 4);
    }
    // The work is bounded by the count of documents; this limit only catches a hang, and is
    // generous so that a loaded machine never fails the test.
  }, 3_600_000);
});
