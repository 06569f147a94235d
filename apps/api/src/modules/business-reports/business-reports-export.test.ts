import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/builders';
import { dayStart } from '../../db/column-values';
import { invoices } from '../../db/schema';
import { day, setUpBusinessReportsFixture, today } from './business-reports-test-fixture';

describe('business report exports', () => {
  const fixture = setUpBusinessReportsFixture();

  describe('GET /api/business/reports/export/{type}', () => {
    const exportReport = (type: string, query = '', token = fixture.manager) =>
      request(fixture.t.app)
        .get(`/api/business/reports/export/${type}?dateRange=week${query}`)
        .set(bearer(token))
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });

    async function workbookOf(type: string) {
      const response = await exportReport(type).expect(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${type}-report-${today}.xlsx"`,
      );
      const workbook = new ExcelJS.Workbook();
      const file = response.body as Buffer;
      await workbook.xlsx.load(
        file.buffer.slice(file.byteOffset, file.byteOffset + file.length) as ArrayBuffer,
      );
      return workbook;
    }

    it('writes the aging as numbers in RM with frozen, filtered headers and dates as dates', async () => {
      const workbook = await workbookOf('aging');
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
        'Report',
        'Aging Buckets',
        'Aging by Client',
      ]);
      const cover = workbook.getWorksheet('Report')!;
      expect(cover.getCell('B2').value).toEqual(new Date(`${day(-6)}T00:00:00Z`));
      expect(cover.getCell('B2').numFmt).toBe('yyyy-mm-dd');
      const byClient = workbook.getWorksheet('Aging by Client')!;
      expect(byClient.getRow(1).values).toEqual([
        undefined,
        'Client',
        'Total Outstanding',
        'Current',
        '1-30',
        '31-60',
        '61+',
      ]);
      expect(byClient.getRow(2).values).toEqual([
        undefined,
        '上海保安服务有限公司',
        1296,
        216,
        0,
        0,
        1080,
      ]);
      expect(byClient.getRow(3).values).toEqual([
        undefined,
        'Xenon Guards Sdn Bhd',
        416,
        216,
        0,
        200,
        0,
      ]);
      expect(byClient.getCell('B2').numFmt).toBe('"RM "#,##0.00');
      expect(byClient.getCell('F3').numFmt).toBe('"RM "#,##0.00');
      const buckets = workbook.getWorksheet('Aging Buckets')!;
      expect([2, 3, 4, 5].map((row) => buckets.getRow(row).values)).toEqual([
        [undefined, 'Current', 2, 432],
        [undefined, '1-30', 0, 0],
        [undefined, '31-60', 1, 200],
        [undefined, '61+', 1, 1080],
      ]);
      expect(buckets.getCell('C2').numFmt).toBe('"RM "#,##0.00');
      // A totals row of live formulas under the rows.
      expect(buckets.getRow(6).getCell(1).value).toBe('Total');
      expect(buckets.getCell('B6').value).toEqual({ formula: 'SUM(B2:B5)', result: 4 });
      expect(buckets.getCell('C6').value).toEqual({ formula: 'SUM(C2:C5)', result: 1712 });
      expect(byClient.getCell('B4').value).toEqual({ formula: 'SUM(B2:B3)', result: 1712 });
      expect(byClient.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(byClient.autoFilter).toBeTruthy();
      expect(byClient.getColumn(1).width).toBe(40);
    });

    it('writes the financial and performance sections', async () => {
      const financial = await workbookOf('financial');
      const methods = financial.getWorksheet('Payment Methods')!;
      expect(methods.getRow(2).values).toEqual([undefined, 'Bank Transfer', 216, 1]);
      expect(methods.getCell('C2').numFmt).toBe('0.0%');
      const trend = financial.getWorksheet('Revenue Trend')!;
      expect(trend.getCell('A2').value).toBeInstanceOf(Date);
      expect(trend.getCell('A2').numFmt).toBe('yyyy-mm-dd');
      const trendRows = trend.rowCount - 1;
      expect(trend.getCell(`B${trendRows + 1}`).value).toMatchObject({
        formula: `SUM(B2:B${trendRows})`,
      });
      const performance = await workbookOf('performance');
      const targets = performance.getWorksheet('Targets')!;
      expect(targets.getRow(5).values).toEqual([
        undefined,
        'Days to Collect',
        2,
        30,
        15,
        'On target',
      ]);
      const overview = await workbookOf('overview');
      expect(overview.getWorksheet('Overview')!.getRow(2).values).toEqual([
        undefined,
        'Total Revenue (gross)',
        1728,
      ]);
    });

    it('gives the JSON fallback with format=json', async () => {
      const response = await exportReport('financial', '&format=json').expect(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="financial-report-${today}.json"`,
      );
      const parsed = JSON.parse((response.body as Buffer).toString('utf8'));
      expect(parsed).toMatchObject({
        type: 'financial',
        business: { revenue: { invoiced: 1728 } },
      });
    });

    it('refuses an unknown report type or format', async () => {
      await exportReport('everything').expect(400);
      await exportReport('aging', '&format=csv').expect(400);
    });

    it('lists every owing client, past the 100 the screen shows, by printed name without a client', async () => {
      // Invoices of clients since deleted (no client row), issued long before the fixture's weeks.
      await fixture.t.database.db.insert(invoices).values(
        Array.from({ length: 101 }, (_, index) => ({
          invoiceNumber: `INV-OLD-${index}`,
          clientInfo: { companyName: `Former Client ${String(index).padStart(3, '0')}` },
          issueDate: dayStart(day(-400)),
          dueDate: dayStart(day(-370)),
          totalAmount: '1.00',
        })),
      );
      fixture.t.ctx.events.publish('billingUpdated', {
        entity: 'invoice',
        action: 'created',
        id: randomUUID(),
      });
      const byClient = (await workbookOf('aging')).getWorksheet('Aging by Client')!;
      expect(byClient.rowCount).toBe(1 + 2 + 101 + 1);
      expect(byClient.getRow(4).values).toEqual([undefined, 'Former Client 000', 1, 0, 0, 0, 1]);
      expect(byClient.getRow(104).values).toEqual([undefined, 'Former Client 100', 1, 0, 0, 0, 1]);
      const buckets = (await workbookOf('aging')).getWorksheet('Aging Buckets')!;
      expect(buckets.getRow(5).values).toEqual([undefined, '61+', 102, 1181]);
      expect(buckets.getCell('C6').value).toMatchObject({ formula: 'SUM(C2:C5)' });
    });

    it('refuses a user without reports.export', async () => {
      await exportReport('aging', '', fixture.accounts).expect(403);
    });
  });
});
