import { z } from 'zod';
import { pageInfoSchema, pixQrCodeSchema } from '#shared/service/resources';
import type { OperationContext } from '../context';
import { operation } from '../operation';
import { badRequest, unknownRecord } from '../errors';
import { newObjectId, newTransactionId, newUuid } from '../ids';
import { pageOf, pageQuery } from '../pagination';
import { claimPaymentLink, newServicePaymentLink } from '../payment-links/payment-links';
import { BrCodeError, buildStaticBrCode, isPixKeyType, normalizePixKey } from '#lib/pix';
import type { PixKeyRow } from '../tenancy/tenancy-rows';
import { idParams } from '../validation';
import { pixQrCodeCreateBody, type PixQrCodeCreateInput } from './pix-qr-code-input';
import { pixQrCodeRepo, type PixQrCodeRow } from './pix-qr-code-repo';
import { serializePixQrCode } from './pix-qr-code-serializer';

/**
 * The real service's refusal of a repeated identifier, word for word: pretix (payment.py) compares
 * it byte for byte and then reads the existing code with GET /api/v1/qrcode-static/{identifier};
 * any other text fails its checkout.
 */
export const IDENTIFIER_TAKEN = 'Já existe um QRCode com este identificador. O identificador deve ser único';

export const PIX_QR_CODE_EVENTS = {
  created: 'PIX_QRCODE_CREATED',
  deleted: 'PIX_QRCODE_DELETED',
} as const;

/** Looks a live static QR code up by id, correlationID, identifier or paymentLinkID within the caller's company. */
export function requirePixQrCode(ctx: OperationContext, id: string): PixQrCodeRow {
  const row = pixQrCodeRepo(ctx.db).findByAnyId(ctx.tenant.company.id, id);
  if (!row) throw unknownRecord('Pix QR code not found');
  return row;
}

/**
 * The key the QR code pays into. A key typed by a person may be in any spelling ("(11) 9…",
 * upper-case e-mail), so each of the company's keys is compared in its own type's canonical
 * form. Another company's key is refused like an unknown one: a static code carrying it would
 * send the payer's money to someone else.
 */
function resolvePixKey(ctx: OperationContext, requested: string | undefined): PixKeyRow {
  if (requested === undefined) {
    const key = ctx.tenancy.defaultPixKey(ctx.tenant.account.id);
    if (!key) throw badRequest('The account has no Pix key to receive payments');
    return key;
  }
  const match = ctx.tenancy.companyPixKeys(ctx.tenant.company.id).find((key) => {
    if (key.key === requested) return true;
    const type = isPixKeyType(key.type) ? key.type : undefined;
    return normalizePixKey(requested, type)?.key === key.key;
  });
  if (!match) throw badRequest("pixKey is not one of this company's Pix keys");
  const account = ctx.tenancy.account(match.account_id);
  if (!account || account.closed_at !== null) throw badRequest('pixKey belongs to a closed account');
  return match;
}

/** A 25-character txid like the real service's (a uuid's hex, cut to 62-05's limit), never reused in the company. */
function newIdentifier(ctx: OperationContext): string {
  const repo = pixQrCodeRepo(ctx.db);
  for (;;) {
    const identifier = newTransactionId().slice(0, 25);
    if (!repo.identifierTaken(ctx.tenant.company.id, identifier)) return identifier;
  }
}

/**
 * The comment goes to the BR Code as the 26-02 description, which is what the payer's app
 * shows; tag 26 holds 99 characters including the key, so the code carries the ASCII text cut
 * to the room left (buildStaticBrCode does the cut) while the record keeps all of it.
 */
function staticBrCode(ctx: OperationContext, key: string, input: PixQrCodeCreateInput, identifier: string): string {
  try {
    return buildStaticBrCode({
      pixKey: key,
      amountCents: input.value,
      txid: identifier,
      description: input.comment || undefined,
      merchantName: ctx.tenant.company.merchant_name,
      merchantCity: ctx.tenant.company.merchant_city,
    });
  } catch (error) {
    if (error instanceof BrCodeError) throw badRequest(`Cannot build the BR Code: ${error.message}`);
    throw error;
  }
}

function createPixQrCode(ctx: OperationContext, input: PixQrCodeCreateInput): PixQrCodeRow {
  const companyId = ctx.tenant.company.id;
  const repo = pixQrCodeRepo(ctx.db);
  const key = resolvePixKey(ctx, input.pixKey);
  const at = ctx.now.toISOString();
  return ctx.db.transaction(() => {
    // Deleted QR codes keep their correlationID and identifier: a printed code may still be paid.
    // The identifier first: a repeated order that reuses both (real-clients.md, pretix) gets the
    // identifier's refusal, the one the real service documents. Within the company only (migration
    // 023): another company's identifier is no business of this one, and never blocks it.
    if (input.identifier !== undefined && repo.identifierTaken(companyId, input.identifier)) {
      throw badRequest(IDENTIFIER_TAKEN);
    }
    const correlationID = input.correlationID ?? newUuid();
    if (repo.correlationIdTaken(companyId, correlationID)) {
      throw badRequest(`A Pix QR code with correlationID ${correlationID} already exists`);
    }
    const identifier = input.identifier ?? newIdentifier(ctx);
    // The QR code's link, and with it the public id of its payment page and images.
    const { paymentLinkId, publicId } = newServicePaymentLink();
    claimPaymentLink(ctx.db, companyId, paymentLinkId, 'PIX_QR_CODE', at, publicId);
    const row: PixQrCodeRow = {
      id: newObjectId(),
      company_id: companyId,
      account_id: key.account_id,
      name: input.name,
      correlation_id: correlationID,
      identifier,
      payment_link_id: paymentLinkId,
      value: input.value ?? null,
      comment: input.comment ? input.comment : null,
      pix_key: key.key,
      br_code: staticBrCode(ctx, key.key, input, identifier),
      created_at: at,
      updated_at: at,
      deleted_at: null,
    };
    repo.insert(row);
    ctx.emit(PIX_QR_CODE_EVENTS.created, { pixQrCode: serializePixQrCode(row, ctx) });
    return row;
  })();
}

export const pixQrCodeOperations = {
  createPixQrCode: operation({
    method: 'POST',
    paths: ['/api/v1/qrcode-static'],
    scope: 'PIX_QRCODE_POST',
    access: 'write',
    status: 200,
    summary: 'Create a static Pix QR code, with or without a fixed amount',
    request: { body: pixQrCodeCreateBody },
    response: z.strictObject({ pixQrCode: pixQrCodeSchema, correlationID: z.string(), brCode: z.string() }),
    handler(ctx, { body }) {
      const pixQrCode = serializePixQrCode(createPixQrCode(ctx, body), ctx);
      return { pixQrCode, correlationID: pixQrCode.correlationID, brCode: pixQrCode.brCode };
    },
  }),

  getPixQrCode: operation({
    method: 'GET',
    paths: ['/api/v1/qrcode-static/:id'],
    scope: 'PIX_QRCODE_GET',
    access: 'read',
    status: 200,
    summary: 'Get a static QR code by id, correlationID or identifier',
    request: { params: idParams },
    response: z.strictObject({ pixQrCode: pixQrCodeSchema }),
    handler: (ctx, { params }) => ({ pixQrCode: serializePixQrCode(requirePixQrCode(ctx, params.id), ctx) }),
  }),

  listPixQrCodes: operation({
    method: 'GET',
    paths: ['/api/v1/qrcode-static'],
    scope: 'PIX_QRCODE_GET_LIST',
    access: 'read',
    status: 200,
    summary: 'List static QR codes',
    request: { query: pageQuery },
    response: z.strictObject({ pageInfo: pageInfoSchema, pixQrCodes: z.array(pixQrCodeSchema) }),
    handler(ctx, { query }) {
      const repo = pixQrCodeRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const { items, pageInfo } = pageOf(repo.list(companyId, query.skip, query.limit), query, () =>
        repo.count(companyId),
      );
      return { pageInfo, pixQrCodes: items.map((row) => serializePixQrCode(row, ctx)) };
    },
  }),

  /**
   * Soft delete (migration 002): payments received through the code keep pointing at it, and
   * its identifier stays reserved so a still-printed code is never attributed to a new one.
   * To the API it is gone: get, list, images and a second delete answer as for an unknown id.
   */
  deletePixQrCode: operation({
    method: 'DELETE',
    paths: ['/api/v1/qrcode-static/:id'],
    scope: 'PIX_QRCODE_DELETE',
    access: 'write',
    status: 200,
    summary: 'Delete a static QR code (payments through it stay attributed to it)',
    request: { params: idParams },
    response: z.strictObject({ status: z.literal('OK'), id: z.string() }),
    handler(ctx, { params: { id } }) {
      const row = requirePixQrCode(ctx, id);
      const at = ctx.now.toISOString();
      ctx.db.transaction(() => {
        if (!pixQrCodeRepo(ctx.db).delete(row.company_id, row.id, at)) throw unknownRecord('Pix QR code not found');
        ctx.emit(PIX_QR_CODE_EVENTS.deleted, {
          pixQrCode: serializePixQrCode({ ...row, updated_at: at, deleted_at: at }, ctx),
        });
      })();
      return { status: 'OK' as const, id };
    },
  }),
};
