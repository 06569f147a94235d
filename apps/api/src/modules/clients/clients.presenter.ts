import type { Client, ClientEInvoice } from '@patrol/contracts';
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
    eInvoice: presentClientEInvoice(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The buyer's e-invoice columns as one object. */
export function presentClientEInvoice(row: ClientRow): ClientEInvoice {
  return {
    tin: row.einvoiceTin,
    idType: row.einvoiceIdType as ClientEInvoice['idType'],
    idValue: row.einvoiceIdValue,
    sstNumber: row.einvoiceSstNumber,
    street: row.einvoiceStreet,
    city: row.einvoiceCity,
    postcode: row.einvoicePostcode,
    stateCode: row.einvoiceStateCode,
    countryCode: row.einvoiceCountryCode,
  };
}

/** The e-invoice columns of a client row from the form's object. */
export function clientEInvoiceColumns(eInvoice: ClientEInvoice) {
  return {
    einvoiceTin: eInvoice.tin,
    einvoiceIdType: eInvoice.idType,
    einvoiceIdValue: eInvoice.idValue,
    einvoiceSstNumber: eInvoice.sstNumber,
    einvoiceStreet: eInvoice.street,
    einvoiceCity: eInvoice.city,
    einvoicePostcode: eInvoice.postcode,
    einvoiceStateCode: eInvoice.stateCode,
    einvoiceCountryCode: eInvoice.countryCode,
  };
}
