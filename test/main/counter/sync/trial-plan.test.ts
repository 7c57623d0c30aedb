// The trial plan is a pure function of its options: replayable from the seed, within bounds,
// and able to draw every kind of step.
import { describe, expect, it } from 'vitest';
import { describeStep, FAULT_STEP_KINDS, planTrial, STEP_KINDS, type Step } from './trial-plan';
import { plannedTrials } from './trial-suite';
import { refusesOptionalReads, shiftsAPage } from './trial-steps';

describe('planTrial', () => {
  it('replays the same steps from the same seed, and other steps from another seed', () => {
    expect(planTrial({ seed: 77, steps: 50, counters: 2 })).toEqual(planTrial({ seed: 77, steps: 50, counters: 2 }));
    expect(planTrial({ seed: 77, steps: 50, counters: 2 })).not.toEqual(
      planTrial({ seed: 78, steps: 50, counters: 2 }),
    );
    expect(planTrial({ seed: 1, steps: 0, counters: 1 })).toEqual([]);
  });

  it('draws every kind over a long plan, with every parameter in its bounds', () => {
    const steps = planTrial({ seed: 2024, steps: 2_000, counters: 2 });
    expect(new Set(steps.map((s) => s.kind))).toEqual(new Set(STEP_KINDS));
    const counters = new Set<number>();
    for (const step of steps) {
      if ('counter' in step) counters.add(step.counter);
      if (step.kind === 'create' || step.kind === 'kill-counter')
        expect(Number.isInteger(step.value) && step.value >= 1 && step.value <= 500_000).toBe(true);
      if ('pick' in step) expect(step.pick >= 0 && step.pick < 1).toBe(true);
      if (step.kind === 'refund') expect(step.fraction > 0 && step.fraction < 1).toBe(true);
      if (step.kind === 'faults')
        expect(Object.values(step.rates).reduce((a, b) => a + (b ?? 0), 0)).toBeLessThanOrEqual(1);
      if (step.kind === 'pause') expect(step.ms >= 50 && step.ms <= 600).toBe(true);
    }
    expect(counters).toEqual(new Set([0, 1]));
    const faults = steps.filter((s): s is Extract<Step, { kind: 'faults' }> => s.kind === 'faults');
    expect(new Set(faults.map((s) => s.writesOnly))).toEqual(new Set([true, false]));
  });

  it("refuses optional reads and shifts pages in some of the default trials' fault plans, each independently", () => {
    const faults = plannedTrials()
      .flatMap((trial) => planTrial({ seed: trial.seed, steps: 40, counters: trial.counters }))
      .filter((s): s is Extract<Step, { kind: 'faults' }> => s.kind === 'faults');
    const combos = new Set(faults.map((s) => `${refusesOptionalReads(s)}/${shiftsAPage(s)}`));
    expect(combos).toEqual(new Set(['true/true', 'true/false', 'false/true', 'false/false']));
  });

  it('uses only counter 0 with one counter', () => {
    const steps = planTrial({ seed: 5, steps: 500, counters: 1 });
    expect(
      steps.filter((s): s is Extract<Step, { counter: number }> => 'counter' in s).every((s) => s.counter === 0),
    ).toBe(true);
  });

  it('never draws the kinds left out (a control trial has no faults)', () => {
    const steps = planTrial({ seed: 9, steps: 1_000, counters: 2, without: FAULT_STEP_KINDS });
    expect(steps.length).toBe(1_000);
    for (const step of steps) expect(FAULT_STEP_KINDS).not.toContain(step.kind);
  });

  it('refuses a negative or fractional number of steps', () => {
    expect(() => planTrial({ seed: 1, steps: -1, counters: 1 })).toThrow(RangeError);
    expect(() => planTrial({ seed: 1, steps: 1.5, counters: 1 })).toThrow(RangeError);
  });

  it('describes each step in one line', () => {
    for (const step of planTrial({ seed: 3, steps: 300, counters: 2 })) {
      const text = describeStep(step);
      expect(
        text.startsWith(
          step.kind === 'kill-counter' ? 'kill -9' : step.kind === 'restart-remote' ? 'restart remote' : step.kind,
        ),
      ).toBe(true);
      expect(text).not.toContain('\n');
    }
  });
});
