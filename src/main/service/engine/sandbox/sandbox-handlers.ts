import { z } from 'zod';
import { chargeAmountDue } from '../charges/charge-amount';
import { chargeRepo } from '../charges/charge-repo-instance';
import { serializeCharge } from '../charges/charge-serializer';
import type { OperationContext } from '../context';
import { operation } from '../operation';
import { chargeSchema, pixQrCodeSchema, transactionSchema } from '#shared/service/resources';
import { badRequest, forbidden, notFound } from '../errors';
import { pixQrCodeRepo } from '../pix-qr-codes/pix-qr-code-repo';
import { serializePixQrCode } from '../pix-qr-codes/pix-qr-code-serializer';
import { recordIncomingPix } from '../transactions/record-incoming-pix';
import { serializeTransaction } from '../transactions/transaction-serializer';
import { positiveCents } from '../validation';
import { resolveBrCode, type BrCodeTarget } from './brcode-target';
import { payerInput, SANDBOX_INFO_PAGADOR, sandboxPayer } from './sandbox-payer';

const payQuery = z
  .object({
    transactionID: z.string().trim().min(1).max(255).optional(),
    identifier: z.string().trim().min(1).max(255).optional(),
    // A query string is text: the shared money parser reads it like any other money field.
    value: positiveCents('value').optional(),
  })
  .refine((q) => (q.transactionID === undefined) !== (q.identifier === undefined), {
    error: 'give exactly one of transactionID (a charge) or identifier (a static QR code)',
  });

const payBody = z.object(
  {
    brCode: z
      .string({ error: 'brCode must be a string' })
      .trim()
      .min(1, { error: 'brCode is required' })
      .max(512, { error: 'brCode is too long' }),
    value: positiveCents('value').optional(),
    payer: payerInput,
    // Test option: pay as a bank that drops the static code's txid (see ResolveOptions).
    dropTxid: z.boolean({ error: 'dropTxid must be true or false' }).optional(),
  },
  { error: 'body must be a JSON object with brCode' },
);

/** Simulated payments exist only where money is not real. */
export function assertSandbox(ctx: OperationContext): void {
  if (ctx.tenant.company.environment !== 'SANDBOX')
    throw forbidden('Payment simulation is only available in the sandbox');
}

/** The amount to pay: the code's own, or the payer's for an open-amount code. */
function amountFor(target: BrCodeTarget, given: number | undefined): number {
  if (target.amount !== undefined) {
    if (given !== undefined && given !== target.amount) {
      throw badRequest(`value ${given} does not match the ${target.amount} cents this BR Code asks for`);
    }
    return target.amount;
  }
  if (given === undefined) throw badRequest('value is required: this BR Code has no fixed amount');
  return given;
}

function pay(ctx: OperationContext, target: BrCodeTarget, value: number, payer: ReturnType<typeof sandboxPayer>) {
  const view = recordIncomingPix(ctx, { ...target, value, payer, infoPagador: SANDBOX_INFO_PAGADOR });
  const result: {
    transaction: ReturnType<typeof serializeTransaction>;
    charge?: ReturnType<typeof serializeCharge>;
    pixQrCode?: ReturnType<typeof serializePixQrCode>;
  } = {
    transaction: serializeTransaction(view),
  };
  if (target.charge)
    result.charge = serializeCharge(
      chargeRepo(ctx.db).findById(target.charge.company_id, target.charge.id)!,
      ctx,
      ctx.now,
    );
  if (target.pixQrCode) result.pixQrCode = serializePixQrCode(target.pixQrCode, ctx);
  return result;
}

const sandboxPaid = z.strictObject({
  transaction: transactionSchema,
  charge: chargeSchema.optional(),
  pixQrCode: pixQrCodeSchema.optional(),
});

// The sandbox's payment simulators, as the real sandbox offers them, plus a payer's-bank style
// endpoint that pays any BR Code addressed to this account. Any valid AppID may call them.
export const sandboxOperations = {
  // GET /openpix/testing?transactionID=… | ?identifier=…[&value=…]: the real sandbox's simulator.
  sandboxPay: operation({
    method: 'GET',
    paths: ['/openpix/testing'],
    scope: null,
    // A GET that pays: it books a transaction, so it goes through the single writer.
    access: 'write',
    status: 200,
    errors: [403, 404],
    summary: 'Sandbox: pay a charge (transactionID) or a static QR code (identifier)',
    request: { query: payQuery },
    response: sandboxPaid,
    handler(ctx, { query }) {
      assertSandbox(ctx);
      const companyId = ctx.tenant.company.id;
      if (query.transactionID !== undefined) {
        const charge = chargeRepo(ctx.db).findByAnyId(companyId, query.transactionID);
        if (!charge) throw notFound('Charge not found');
        return pay(ctx, { charge }, query.value ?? chargeAmountDue(charge, ctx.now), sandboxPayer(undefined));
      }
      const qr = pixQrCodeRepo(ctx.db).findByAnyId(companyId, query.identifier!);
      if (!qr) throw notFound('Pix QR code not found');
      // The QR code's BR Code carries its identifier as txid, so the payment does too.
      return pay(
        ctx,
        { pixQrCode: qr, txid: qr.identifier },
        amountFor({ amount: qr.value ?? undefined }, query.value),
        sandboxPayer(undefined),
      );
    },
  }),

  // POST /openpix/testing/pay {brCode, value?, payer?, dropTxid?}: pays a BR Code as a payer's bank would.
  sandboxPayBrCode: operation({
    method: 'POST',
    paths: ['/openpix/testing/pay'],
    scope: null,
    access: 'write',
    status: 200,
    errors: [403, 404],
    summary: "Sandbox: pay any BR Code addressed to this account, as a payer's bank would",
    request: { body: payBody },
    response: sandboxPaid,
    handler(ctx, { body }) {
      assertSandbox(ctx);
      const target = resolveBrCode(ctx, body.brCode, { dropTxid: body.dropTxid });
      return pay(ctx, target, amountFor(target, body.value), sandboxPayer(body.payer));
    },
  }),
};
