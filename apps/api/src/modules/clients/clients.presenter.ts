import type { Client } from '@patrol/contracts';
import type { ClientRow } from '../../db/schema';

/** A client row as the API shows it: its fields and its licence counters. */
export function presentClient(row: ClientRow): Client {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    contactPerson: row.contactPerson,
    email: row.email,
    phone: row.phone,
    address: row.address,
    active: row.active,
    licenceCount: row.licenceCount,
    boundLicenceCount: row.boundLicenceCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
