import type { HandlerTable, OperationContext } from '../context';
import { badRequest, unknownRecord } from '../errors';
import { parsePage, pageOf } from '../pagination';
import { parseTaxId } from '../../pix/tax-id';
import { objectBody, parseInput, pathId } from '../validation';
import { isEmptyAddressChange, mergeAddress } from './customer-address';
import { customerInput, customerPatchInput } from './customer-input';
import { assertTaxIdFree, insertCustomer, saveCustomer } from './customer-records';
import { customerRepo, type CustomerRow } from './customer-repo';
import { rowAddress, serializeCustomer } from './customer-serializer';

const NOT_FOUND = 'Customer not found';

/** GET accepts the correlationID or the CPF/CNPJ, with or without its mask. */
function findByCorrelationOrTaxId(ctx: OperationContext, id: string): CustomerRow | undefined {
  const repo = customerRepo(ctx.db);
  const companyId = ctx.tenant.company.id;
  const byCorrelation = repo.findByCorrelationId(companyId, id);
  if (byCorrelation) return byCorrelation;
  const taxId = parseTaxId(id);
  return taxId ? repo.findByTaxId(companyId, taxId.taxID) : undefined;
}

export const customerHandlers: HandlerTable<'createCustomer' | 'getCustomer' | 'listCustomers' | 'updateCustomer'> = {
  createCustomer(ctx, request) {
    const input = parseInput(customerInput, objectBody(request.body));
    const row = ctx.db.transaction(() => insertCustomer(ctx, input))();
    return { customer: serializeCustomer(row) };
  },

  getCustomer(ctx, request) {
    const row = findByCorrelationOrTaxId(ctx, pathId(request.params));
    if (!row) throw unknownRecord(NOT_FOUND);
    return { customer: serializeCustomer(row) };
  },

  listCustomers(ctx, request) {
    const page = parsePage(request.query);
    const rows = customerRepo(ctx.db).list(ctx.tenant.company.id, page.skip, page.limit);
    const { items, pageInfo } = pageOf(rows, page);
    return { pageInfo, customers: items.map(serializeCustomer) };
  },

  // The path id is the correlationID only, as documented: an update must name its record exactly.
  updateCustomer(ctx, request) {
    const row = customerRepo(ctx.db).findByCorrelationId(ctx.tenant.company.id, pathId(request.params));
    if (!row) throw unknownRecord(NOT_FOUND);
    const input = parseInput(customerPatchInput, objectBody(request.body));
    if (input.correlationID !== undefined && input.correlationID !== row.correlation_id) {
      throw badRequest('correlationID cannot be changed');
    }
    const { name, email, phone, taxID, address } = input;
    if (name === undefined && email === undefined && phone === undefined && taxID === undefined && isEmptyAddressChange(address)) {
      throw badRequest('body: send at least one of name, email, phone, taxID or address to update');
    }
    // The documented rule: a taxID can be set once and never edited (sending the same one is no edit).
    if (taxID && row.tax_id !== null && taxID.taxID !== row.tax_id) {
      throw badRequest('taxID cannot be changed once the customer has one');
    }
    const updated = ctx.db.transaction(() => {
      if (taxID && row.tax_id === null) assertTaxIdFree(ctx, taxID, row.id);
      const merged = mergeAddress(rowAddress(row), address);
      return saveCustomer(ctx, {
        ...row,
        name: name ?? row.name,
        email: email ?? row.email,
        phone: phone ?? row.phone,
        tax_id: taxID?.taxID ?? row.tax_id,
        tax_id_type: taxID?.type ?? row.tax_id_type,
        address: merged ? JSON.stringify(merged) : null,
      });
    })();
    return { customer: serializeCustomer(updated) };
  },
};
