import PDFDocument from 'pdfkit';
import { documentFont, documentFontNames, fontForText } from './pdf-fonts';

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

/** A block after the totals: bank details, notes, correction blocks, allocations. */
export interface PdfSection {
  title: string;
  lines: string[];
  /** Drawn inside a tinted box (payment corrections). */
  boxed?: boolean;
  /** A PNG drawn at the section's right (the e-invoice's QR code), 90 points square. */
  image?: Buffer;
}

/** Everything a quotation, invoice or receipt prints, already formatted as text. */
export interface BillingPdf {
  title: string;
  number: string;
  company: PdfCompany;
  /** Label and value pairs under the title (dates, terms, status). */
  details: [string, string][];
  client: { heading: string; lines: string[] };
  columns: PdfColumn[];
  rows: string[][];
  /** Label and value, the last one emphasised (the total). */
  totals: [string, string][];
  sections: PdfSection[];
  /** A large diagonal mark across every page, with its banner line at the top ('VOID'). */
  watermark?: { mark: string; banner: string };
}

const page = { margin: 48, footer: 28 };
const colours = {
  text: '#111827',
  muted: '#6b7280',
  rule: '#d1d5db',
  head: '#f3f4f6',
  box: '#fef2f2',
};
const cellPadding = 4;

/** Selects the face that prints `text` (registered under its own name) and answers the doc. */
function withFontFor(doc: PDFKit.PDFDocument, text: string): PDFKit.PDFDocument {
  return doc.font(fontForText(text));
}

/** Text drawn with a thin stroke as well as the fill: bold without embedding a second face. */
function emphasised(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions = {},
) {
  doc.save().lineWidth(0.35).strokeColor(colours.text);
  withFontFor(doc, text).text(text, x, y, { ...options, fill: true, stroke: true });
  doc.restore();
}

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
    if (line) withFontFor(doc, line).text(line, { width: blockWidth, align: 'right' });
  }
  doc.y = Math.max(doc.y, top + 60) + 14;
  doc.fillColor(colours.text).fontSize(20);
  emphasised(doc, pdf.title, page.margin, doc.y);
  withFontFor(doc, pdf.number)
    .fontSize(11)
    .text(pdf.number, page.margin, doc.y + 2);
  doc.moveDown(0.6);
}

/** Two columns: the client on the left, the document's details on the right. */
function drawParties(doc: PDFKit.PDFDocument, pdf: BillingPdf): void {
  const top = doc.y;
  const half = (doc.page.width - page.margin * 2) / 2;
  doc
    .fontSize(8.5)
    .fillColor(colours.muted)
    .font(fontForText(pdf.client.heading))
    .text(pdf.client.heading.toUpperCase(), page.margin, top);
  doc.fillColor(colours.text).fontSize(10);
  const [name, ...rest] = pdf.client.lines;
  emphasised(doc, name ?? '', page.margin, doc.y, { width: half - 12 });
  doc.fontSize(9);
  for (const line of rest) if (line) withFontFor(doc, line).text(line, { width: half - 12 });
  const leftBottom = doc.y;
  let y = top;
  for (const [label, value] of pdf.details) {
    doc
      .fontSize(8.5)
      .fillColor(colours.muted)
      .font(fontForText(label))
      .text(label, page.margin + half, y, { width: half * 0.42 });
    doc
      .fontSize(9)
      .fillColor(colours.text)
      .font(fontForText(value))
      .text(value, page.margin + half + half * 0.42, y, { width: half * 0.58, align: 'right' });
    y = doc.y + 2;
  }
  doc.y = Math.max(leftBottom, y) + 16;
}

interface TableGeometry {
  x: number[];
  widths: number[];
}

function tableGeometry(doc: PDFKit.PDFDocument, columns: PdfColumn[]): TableGeometry {
  const total = doc.page.width - page.margin * 2;
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
  doc.rect(page.margin, top, doc.page.width - page.margin * 2, height).fill(colours.head);
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

const pageBottom = (doc: PDFKit.PDFDocument) => doc.page.height - page.margin - page.footer;

/** The line items; a row that does not fit starts a new page, which repeats the header row. */
function drawTable(doc: PDFKit.PDFDocument, pdf: BillingPdf): void {
  const geometry = tableGeometry(doc, pdf.columns);
  drawTableHeader(doc, pdf.columns, geometry);
  doc.fontSize(9);
  // Measuring a cell lays its text out; the same text in the same column (a price, a quantity)
  // measures the same, so it is measured once. Every cell is still drawn with its own font.
  const measured = new Map<string, number>();
  const heightOf = (cell: string, index: number) => {
    const key = `${index}:${cell}`;
    let height = measured.get(key);
    if (height === undefined) {
      height = withFontFor(doc, cell).heightOfString(cell, {
        width: geometry.widths[index]! - cellPadding * 2,
      });
      measured.set(key, height);
    }
    return height;
  };
  for (const row of pdf.rows) {
    const height = Math.max(...row.map(heightOf)) + cellPadding * 2;
    if (doc.y + height > pageBottom(doc)) {
      doc.addPage();
      drawTableHeader(doc, pdf.columns, geometry);
      doc.fontSize(9);
    }
    const top = doc.y;
    doc.fillColor(colours.text);
    row.forEach((cell, index) => {
      withFontFor(doc, cell).text(cell, geometry.x[index]! + cellPadding, top + cellPadding, {
        width: geometry.widths[index]! - cellPadding * 2,
        align: pdf.columns[index]!.align ?? 'left',
      });
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

function ensureRoom(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

function drawTotals(doc: PDFKit.PDFDocument, totals: [string, string][]): void {
  const width = 230;
  const x = doc.page.width - page.margin - width;
  ensureRoom(doc, totals.length * 16 + 8);
  totals.forEach(([label, value], index) => {
    const last = index === totals.length - 1;
    const y = doc.y;
    const write = (text: string, left: number, options: PDFKit.Mixins.TextOptions) =>
      last
        ? emphasised(doc, text, left, y, options)
        : withFontFor(doc, text).text(text, left, y, options);
    doc.fontSize(last ? 11 : 9.5).fillColor(last ? colours.text : colours.muted);
    write(label, x, { width: width * 0.5 });
    doc.fillColor(colours.text);
    write(value, x + width * 0.5, { width: width * 0.5, align: 'right' });
    doc.y = Math.max(doc.y, y + (last ? 18 : 15));
  });
  doc.moveDown(1);
}

function drawSection(doc: PDFKit.PDFDocument, section: PdfSection): void {
  const width = doc.page.width - page.margin * 2;
  doc.fontSize(9);
  const body = section.lines.join('\n');
  const imageSize = section.image ? 90 : 0;
  const textHeight = withFontFor(doc, body).heightOfString(body, { width: width - 16 }) + 30;
  const height = Math.max(textHeight, imageSize + 10);
  ensureRoom(doc, Math.min(height, 200));
  const top = doc.y;
  if (section.image) {
    doc.image(section.image, page.margin + width - imageSize, top, { fit: [imageSize, imageSize] });
  }
  if (section.boxed) {
    doc.rect(page.margin, top, width, height).fillAndStroke(colours.box, '#fca5a5');
  }
  const inset = section.boxed ? 8 : 0;
  doc.fillColor(colours.text).fontSize(9.5);
  emphasised(doc, section.title, page.margin + inset, top + inset, {
    width: width - inset * 2 - (imageSize ? imageSize + 12 : 0),
  });
  withFontFor(doc, body)
    .fontSize(9)
    .text(body, page.margin + inset, doc.y + 2, {
      width: width - inset * 2 - (imageSize ? imageSize + 12 : 0),
    });
  doc.y = Math.max(doc.y, section.boxed || section.image ? top + height : doc.y) + 10;
}

/** 'Page n of m' and the company's name on every page, written once every page exists. */
function drawFooters(doc: PDFKit.PDFDocument, pdf: BillingPdf): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const y = doc.page.height - page.margin - 10;
    const width = doc.page.width - page.margin * 2;
    // Writing inside the bottom margin must not start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(8).fillColor(colours.muted);
    withFontFor(doc, `${pdf.company.name} · ${pdf.title} ${pdf.number}`).text(
      `${pdf.company.name} · ${pdf.title} ${pdf.number}`,
      page.margin,
      y,
      {
        width,
        lineBreak: false,
      },
    );
    withFontFor(doc, `Page ${index + 1} of ${range.count}`).text(
      `Page ${index + 1} of ${range.count}`,
      page.margin,
      y,
      {
        width,
        align: 'right',
        lineBreak: false,
      },
    );
    doc.page.margins.bottom = bottom;
  }
}

/** The mark drawn diagonally across the middle of every page, and its banner above the header. */
function drawWatermarks(
  doc: PDFKit.PDFDocument,
  { mark, banner }: { mark: string; banner: string },
): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const { width, height } = doc.page;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fillColor('#dc2626').fontSize(9);
    withFontFor(doc, banner).text(banner, page.margin, page.margin / 2 - 4, {
      width: width - page.margin * 2,
      align: 'center',
      lineBreak: false,
    });
    doc.save().rotate(-40, { origin: [width / 2, height / 2] });
    doc.fillOpacity(0.22).fontSize(150);
    withFontFor(doc, mark).text(mark, 0, height / 2 - 75, {
      width,
      align: 'center',
      lineBreak: false,
    });
    doc.restore();
    doc.page.margins.bottom = bottom;
  }
}

/**
 * Lays out a billing document and answers the PDF as a stream (end() already called): header
 * with logo and company, the client and the details, the line items over as many pages as they
 * take, the totals, then the sections, with page numbers on every page.
 */
export function renderBillingPdf(pdf: BillingPdf): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: page.margin,
    bufferPages: true,
    info: { Title: `${pdf.title} ${pdf.number}`, Author: pdf.company.name },
  });
  for (const name of documentFontNames) {
    // pdfkit takes a parsed fontkit face as well as bytes, which its types do not say.
    doc.registerFont(name, documentFont(name) as unknown as Buffer);
  }
  drawHeader(doc, pdf);
  drawParties(doc, pdf);
  drawTable(doc, pdf);
  drawTotals(doc, pdf.totals);
  for (const section of pdf.sections) drawSection(doc, section);
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
    [client.phone, client.email].filter(Boolean).join(' · '),
  ].filter((line) => line !== '');
}

/** The OpenAPI answer of a PDF download route. */
export const pdfDownloadResponse = {
  200: {
    contentType: 'application/pdf',
    description: 'The document as a PDF attachment, streamed',
  },
};
