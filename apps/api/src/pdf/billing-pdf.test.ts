import { describe, expect, it } from 'vitest';
import { pdfPages } from '../../test/pdf-text';
import { renderBillingPdf, type BillingPdf } from './billing-pdf';

function document(number: string, clientName: string): BillingPdf {
  return {
    title: 'INVOICE',
    number,
    company: {
      name: 'Patrol Provider Sdn Bhd',
      addressLines: ['1 Jalan Ampang'],
      contactLine: 'billing@provider.example',
      registrationLine: 'Reg. No. 202601000001',
    },
    details: [['Issue date', '01/11/2026']],
    client: { heading: 'Bill to', lines: [clientName] },
    columns: [
      { header: 'Description', width: 70 },
      { header: 'Amount', width: 30, align: 'right' },
    ],
    rows: [[`Line of ${clientName}`, 'RM 10.00']],
    totals: [['Total', 'RM 10.00']],
    sections: [],
  };
}

function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The file without what changes from one rendering to the next: its date and its id. */
const withoutDateAndId = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '/ID []');

describe('billing PDFs (faces parsed once per process, shared by every document)', () => {
  it('gives each document its own glyphs when several are rendered side by side', async () => {
    const chinese = renderBillingPdf(document('INV-1', '上海保安服务有限公司'));
    const polish = renderBillingPdf(document('INV-2', 'Łódź Ochrona Sp. z o.o.'));
    const [chineseText, polishText] = await Promise.all(
      [bytesOf(chinese), bytesOf(polish)].map(async (bytes) => (await pdfPages(await bytes))[0]!),
    );
    expect(chineseText).toContain('上海保安服务有限公司');
    expect(chineseText).not.toContain('Łódź');
    expect(polishText).toContain('Line of Łódź Ochrona Sp. z o.o.');
    expect(polishText).not.toContain('上海');
  });

  it('renders a document again to the same bytes, but for its date and id', async () => {
    const pdf = document('INV-3', 'Zoë Muñoz 上海');
    const first = await bytesOf(renderBillingPdf(pdf));
    await bytesOf(renderBillingPdf(document('INV-4', 'Ąę Żółw')));
    const again = await bytesOf(renderBillingPdf(pdf));
    expect(withoutDateAndId(again)).toBe(withoutDateAndId(first));
  });
});
