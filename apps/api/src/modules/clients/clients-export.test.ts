import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema';
import { csvField } from '../../http/csv';
import { exportBatchSize, exportFileName } from './clients-export';
import {
  type TestContext,
  buildClient,
  buildClientForm,
  buildLicence,
  createTestContext,
} from '../../../test/builders';

/** Splits a CSV body (RFC 4180, CRLF rows) into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  return rows;
}

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+60 12-345', "'+60 12-345"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['', ''],
  ])('writes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('GET /api/clients?exportCsv=1', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestContext();
    token = await t.signIn('sales');
  });
  afterAll(() => t.close());

  const exportCsv = (query = '') =>
    request(t.app)
      .get(`/api/clients?exportCsv=1${query}`)
      .set('Authorization', `Bearer ${token}`)
      .buffer(true)
      .parse((res, callback) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => callback(null, body));
      });

  it('downloads matching clients as an attachment with quoting and the formula guard', async () => {
    const tricky = await buildClient(t, {
      companyId: 'CSV-1',
      companyName: 'Quote "Best", Sdn Bhd',
      contactPerson: '=HYPERLINK("http://evil.test","click")',
      address: 'Line one\nLine two',
    });
    await buildLicence(t, tricky.id);
    await buildLicence(t, tricky.id);

    const response = await exportCsv('&search=CSV-1').expect(200);

    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${exportFileName(new Date())}"`,
    );
    expect(response.headers['content-disposition']).toMatch(
      /clients_export_\d{4}-\d{2}-\d{2}\.csv/,
    );
    const body = response.body as string;
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(body.slice(1))).toEqual([
      [
        'companyId',
        'companyName',
        'contactPerson',
        'email',
        'phone',
        'address',
        'active',
        'licences',
        'createdAt',
      ],
      [
        'CSV-1',
        'Quote "Best", Sdn Bhd',
        `'=HYPERLINK("http://evil.test","click")`,
        tricky.email,
        "'+60 12-345 6789",
        'Line one\nLine two',
        'Active',
        '2',
        tricky.createdAt.toISOString(),
      ],
    ]);
  });

  it('streams every matching client across batches, in the requested order', async () => {
    const total = exportBatchSize + 5;
    const base = Date.UTC(2024, 0, 1);
    await t.database.db.insert(clients).values(
      Array.from({ length: total }, (_, index) => ({
        ...buildClientForm({ companyId: `BULK-${String(index).padStart(5, '0')}` }),
        // Pairs share a timestamp so that the keyset must fall back on the id to page correctly.
        createdAt: new Date(base + Math.floor(index / 2) * 1000),
      })),
    );

    const response = await exportCsv('&search=BULK-&sortBy=createdAt&sortOrder=asc').expect(200);

    const rows = parseCsv((response.body as string).slice(1)).slice(1);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row[0])).size).toBe(total);
    const created = rows.map((row) => row[8]!);
    expect([...created].sort()).toEqual(created);
  });

  it('answers only the header when nothing matches', async () => {
    const response = await exportCsv('&search=no-such-client').expect(200);
    expect(parseCsv((response.body as string).slice(1))).toHaveLength(1);
  });

  it('is refused without clients.view (403)', async () => {
    const denied = await t.signIn('sales', { customDenied: ['clients.view'] });
    await request(t.app)
      .get('/api/clients?exportCsv=1')
      .set('Authorization', `Bearer ${denied}`)
      .expect(403);
  });
});
