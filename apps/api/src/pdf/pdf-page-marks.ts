import { colours, contentWidth, emphasised, page, withFontFor } from './pdf-draw';

/** What the marks of every page name: the company and the document. */
export interface PageMarkSubject {
  title: string;
  number: string;
  company: { name: string };
}

/**
 * The document header line of every page after the first: the document and its number on the
 * left, the company on the right, a rule under them; the content continues below it.
 */
export function drawRunningHeader(doc: PDFKit.PDFDocument, pdf: PageMarkSubject): void {
  const top = page.margin;
  const width = contentWidth(doc);
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.fillColor(colours.text).fontSize(10);
  emphasised(doc, `${pdf.title} ${pdf.number} (continued)`, page.margin, top, {
    width: width * 0.6,
    lineBreak: false,
  });
  doc.fontSize(8.5).fillColor(colours.muted);
  withFontFor(doc, pdf.company.name).text(pdf.company.name, page.margin + width * 0.6, top + 1, {
    width: width * 0.4,
    align: 'right',
    lineBreak: false,
  });
  const rule = top + page.runningHeader - 10;
  doc
    .moveTo(page.margin, rule)
    .lineTo(page.margin + width, rule)
    .lineWidth(0.5)
    .strokeColor(colours.rule)
    .stroke();
  doc.page.margins.bottom = bottom;
  doc.x = page.margin;
  doc.y = top + page.runningHeader;
}

/** 'Page n of m' and the company's name on every page, written once every page exists. */
export function drawFooters(doc: PDFKit.PDFDocument, pdf: PageMarkSubject): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const y = doc.page.height - page.margin - 10;
    const width = contentWidth(doc);
    // Writing inside the bottom margin must not start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(8).fillColor(colours.muted);
    const left = `${pdf.company.name} · ${pdf.title} ${pdf.number}`;
    withFontFor(doc, left).text(left, page.margin, y, { width, lineBreak: false });
    const right = `Page ${index + 1} of ${range.count}`;
    withFontFor(doc, right).text(right, page.margin, y, {
      width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** The mark drawn diagonally across the middle of every page, and its banner above the header. */
export function drawWatermarks(
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
