import type { Db } from '#lib/store/database';
import type { EngineConfig, Sweeper } from '../context';
import { ServiceError } from '../errors';
import { newObjectId } from '../ids';
import { createCharge } from '../charges/charge-handlers';
import { chargeRepo } from '../charges/charge-repo-instance';
import type { ChargeCreateInput } from '../charges/charge-input';
import type { AdditionalInfo } from '#shared/service/resources';
import type { CustomerInput } from '../customers/customer-input';
import { generationInstant, installmentDue, type Frequency, type SubscriptionPlan } from './subscription-schedule';
import { subscriptionRepo, type SubscriptionRow } from './subscription-repo';
import { serializeSubscription, type SubscriptionCustomer } from './subscription-serializer';

type Emit = (companyId: string, name: string, payload: unknown) => void;
type AsCompany = Parameters<Sweeper['run']>[4];

/** Internal events (no public webhook name, so never delivered): the counter's live views may follow them. */
export const SUBSCRIPTION_EVENTS = {
  created: 'SUBSCRIPTION_CREATED',
  cancelled: 'SUBSCRIPTION_CANCELED',
  completed: 'SUBSCRIPTION_COMPLETED',
  expired: 'SUBSCRIPTION_EXPIRED',
} as const;

/** A charge must stay payable at least this long (POST /api/v1/charge's minimum expiresIn). */
const MIN_CHARGE_LIFETIME_MS = 300_000;

export function planOf(row: SubscriptionRow): SubscriptionPlan {
  return {
    frequency: row.frequency as Frequency,
    dayOfMonth: row.day_generate_charge,
    anchorDay: row.anchor_day,
    firstGenerationAt: new Date(row.first_generation_at),
  };
}

/** The customer the installment's charge names: the subscription's, found again by its correlationID. */
function chargeCustomer(row: SubscriptionRow): CustomerInput {
  const customer = JSON.parse(row.customer) as SubscriptionCustomer;
  const input: CustomerInput = { name: customer.name, correlationID: customer.correlationID };
  if (customer.taxID) input.taxID = customer.taxID;
  if (customer.email) input.email = customer.email;
  if (customer.phone) input.phone = customer.phone;
  return input;
}

/**
 * Installment `n`'s charge correlationID: the subscription's with the number, readable in the
 * charge list. Should the company already have a charge of that name (its own choice), a random
 * suffix keeps the installment from colliding with it.
 */
function installmentCorrelationId(db: Db, row: SubscriptionRow, n: number): string {
  const readable = `${row.correlation_id}-${n}`;
  return chargeRepo(db).findByCorrelationId(row.company_id, readable) ? `${readable}-${newObjectId()}` : readable;
}

function chargeInput(db: Db, row: SubscriptionRow, n: number, dueDay: string, expiresAt: Date): ChargeCreateInput {
  const input: ChargeCreateInput = {
    correlationID: installmentCorrelationId(db, row, n),
    value: row.value,
    type: row.charge_type,
    customer: chargeCustomer(row),
    paymentLinkID: row.payment_link_id,
    additionalInfo: JSON.parse(row.additional_info) as AdditionalInfo[],
    dueDate: dueDay,
  };
  if (row.comment !== null) input.comment = row.comment;
  // DYNAMIC: payable until the due day ends. OVERDUE and BOLETO expire when their due day ends
  // by themselves once no days after it are allowed.
  if (row.charge_type === 'DYNAMIC') input.expiresDate = expiresAt.toISOString();
  else if (row.charge_type === 'OVERDUE') input.daysAfterDueDate = 0;
  return input;
}

/**
 * Generates installment `generated_count + 1` of a subscription whose time has come, in the
 * sweep's transaction: its charge (created as POST /api/v1/charge creates one, as the
 * subscription's company, with CHARGE_CREATED), the installment's row, and the subscription's
 * advance to the next period or its end. The (subscription, number) key and the compare-and-set
 * advance make a period yield one charge at most, however often the sweep runs.
 *
 * An installment whose charge could no longer be paid for five minutes (the service was not
 * running through its whole period) is recorded MISSED, and one the charge module refuses (the
 * account lost its Pix key) FAILED with the reason; both count as installments, and the
 * subscription moves on. Returns the subscription as it is afterwards, or null when generation
 * stopped because its account is gone (the subscription EXPIRED).
 */
export function generateInstallment(
  db: Db,
  row: SubscriptionRow,
  now: Date,
  emit: Emit,
  config: EngineConfig,
  asCompany: AsCompany,
): SubscriptionRow | null {
  const repo = subscriptionRepo(db);
  const at = now.toISOString();
  const n = row.generated_count + 1;
  const scheduledAt = new Date(row.next_generation_at!);
  if (!repo.findInstallment(row.id, n)) {
    const { dueDay, expiresAt } = installmentDue(scheduledAt, row.day_due);
    let outcome: 'CHARGE_CREATED' | 'MISSED' | 'FAILED' = 'MISSED';
    let chargeId: string | null = null;
    let reason: string | null = null;
    if (expiresAt.getTime() - now.getTime() < MIN_CHARGE_LIFETIME_MS) {
      reason = `its charge would have expired on ${dueDay}`;
    } else {
      try {
        const ran = asCompany(row.company_id, row.account_id, (ctx) => {
          chargeId = createCharge(ctx, chargeInput(db, row, n, dueDay, expiresAt), row.id).row.id;
        });
        if (!ran) {
          repo.end(row.id, 'EXPIRED', null, at);
          emit(row.company_id, SUBSCRIPTION_EVENTS.expired, {
            subscription: serializeSubscription(repo.findById(row.company_id, row.id)!, { db, config }),
          });
          return null;
        }
        outcome = 'CHARGE_CREATED';
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        outcome = 'FAILED';
        reason = error.message;
      }
    }
    repo.insertInstallment({
      id: newObjectId(),
      subscription_id: row.id,
      installment_number: n,
      company_id: row.company_id,
      scheduled_at: scheduledAt.toISOString(),
      outcome,
      charge_id: chargeId,
      reason,
      value: row.value,
      created_at: at,
    });
  }
  const finished = row.installment_count !== null && n >= row.installment_count;
  const nextAt = finished ? null : generationInstant(planOf(row), n + 1).toISOString();
  if (!repo.advance(row.id, row.generated_count, n, nextAt, at)) return null;
  if (finished) {
    repo.end(row.id, 'COMPLETED', null, at);
    emit(row.company_id, SUBSCRIPTION_EVENTS.completed, {
      subscription: serializeSubscription(repo.findById(row.company_id, row.id)!, { db, config }),
    });
  }
  return repo.findById(row.company_id, row.id)!;
}
