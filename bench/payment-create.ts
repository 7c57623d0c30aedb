// Pix out: POST /api/v1/payment with autoApprove (create and approve in one call: the payment,
// its route, the limit check, the ledger hold and two events in one transaction) against charge
// creation, the service's most common write, through the same engine on the same file database.
// The payments go to another company of the sandbox, so they settle into it as Pix in while the
// bench runs (the settlement sweep is part of the cost, as it is in service).

import { join } from 'node:path';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { createSandboxService } from '#service/index';
import { CHARGE_BODY } from './charge-rows';
import { interleavedRates } from './measure';
import type { BenchSection } from './report';

export interface PaymentCreateOptions {
  rounds: number;
  batchMs: number;
  warmupMs: number;
}

export async function benchPaymentCreate(dir: string, options: PaymentCreateOptions): Promise<BenchSection> {
  const service = createSandboxService({ dbPath: join(dir, 'payment-create.db') });
  try {
    const { engine, appId } = service;
    const receiver = createSandboxCompany(engine.db, new Date(), { tradeName: 'Fornecedor' });
    const tenant = engine.tenancy.resolveTenant(appId)!;
    // Limits out of the way: the bench measures the write, not the refusal.
    engine.db.prepare('UPDATE bank_accounts SET limits = ? WHERE id = ?').run(
      JSON.stringify({
        pixDayLimit: 1e12,
        pixNightLimit: 1e12,
        pixOutDifferentHolderDayLimit: 1e12,
        pixOutDifferentHolderNightLimit: 1e12,
      }),
      tenant.account.id,
    );
    const { pixQrCode } = await engine.call(appId, 'createPixQrCode', {
      body: { name: 'Saldo', value: 90_000_000_000 },
    });
    await engine.call(appId, 'sandboxPayBrCode', { body: { brCode: pixQrCode.brCode } });

    let payments = 0;
    let charges = 0;
    const rates = await interleavedRates(
      () =>
        engine.call(appId, 'createPayment', {
          body: {
            type: 'PIX_KEY',
            correlationID: `pay-${payments++}`,
            value: 1,
            destinationAlias: receiver.pixKey,
            destinationAliasType: 'RANDOM',
            autoApprove: true,
          },
        }),
      () => engine.call(appId, 'createCharge', { body: { ...CHARGE_BODY, correlationID: `charge-${charges++}` } }),
      options,
    );
    const statuses = engine.db.prepare('SELECT status, COUNT(*) AS n FROM payments GROUP BY status').all();
    return {
      rows: [
        {
          operation: 'engine createPayment autoApprove (file DB)',
          measured: rates.subject,
          unit: 'ops/s',
          baseline: rates.baseline,
          baselineLabel: 'engine createCharge',
          ratio: rates.subject / rates.baseline,
          ratioLabel: 'payment/charge',
          aim: null,
          note: 'reported; the issue sets no aim',
        },
      ],
      notes: [],
      raw: {
        paymentOpsPerSecBatches: rates.subjectBatches,
        chargeOpsPerSecBatches: rates.baselineBatches,
        paymentsByStatus: statuses,
      },
    };
  } finally {
    await service.close();
  }
}
