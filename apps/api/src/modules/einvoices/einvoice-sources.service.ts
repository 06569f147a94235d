import { eInvoiceTaxTypeFor, eInvoiceUnitFor, generalTins, type TaxType } from '@patrol/contracts';
import { businessDay, toSen } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { EinvoiceDocumentRow } from '../../db/schema';
import { clientRowById } from '../clients/clients.service';
import { getInvoiceNote } from '../credit-notes/credit-notes.service';
import { invoiceWithLines } from '../invoices/invoices.service';
import { productsByIds } from '../products/products.service';
import { readCompanySettings } from '../settings/settings.service';
import type { EInvoiceLine, EInvoiceParty, EInvoiceSource } from './document/einvoice-source';
import { findByDocumentId, findByIds, findConsolidatedMembers } from './einvoices.repo';

/** Classification 022 "Others" when a product names none. */
const defaultClassification = '022';
/** Tax type 06 "Not Applicable" (SDK code table "Tax Types"). */
const notApplicableTax = '06';

const noteKinds = { creditNote: 'credit', debitNote: 'debit', refundNote: 'refund' } as const;

interface LineInput {
  description: string;
  quantity: number;
  unitPrice: string | number;
  taxType: TaxType;
  taxRate: string | number;
  taxAmount: string | number;
  lineTotal: string | number;
  product?: { classificationCode: string; taxTypeCode: string; unitCode: string; unit: string };
}

const sen = (value: string | number) => toSen(Number(value));

function lineOf(line: LineInput, index: number): EInvoiceLine {
  const subtotalSen = Math.round(line.quantity * sen(line.unitPrice));
  const netSen = sen(line.lineTotal);
  const taxTypeCode = line.product?.taxTypeCode || eInvoiceTaxTypeFor(line.taxType);
  return {
    id: String(index + 1),
    description: line.description,
    classificationCode: line.product?.classificationCode || defaultClassification,
    quantity: line.quantity,
    unitCode: line.product?.unitCode || eInvoiceUnitFor(line.product?.unit ?? 'service'),
    unitPriceSen: sen(line.unitPrice),
    subtotalSen,
    discountSen: Math.max(0, subtotalSen - netSen),
    taxTypeCode,
    taxRatePercent: Math.round(Number(line.taxRate) * 10_000) / 100,
    taxAmountSen: sen(line.taxAmount),
    ...(taxTypeCode === 'E' ? { taxExemptionReason: 'Exempted from SST' } : {}),
  };
}

/** Money paid back is no supply: a refund note's line is tax "Not Applicable" (06). */
function refundLineOf(line: LineInput, index: number): EInvoiceLine {
  const { taxExemptionReason: _none, ...built } = lineOf(line, index);
  return { ...built, taxTypeCode: notApplicableTax, taxRatePercent: 0, taxAmountSen: 0 };
}

async function buyerOf(
  db: DbExecutor,
  clientId: string | null,
  fallbackName: string,
): Promise<EInvoiceParty> {
  const client = clientId ? await clientRowById(db, clientId) : undefined;
  const street = (client?.einvoiceStreet ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return {
    name: client?.companyName ?? fallbackName,
    tin: client?.einvoiceTin ?? '',
    idType: (client?.einvoiceIdType || 'BRN') as EInvoiceParty['idType'],
    idValue: client?.einvoiceIdValue ?? '',
    sstNumber: client?.einvoiceSstNumber || null,
    address: {
      lines: street.slice(0, 3),
      city: client?.einvoiceCity ?? '',
      postcode: client?.einvoicePostcode ?? '',
      stateCode: client?.einvoiceStateCode ?? '',
      countryCode: client?.einvoiceCountryCode || 'MYS',
    },
    phone: client?.phone || 'NA',
    email: client?.email || null,
  };
}

/**
 * The buyer of a consolidated e-invoice, and of a note on an invoice whose buyer gave no TIN:
 * "General Public", TIN EI00000000010, "NA" for the rest (IRBM e-Invoice Specific Guideline,
 * Appendix 2), state 17 "Not Applicable" (SDK, Address).
 */
export const generalPublicBuyer: EInvoiceParty = {
  name: 'General Public',
  tin: generalTins.generalPublic,
  idType: 'BRN',
  idValue: 'NA',
  sstNumber: null,
  address: { lines: ['NA'], city: 'NA', postcode: '', stateCode: '17', countryCode: 'MYS' },
  phone: 'NA',
  email: null,
};

/** A document's lines with the MyInvois codes of their products. */
async function invoiceLinesOf(db: DbExecutor, invoiceId: string) {
  const { row: invoice, lines } = await invoiceWithLines(db, invoiceId);
  const ids = lines.map((line) => line.productId).filter((id): id is string => !!id);
  const products = new Map((await productsByIds(db, ids)).map((p) => [p.id, p]));
  const built = lines.map((line, index) => {
    const product = line.productId ? products.get(line.productId) : undefined;
    return lineOf(
      { ...line, product: product && { ...product.eInvoice, unit: product.unit } },
      index,
    );
  });
  return { invoice, lines: built };
}

/**
 * The lines of a consolidated e-invoice: each line of each invoice it carries, classified 004
 * ("Consolidated e-Invoice") and described with the invoice's number, the reference of each
 * transaction the guideline asks for (method (a), a summary of each receipt).
 */
async function consolidatedLinesOf(db: DbExecutor, consolidatedId: string) {
  const members = await findConsolidatedMembers(db, consolidatedId);
  const lines: EInvoiceLine[] = [];
  for (const member of members) {
    for (const line of (await invoiceLinesOf(db, member.documentId)).lines) {
      lines.push({
        ...line,
        id: String(lines.length + 1),
        classificationCode: '004',
        description: `${member.number}: ${line.description}`.slice(0, 300),
      });
    }
  }
  return lines;
}

async function supplierOf(db: DbExecutor): Promise<EInvoiceSource['supplier']> {
  const settings = await readCompanySettings(db);
  const e = settings.eInvoiceSupplier;
  const street = settings.address.street
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return {
    name: settings.companyName,
    tin: e.tin,
    idType: 'BRN',
    idValue: e.brn,
    sstNumber: settings.taxSettings.sstRegistrationNumber || null,
    tourismTaxNumber: e.tourismTaxNumber || null,
    msicCode: e.msicCode,
    businessActivityDescription: e.businessActivityDescription,
    address: {
      lines: street.slice(0, 3),
      city: settings.address.city,
      postcode: settings.address.postalCode,
      stateCode: e.stateCode,
      countryCode: e.countryCode || 'MYS',
    },
    phone: settings.phone,
    email: settings.email || null,
  };
}

function totalsOf(lines: EInvoiceLine[]): EInvoiceSource['totals'] {
  const netSen = lines.reduce((sum, line) => sum + line.subtotalSen - line.discountSen, 0);
  const taxSen = lines.reduce((sum, line) => sum + line.taxAmountSen, 0);
  const discountSen = lines.reduce((sum, line) => sum + line.discountSen, 0);
  return {
    netSen,
    taxExclusiveSen: netSen,
    taxSen,
    taxInclusiveSen: netSen + taxSen,
    discountSen,
    payableSen: netSen + taxSen,
  };
}

/**
 * The e-invoice source of a queued row, gathered from the modules that own each part: the
 * invoice or note and its lines, the products' MyInvois codes, the client (buyer) and the
 * company settings (supplier). Dated by the submission (MyInvois accepts an issue date only
 * within 72 hours), numbered by the document.
 */
export function createEinvoiceSourceLoader(db: DbExecutor, now: () => Date = () => new Date()) {
  return async (row: EinvoiceDocumentRow): Promise<EInvoiceSource> => {
    const at = now();
    const head = {
      number: row.number,
      issueDate: businessDay(at),
      issueTime: at.toISOString().slice(11, 19),
      currency: 'MYR' as const,
      supplier: await supplierOf(db),
    };
    if (row.kind === 'consolidated') {
      const lines = await consolidatedLinesOf(db, row.id);
      const month = businessDay(row.issueDate);
      return {
        ...head,
        kind: 'invoice',
        buyer: generalPublicBuyer,
        lines,
        totals: totalsOf(lines),
        period: { startDate: `${month.slice(0, 8)}01`, endDate: month, description: 'Monthly' },
      };
    }
    if (row.kind === 'invoice') {
      const { invoice, lines: built } = await invoiceLinesOf(db, row.documentId);
      return {
        ...head,
        kind: 'invoice',
        buyer: await buyerOf(db, invoice.clientId, invoice.clientInfo.companyName),
        lines: built,
        totals: totalsOf(built),
      };
    }
    const { note } = await getInvoiceNote(db, noteKinds[row.kind], row.documentId);
    const original = await findByDocumentId(db, note.invoiceId);
    // An invoice carried by a consolidated e-invoice is adjusted through that e-invoice.
    const [carrier] = original?.consolidatedInto
      ? await findByIds(db, [original.consolidatedInto])
      : [];
    const built = note.lineItems.map((line, index) =>
      row.kind === 'refundNote' ? refundLineOf(line, index) : lineOf(line, index),
    );
    const buyer = await buyerOf(db, note.clientId, note.clientInfo.companyName);
    return {
      ...head,
      kind: row.kind,
      buyer: buyer.tin ? buyer : generalPublicBuyer,
      lines: built,
      totals: totalsOf(built),
      originalDocument: carrier
        ? { uuid: carrier.uuid ?? '', number: carrier.number }
        : { uuid: original?.uuid ?? '', number: note.invoiceNumber },
    };
  };
}
