import type { DbExecutor } from '../../db/client';
import type { AuditLabel, LabelledEntry } from '../../http/audit-names';
import { userNamesById } from '../accounts/accounts.service';
import { clientsByIds } from '../clients/client-renewal.service';
import { licenceKeysByIds } from '../licences/licence-labels.service';
import {
  invoiceIdsOfPayments,
  invoiceLabels,
  productLabels,
  quotationLabels,
  receiptLabels,
} from './audit-labels.repo';

// Part of the billing read model: the names an accountant reads on the audit trail (document
// numbers, client and product names) for one page, one query per entity type on the page, never
// per row. It only reads the billing tables (their modules own every write); people's names come
// from the users module, clients' names and licences' keys from the clients and licences modules.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idsOf = (entries: readonly LabelledEntry[], type: string) => [
  ...new Set(
    entries
      .filter((entry) => entry.entityType === type && uuidPattern.test(entry.entityId))
      .map((entry) => entry.entityId),
  ),
];

const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** A value of the entry's changes, after or else before (a deleted row keeps its last values). */
function changed(entry: LabelledEntry, field: string): string | null {
  const change = entry.changes[field];
  return textOf(change?.after) ?? textOf(change?.before);
}

function clientOf(info: unknown): string | null {
  return textOf((info as { companyName?: unknown } | null)?.companyName);
}

/** The labels of a page's entries, keyed `${entityType}:${entityId}`. */
export async function findAuditLabels(
  db: DbExecutor,
  entries: readonly LabelledEntry[],
): Promise<Map<string, AuditLabel>> {
  const found = new Map<string, AuditLabel>();
  const put = (type: string, id: string, label: string | null, clientName: string | null) =>
    found.set(`${type}:${id}`, { label, clientName });

  const paymentIds = idsOf(entries, 'payment');
  const paymentInvoices = await invoiceIdsOfPayments(db, paymentIds);
  const invoiceOfPayment = new Map(paymentInvoices.map((row) => [row.id, row.invoiceId]));
  // A rejected payment entry may be gone; its changes still name its invoice.
  for (const entry of entries.filter((entry) => entry.entityType === 'payment')) {
    const invoiceId = invoiceOfPayment.get(entry.entityId) ?? changed(entry, 'invoiceId');
    if (invoiceId) invoiceOfPayment.set(entry.entityId, invoiceId);
  }

  const invoiceIds = [
    ...new Set([...idsOf(entries, 'invoice'), ...invoiceOfPayment.values()]),
  ].filter((id) => uuidPattern.test(id));
  const [invoiceRows, quotationRows, receiptRows, productRows, userRows] = await Promise.all([
    invoiceLabels(db, invoiceIds),
    quotationLabels(db, idsOf(entries, 'quotation')),
    receiptLabels(db, idsOf(entries, 'receipt')),
    productLabels(db, idsOf(entries, 'product')),
    // A session entry is about an account (or, failed, about an email no account has).
    userNamesById(db, [...new Set([...idsOf(entries, 'user'), ...idsOf(entries, 'session')])]),
  ]);
  // A licence by its key and client; a client by its name (both from their own modules).
  const licenceKeys = await licenceKeysByIds(db, idsOf(entries, 'licence'));
  const clientRows = await clientsByIds(db, [
    ...idsOf(entries, 'client'),
    ...[...licenceKeys.values()].map((licence) => licence.clientId),
  ]);
  const invoiceById = new Map(invoiceRows.map((row) => [row.id, row]));
  for (const row of invoiceRows) put('invoice', row.id, row.label, clientOf(row.client));
  for (const [paymentId, invoiceId] of invoiceOfPayment) {
    const invoice = invoiceById.get(invoiceId);
    if (invoice) put('payment', paymentId, invoice.label, clientOf(invoice.client));
  }
  for (const row of quotationRows) put('quotation', row.id, row.label, clientOf(row.client));
  for (const row of receiptRows) put('receipt', row.id, row.label, clientOf(row.client));
  for (const row of productRows) put('product', row.id, row.label, null);
  for (const row of userRows.values()) {
    put('user', row.id, row.fullName || row.username, null);
    put('session', row.id, row.fullName || row.username, null);
  }
  for (const row of clientRows.values()) put('client', row.id, row.companyName, row.companyName);
  for (const [id, licence] of licenceKeys) {
    put('licence', id, licence.key, clientRows.get(licence.clientId)?.companyName ?? null);
  }
  return found;
}
