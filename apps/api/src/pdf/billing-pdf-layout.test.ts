import { describe, expect, it } from 'vitest';
import { pdfPages } from '../../test/pdf-text';
import { renderBillingPdf, type BillingPdf } from './billing-pdf';

function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** pdftotext without -layout's joining: each printed line on its own. */
const textOf = async (pdf: BillingPdf) => pdfPages(await bytesOf(renderBillingPdf(pdf)));

function invoice(overrides: Partial<BillingPdf> = {}): BillingPdf {
  return {
    title: 'INVOICE',
    number: 'INV-MP-2026/27-000123',
    company: {
      name: 'Patrol Provider Sdn Bhd',
      addressLines: ['1 Jalan Ampang', '50450 Kuala Lumpur'],
      contactLine: 'billing@provider.example',
      registrationLine:
        'Reg.\u00a0No.\u00a0202601000001 · SST\u00a0Reg.\u00a0No.\u00a0W10-1808-31012345',
    },
    details: [
      ['Issue date', '27/11/2026'],
      ['Invoice', 'INV-MP-2026/27-000123'],
    ],
    client: {
      heading: 'Bill to',
      lines: [
        'Syarikat Kawalan Keselamatan dan Perkhidmatan Rondaan Bersepadu Utara Semenanjung Sdn Bhd',
        'accounts.payable@kawalan-keselamatan.example.com.my',
      ],
    },
    columns: [
      { header: 'Description', width: 58 },
      { header: 'Unit price', width: 14, align: 'right' },
      { header: 'Amount', width: 14, align: 'right' },
      { header: 'Tax', width: 14, align: 'right' },
    ],
    rows: Array.from({ length: 70 }, (_, index) => [
      `Checkpoint tag ${index + 1}`,
      'RM 1,234,567.50',
      'RM 12,345,678.90',
      'RM 987,654.32',
    ]),
    totals: [
      ['Total', 'RM 123,456,789.01'],
      ['Paid', 'RM 0.00'],
      ['Outstanding', 'RM 123,456,789.01'],
    ],
    emphasis: ['Total', 'Outstanding'],
    amountInWords: 'Ringgit Malaysia One Hundred Only',
    sections: [],
    ...overrides,
  };
}

describe('billing PDF layout', () => {
  it('repeats the document header line and the table header on every later page', async () => {
    const pages = await textOf(invoice());
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).not.toContain('(continued)');
    for (const page of pages.slice(1)) {
      expect(page).toContain('INVOICE INV-MP-2026/27-000123 (continued)');
      expect(page).toContain('Patrol Provider Sdn Bhd');
    }
    for (const page of pages) expect(page).toMatch(/Description\s+Unit price\s+Amount\s+Tax/);
  });

  it('never ends a line with RM: every amount is printed whole beside its currency', async () => {
    const text = (await textOf(invoice())).join('\n');
    expect(text).not.toMatch(/RM\s*$/m);
    expect(text).not.toMatch(/^\s*[\d,]+\.\d\d\s*$/m);
    expect(text.match(/RM 12,345,678\.90/g)).toHaveLength(70);
    expect(text).toMatch(/Total\s+RM 123,456,789\.01/);
  });

  it('prints header values whole: the number, the details and the client e-mail', async () => {
    const [first] = await textOf(invoice());
    expect(first).toMatch(/Invoice\s+INV-MP-2026\/27-000123/);
    expect(first).toContain('accounts.payable@kawalan-keselamatan.example.com.my');
    expect(first).toContain('SST Reg. No. W10-1808-31012345');
  });

  it('breaks an e-mail too long for one line before its @ or after a dot, never inside a word', async () => {
    const email =
      'accounts.payable.department.northern.region.headquarters@kawalan-keselamatan-dan-perkhidmatan-rondaan.example.com.my';
    const [first] = await textOf(
      invoice({ client: { heading: 'Bill to', lines: ['Kawalan Utara Sdn Bhd', email] } }),
    );
    const lines = first!.split('\n');
    const start = lines.findIndex((line) => line.startsWith('accounts.payable'));
    const printed: string[] = [];
    for (let index = start; printed.join('').length < email.length; index += 1) {
      printed.push(lines[index]!.trim());
    }
    expect(printed.join('')).toBe(email);
    expect(printed.length).toBeGreaterThan(1);
    for (const [index, line] of printed.slice(1).entries()) {
      const brokenAtSeparator = line.startsWith('@') || /[.\-_/]$/.test(printed[index]!);
      expect(brokenAtSeparator, `${printed[index]} | ${line}`).toBe(true);
    }
  });

  it('prints Total before Paid and Outstanding, then the amount in words', async () => {
    const text = (await textOf(invoice({ rows: [['One line', 'RM 1.00', 'RM 1.00', '-']] }))).join(
      '\n',
    );
    expect(text).toMatch(/Total[^\n]+\n[^\n]*Paid[^\n]+\n[^\n]*Outstanding/);
    expect(text).toMatch(/Amount in words\s+Ringgit Malaysia One Hundred Only/);
  });

  it('keeps a section with its page: it moves whole rather than split over two', async () => {
    const notes = Array.from({ length: 20 }, (_, index) => `Note line ${index + 1}`);
    // Enough lines that the totals end low on a page, leaving less room than the notes need.
    let moved = 0;
    for (const rows of [20, 24, 28, 32]) {
      const pages = await textOf(
        invoice({
          rows: Array.from({ length: rows }, (_, index) => [
            `Tag ${index + 1}`,
            'RM 1.00',
            'RM 1.00',
            '-',
          ]),
          sections: [{ title: 'Notes', lines: notes }],
        }),
      );
      const holding = pages.filter((page) => /Note line \d+/.test(page));
      expect(holding).toHaveLength(1);
      expect(holding[0]).toContain('Notes');
      expect(holding[0]).toContain('Note line 1\n');
      expect(holding[0]).toContain('Note line 20');
      if (!holding[0]!.includes('Outstanding')) moved += 1;
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('flows a section longer than a page, repeating its title on the next', async () => {
    const notes = Array.from({ length: 120 }, (_, index) => `Condition ${index + 1}`);
    const pages = await textOf(
      invoice({
        rows: [['One line', 'RM 1.00', 'RM 1.00', '-']],
        sections: [{ title: 'Terms', lines: notes }],
      }),
    );
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain('Terms (continued)');
    expect(pages.join('\n')).toContain('Condition 120');
  });
});
