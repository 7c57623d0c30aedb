import { accountRepo } from '../accounts/account-repo';
import type { OperationContext } from '../context';
import { ServiceError, badRequest, notFound } from '../errors';
import { findPixKeyCheck } from '../pix-keys/pix-key-checks';
import { BANK_DOWN_MESSAGE, lookUpPixKey, type DictAnswer } from '../pix-keys/pix-key-dict';
import { chargeAmountDue } from '../charges/charge-amount';
import { chargeRepo } from '../charges/charge-repo-instance';
import { boletoForPayment, type PayableBoleto } from '../boletos/boleto-lookup';
import { pspByIspb } from '../psps/psp-directory';
import { BrCodeError, decodeBrCode, normalizePixKey, toPixKeyType, type PixKeyType } from '#lib/pix';
import type { PaymentCreateInput } from './payment-input';
import { simulatedFailureForAccount, simulatedFailureForKey, type SimulatedFailure } from './sandbox-failures';

/** Where a Pix out goes, as the payment shows it (the OpenAPI file's PaymentDestination). */
export interface PaymentDestination {
  name: string;
  /** Digits only; CPFs of holders outside this service come masked from the DICT, as the real one masks them. */
  taxID: string;
  pixKey?: string;
  bank: { name: string; ispb: string };
  branch?: string;
  account?: string;
}

/**
 * A payment's route, resolved when it is created and stored with it: where the money goes, the
 * value the code or slip fixes, whether it stays inside this service (then it is delivered as a
 * Pix in to that company when it settles) and the sandbox failure it will meet, if any.
 */
export interface PaymentRoute {
  destination: PaymentDestination;
  /** The value a QR code or boleto fixes; the request's value when undefined. */
  fixedValue?: number;
  internal?: { companyId: string; accountId: string; pixKey?: string; qrCode?: string };
  failure?: SimulatedFailure;
  boleto?: PayableBoleto;
}

const SPI_NAME = (ispb: string) => pspByIspb(ispb)?.name ?? `ISPB ${ispb}`;

/** An open account of this service as a Pix out's receiver; undefined when closed or unknown. */
function internalAccount(
  ctx: OperationContext,
  accountId: string,
  key?: string,
): Pick<PaymentRoute, 'destination' | 'internal'> | undefined {
  const account = ctx.tenancy.account(accountId);
  const company = account ? ctx.tenancy.company(account.company_id) : undefined;
  if (!account || account.closed_at !== null || !company) return undefined;
  const destination: PaymentDestination = {
    name: company.official_name,
    taxID: company.tax_id,
    bank: { name: account.bank_name, ispb: account.ispb },
    branch: account.branch,
    account: account.account,
  };
  if (key !== undefined) destination.pixKey = key;
  const internal: NonNullable<PaymentRoute['internal']> = { companyId: account.company_id, accountId: account.id };
  if (key !== undefined) internal.pixKey = key;
  return { destination, internal };
}

function internalByKey(ctx: OperationContext, key: string): Pick<PaymentRoute, 'destination' | 'internal'> | undefined {
  const row = ctx.tenancy.pixKey(key);
  return row ? internalAccount(ctx, row.account_id, row.key) : undefined;
}

function assertNotOwnAccount(ctx: OperationContext, route: PaymentRoute, sourceAccountId: string): PaymentRoute {
  if (route.internal?.accountId === sourceAccountId) {
    throw badRequest('SAME_ACCOUNT_TRANSFER: the destination is the account the payment leaves from');
  }
  return route;
}

function keyRoute(
  ctx: OperationContext,
  key: string,
  type: PixKeyType,
  keyEndToEndId: string | undefined,
): PaymentRoute {
  const failure = simulatedFailureForKey(key);
  if (failure) {
    // The test keys: the DICT does not answer for them, so their holder is unknown until they fail.
    return { destination: { name: '', taxID: '', pixKey: key, bank: { name: '', ispb: '' } }, failure };
  }
  const internal = internalByKey(ctx, key);
  if (internal) return internal;
  return { destination: externalKeyHolder(ctx, key, type, keyEndToEndId) };
}

/**
 * A Pix key held outside this service: its holder as an earlier key check found it (the
 * payment's pixKeyEndToEndId), or as the sandbox's DICT answers now. A key the DICT does not
 * know is refused when the payment is created (404, PIX_KEY_INFO_NOT_FOUND), before anything is
 * written; the documented test keys instead fail later, like the real sandbox's (sandbox-failures.ts).
 */
function externalKeyHolder(
  ctx: OperationContext,
  key: string,
  type: PixKeyType,
  endToEndId: string | undefined,
): PaymentDestination {
  const checked = endToEndId !== undefined ? findPixKeyCheck(ctx.db, ctx.tenant.company.id, endToEndId) : undefined;
  const owner = checked?.owner ?? found(lookUpPixKey(ctx.db, ctx.tenancy, { key, type, candidates: [key] }));
  return {
    name: owner.name,
    taxID: owner.taxID,
    pixKey: key,
    bank: { name: SPI_NAME(owner.ispb), ispb: owner.ispb },
    branch: owner.branch,
    account: owner.account,
  };
}

function found(answer: DictAnswer) {
  if (answer.kind === 'found') return answer.owner;
  if (answer.kind === 'bank-down') throw new ServiceError(503, BANK_DOWN_MESSAGE);
  throw notFound(`PIX_KEY_INFO_NOT_FOUND: the Pix key ${answer.key} is not registered`);
}

function qrCodeRoute(ctx: OperationContext, qrCode: string): PaymentRoute {
  let decoded;
  try {
    decoded = decodeBrCode(qrCode);
  } catch (error) {
    if (error instanceof BrCodeError) throw badRequest(`qrCode is not a valid BR Code: ${error.message}`);
    throw error;
  }
  if (decoded.locationUrl !== undefined) {
    // A dynamic code's amount and receiver come from its location. The sandbox reaches no other
    // PSP, so only the locations this service serves can be paid.
    const match = /\/qr\/v2\/cobv?\/([0-9a-f]{32})$/.exec(decoded.locationUrl);
    const charge = match ? chargeRepo(ctx.db).findByLocation(match[1]!) : undefined;
    if (!charge)
      throw badRequest(
        `qrCode: the location ${decoded.locationUrl} is not served by this service, so the charge cannot be read`,
      );
    if (charge.status !== 'ACTIVE')
      throw badRequest(`qrCode: the charge is ${charge.status === 'COMPLETED' ? 'already paid' : 'expired'}`);
    const internal = internalAccount(ctx, charge.account_id, charge.pix_key ?? undefined);
    if (!internal) throw badRequest('qrCode: the charge’s receiving account is closed');
    return {
      destination: internal.destination,
      internal: { ...internal.internal!, qrCode },
      fixedValue: chargeAmountDue(charge, ctx.now),
    };
  }
  const key = decoded.pixKey!;
  const route = keyRoute(ctx, key, normalizePixKey(key)?.type ?? 'EVP', undefined);
  if (route.internal) route.internal.qrCode = qrCode;
  if (decoded.amountCents !== undefined) route.fixedValue = decoded.amountCents;
  // The receiver's name as the code spells it, when the DICT gave none (test keys).
  if (!route.destination.name) route.destination.name = decoded.merchantName;
  return route;
}

/** Resolves where a new payment goes, refusing (400) what cannot be paid; nothing is written. */
export function resolvePaymentRoute(
  ctx: OperationContext,
  input: PaymentCreateInput,
  sourceAccountId: string,
): PaymentRoute {
  switch (input.type) {
    case 'PIX_KEY': {
      const normalized = normalizePixKey(input.destinationAlias, input.destinationAliasType);
      if (!normalized) {
        throw badRequest(`destinationAlias is not a valid ${toPixKeyType(input.destinationAliasType)} key`);
      }
      return assertNotOwnAccount(
        ctx,
        keyRoute(ctx, normalized.key, normalized.type, input.pixKeyEndToEndId),
        sourceAccountId,
      );
    }
    case 'QR_CODE':
      return assertNotOwnAccount(ctx, qrCodeRoute(ctx, input.qrCode), sourceAccountId);
    case 'MANUAL': {
      const ispb = typeof input.psp === 'string' ? input.psp : input.psp.id;
      const taxId = input.holder.taxID.taxID.replace(/\D/g, '');
      const destination: PaymentDestination = {
        name: input.holder.name,
        taxID: taxId,
        bank: { name: typeof input.psp === 'object' && input.psp.name ? input.psp.name : SPI_NAME(ispb), ispb },
        branch: input.account.branch,
        account: input.account.account,
      };
      const route: PaymentRoute = { destination };
      const failure = simulatedFailureForAccount(input.account.account);
      if (failure) route.failure = failure;
      // One of this service's own accounts, named by its bank details: the money stays inside.
      const own = accountRepo(ctx.db).findOpenByBankDetails(
        ispb,
        input.account.branch.padStart(4, '0'),
        input.account.account,
      );
      if (own && !failure) route.internal = { companyId: own.company_id, accountId: own.id };
      return assertNotOwnAccount(ctx, route, sourceAccountId);
    }
    case 'BOLETO': {
      const boleto = boletoForPayment(input.boletoBarcode, ctx.now);
      return {
        destination: {
          name: boleto.finalBeneficiary.name,
          taxID: boleto.finalBeneficiary.taxID,
          bank: { name: boleto.issuingEntity?.name ?? boleto.issuingEntity?.code ?? 'Arrecadação', ispb: '' },
        },
        fixedValue: boleto.totalValue,
        boleto,
      };
    }
  }
}
