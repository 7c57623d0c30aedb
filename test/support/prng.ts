// A small seeded PRNG (mulberry32) for fault plans and trials: the same seed gives the same
// choices, so a failing trial can be replayed from the seed it prints. Not for anything secret.

export class SeededRandom {
  private state: number;

  constructor(readonly seed: number) {
    // Any integer is a seed; `>>> 0` folds it into mulberry32's 32-bit state.
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) throw new RangeError(`bad range ${min}..${max}`);
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of `weights`' keys, each with probability weight / sum of weights. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = (Object.entries(weights) as [K, number][]).filter(([, weight]) => weight > 0);
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    if (total <= 0) throw new RangeError('weighted pick needs a positive weight');
    let roll = this.next() * total;
    for (const [key, weight] of entries) {
      roll -= weight;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }

  /** A 32-bit seed for an independent stream (a fault plan of its own, say). */
  seedForChild(): number {
    return Math.floor(this.next() * 4294967296) >>> 0;
  }
}
