import { computeBusinessStats } from '../../../apps/api/src/modules/business-reports/business-stats.service';
import { computeReport } from '../../../apps/api/src/modules/business-reports/reports.service';
import { sql } from 'drizzle-orm';
import type { Invoice, Quotation } from '@patrol/contracts';
import { invoicePdf } from '../../../apps/api/src/modules/invoices/invoice-pdf';
import { quotationPdf } from '../../../apps/api/src/modules/quotations/quotation-pdf';
import { renderBillingPdf, type BillingPdf } from '../../../apps/api/src/pdf/billing-pdf';
import { defineSuite } from '../bench-context';
import { exportFigure, exportGoal, exportMeetsGoal, measureExport, xlsxRows } from '../export-load';
import { measureLatency, timeRuns } from '../load';

const seconds = 5;

const company = {
  company: {
    name: 'Patrol Provider Sdn Bhd',
    addressLines: ['1 Jalan Ampang', '50450 Kuala Lumpur', 'Wilayah Persekutuan, Malaysia'],
    contactLine: '+60 3-1234 5678 · billing@provider.example',
    registrationLine: 'Reg. No. 202601000001 · SST No. W10-1808-32000001',
  },
  bankLines: ['Bank: Maybank', 'Account number: 5140 1234 5678', 'Account name: Patrol Provider'],
  sstRegistrationNumber: 'W10-1808-31012345',
  timeZone: 'Asia/Kuala_Lumpur',
};
const client = {
  companyName: '上海保安服务有限公司',
  contactPerson: 'Zoë Muñoz',
  email: 'ops@client.example',
  phone: '+60 12-345 6789',
  address: 'Jalan Tun Razak, Kuala Lumpur',
};

function invoiceWithLines(lines: number): Invoice {
  return {
    invoiceNumber: 'INV-MP-2026-000123',
    clientInfo: client,
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    paymentTerms: 'NET_30',
    lineItems: Array.from({ length: lines }, (_, index) => ({
      description: `Patrol licence ${index + 1} - one device, one year`,
      quantity: 2,
      unitPrice: 100,
      taxType: 'SERVICE_TAX',
      taxRate: 0.08,
      taxAmount: 16,
      lineTotal: 200,
    })),
    subtotal: 200 * lines,
    taxAmount: 16 * lines,
    taxSummary: [
      { taxType: 'SERVICE_TAX', taxRate: 0.08, taxableAmount: 200 * lines, taxAmount: 16 * lines },
    ],
    discountAmount: 0,
    totalAmount: 216 * lines,
    paidAmount: 0,
    validatedAmount: 0,
    awaitingValidationAmount: 0,
    outstandingAmount: 216 * lines,
    paymentStatus: 'unpaid',
    paymentEntries: [],
    notes: 'Thank you for your business.',
  } as unknown as Invoice;
}

function quotationWithLines(lines: number): Quotation {
  return {
    quotationNumber: 'QUO-MP-2026-000456',
    clientInfo: client,
    quotationDate: '2026-11-01',
    validUntil: '2026-12-01',
    paymentTerms: 'NET_30',
    status: 'sent',
    items: Array.from({ length: lines }, (_, index) => ({
      productName: `Checkpoint tag ${index + 1}`,
      description: 'NFC tag, installed',
      quantity: 1,
      unitPrice: 10,
      discount: 0,
      lineTotal: 10,
      taxType: 'SERVICE_TAX',
      taxRate: 0.08,
      taxAmount: 0.8,
    })),
    subtotal: 10 * lines,
    taxSummary: [
      { taxType: 'SERVICE_TAX', taxRate: 0.08, taxableAmount: 10 * lines, taxAmount: 0.8 * lines },
    ],
    discountAmount: 0,
    taxRate: 0.08,
    taxAmount: 0.8 * lines,
    totalAmount: 10.8 * lines,
    notes: '',
  } as unknown as Quotation;
}

/** Renders a document to the end of its stream. */
function render(pdf: BillingPdf): Promise<void> {
  return new Promise((resolve, reject) => {
    const doc = renderBillingPdf(pdf);
    doc.on('data', () => {});
    doc.on('end', resolve);
    doc.on('error', reject);
  });
}

/** Documents rendered a second, one after another in this process, over `seconds`. */
async function perSecond(seconds: number, pdf: BillingPdf): Promise<number> {
  await render(pdf);
  const started = performance.now();
  let count = 0;
  while (performance.now() - started < seconds * 1000) {
    await render(pdf);
    count += 1;
  }
  return count / ((performance.now() - started) / 1000);
}

/**
 * The billing dashboard and reports (issue 13) over the scale's three years of billing: the
 * dashboard statistics and the reports as served (from their short-lived caches under 10
 * connections) and as computed (uncached, one at a time, in-process before the API starts), and
 * the year's exports.
 */
export const billingInsightSuite = defineSuite({
  name: 'billing insight',
  async prepare(database) {
    // One untimed call of each first: a connection's first statements load the tables' catalog
    // entries into its backend (the API's serving pool keeps its connections for that).
    await computeBusinessStats(database.db);
    for (const dateRange of ['month', 'quarter', 'year'] as const) {
      await computeReport(database.db, { dateRange });
    }
    const [invoice] = (
      await database.db.execute<{ id: string }>(
        sql`select id from invoices where invoice_number like 'SI-%' order by invoice_number limit 1`,
      )
    ).rows;
    return {
      invoiceId: invoice?.id,
      invoicePdfsPerSecond: await perSecond(5, invoicePdf(invoiceWithLines(10), company)),
      longQuotation: await timeRuns(10, () =>
        render(quotationPdf(quotationWithLines(200), company)),
      ),
      uncached: await timeRuns(20, () => computeBusinessStats(database.db)),
      monthReport: await timeRuns(10, () => computeReport(database.db, { dateRange: 'month' })),
      quarterReport: await timeRuns(10, () => computeReport(database.db, { dateRange: 'quarter' })),
      yearReport: await timeRuns(10, () => computeReport(database.db, { dateRange: 'year' })),
    };
  },
  async run(
    context,
    {
      uncached,
      monthReport,
      quarterReport,
      yearReport,
      invoicePdfsPerSecond,
      longQuotation,
      invoiceId,
    },
  ) {
    const { api, token } = context;
    context.record({
      id: 'pdf.invoices-per-second',
      name: 'invoice PDFs (10 lines) rendered a second, one process',
      value: invoicePdfsPerSecond.toFixed(0),
      goal: '>= 50',
      pass: invoicePdfsPerSecond >= 50,
    });
    context.latency(
      { id: 'pdf.quotation-200-lines', name: 'quotation PDF of 200 lines (in-process)' },
      longQuotation,
    );
    context.latency(
      {
        id: 'business.stats.uncached',
        name: 'dashboard-stats aggregates, uncached (in-process)',
      },
      uncached,
    );
    context.latency(
      { id: 'reports.month.uncached', name: 'report of this month, uncached (in-process)' },
      monthReport,
    );
    context.latency(
      { id: 'reports.quarter.uncached', name: 'report of this quarter, uncached (in-process)' },
      quarterReport,
    );
    context.latency(
      { id: 'reports.year.uncached', name: 'report of this year, uncached (in-process)' },
      yearReport,
    );
    const requests: [string, string, string, number?][] = [
      ['business.stats', 'dashboard-stats', '/api/business/dashboard-stats'],
      [
        'reports.week',
        'reports, last 7 days',
        '/api/business/reports?type=overview&dateRange=week',
      ],
      [
        'reports.month',
        'reports, this month',
        '/api/business/reports?type=financial&dateRange=month',
      ],
      [
        'reports.quarter',
        'reports, this quarter',
        '/api/business/reports?type=aging&dateRange=quarter',
      ],
      [
        'reports.year',
        'reports, this year',
        '/api/business/reports?type=performance&dateRange=year',
      ],
      [
        'reports.export.financial-year',
        'xlsx export of the year (financial)',
        '/api/business/reports/export/financial?dateRange=year',
        2,
      ],
      ...(invoiceId
        ? [
            [
              'pdf.invoice-download',
              'invoice PDF download (seeded invoice)',
              `/api/business/invoices/${invoiceId}/download`,
              2,
            ] as [string, string, string, number],
          ]
        : []),
    ];
    for (const [id, name, path, connections] of requests) {
      context.log(`  ${name}`);
      const figures = await measureLatency({
        url: `${api.url}${path}`,
        connections: connections ?? 10,
        durationSeconds: seconds,
        headers: { authorization: `Bearer ${token}` },
      });
      context.latency({ id, name }, figures);
    }
    context.log('  xlsx export, aging of every client');
    const aging = await measureExport({
      url: `${api.url}/api/business/reports/export/aging?dateRange=year`,
      headers: { authorization: `Bearer ${token}` },
      countRows: xlsxRows,
    });
    context.record({
      id: 'reports.export.aging',
      name: 'xlsx export, aging of every client, one at a time (p50 of 5)',
      value: exportFigure(aging),
      goal: exportGoal,
      pass: exportMeetsGoal(aging, context.scale),
    });
  },
});
