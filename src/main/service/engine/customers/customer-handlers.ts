import { z } from 'zod';
import { customerSchema, pageInfoSchema } from '#shared/service/resources';
import type { OperationContext } from '../context';
import { operation } from '../operation';
import { badRequest, unknownRecord } from '../errors';
import { pageOf, pageQuery } from '../pagination';
import { parseTaxId } from '#shared/lib/tax-id';
import { idParams } from '../validation';
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

const customerBody = z.strictObject({ customer: customerSchema });

export const customerOperations = {
  createCustomer: operation({
    method: 'POST',
    paths: ['/api/v1/customer'],
    scope: 'CUSTOMER_POST',
    access: 'write',
    status: 200,
    summary: 'Create a customer (name with a taxID, e-mail or phone)',
    request: { body: customerInput },
    response: customerBody,
    handler(ctx, { body }) {
      const row = ctx.db.transaction(() => insertCustomer(ctx, body))();
      return { customer: serializeCustomer(row) };
    },
  }),

  getCustomer: operation({
    method: 'GET',
    paths: ['/api/v1/customer/:id'],
    scope: 'CUSTOMER_GET',
    access: 'read',
    status: 200,
    summary: 'Get a customer by correlationID or CPF/CNPJ',
    request: { params: idParams },
    response: customerBody,
    handler(ctx, { params }) {
      const row = findByCorrelationOrTaxId(ctx, params.id);
      if (!row) throw unknownRecord(NOT_FOUND);
      return { customer: serializeCustomer(row) };
    },
  }),

  listCustomers: operation({
    method: 'GET',
    paths: ['/api/v1/customer'],
    scope: 'CUSTOMER_GET_LIST',
    access: 'read',
    status: 200,
    summary: 'List customers',
    request: { query: pageQuery },
    response: z.strictObject({ pageInfo: pageInfoSchema, customers: z.array(customerSchema) }),
    handler(ctx, { query }) {
      const repo = customerRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const { items, pageInfo } = pageOf(repo.list(companyId, query.skip, query.limit), query, () =>
        repo.count(companyId),
      );
      return { pageInfo, customers: items.map(serializeCustomer) };
    },
  }),

  // The path id is the correlationID only, as documented: an update must name its record exactly.
  updateCustomer: operation({
    method: 'PATCH',
    paths: ['/api/v1/customer/:id'],
    scope: 'CUSTOMER_PATCH',
    access: 'write',
    status: 200,
    summary: 'Update a customer named by its correlationID; a taxID is set once and never edited',
    request: { params: idParams, body: customerPatchInput },
    response: customerBody,
    handler(ctx, { params, body: input }) {
      const row = customerRepo(ctx.db).findByCorrelationId(ctx.tenant.company.id, params.id);
      if (!row) throw unknownRecord(NOT_FOUND);
      if (input.correlationID !== undefined && input.correlationID !== row.correlation_id) {
        throw badRequest('correlationID cannot be changed');
      }
      const { name, email, phone, taxID, address } = input;
      if (
        name === undefined &&
        email === undefined &&
        phone === undefined &&
        taxID === undefined &&
        isEmptyAddressChange(address)
      ) {
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
  }),
};
