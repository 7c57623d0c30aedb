// The seeded pieces, without any server: the PRNG and the random fault plan must replay exactly
// from a seed, or a failing trial's seed would be worthless.
import { describe, expect, it } from 'vitest';
import { randomFaultPlan, scriptedPlan, type FaultKind, type ProxiedRequest } from './fault-proxy';
import { SeededRandom } from './prng';

function request(seq: number, method = 'POST', path = '/api/v1/charge'): ProxiedRequest {
  return { seq, method, path, headers: {}, body: '' };
}

describe('SeededRandom', () => {
  it('replays the same sequence from the same seed, and another from another seed', () => {
    const draw = (seed: number) => {
      const random = new SeededRandom(seed);
      return Array.from({ length: 20 }, () => random.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    for (const value of draw(7)) expect(value >= 0 && value < 1).toBe(true);
  });

  it('int stays within its inclusive bounds and reaches both ends', () => {
    const random = new SeededRandom(1);
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) seen.add(random.int(3, 7));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
    expect(() => random.int(5, 4)).toThrow(RangeError);
  });

  it('weighted picks follow the weights and never pick a zero weight', () => {
    const random = new SeededRandom(9);
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 10_000; i++) counts[random.weighted({ a: 3, b: 1, never: 0 })]++;
    expect(counts.never).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(2.5);
    expect(counts.a / counts.b).toBeLessThan(3.5);
  });
});

describe('randomFaultPlan', () => {
  const rates = {
    dropBefore: 0.1,
    dropAfter: 0.1,
    delay: 0.1,
    hang: 0.05,
    status500: 0.1,
    status429: 0.1,
    resetMidBody: 0.1,
  };

  it('gives the same faults for the same seed and request sequence', () => {
    const run = (seed: number) => {
      const plan = randomFaultPlan(seed, rates);
      return Array.from({ length: 200 }, (_, i) => plan(request(i + 1)));
    };
    expect(run(5)).toEqual(run(5));
    expect(run(5)).not.toEqual(run(6));
  });

  it('draws every kind at roughly its rate, with parameters in their bounds', () => {
    const plan = randomFaultPlan(11, rates, { delayMs: [100, 200], retryAfterSeconds: [1, 4] });
    const counts: Partial<Record<FaultKind | 'status500' | 'status429', number>> = {};
    const n = 20_000;
    for (let i = 1; i <= n; i++) {
      const fault = plan(request(i));
      const key = fault.kind === 'status' ? (fault.status === 500 ? 'status500' : 'status429') : fault.kind;
      counts[key] = (counts[key] ?? 0) + 1;
      if (fault.kind === 'delay') expect(fault.ms >= 100 && fault.ms <= 200).toBe(true);
      if (fault.kind === 'status' && fault.status === 429)
        expect(fault.retryAfterSeconds! >= 1 && fault.retryAfterSeconds! <= 4).toBe(true);
      if (fault.kind === 'status' && fault.status === 500) expect(fault.retryAfterSeconds).toBeUndefined();
    }
    const expected: Record<string, number> = {
      'drop-before': 0.1,
      'drop-after': 0.1,
      delay: 0.1,
      hang: 0.05,
      status500: 0.1,
      status429: 0.1,
      'reset-mid-body': 0.1,
      pass: 0.35,
    };
    for (const [key, rate] of Object.entries(expected)) {
      expect(Math.abs((counts[key as FaultKind] ?? 0) / n - rate), key).toBeLessThan(0.015);
    }
  });

  it('faults only the requests `only` accepts, without shifting the others’ draws', () => {
    const onlyPosts = randomFaultPlan(3, { dropBefore: 1 }, { only: (r) => r.method === 'POST' });
    expect(onlyPosts(request(1, 'GET', '/api/v1/charge/x'))).toEqual({ kind: 'pass' });
    expect(onlyPosts(request(2, 'POST'))).toEqual({ kind: 'drop-before' });

    const all = randomFaultPlan(8, rates);
    const filtered = randomFaultPlan(8, rates, { only: (r) => r.seq % 2 === 0 });
    for (let i = 1; i <= 100; i++) {
      const a = all(request(i));
      const b = filtered(request(i));
      if (i % 2 === 0) expect(b).toEqual(a);
      else expect(b).toEqual({ kind: 'pass' });
    }
  });

  it('refuses rates adding up to more than 1', () => {
    expect(() => randomFaultPlan(1, { dropBefore: 0.6, dropAfter: 0.6 })).toThrow(RangeError);
  });
});

describe('scriptedPlan', () => {
  it('hands out its faults in order, then passes', () => {
    const plan = scriptedPlan([{ kind: 'drop-before' }, { kind: 'status', status: 500 }]);
    expect([plan(request(1)), plan(request(2)), plan(request(3))]).toEqual([
      { kind: 'drop-before' },
      { kind: 'status', status: 500 },
      { kind: 'pass' },
    ]);
  });
});
