// A failing trial's report must carry what it takes to replay and read it.
import { describe, expect, it } from 'vitest';
import { formatTrialReport, replayCommand } from './trial-report';
import type { TrialResult } from './trial-runner';

const SALE = 'balcao-0f8e2a52-5d3c-4d8e-9a57-2b1f3c4d5e6f';

function failed(): TrialResult {
  return {
    options: { seed: 4242, steps: 3, counters: 2 },
    steps: [
      { index: 1, step: { kind: 'create', counter: 0, value: 1234 }, outcome: `created ${SALE} PENDING`, ms: 12 },
      { index: 2, step: { kind: 'cut', counter: 1, mode: 'refuse' }, outcome: 'cut', ms: 3 },
      {
        index: 3,
        step: { kind: 'kill-counter', counter: 0, duringCreate: true, afterMs: 7, value: 99 },
        outcome: 'killed 7 ms into createSale: no sale (no answer); restarted',
        ms: 1100,
      },
    ],
    violations: [`sale-lost: c0 returned ${SALE} (1234) to the cashier and no longer lists it`],
    drained: false,
    settled: false,
    durationMs: 5_432,
    phasesMs: { start: 1_200, steps: 1_115, drain: 3_000, settle: 0, converge: 117 },
    proxyLogs: [
      [
        {
          seq: 1,
          method: 'POST',
          path: '/api/v1/charge',
          body: `{"correlationID":"${SALE}"}`,
          fault: { kind: 'drop-after' },
          forwarded: true,
          upstreamStatus: 200,
          delivered: 'none',
          clientGone: false,
          startedAt: 0,
          endedAt: 1,
        },
        {
          seq: 2,
          method: 'GET',
          path: `/api/v1/charge/${SALE}`,
          body: '',
          fault: { kind: 'pass' },
          forwarded: true,
          upstreamStatus: 400,
          delivered: 'full',
          clientGone: false,
          startedAt: 1,
          endedAt: 2,
        },
      ],
      [],
    ],
    counterOutput: ['Listening on http://127.0.0.1:1/?token=x\n[sync] boom', ''],
  };
}

describe('formatTrialReport', () => {
  it('gives the seed, the replay command, the violations, every step, the faults and the counters’ output', () => {
    const report = formatTrialReport(failed());
    expect(report).toContain('Trial seed=4242 steps=3 counters=2: FAILED in 5.4 s (queues did not drain)');
    expect(report).toContain(`Replay: ${replayCommand(failed())}`);
    expect(report).toContain('Time: start 1.2 s, steps 1.1 s, drain 3.0 s, settle 0.0 s, converge 0.1 s');
    expect(replayCommand(failed())).toBe(
      'TRIAL_SEED=4242 TRIAL_STEPS=3 TRIAL_COUNTERS=2 TRIAL_COUNT=1 npx vitest run test/main/counter/sync/trials-1.test.ts',
    );
    expect(report).toContain(`  - sale-lost: c0 returned ${SALE} (1234) to the cashier and no longer lists it`);
    expect(report).toContain(`  #1 create c0 1234 → created ${SALE} PENDING (12 ms)`);
    expect(report).toContain('  #2 cut c1 (refuse) → cut (3 ms)');
    expect(report).toContain(
      '  #3 kill -9 c0 7 ms into createSale(99) → killed 7 ms into createSale: no sale (no answer); restarted (1100 ms)',
    );
    expect(report).toContain('Proxy c0: 2 requests, 1 faulted (drop-after ×1); last 2:');
    expect(report).toContain('  1 POST /api/v1/charge [drop-after] server 200, client got none');
    // Every request about a sale a violation names, wherever it is in the log.
    expect(report).toContain(
      `Requests about the ids in the violations:\n  ${SALE}:\n    c0 1 POST /api/v1/charge [drop-after] server 200, client got none\n    c0 2 GET /api/v1/charge/${SALE} [pass] server 400, client got full`,
    );
    expect(report).toContain('[sync] boom');
  });

  it('says a trial broke (and why) rather than failed when the runner itself could not go on', () => {
    const result = {
      ...failed(),
      violations: [],
      error: 'Error: src/main/counter/hosts/web/start-web.ts exited before announcing itself',
    };
    const report = formatTrialReport(result);
    expect(report).toContain(': BROKE in');
    expect(report).toContain('    Error: src/main/counter/hosts/web/start-web.ts exited before announcing itself');
  });
});
