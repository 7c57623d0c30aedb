// The runner itself, on real processes: a control trial (sales, cancels, payments and refunds,
// no faults) reaches a verdict on a drained queue, and a world broken behind the counters' back
// is caught end to end and reported with its seed and steps.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRemoteCharge, remoteCall } from '#test/support/remote-api';
import { FAULT_STEP_KINDS } from './trial-plan';
import { formatTrialReport } from './trial-report';
import { runTrial, trialPassed } from './trial-runner';

// Seeded so the plan has creates, a cancel, payments and a refund in its first steps. No fault,
// so no offline sale: "cliente mostrou o comprovante" would only be refused, and is left out.
const CONTROL = {
  seed: 20261124,
  steps: 24,
  counters: 1 as const,
  without: FAULT_STEP_KINDS,
  weights: { pause: 0, receipt: 0 },
};

describe('trial runner', () => {
  it('runs a control trial without faults to a verdict, every step logged', { timeout: 120_000 }, async () => {
    const result = await runTrial(CONTROL);
    const report = formatTrialReport(result);
    expect(result.error, report).toBeUndefined();
    expect(result.steps).toHaveLength(CONTROL.steps);
    expect(result.drained, report).toBe(true);
    // The plan's own mix: the ledger must show the cashier's work reached the counter.
    const kinds = new Set(result.steps.map((entry) => entry.step.kind));
    expect(kinds).toEqual(new Set(['create', 'cancel', 'pay', 'refund']));
    expect(result.finalInput!.ledger.created.length).toBeGreaterThan(3);
    expect(result.finalInput!.ledger.paid.length).toBeGreaterThan(0);
    expect(result.violations, report).toEqual([]);
    expect(trialPassed(result)).toBe(true);
  });

  it(
    'catches a world broken behind the counters’ back, and reports the seed and the steps',
    { timeout: 120_000 },
    async () => {
      const orphan = `orphan-${randomUUID()}`;
      const result = await runTrial({
        ...CONTROL,
        steps: 6,
        // A charge no counter made, and a refund no counter asked for: an auditor must see both.
        async beforeVerdict(world) {
          const created = await createRemoteCharge(world.remote, { correlationID: orphan, value: 777 });
          expect(created.status).toBe(200);
          // And a static QR code no counter registered, through the strict API (which does not show
          // its identifier): the auditor's view (the service's back office) does.
          const code = await remoteCall(world.remote, '/api/v1/qrcode-static', {
            method: 'POST',
            body: { name: 'Feito por fora', correlationID: `${orphan}-qr`, value: 555 },
          });
          expect(code.status).toBe(200);
        },
        convergeTimeoutMs: 1_000,
      });
      expect(result.error).toBeUndefined();
      expect(trialPassed(result)).toBe(false);
      expect(result.violations).toContain(
        `remote-orphan-charge: the remote has ${orphan} (ACTIVE, 777) and no counter lists it`,
      );
      expect(result.violations.find((v) => v.startsWith('remote-orphan-qrcode:'))).toMatch(
        new RegExp(`static QR code \\w+ \\(${orphan}-qr, "Feito por fora", 555\\)`),
      );
      const report = formatTrialReport(result);
      expect(report).toContain(`Trial seed=${CONTROL.seed} steps=6 counters=1: FAILED`);
      expect(report).toContain('  #6 ');
    },
  );

  it('counts a refund made at the remote behind the counter as an orphan refund', { timeout: 120_000 }, async () => {
    const result = await runTrial({
      ...CONTROL,
      // No refund of the trial's own: the counter reads again (and adopts) the refunds of a sale
      // whose own refunds are still settling, and then the one made behind its back is no orphan.
      weights: { ...CONTROL.weights, refund: 0 },
      async beforeVerdict(world, ledger) {
        // Refund 1 cent of a sale the trial paid, under an id no counter knows.
        const paid = ledger.paid[0];
        expect(paid).toBeDefined();
        const refunded = await remoteCall(world.remote, `/api/v1/charge/${paid!.correlationID}/refund`, {
          method: 'POST',
          body: { correlationID: 'behind-the-back', value: 1 },
        });
        expect(refunded.status).toBe(200);
      },
      convergeTimeoutMs: 1_000,
    });
    expect(result.error).toBeUndefined();
    expect(
      result.violations.some((v) => v.startsWith('refund-orphan-remote: the remote has refund behind-the-back')),
    ).toBe(true);
    expect(result.violations.some((v) => v.startsWith('totals-mismatch:'))).toBe(true);
  });
});
