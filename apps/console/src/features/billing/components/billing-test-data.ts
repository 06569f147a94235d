import {
  emptyProductEInvoice,
  invoiceSummarySchema,
  quotationSummarySchema,
  type BusinessStats,
  type ConsoleActionName,
  type Invoice,
  type Pagination,
  type Product,
  type Quotation,
} from '@patrol/contracts';
import { screen } from '@testing-library/react';
import { jsonResponse } from '@/test/test-utils';

/** One page holding every row given. */
export function onePage(count: number): Pagination {
  return {
    currentPage: 1,
    totalPages: 1,
    totalCount: count,
    limit: 20,
    hasNext: false,
    hasPrev: false,
  };
}

/** A JSON answer for the fake API: the list under `key`, on one page. */
export function listAnswer(key: string, rows: readonly unknown[], extra: object = {}) {
  return () =>
    jsonResponse({ success: true, [key]: rows, pagination: onePage(rows.length), ...extra });
}

/**
 * The fake API's answers for a billing list: the list as the server sends it (each row without
 * its parts, as `summaryOf` keeps it) and each document whole at its own path.
 */
function listAndWholeAnswers<T extends { id: string }>(
  documents: readonly T[],
  kind: { path: string; listKey: string; itemKey: string },
  summaryOf: (document: T) => unknown,
) {
  return {
    [`GET ${kind.path}`]: listAnswer(kind.listKey, documents.map(summaryOf)),
    ...Object.fromEntries(
      documents.map((document) => [
        `GET ${kind.path}/${document.id}`,
        () => jsonResponse({ success: true, [kind.itemKey]: document }),
      ]),
    ),
  };
}

/** Invoices listed without lines, payments and rejections, and each whole at its own path. */
export function invoiceAnswers(invoices: readonly Invoice[]) {
  return listAndWholeAnswers(
    invoices,
    { path: '/api/business/invoices', listKey: 'invoices', itemKey: 'invoice' },
    (invoice) => invoiceSummarySchema.parse(invoice),
  );
}

/** Quotations listed without lines, and each whole at its own path. */
export function quotationAnswers(quotations: readonly Quotation[]) {
  return listAndWholeAnswers(
    quotations,
    { path: '/api/business/quotations', listKey: 'quotations', itemKey: 'quotation' },
    (quotation) => quotationSummarySchema.parse(quotation),
  );
}

const client = {
  companyName: 'Acme Security Sdn Bhd',
  contactPerson: 'Tan Wei Ming',
  phone: '+60 12-345 6789',
  email: 'ops@acme.example',
  address: '1 Jalan Ampang, Kuala Lumpur',
};

export const billingProduct: Product = {
  id: '00000000-0000-4000-8000-000000000101',
  productId: 'PRD-MP-2026-000001',
  name: 'Patrol licence',
  description: 'One device, one year',
  category: 'licence',
  unitPrice: 480,
  unit: 'license',
  minQuantity: 1,
  taxable: true,
  taxType: 'SERVICE_TAX',
  licenceType: 'Standard',
  validityDays: 365,
  active: true,
  notes: '',
  eInvoice: emptyProductEInvoice,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function quotation(id: string, quotationNumber: string, status: Quotation['status']): Quotation {
  return {
    id,
    quotationNumber,
    clientId: '00000000-0000-4000-8000-000000000301',
    clientInfo: client,
    quotationDate: '2026-11-02',
    validUntil: '2099-12-31',
    validityDays: 30,
    paymentTerms: 'NET_30',
    items: [],
    notes: '',
    taxRate: 0.08,
    discountAmount: 0,
    subtotal: 1000,
    taxAmount: 80,
    totalAmount: 1080,
    taxSummary: [],
    status,
    invoiceId: null,
    sentAt: null,
    sentTo: null,
    createdAt: '2026-11-02T01:00:00.000Z',
    updatedAt: '2026-11-02T01:00:00.000Z',
  } as unknown as Quotation;
}

/** A draft (send, edit, delete, accept, reject) and an accepted one (convert). */
export const billingQuotations = [
  quotation('00000000-0000-4000-8000-000000000201', 'QUO-MP-2026-000001', 'draft'),
  quotation('00000000-0000-4000-8000-000000000202', 'QUO-MP-2026-000002', 'accepted'),
];

const baseInvoice = {
  quotationId: '00000000-0000-4000-8000-000000000202',
  clientId: '00000000-0000-4000-8000-000000000301',
  clientInfo: client,
  issueDate: '2026-11-02',
  dueDate: '2099-12-31',
  paymentTerms: 'NET_30',
  lineItems: [],
  subtotal: 1000,
  taxAmount: 80,
  discountAmount: 0,
  totalAmount: 1080,
  taxSummary: [],
  creditedAmount: 0,
  debitedAmount: 0,
  refundedAmount: 0,
  refundDue: 0,
  paymentValidationNotes: null,
  paymentRejectionReason: null,
  rejectionHistory: [],
  notes: '',
  isVoided: false,
  status: 'issued',
  sentAt: null,
  sentTo: null,
  createdAt: '2026-11-02T01:00:00.000Z',
  updatedAt: '2026-11-02T01:00:00.000Z',
};

/** Paid in full by a transfer recorded by someone else, awaiting validation. */
export const awaitingInvoice = {
  ...baseInvoice,
  id: '00000000-0000-4000-8000-000000000401',
  invoiceNumber: 'INV-MP-2026-000001',
  paidAmount: 1080,
  validatedAmount: 0,
  awaitingValidationAmount: 1080,
  outstandingAmount: 0,
  paymentStatus: 'paid',
  paymentValidationStatus: 'pending_validation',
  paymentEntries: [
    {
      id: '00000000-0000-4000-8000-000000000501',
      amount: 1080,
      paymentMethod: 'bank_transfer',
      paymentDate: '2026-11-03',
      referenceNumber: 'MBB-123456',
      status: 'pending_validation',
      notes: '',
      receiptId: null,
      recordedAt: '2026-11-03T01:00:00.000Z',
      recordedById: 'someone-else',
      validatedAt: null,
      rejectedAt: null,
      rejectedBy: null,
      rejectionReason: null,
    },
  ],
} as unknown as Invoice;

/** Nothing paid yet: a payment may be processed. */
export const unpaidInvoice = {
  ...baseInvoice,
  id: '00000000-0000-4000-8000-000000000402',
  invoiceNumber: 'INV-MP-2026-000002',
  paidAmount: 0,
  validatedAmount: 0,
  awaitingValidationAmount: 0,
  outstandingAmount: 1080,
  paymentStatus: 'unpaid',
  paymentValidationStatus: 'none',
  paymentEntries: [],
} as unknown as Invoice;

/**
 * The labels of `labels` whose control is on the screen: what the screen offers, to compare with
 * what the user's permissions allow (permittedActions).
 */
export function offeredActions(labels: Record<string, ConsoleActionName>): string[] {
  return Object.keys(labels)
    .filter((label) => screen.queryAllByRole('button', { name: label }).length > 0)
    .sort();
}

/** The billing dashboard's figures: a few documents and money in every field. */
export function billingStats(): BusinessStats {
  return {
    products: { total: 4, active: 3, inactive: 1 },
    quotations: { total: 12, pending: 5, approved: 4, sent: 3, draft: 2, expired: 1 },
    invoices: { total: 9, paid: 6, unpaid: 2, pending: 1, overdue: 2, outstanding: 3 },
    receipts: { total: 6, thisMonth: 2, pending: 1, processed: 6 },
    revenue: {
      total: 54000,
      daily: 1000,
      weekly: 5400,
      lastWeek: 4320,
      monthly: 21600,
      monthlyTarget: 43200,
      yearly: 54000,
    },
    financial: {
      totalAmount: 54000,
      netAmount: 50000,
      taxAmount: 4000,
      paidAmount: 40500,
      pendingAmount: 1080,
      outstandingAmount: 12420,
      collectionRate: 75,
      overdueInvoices: 2,
      monthlyRevenue: 21600,
      weeklyRevenue: 5400,
    },
    recentActivity: {
      quotations: [
        {
          id: billingQuotations[0]!.id,
          clientName: 'Acme Security Sdn Bhd',
          total: 1080,
          createdAt: '2026-11-02T01:00:00.000Z',
          quotationNumber: 'QUO-MP-2026-000001',
          status: 'draft',
        },
      ],
      invoices: [],
      receipts: [],
    },
  };
}
