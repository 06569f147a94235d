import {
  buildPagination,
  type ListRenewalsQuery,
  type ListRenewalsResponse,
  type RenewalGroup,
} from '@patrol/contracts';
import { dayMs, fromSen, toSen } from '@patrol/domain';
import type { AppContext } from '../../http/app-context';
import { renewalClientOf } from '../clients/client-renewal.service';
import { expiryGroupPage } from '../licences/licence-renewals.service';
import { renewalProductOf, type RenewalProductFacts } from '../products/licence-products.service';

/** How many of a group's keys the view names. */
export const keysShownPerGroup = 10;

function renewalProduct(product: RenewalProductFacts | null): RenewalGroup['product'] {
  if (!product) return null;
  return {
    id: product.id,
    name: product.name,
    unitPrice: fromSen(toSen(product.unitPrice)),
    validityDays: product.validityDays,
  };
}

/**
 * GET /api/business/renewals: the keys expiring in the next `days` days, grouped by client, expiry
 * day and licence type, soonest first, each with the product and price that would renew it. The
 * page is one statement: a range of the renewal index, each group with its keys, its client and
 * its renewing product (the clients' and products' modules attach theirs). The window's totals,
 * an aggregate of every group in it, are held per window for the pages after the first
 * (`renewalTotals`).
 */
export async function listRenewals(
  { db, renewalTotals }: Pick<AppContext, 'db' | 'renewalTotals'>,
  query: ListRenewalsQuery,
  now: Date = new Date(),
): Promise<ListRenewalsResponse> {
  const page = await expiryGroupPage(
    db,
    {
      from: now,
      to: new Date(now.getTime() + query.days * dayMs),
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      keysPerGroup: keysShownPerGroup,
    },
    {
      client: (group) => renewalClientOf(group.clientId),
      product: (group) => renewalProductOf(group.licenceType),
    },
    (key, load) => renewalTotals.get(key, load),
  );
  const renewals = page.groups.map(({ attached: { client, product }, ...group }): RenewalGroup => ({
    clientId: group.clientId,
    companyId: client?.companyId ?? '',
    companyName: client?.companyName ?? '',
    autoRenewal: client?.autoRenewal ?? false,
    expiryDate: group.expiryDate,
    licenceType: group.licenceType,
    keyCount: group.keyCount,
    keys: group.keys,
    product: renewalProduct(product),
    renewalAmount: product ? fromSen(toSen(product.unitPrice) * group.keyCount) : null,
  }));
  return {
    success: true,
    renewals,
    pagination: buildPagination(query.page, query.limit, page.groupCount),
    totals: { keys: page.keyCount, clients: page.clientCount },
  };
}
