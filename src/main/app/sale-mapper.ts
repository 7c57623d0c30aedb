// A service Charge, with its payment and refunds, as the counter sees it: a `Sale`.
import type { Sale, SaleCustomer, SaleRefund } from '../../shared/pos-api';
import type { Charge, ChargeCustomer, ChargeRefund, Transaction } from '../../shared/resources';
import type { ServiceGateway } from './service-gateway';

/** Pure mapping; `payment` is the charge's PAYMENT transaction when there is one. */
export function toSale(charge: Charge, payment: Transaction | undefined, refunds: readonly ChargeRefund[]): Sale {
  const paid = charge.status === 'COMPLETED';
  const saleRefunds = refunds.map(toSaleRefund);
  const committed = saleRefunds.filter((refund) => refund.status !== 'REJECTED').reduce((sum, refund) => sum + refund.value, 0);
  const paidValue = charge.paidValue ?? payment?.value ?? charge.value;
  const sale: Sale = {
    correlationID: charge.correlationID,
    value: charge.value,
    status: charge.status,
    brCode: charge.brCode,
    expiresDate: charge.expiresDate,
    createdAt: charge.createdAt,
    refunds: saleRefunds,
    refundable: paid ? Math.max(0, paidValue - committed) : 0,
  };
  if (charge.comment) sale.comment = charge.comment;
  if (charge.customer) sale.customer = toSaleCustomer(charge.customer);
  const paidAt = charge.paidAt ?? payment?.time;
  if (paid && paidAt) sale.paidAt = paidAt;
  if (payment) sale.endToEndId = payment.endToEndId;
  const payerName = charge.payer?.name ?? payment?.payer?.name;
  if (paid && payerName) sale.payerName = payerName;
  return sale;
}

function toSaleCustomer(customer: ChargeCustomer): SaleCustomer {
  const result: SaleCustomer = { name: customer.name };
  if (customer.taxID) result.taxID = customer.taxID.taxID;
  if (customer.email) result.email = customer.email;
  if (customer.phone) result.phone = customer.phone;
  return result;
}

function toSaleRefund(refund: ChargeRefund): SaleRefund {
  const result: SaleRefund = {
    correlationID: refund.correlationID,
    value: refund.value,
    status: refund.status,
    endToEndId: refund.endToEndId,
    time: refund.time,
  };
  if (refund.comment) result.comment = refund.comment;
  return result;
}

/** What the service holds about one sale; `payment` and `refunds` only once it was paid. */
export interface SaleRecords {
  charge: Charge;
  /** The charge's PAYMENT transaction. */
  payment?: Transaction;
  refunds: ChargeRefund[];
}

/**
 * Fetches a charge's payment and refunds, only when it was paid (an unpaid charge has neither,
 * and the history screen lists many of those).
 */
export async function loadSaleRecords(gateway: ServiceGateway, charge: Charge): Promise<SaleRecords> {
  if (charge.status !== 'COMPLETED') return { charge, refunds: [] };
  const [transactions, refunds] = await Promise.all([
    gateway.call('listTransactions', { query: { charge: charge.correlationID, type: 'PAYMENT', limit: '1' } }),
    allChargeRefunds(gateway, charge.correlationID),
  ]);
  return { charge, payment: transactions.transactions.find((t) => t.type === 'PAYMENT'), refunds };
}

export async function loadSaleRecordsById(gateway: ServiceGateway, correlationID: string): Promise<SaleRecords> {
  const { charge } = await gateway.call('getCharge', { params: { id: correlationID } });
  return loadSaleRecords(gateway, charge);
}

export async function loadSale(gateway: ServiceGateway, charge: Charge): Promise<Sale> {
  return saleOf(await loadSaleRecords(gateway, charge));
}

export async function loadSaleById(gateway: ServiceGateway, correlationID: string): Promise<Sale> {
  return saleOf(await loadSaleRecordsById(gateway, correlationID));
}

function saleOf(records: SaleRecords): Sale {
  return toSale(records.charge, records.payment, records.refunds);
}

const PAGE = 100;

async function allChargeRefunds(gateway: ServiceGateway, correlationID: string): Promise<ChargeRefund[]> {
  const refunds: ChargeRefund[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const page = await gateway.call('listChargeRefunds', {
      params: { id: correlationID },
      query: { skip: String(skip), limit: String(PAGE) },
    });
    refunds.push(...page.refunds);
    if (!page.pageInfo.hasNextPage) return refunds;
  }
}
