// Time as every part of the main process reads it: the engine (each request's instant, sweeps),
// the counter and its sync. One interface, so tests move a single ManualClock for all of them.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests (and the sandbox's time-travel helpers) move by hand. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-11-22T15:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
