import type { DecodedEmv, EmvCobLocationPayload, EmvDecodeResult, EmvLocation } from '#shared/service/resources';
import { pixLocationPayload } from '../charges/charge-location';
import type { OperationContext } from '../context';
import { decodeBrCode, parseBrCodePayload, type TlvField } from '#lib/pix';

// POST /api/v1/decode/emv: the BR Code's fields under the API's names, plus what its location
// says when that location is one this sandbox serves (a payer's bank would fetch it over HTTPS;
// here the store answers directly). Throws BrCodeError for anything that is not a valid Pix code.

/** Our dynamic codes point at `<host>/qr/v2/cob|cobv/<32 hex>`. */
const OWN_LOCATION = /^([^/]+)\/qr\/v2\/(?:cob|cobv)\/([0-9a-f]{32})$/;

export function decodeEmv(ctx: OperationContext, emv: string): EmvDecodeResult {
  // decodeBrCode validates the Pix rules; the raw TLV keeps the text exactly as written.
  const decoded = decodeBrCode(emv);
  const fields = parseBrCodePayload(emv);
  const account = template(fields, '26') ?? [];
  const additional = template(fields, '62');
  const unreserved = template(fields, '80');

  const result: DecodedEmv = {
    payloadFormatIndicator: text(fields, '00')!,
    merchantAccountInformationPix: compact({
      gui: text(account, '00')!,
      pixKey: text(account, '01'),
      url: text(account, '25'),
      additionalInformation: text(account, '02'),
    }),
    merchantCategoryCode: text(fields, '52')!,
    transactionCurrency: text(fields, '53')!,
    countryCode: text(fields, '58')!,
    merchantName: text(fields, '59')!,
    merchantCity: text(fields, '60')!,
    crc: text(fields, '63')!,
  };
  const initiation = text(fields, '01');
  if (initiation !== undefined) result.pointOfInitiationMethod = initiation;
  const amount = text(fields, '54');
  if (amount !== undefined) result.transactionAmount = amount;
  const postalCode = text(fields, '61');
  if (postalCode !== undefined) result.postalCode = postalCode;
  if (additional) result.additionalDataFieldTemplate = compact({ referenceLabel: text(additional, '05') });
  if (unreserved) result.unreservedTemplates = compact({ gui: text(unreserved, '00'), url: text(unreserved, '25') });

  return {
    emv: result,
    cobLocation: decoded.locationUrl !== undefined ? resolveCobLocation(ctx, decoded.locationUrl) : null,
    recLocation:
      decoded.recurrenceUrl !== undefined
        ? unresolvable(decoded.recurrenceUrl, 'Pix Automático (REC) locations are not served by this sandbox')
        : null,
  };
}

function resolveCobLocation(ctx: OperationContext, url: string): EmvLocation<EmvCobLocationPayload> {
  const ownHost = ctx.config.publicBaseUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
  const match = OWN_LOCATION.exec(url);
  // The host is not compared: the desktop app listens on a new port after each start, and a code
  // printed earlier still names this store's location (its 32-hex id cannot collide).
  const payload = match ? pixLocationPayload(ctx.db, match[2]!, ctx.now) : null;
  if (payload) return { isValid: true, locationErrors: [], payload: translateCob(payload), url };
  const host = url.split('/')[0]!;
  if (match || host === ownHost) return unresolvable(url, 'Pix location not found, expired or no longer payable');
  return unresolvable(
    url,
    `Location host ${host} is not served by this sandbox; only its own locations can be resolved`,
  );
}

function unresolvable<P>(url: string, error: string): EmvLocation<P> {
  return { isValid: false, locationErrors: [error], url };
}

type Json = Record<string, unknown>;

/** The central bank's cob/cobv payload (Portuguese names) under the API's English names. */
function translateCob(cob: Json): EmvCobLocationPayload {
  const calendario = (cob.calendario ?? {}) as Json;
  const valor = (cob.valor ?? {}) as Json;
  const devedor = cob.devedor as Json | undefined;
  const info = (cob.infoAdicionais ?? []) as { nome: string; valor: string }[];
  const payload: EmvCobLocationPayload = {
    calendar: compact({
      creation: calendario.criacao as string,
      presentation: calendario.apresentacao as string,
      expiration: calendario.expiracao as number | undefined,
      dueDate: calendario.dataDeVencimento as string | undefined,
      validityAfterDueDate: calendario.validadeAposVencimento as number | undefined,
    }),
    key: cob.chave as string,
    additionalInfo: info.map((item) => ({ name: item.nome, value: item.valor })),
    revision: cob.revisao as number,
    status: cob.status as string,
    txid: cob.txid as string,
    value: compact({
      original: valor.original as string,
      fine: valor.multa as string | undefined,
      interest: valor.juros as string | undefined,
      discount: valor.desconto as string | undefined,
      final: valor.final as string | undefined,
    }),
  };
  if (devedor) {
    payload.debtor = compact({
      name: devedor.nome as string,
      cpf: devedor.cpf as string | undefined,
      cnpj: devedor.cnpj as string | undefined,
    });
  }
  if (typeof cob.solicitacaoPagador === 'string') payload.payerRequest = cob.solicitacaoPagador;
  return payload;
}

function text(fields: readonly TlvField[], id: string): string | undefined {
  const value = fields.find((f) => f.id === id)?.value;
  return typeof value === 'string' ? value : undefined;
}

function template(fields: readonly TlvField[], id: string): readonly TlvField[] | undefined {
  const value = fields.find((f) => f.id === id)?.value;
  return Array.isArray(value) ? value : undefined;
}

/** Drops undefined members so absent EMV fields are absent in JSON, not null. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
