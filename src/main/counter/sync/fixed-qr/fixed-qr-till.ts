// "QR fixo do caixa" (issue 36): one printed QR on the counter that pays whichever sale the till
// has now, for a shop without a customer display. The real service documents it as the charge's
// `fixedLocation` and `paymentLinkID` (both in the published OpenAPI document, on POST
// /api/v1/charge; "how to Woovi QR" in the developers docs): every charge of one paymentLinkID
// created with fixedLocation shares one dynamic QR, with no amount in it, whose location serves
// the link's newest charge.
//
// - The till is this counter (one counter.db, one screen): it keeps one paymentLinkID, made once
//   (a UUID) and kept in sync_state, whatever the register's till name is on a given day, so
//   reopening the register under another name never orphans the sticker. Only "Novo QR fixo"
//   (renew) makes another, and then the old sticker stops paying.
// - With the setting on, each new sale made online asks for its charge with both fields
//   (SaleCommands.createSale); the screen shows the charge's brCode as usual, which is the sticker's.
//   An earlier sale of the till still waiting on the same link is cancelled in the same write
//   (the location would serve only the newest anyway, and its QR, shown again, would pay the new
//   sale): the till has one payable charge at a time.
// - Offline sales take their own static code as always: the sticker cannot pay them.
// - The sticker's code is the code the service gives that link, never one made up here: the code
//   of a charge of the link already made at this service, or else that of a first charge made for
//   the purpose (a cent, deleted at once; stickerCode below). It is kept per service in sync_state.
import { randomUUID } from 'node:crypto';
import { CounterError } from '#shared/counter/counter-errors';
import type { Db } from '#lib/store/database';
import type { Connectivity } from '../connection/connectivity';
import type { CurrentService } from '../remote/current-service';
import type { ContractCharge } from '../remote/service-contract';
import { isUnreachable } from '../remote/service-outcome';

/** What a new sale's charge carries when the till sells with its fixed QR (documented fields). */
export interface FixedQrChargeFields {
  fixedLocation: true;
  paymentLinkID: string;
}

export interface FixedQrTillOptions {
  db: Db;
  service: CurrentService;
  connectivity: Connectivity;
  /** Whether the owner turned "QR fixo do caixa" on (the settings). */
  enabled: () => boolean;
  /** The registration charge's id. */
  newId: () => string;
}

const LINK_KEY = 'fixed_qr_payment_link';
const codeKey = (serviceId: string) => `fixed_qr_code:${serviceId}`;

/** The charge that registers the link at a service that has none of its charges yet. */
export const STICKER_CHARGE_PREFIX = 'balcao-qr-fixo-';
const STICKER_CHARGE_COMMENT = 'Balcão: cadastro do QR fixo do caixa (cancelada em seguida)';
/** The service's shortest expiry (spec: expiresIn ≥ 300 s): if its delete is lost, it ends soon anyway. */
const STICKER_CHARGE_EXPIRES_IN = 300;

export class FixedQrTill {
  private readonly statements;
  /** One registration at a time: a double click asks the service once. */
  private pending: Promise<string> | undefined;

  constructor(private readonly options: FixedQrTillOptions) {
    const { db } = options;
    this.statements = {
      get: db.prepare<[string], { value: string }>('SELECT value FROM sync_state WHERE key = ?'),
      set: db.prepare<[string, string]>(
        'INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      // The till's sales still waiting whose charge was asked for with fixedLocation (their
      // create says so), not sold offline: the ones a new fixed-QR sale supersedes.
      waiting: db.prepare<[string], { correlation_id: string }>(
        `SELECT s.correlation_id FROM sales s
         WHERE s.service_id = ? AND s.status IN ('PENDING', 'ACTIVE')
           AND NOT EXISTS (SELECT 1 FROM offline_sales o WHERE o.sale_id = s.correlation_id)
           AND EXISTS (SELECT 1 FROM commands c WHERE c.sale_id = s.correlation_id AND c.kind = 'create'
                       AND json_extract(c.body_json, '$.fixedLocation') = 1)
         ORDER BY s.created_at, s.rowid`,
      ),
      // The newest charge of this link the service made for one of this till's sales.
      saleCode: db.prepare<[string, string], { charge_json: string }>(
        `SELECT s.charge_json FROM sales s
         WHERE s.service_id = ? AND s.charge_json IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM offline_sales o WHERE o.sale_id = s.correlation_id)
           AND EXISTS (SELECT 1 FROM commands c WHERE c.sale_id = s.correlation_id AND c.kind = 'create'
                       AND json_extract(c.body_json, '$.fixedLocation') = 1
                       AND json_extract(c.body_json, '$.paymentLinkID') = ?)
         ORDER BY s.created_at DESC, s.rowid DESC LIMIT 1`,
      ),
    };
  }

  get enabled(): boolean {
    return this.options.enabled();
  }

  /** The fields a new online sale's charge carries, or none while the setting is off. */
  chargeFields(): FixedQrChargeFields | undefined {
    if (!this.options.enabled()) return undefined;
    return { fixedLocation: true, paymentLinkID: this.paymentLinkID() };
  }

  /** The till's paymentLinkID, made on first use and kept. */
  paymentLinkID(): string {
    const kept = this.statements.get.get(LINK_KEY)?.value;
    if (kept) return kept;
    const made = randomUUID();
    this.statements.set.run(LINK_KEY, made);
    return made;
  }

  /** The till's paymentLinkID when it has one (a read: nothing is made). */
  knownLink(): string | undefined {
    return this.statements.get.get(LINK_KEY)?.value;
  }

  /** "Novo QR fixo": another paymentLinkID; the old sticker pays no sale made from now on. */
  renew(): string {
    const made = randomUUID();
    this.statements.set.run(LINK_KEY, made);
    return made;
  }

  /** Waiting fixed-QR sales of this service, oldest first (call inside the new sale's transaction). */
  waitingSales(serviceId: string): string[] {
    return this.statements.waiting.all(serviceId).map((row) => row.correlation_id);
  }

  /** The sticker's code at the current service, when the counter knows it already. */
  knownCode(): string | undefined {
    const serviceId = this.options.service.id;
    if (serviceId === undefined) return undefined;
    const link = this.statements.get.get(LINK_KEY)?.value;
    if (!link) return undefined;
    const kept = this.statements.get.get(codeKey(serviceId))?.value;
    if (kept) {
      const parsed = JSON.parse(kept) as { paymentLinkID: string; brCode: string };
      if (parsed.paymentLinkID === link) return parsed.brCode;
    }
    const sale = this.statements.saleCode.get(serviceId, link);
    const brCode = sale ? (JSON.parse(sale.charge_json) as ContractCharge).brCode : undefined;
    if (brCode) this.keep(serviceId, link, brCode);
    return brCode;
  }

  /**
   * The sticker's code at the current service: the code it gave this link. A link with no charge
   * at this service yet gets one now: a charge of one cent with both fields, whose code is the
   * link's, deleted at once (DELETE /api/v1/charge/{id}, documented), so the sticker pays nothing
   * until the till's next sale. SERVICE_UNREACHABLE offline: a code is only ever the service's.
   */
  async stickerCode(): Promise<string> {
    const known = this.knownCode();
    if (known) return known;
    this.pending ??= this.register().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async register(): Promise<string> {
    const contract = this.options.service.requireContract();
    const link = this.paymentLinkID();
    const correlationID = `${STICKER_CHARGE_PREFIX}${this.options.newId()}`;
    const created = await contract.call('createCharge', {
      query: { return_existing: 'true' },
      body: {
        correlationID,
        value: 1,
        expiresIn: STICKER_CHARGE_EXPIRES_IN,
        comment: STICKER_CHARGE_COMMENT,
        fixedLocation: true,
        paymentLinkID: link,
      },
    });
    this.options.connectivity.observe(created);
    if (isUnreachable(created) || created.kind === 'server') throw new CounterError('SERVICE_UNREACHABLE');
    if (created.kind !== 'ok')
      throw new CounterError('SERVICE_REFUSED', { reason: `O serviço Pix recusou a cobrança: ${created.error}` });
    const deleted = await contract.call('deleteCharge', { params: { id: correlationID } });
    this.options.connectivity.observe(deleted);
    if (deleted.kind !== 'ok')
      // It expires in five minutes anyway, and the till's next sale takes the code over before that.
      console.error(`[fixed-qr] the sticker's registration charge ${correlationID} was not deleted`, deleted);
    const { brCode } = created.body.charge;
    // The link the code is for may have been renewed meanwhile: then this code is not kept.
    if (this.paymentLinkID() === link) this.keep(contract.serviceId, link, brCode);
    return brCode;
  }

  private keep(serviceId: string, paymentLinkID: string, brCode: string): void {
    this.statements.set.run(codeKey(serviceId), JSON.stringify({ paymentLinkID, brCode }));
  }
}
