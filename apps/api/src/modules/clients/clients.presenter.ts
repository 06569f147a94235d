import type { Client } from '@patrol/contracts';
import type { ClientRow, LicenceRow } from '../../db/schema';
import { presentLicence } from '../licences/licences.presenter';

/** A client row and its licences as the API shows them. */
export function presentClient(row: ClientRow, licences: readonly LicenceRow[]): Client {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    contactPerson: row.contactPerson,
    email: row.email,
    phone: row.phone,
    address: row.address,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    licences: licences.map(presentLicence),
  };
}

/** Pairs each client with its licences (from one query over all of them), keeping client order. */
export function presentClients(
  rows: readonly ClientRow[],
  licences: readonly LicenceRow[],
): Client[] {
  const byClient = new Map<string, LicenceRow[]>();
  for (const licence of licences) {
    const list = byClient.get(licence.clientId);
    if (list) list.push(licence);
    else byClient.set(licence.clientId, [licence]);
  }
  return rows.map((row) => presentClient(row, byClient.get(row.id) ?? []));
}
