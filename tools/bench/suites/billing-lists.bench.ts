import {
  billingDateRanges,
  dueStatuses,
  paymentMethods,
  productCategories,
  quotationStatuses,
} from '@patrol/contracts';
import { defineSuite } from '../bench-context';
import { measureRepeated, measureVaried, searchTerms } from '../list-load';
import { combine, filterParts, pageParts, sortParts } from '../rotation';

/** Every billing list with its filters (issue 16), as the billing screens ask for them. */
const lists: [string, string, string][] = [
  ['quotations.page-1', 'quotations, page 1', '/api/business/quotations?page=1&limit=10'],
  [
    'quotations.sent',
    'quotations, sent, page 1',
    '/api/business/quotations?status=sent&page=1&limit=10',
  ],
  [
    'quotations.search',
    'quotations, search',
    '/api/business/quotations?search=patrol&page=1&limit=10',
  ],
  [
    'quotations.by-total-page-50',
    'quotations, by total, page 50',
    '/api/business/quotations?sortBy=totalAmount&sortOrder=desc&page=50&limit=10',
  ],
  ['invoices.page-1', 'invoices, page 1', '/api/business/invoices?page=1&limit=10'],
  [
    'invoices.unpaid',
    'invoices, unpaid',
    '/api/business/invoices?paymentStatus=unpaid&page=1&limit=10',
  ],
  [
    'invoices.overdue',
    'invoices, overdue',
    '/api/business/invoices?dueStatus=overdue&page=1&limit=10',
  ],
  [
    'invoices.this-month',
    'invoices, this month',
    '/api/business/invoices?dateRange=month&page=1&limit=10',
  ],
  ['invoices.search', 'invoices, search', '/api/business/invoices?search=patrol&page=1&limit=10'],
  ['receipts.page-1', 'receipts, page 1', '/api/business/receipts?page=1&limit=10'],
  [
    'receipts.bank-transfers-quarter',
    'receipts, bank transfers this quarter',
    '/api/business/receipts?paymentMethod=bank_transfer&dateRange=quarter&page=1&limit=10',
  ],
  ['credit-notes.page-1', 'credit notes, page 1', '/api/business/credit-notes?page=1&limit=10'],
  [
    'debit-notes.search',
    'debit notes, search',
    '/api/business/debit-notes?search=patrol&page=1&limit=10',
  ],
  ['products.page-1', 'products, page 1', '/api/business/products?page=1&limit=10'],
  [
    'products.licences-search',
    'products, licences, search',
    '/api/business/products?category=licence&search=patrol&page=1&limit=10',
  ],
];

const pages = pageParts(1, 10);
/** Searches go two pages deep: a term's matches rarely fill more. */
const searched = (base: string, sortFields: readonly string[]) =>
  combine(
    base,
    filterParts('search', searchTerms).slice(1),
    pageParts(1, 2),
    sortParts(sortFields.slice(0, 2)),
  );

/** Each list varied over ten pages, every sort and each filter the screen offers, and searches. */
const varied: [string, string, string[]][] = [
  [
    'quotations.varied',
    'quotations, varied page, filter, sort and search',
    (() => {
      const base = '/api/business/quotations?limit=10';
      const sorts = ['createdAt', 'quotationDate', 'quotationNumber', 'validUntil', 'totalAmount'];
      return [
        ...combine(base, pages, sortParts(sorts), filterParts('status', quotationStatuses)),
        ...searched(base, sorts),
      ];
    })(),
  ],
  [
    'invoices.varied',
    'invoices, varied page, filter, sort and search',
    (() => {
      const base = '/api/business/invoices?limit=10';
      const sorts = ['createdAt', 'issueDate', 'dueDate', 'invoiceNumber', 'totalAmount'];
      const filters = [
        ...filterParts('paymentStatus', ['unpaid', 'partial', 'paid', 'pending']),
        ...filterParts('dueStatus', dueStatuses).slice(1),
        ...filterParts('dateRange', billingDateRanges).slice(1),
      ];
      return [...combine(base, pages, sortParts(sorts), filters), ...searched(base, sorts)];
    })(),
  ],
  [
    'receipts.varied',
    'receipts, varied page, filter, sort and search',
    (() => {
      const base = '/api/business/receipts?limit=10';
      const sorts = ['createdAt', 'paymentDate', 'receiptNumber', 'totalAmount'];
      const filters = [
        ...filterParts('paymentMethod', paymentMethods),
        ...filterParts('dateRange', billingDateRanges).slice(1),
      ];
      return [...combine(base, pages, sortParts(sorts), filters), ...searched(base, sorts)];
    })(),
  ],
  [
    'products.varied',
    'products, varied page, filter, sort and search',
    (() => {
      const base = '/api/business/products?limit=10';
      const sorts = ['createdAt', 'name', 'productId', 'unitPrice', 'category'];
      const filters = [
        ...filterParts('category', productCategories),
        ...filterParts('active', ['true', 'false']).slice(1),
      ];
      const productWords = ['patrol', 'support', 'training', 'nfc', 'maintenance', 'consulting'];
      return [
        ...combine(base, pages, sortParts(sorts), filters),
        ...combine(
          base,
          filterParts('search', productWords).slice(1),
          pageParts(1, 2),
          sortParts(sorts),
        ),
      ];
    })(),
  ],
];

export const billingListsSuite = defineSuite({
  name: 'billing lists',
  async run(context) {
    for (const [id, name, paths] of varied) await measureVaried(context, { id, name }, paths);
    for (const [id, name, path] of lists) await measureRepeated(context, { id, name }, path);
  },
});
