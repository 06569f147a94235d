import { defineSuite } from '../bench-context';
import { measureLatency } from '../load';

/** Every billing list with its filters (issue 16), as the billing screens ask for them. */
const lists: [string, string][] = [
  ['quotations, page 1', '/api/business/quotations?page=1&limit=10'],
  ['quotations, sent, page 1', '/api/business/quotations?status=sent&page=1&limit=10'],
  ['quotations, search', '/api/business/quotations?search=patrol&page=1&limit=10'],
  [
    'quotations, by total, page 50',
    '/api/business/quotations?sortBy=totalAmount&sortOrder=desc&page=50&limit=10',
  ],
  ['invoices, page 1', '/api/business/invoices?page=1&limit=10'],
  ['invoices, unpaid', '/api/business/invoices?paymentStatus=unpaid&page=1&limit=10'],
  ['invoices, overdue', '/api/business/invoices?dueStatus=overdue&page=1&limit=10'],
  ['invoices, this month', '/api/business/invoices?dateRange=month&page=1&limit=10'],
  ['invoices, search', '/api/business/invoices?search=patrol&page=1&limit=10'],
  ['receipts, page 1', '/api/business/receipts?page=1&limit=10'],
  [
    'receipts, bank transfers this quarter',
    '/api/business/receipts?paymentMethod=bank_transfer&dateRange=quarter&page=1&limit=10',
  ],
  ['products, page 1', '/api/business/products?page=1&limit=10'],
  [
    'products, licences, search',
    '/api/business/products?category=licence&search=patrol&page=1&limit=10',
  ],
];

export const billingListsSuite = defineSuite({
  name: 'billing lists',
  async run(context) {
    for (const [name, path] of lists) {
      context.log(`  ${name}`);
      context.latency(
        name,
        await measureLatency({
          url: `${context.api.url}${path}`,
          connections: 10,
          durationSeconds: 5,
          headers: { authorization: `Bearer ${context.token}` },
        }),
      );
    }
  },
});
