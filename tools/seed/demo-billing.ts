import type {
  LicenceType,
  PaymentMethod,
  PaymentTerms,
  ProductCategory,
  ProductUnit,
} from '@patrol/contracts';
import {
  addDays,
  businessDay,
  calculateDocumentTotals,
  headlineTaxRate,
  dueDay,
  fromSen,
  senToDecimalString,
  type QuotationTotals,
} from '@patrol/domain';
// Like seed-database.ts, the billing seed writes through the API's own schema, numbering and
// receipt codes, so its rows are what the API would have written.
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../apps/api/src/db/client';
import { dayStart, moneyValue } from '../../apps/api/src/db/column-values';
import {
  invoiceLineItems,
  invoices,
  products,
  quotationItems,
  quotations,
  type DocumentClientInfo,
  type ProductRow,
} from '../../apps/api/src/db/schema';
import { nextDocumentNumber } from '../../apps/api/src/modules/settings/numbering.service';
import { seedInvoiceNote, seedRefundNote } from './demo-notes';
import { invoiceStories, seedInvoicePayments } from './demo-payments';
import { connectPaidLicences } from './paid-licences';

/** A licence product's line sells new keys (the demo has no renewals). */
const licenceActionOf = (product: ProductRow) =>
  product.category === 'licence' ? ('new_keys' as const) : null;

interface DemoProduct {
  name: string;
  description: string;
  category: ProductCategory;
  unit: ProductUnit;
  priceSen: number;
  /** A licence product's type and validity (issue 25). */
  licence?: { type: LicenceType; days: number };
}

const catalogue: DemoProduct[] = [
  {
    name: 'Patrol licence (1 year)',
    description: 'One device, NFC checkpoint scanning',
    category: 'licence',
    unit: 'license',
    priceSen: 48_000,
    licence: { type: 'Standard', days: 365 },
  },
  {
    name: 'Patrol licence (1 month)',
    description: 'One device, billed monthly',
    category: 'licence',
    unit: 'month',
    priceSen: 4_500,
    licence: { type: 'Standard', days: 30 },
  },
  {
    name: 'NFC checkpoint tag',
    description: 'Weatherproof tag with mounting kit',
    category: 'hardware',
    unit: 'piece',
    priceSen: 1_250,
  },
  {
    name: 'Rugged Android handset',
    description: 'IP68, NFC, 2-day battery',
    category: 'hardware',
    unit: 'piece',
    priceSen: 129_900,
  },
  {
    name: 'Site onboarding',
    description: 'Route design and checkpoint installation',
    category: 'consultation',
    unit: 'service',
    priceSen: 85_000,
  },
  {
    name: 'Guard training',
    description: 'Half-day session for up to 15 guards',
    category: 'training',
    unit: 'hour',
    priceSen: 18_000,
  },
  {
    name: 'Priority support',
    description: 'Same-day response, business hours',
    category: 'support',
    unit: 'year',
    priceSen: 240_000,
  },
  {
    name: 'Annual maintenance',
    description: 'Handset and tag health check',
    category: 'maintenance',
    unit: 'year',
    priceSen: 60_000,
  },
];

/** The client details a billing document copies. */
export interface BillingClient {
  id: string;
  info: DocumentClientInfo;
}

/** The quotation states, in turn; every third quotation and more are converted. */
const quotationStories = [
  'converted',
  'draft',
  'converted',
  'sent',
  'converted',
  'accepted',
  'rejected',
  'converted',
  'closed',
] as const;
const terms: PaymentTerms[] = [
  'NET_30',
  'NET_15',
  'NET_30',
  'NET_45',
  'NET_60',
  'CASH_ON_DELIVERY',
];
const methods: PaymentMethod[] = [
  'bank_transfer',
  'cheque',
  'cash',
  'online_payment',
  'credit_card',
];

export interface BillingSeedResult {
  products: number;
  quotations: number;
  invoices: number;
  receipts: number;
}

/**
 * The product catalogue and about 40 quotations over the last four months, spread over every
 * state; converted ones carry invoices that are unpaid (some overdue), partly paid and validated
 * (a partial receipt), paid with the rest awaiting validation, validated in one payment or in
 * instalments (a receipt each), or with a rejected payment kept and a correction block.
 */
export async function seedDemoBilling(
  tx: DbExecutor,
  clients: readonly BillingClient[],
  random: () => number,
  now: Date,
): Promise<BillingSeedResult> {
  const today = businessDay(now);
  const productRows: ProductRow[] = [];
  for (const product of catalogue) {
    const { number } = await nextDocumentNumber(tx, 'product', now);
    const [row] = await tx
      .insert(products)
      .values({
        productId: number,
        name: product.name,
        description: product.description,
        category: product.category,
        unit: product.unit,
        unitPrice: senToDecimalString(product.priceSen),
        // Goods carry SST sales tax; licences and services carry service tax.
        taxType: product.category === 'hardware' ? 'SALES_TAX' : 'SERVICE_TAX',
        licenceType: product.licence?.type ?? null,
        validityDays: product.licence?.days ?? null,
        active: product.name !== 'Patrol licence (1 month)',
        createdAt: new Date(now.getTime() - 120 * 86_400_000),
      })
      .returning();
    productRows.push(row!);
  }

  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const result = { products: productRows.length, quotations: 0, invoices: 0, receipts: 0 };
  let refundNotes = 0;
  const quotationCount = Math.min(40, clients.length * 2);
  for (let index = 0; index < quotationCount; index += 1) {
    const client = clients[index % clients.length]!;
    const story = quotationStories[index % quotationStories.length]!;
    const quotationDay = addDays(today, -Math.round(120 - (index * 118) / quotationCount));
    const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
      const product = pick(productRows);
      return {
        product,
        quantity: 1 + Math.floor(random() * 12),
        discount: random() < 0.25 ? 10 : 0,
      };
    });
    const totals = calculateDocumentTotals(
      lines.map((line) => ({
        quantity: line.quantity,
        unitPrice: line.product.unitPrice,
        discount: line.discount,
        taxType: line.product.taxType,
        taxRate: line.product.taxType === 'SALES_TAX' ? 0.1 : 0.08,
      })),
    );
    const lineTax = (position: number) => {
      const line = totals.lines[position]!;
      return {
        taxType: line.taxType,
        taxRate: String(line.taxRate),
        taxAmount: senToDecimalString(line.taxSen),
      };
    };
    const paymentTerms = terms[index % terms.length]!;
    const { number: quotationNumber } = await nextDocumentNumber(tx, 'quotation', now);
    const [quotation] = await tx
      .insert(quotations)
      .values({
        quotationNumber,
        clientId: client.id,
        clientInfo: client.info,
        quotationDate: dayStart(quotationDay),
        validUntil: dayStart(addDays(quotationDay, 30)),
        validityDays: 30,
        paymentTerms,
        notes: '',
        taxRate: String(headlineTaxRate(totals.taxes)),
        ...money(totals),
        status: story === 'converted' ? 'accepted' : story,
        createdAt: dayStart(quotationDay),
      })
      .returning();
    await tx.insert(quotationItems).values(
      lines.map((line, position) => ({
        quotationId: quotation!.id,
        position,
        productId: line.product.id,
        productName: line.product.name,
        description: line.product.description,
        quantity: line.quantity,
        unitPrice: line.product.unitPrice,
        discount: String(line.discount),
        lineTotal: senToDecimalString(totals.lines[position]!.lineTotalSen),
        ...lineTax(position),
        licenceAction: licenceActionOf(line.product),
      })),
    );
    result.quotations += 1;
    if (story !== 'converted') continue;

    const issueDay = notAfter(addDays(quotationDay, 3), today);
    const { number: invoiceNumber } = await nextDocumentNumber(tx, 'invoice', now);
    const invoiceStory = invoiceStories[result.invoices % invoiceStories.length]!;
    const [invoice] = await tx
      .insert(invoices)
      .values({
        invoiceNumber,
        quotationId: quotation!.id,
        clientId: client.id,
        clientInfo: client.info,
        issueDate: dayStart(issueDay),
        dueDate: dayStart(dueDay(issueDay, paymentTerms)),
        paymentTerms,
        ...money(totals),
        createdAt: dayStart(issueDay),
      })
      .returning();
    await tx.insert(invoiceLineItems).values(
      lines.map((line, position) => ({
        invoiceId: invoice!.id,
        position,
        productId: line.product.id,
        description: `${line.product.name} - ${line.product.description}`,
        quantity: line.quantity,
        unitPrice: line.product.unitPrice,
        ...lineTax(position),
        lineTotal: senToDecimalString(totals.lines[position]!.lineTotalSen),
        licenceAction: licenceActionOf(line.product),
      })),
    );
    await tx
      .update(quotations)
      .set({ status: 'converted', invoiceId: invoice!.id, invoiceNumber })
      .where(eq(quotations.id, quotation!.id));
    result.invoices += 1;

    const seeded = {
      id: invoice!.id,
      invoiceNumber,
      clientId: client.id,
      clientInfo: client.info,
      issueDay,
      totalSen: totals.totalSen,
      lineItems: lines.map((line, position) => ({
        description: line.product.name,
        category: line.product.category,
        quantity: line.quantity,
        unitPrice: moneyValue(line.product.unitPrice),
        amount: fromSen(totals.lines[position]!.lineTotalSen),
      })),
    };
    result.receipts += await seedInvoicePayments(
      tx,
      seeded,
      invoiceStory,
      methods[index % methods.length]!,
      today,
      now,
    );
    const noteDay = notAfter(addDays(issueDay, 20), today);
    await seedInvoiceNote(tx, seeded, invoiceStory, noteDay, now);
    // A couple of the credit notes' refunds are paid back (refund notes).
    if (refundNotes < 2) {
      refundNotes += await seedRefundNote(tx, seeded, notAfter(addDays(noteDay, 3), today), now);
    }
  }
  // The licences the paid invoices sold now say so ("Paid by INV-...").
  await connectPaidLicences(tx);
  return result;
}

function notAfter(day: string, last: string): string {
  return day > last ? last : day;
}

function money(totals: QuotationTotals) {
  return {
    subtotal: senToDecimalString(totals.subtotalSen),
    discountAmount: senToDecimalString(totals.discountSen),
    taxAmount: senToDecimalString(totals.taxSen),
    totalAmount: senToDecimalString(totals.totalSen),
  };
}
