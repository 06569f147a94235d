import type PDFDocument from 'pdfkit';
import { lazyPackage } from '../lazy-package';
import {
  colours,
  contentWidth,
  drawValue,
  emphasised,
  keepMoneyTogether,
  page,
  pageBottom,
  valueHeight,
  withFontFor,
} from './pdf-draw';
import { documentFont, documentFontNames, fontForText } from './pdf-fonts';
import { drawFooters, drawRunningHeader, drawWatermarks } from './pdf-page-marks';
import { drawSection, type PdfSection } from './pdf-sections';

export type { PdfSection } from './pdf-sections';

/** What the company prints at the top of every document (from the settings). */
export interface PdfCompany {
  name: string;
  addressLines: string[];
  contactLine: string;
  /** 'Reg. No. 202601000001 · SST Reg. No. W10-1808-32000001' */
  registrationLine: string;
  /** A PNG or JPEG logo on disk, when there is one. */
  logoPath?: string;
}

export interface PdfColumn {
  header: string;
  /** Share of the table's width. */
  width: number;
  align?: 'left' | 'right';
}

/** Everything a quotation, invoice, note or receipt prints, already formatted as text. */
export interface BillingPdf {
  title: string;
  number: string;
  company: PdfCompany;
  /** Label and value pairs under the title (dates, terms, status). */
  details: [string, string][];
  client: { heading: string; lines: string[] };
  columns: PdfColumn[];
  rows: string[][];
  /** Label and value, the last one emphasised unless `emphasis` names the labels to emphasise. */
  totals: [string, string][];
  /** The totals rows printed emphasised (the Total, and the Outstanding after Paid). */
  emphasis?: string[];
  /** The document's amount in words, under the totals ('Ringgit Malaysia ... Only'). */
  amountInWords?: string;
  sections: PdfSection[];
  /** A large diagonal mark across every page, with its banner line at the top ('VOID'). */
  watermark?: { mark: string; banner: string };
}

const cellPadding = 4;

function drawHeader(doc: PDFKit.PDFDocument, pdf: BillingPdf): void {
  const { company } = pdf;
  const right = doc.page.width - page.margin;
  const top = page.margin;
  if (company.logoPath) {
    try {
      doc.image(company.logoPath, page.margin, top, { fit: [140, 56] });
    } catch {
      // An unreadable logo leaves the space empty rather than failing the document.
    }
  }
  const blockWidth = 260;
  doc.fillColor(colours.text).fontSize(13);
  emphasised(doc, company.name, right - blockWidth, top, { width: blockWidth, align: 'right' });
  doc.fontSize(8.5).fillColor(colours.muted);
  for (const line of [...company.addressLines, company.contactLine, company.registrationLine]) {
    if (line)
      withFontFor(doc, line).text(line, right - blockWidth, doc.y, {
        width: blockWidth,
        align: 'right',
      });
  }
  doc.y = Math.max(doc.y, top + 60) + 14;
  doc.fillColor(colours.text).fontSize(20);
  emphasised(doc, pdf.title, page.margin, doc.y);
  drawValue(doc, pdf.number, page.margin, doc.y + 2, { width: contentWidth(doc), size: 11 });
  doc.moveDown(0.6);
}

/** Two columns: the client on the left, the document's details on the right. */
function drawParties(doc: PDFKit.PDFDocument, pdf: BillingPdf): void {
  const top = doc.y;
  const half = contentWidth(doc) / 2;
  doc
    .fontSize(8.5)
    .fillColor(colours.muted)
    .font(fontForText(pdf.client.heading))
    .text(pdf.client.heading.toUpperCase(), page.margin, top);
  doc.fillColor(colours.text).fontSize(10);
  const [name, ...rest] = pdf.client.lines;
  emphasised(doc, name ?? '', page.margin, doc.y, { width: half - 12 });
  for (const line of rest) {
    // A phone number or an address line stays whole, smaller if it must; prose wraps at spaces.
    if (line) drawValue(doc, line, page.margin, doc.y, { width: half - 12, size: 9, min: 6.5 });
  }
  const leftBottom = doc.y;
  let y = top;
  const labelWidth = half * 0.36;
  for (const [label, value] of pdf.details) {
    doc
      .fontSize(8.5)
      .fillColor(colours.muted)
      .font(fontForText(label))
      .text(label, page.margin + half, y, { width: labelWidth });
    doc.fillColor(colours.text);
    // A value (a date, a number, a status) stays on one line, smaller if it must.
    const below = drawValue(doc, value, page.margin + half + labelWidth, y, {
      width: half - labelWidth,
      size: 9,
      align: 'right',
    });
    y = Math.max(doc.y, below) + 2;
  }
  doc.y = Math.max(leftBottom, y) + 16;
}

interface TableGeometry {
  x: number[];
  widths: number[];
}

function tableGeometry(doc: PDFKit.PDFDocument, columns: PdfColumn[]): TableGeometry {
  const total = contentWidth(doc);
  const share = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / share) * total);
  const x = widths.map(
    (_, index) => page.margin + widths.slice(0, index).reduce((a, b) => a + b, 0),
  );
  return { x, widths };
}

function drawTableHeader(
  doc: PDFKit.PDFDocument,
  columns: PdfColumn[],
  geometry: TableGeometry,
): void {
  const top = doc.y;
  const height = 18;
  doc.rect(page.margin, top, contentWidth(doc), height).fill(colours.head);
  doc.fillColor(colours.text).fontSize(8.5);
  columns.forEach((column, index) => {
    emphasised(doc, column.header, geometry.x[index]! + cellPadding, top + 5, {
      width: geometry.widths[index]! - cellPadding * 2,
      align: column.align ?? 'left',
      lineBreak: false,
    });
  });
  doc.y = top + height;
}

/**
 * The line items; a row that does not fit starts a new page, which repeats the document's header
 * line and the table's header row. Right-aligned cells (amounts) stay on one line, smaller if
 * they must; descriptions wrap.
 */
function drawTable(doc: PDFKit.PDFDocument, pdf: BillingPdf): void {
  const geometry = tableGeometry(doc, pdf.columns);
  drawTableHeader(doc, pdf.columns, geometry);
  // Measuring a cell lays its text out; the same text in the same column (a price, a quantity)
  // measures the same, so it is measured once. Every cell is still drawn with its own font.
  const measured = new Map<string, number>();
  const heightOf = (cell: string, index: number) => {
    const key = `${index}:${cell}`;
    let height = measured.get(key);
    if (height === undefined) {
      const width = geometry.widths[index]! - cellPadding * 2;
      doc.fontSize(9);
      height =
        pdf.columns[index]!.align === 'right'
          ? valueHeight(doc, cell, { width, size: 9 })
          : withFontFor(doc, cell).heightOfString(cell, { width });
      measured.set(key, height);
    }
    return height;
  };
  for (const cells of pdf.rows) {
    const row = cells.map(keepMoneyTogether);
    const height = Math.max(...row.map(heightOf)) + cellPadding * 2;
    if (doc.y + height > pageBottom(doc)) {
      doc.addPage();
      drawTableHeader(doc, pdf.columns, geometry);
    }
    const top = doc.y;
    doc.fillColor(colours.text);
    row.forEach((cell, index) => {
      const x = geometry.x[index]! + cellPadding;
      const width = geometry.widths[index]! - cellPadding * 2;
      const align = pdf.columns[index]!.align ?? 'left';
      if (align === 'right') drawValue(doc, cell, x, top + cellPadding, { width, size: 9, align });
      else
        withFontFor(doc, cell)
          .fontSize(9)
          .text(cell, x, top + cellPadding, { width, align });
    });
    doc
      .moveTo(page.margin, top + height)
      .lineTo(doc.page.width - page.margin, top + height)
      .lineWidth(0.5)
      .strokeColor(colours.rule)
      .stroke();
    doc.y = top + height;
  }
  doc.moveDown(0.8);
}

/** The totals, kept together on one page, the emphasised row (the Total) larger. */
function drawTotals(doc: PDFKit.PDFDocument, pdf: BillingPdf): void {
  const { totals } = pdf;
  const emphasis = pdf.emphasis ?? [totals.at(-1)?.[0]];
  const width = 250;
  const x = doc.page.width - page.margin - width;
  if (doc.y + totals.length * 17 + 8 > pageBottom(doc)) doc.addPage();
  for (const [label, value] of totals) {
    const strong = emphasis.includes(label);
    const y = doc.y;
    const draw = (text: string, left: number, y: number, options: PDFKit.Mixins.TextOptions) =>
      strong
        ? emphasised(doc, text, left, y, options)
        : void withFontFor(doc, text).text(text, left, y, options);
    doc.fontSize(strong ? 11 : 9.5).fillColor(strong ? colours.text : colours.muted);
    draw(label, x, y, { width: width * 0.5 });
    const labelBottom = doc.y;
    doc.fillColor(colours.text);
    drawValue(
      doc,
      value,
      x + width * 0.5,
      y,
      { width: width * 0.5, size: strong ? 11 : 9.5, align: 'right' },
      draw,
    );
    doc.y = Math.max(doc.y, labelBottom, y + (strong ? 18 : 15));
  }
  doc.moveDown(1);
}

const loadPdfKit = lazyPackage<typeof PDFDocument>('pdfkit');

/**
 * Lays out a billing document and answers the PDF as a stream (end() already called): header
 * with logo and company, the client and the details, the line items over as many pages as they
 * take, the totals and the amount in words, then the sections; every page after the first
 * repeats the document's header line, and every page carries its number.
 */
export function renderBillingPdf(pdf: BillingPdf): PDFKit.PDFDocument {
  const PdfDocument = loadPdfKit();
  const doc = new PdfDocument({
    size: 'A4',
    margin: page.margin,
    // pdfkit opens a document in Helvetica, parsing its metrics (4 % of a long document's time),
    // unless its font is falsy, which its types do not list; every text here names its own face.
    font: null as unknown as string,
    bufferPages: true,
    info: { Title: `${pdf.title} ${pdf.number}`, Author: pdf.company.name },
  });
  for (const name of documentFontNames) {
    // pdfkit takes a parsed fontkit face as well as bytes, which its types do not say.
    doc.registerFont(name, documentFont(name) as unknown as Buffer);
  }
  // Every later page, whether the layout or a long text starts it, opens below the header line.
  doc.options.margin = undefined;
  doc.options.margins = {
    top: page.margin + page.runningHeader,
    bottom: page.margin,
    left: page.margin,
    right: page.margin,
  };
  doc.on('pageAdded', () => drawRunningHeader(doc, pdf));
  drawHeader(doc, pdf);
  drawParties(doc, pdf);
  drawTable(doc, pdf);
  drawTotals(doc, pdf);
  const sections = pdf.amountInWords
    ? [{ title: 'Amount in words', lines: [pdf.amountInWords] }, ...pdf.sections]
    : pdf.sections;
  for (const section of sections) drawSection(doc, section);
  drawFooters(doc, pdf);
  if (pdf.watermark) drawWatermarks(doc, pdf.watermark);
  doc.end();
  return doc;
}

/** A document's copy of its client as printed lines: company first. */
export function clientLines(client: {
  companyName: string;
  contactPerson?: string;
  email?: string;
  phone?: string;
  address?: string;
}): string[] {
  return [
    client.companyName,
    client.contactPerson ? `Attn: ${client.contactPerson}` : '',
    client.address ?? '',
    client.phone ?? '',
    client.email ?? '',
  ].filter((line) => line !== '');
}

/** The OpenAPI answer of a PDF download route. */
export const pdfDownloadResponse = {
  200: {
    contentType: 'application/pdf',
    description: 'The document as a PDF attachment, streamed',
  },
};
