/**
 * The readable timeline (interpreter/trace/text.ts) leaves out headers with nothing under them:
 * a phase in which nothing happened, and a continued turn (an interrupted turn resumed) with
 * nothing left to do. A continued turn that does something keeps its header.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import type { TraceEvent } from '../interpreter/trace/events.js';
import { formatTimeline } from '../interpreter/trace/text.js';
import { ROOT } from './support/cases.js';

function eventsOf(ruleset: string, encounter: string): TraceEvent[] {
  const program = loadProgram(join(ROOT, ruleset));
  return run(program, loadEncounter(join(ROOT, encounter), program), { seed: 1 }).events;
}

/** Continued turns whose next turn (or round) starts before any event of their own. */
function emptyContinued(events: TraceEvent[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < events.length - 1; i++) {
    const e = events[i]!;
    const next = events[i + 1]!;
    if (e.type === 'turn.start' && e.continued && (next.type === 'turn.start' || next.type === 'round.end')) found.push(e.who.join(' + '));
  }
  return found;
}

describe('the readable timeline', () => {
  it('an interrupted turn resumed with nothing left to do prints no header', () => {
    // The boss loses a contested step-in, acts, and the sniper acts right after: the boss's
    // turn then continues with nothing left in it.
    const events = eventsOf(
      'examples/packs/dealt-initiative/rulesets/dealt-initiative.json',
      'examples/packs/dealt-initiative/encounters/alley.json',
    );
    const empty = emptyContinued(events);
    expect(empty.length).toBeGreaterThan(0);
    const text = formatTimeline(events);
    for (const who of empty) expect(text).not.toContain(`Turn of ${who} (continued)\n  Turn of`);
    const lines = text.split('\n');
    lines.forEach((l, i) => {
      if (/^ {2}Turn of .*\(continued\)$/.test(l)) expect(lines[i + 1]).toMatch(/^ {4}/);
    });
  });

  it('a continued turn that does something keeps its header', () => {
    const events = eventsOf('rulesets/cepheus/cepheus.json', 'rulesets/cepheus/encounters/sample.json');
    const continued = events.filter((e) => e.type === 'turn.start' && e.continued);
    expect(continued.length).toBeGreaterThan(0);
    const shown = formatTimeline(events)
      .split('\n')
      .filter((l) => l.endsWith('(continued)') && l.includes('Turn of'));
    expect(shown.length).toBe(continued.length - emptyContinued(events).length);
    expect(shown.length).toBeGreaterThan(0);
  });
});
