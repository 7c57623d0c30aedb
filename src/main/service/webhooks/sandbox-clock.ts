import type { FastifyInstance } from 'fastify';
import type { Clock } from '#lib/clock';
import type { Engine } from '../engine/engine';
import { appIdFrom } from '../http/auth-header';
import type { Db } from '#lib/store/database';

/**
 * `npm run serve -- --manual-clock`: the served sandbox's time stands still until a test moves it
 * (POST /sandbox/clock), so 72 hours of webhook retries, charge expiries and settlements take
 * seconds. The instant is stored in the database, so a kill -9 restart resumes where it was
 * instead of jumping back to the real time. Off by default; never part of the service's API.
 */
export class PersistedManualClock implements Clock {
  private current: number;

  constructor(
    private readonly db: Db,
    start: Date = new Date(),
  ) {
    const stored = db.prepare<[], { now: string }>('SELECT now FROM sandbox_clock WHERE id = 1').get();
    this.current = stored ? Date.parse(stored.now) : start.getTime();
    if (!stored) this.save();
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Moves time forward (never back: events already stamped would come out of order). */
  advance(ms: number): void {
    this.current += ms;
    this.save();
  }

  private save(): void {
    this.db
      .prepare('INSERT INTO sandbox_clock (id, now) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET now = excluded.now')
      .run(new Date(this.current).toISOString());
  }
}

const MAX_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * GET /sandbox/clock → {now}; POST /sandbox/clock {advanceMs} → {now}. Any valid AppID of this
 * sandbox may move it. `moved` runs after each move (the dispatcher looks at its queue again).
 */
export function registerSandboxClockRoutes(
  app: FastifyInstance,
  engine: Engine,
  clock: PersistedManualClock,
  moved: () => void,
): void {
  const refuse = (appId: string | undefined) =>
    appId && engine.tenancy.resolveTenant(appId) ? null : { error: 'Invalid appID' };
  app.get('/sandbox/clock', async (request, reply) => {
    const refusal = refuse(appIdFrom(request));
    if (refusal) return reply.code(401).send(refusal);
    return { now: clock.now().toISOString() };
  });
  app.post('/sandbox/clock', async (request, reply) => {
    const refusal = refuse(appIdFrom(request));
    if (refusal) return reply.code(401).send(refusal);
    const advanceMs = (request.body as { advanceMs?: unknown } | undefined)?.advanceMs;
    if (
      typeof advanceMs !== 'number' ||
      !Number.isSafeInteger(advanceMs) ||
      advanceMs < 0 ||
      advanceMs > MAX_ADVANCE_MS
    ) {
      return reply
        .code(400)
        .send({ error: `advanceMs must be an integer number of milliseconds from 0 to ${MAX_ADVANCE_MS}` });
    }
    clock.advance(advanceMs);
    engine.sweep();
    moved();
    return { now: clock.now().toISOString() };
  });
}
