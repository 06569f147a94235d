import {
  colours,
  contentWidth,
  emphasised,
  keepMoneyTogether,
  page,
  pageBottom,
  withFontFor,
} from './pdf-draw';

/** A block after the totals: the amount in words, the tax summary, bank details, notes. */
export interface PdfSection {
  title: string;
  lines: string[];
  /** A PNG drawn at the section's right (the e-invoice's QR code), `imageSize` points square. */
  image?: Buffer;
}

const imageSize = 90;

const titleHeight = 15;
const gap = 10;

/** The room a page after the first offers its content (below the running header). */
const freshPageRoom = (doc: PDFKit.PDFDocument) =>
  pageBottom(doc) - (page.margin + page.runningHeader);

/**
 * A section kept with its page: when it fits on a page but not in what is left of this one, it
 * starts the next page whole (title and lines together). One longer than a page flows line by
 * line, and each page it continues on repeats its title with '(continued)'; a title is never
 * left alone at the foot of a page.
 */
export function drawSection(doc: PDFKit.PDFDocument, section: PdfSection): void {
  const image = section.image;
  const width = contentWidth(doc) - (image ? imageSize + 12 : 0);
  const lines = section.lines.flatMap((line) => line.split('\n')).map(keepMoneyTogether);
  doc.fontSize(9);
  const heights = lines.map(
    (line) => withFontFor(doc, line || ' ').heightOfString(line || ' ', { width }) + 1,
  );
  const total = Math.max(
    titleHeight + heights.reduce((sum, height) => sum + height, 0),
    image ? imageSize : 0,
  );
  const firstLine = titleHeight + (heights[0] ?? 0);
  if (
    doc.y + total > pageBottom(doc) &&
    (total <= freshPageRoom(doc) || doc.y + firstLine > pageBottom(doc))
  ) {
    doc.addPage();
  }
  const title = (text: string) => {
    doc.fillColor(colours.text).fontSize(9.5);
    emphasised(doc, text, page.margin, doc.y, { width });
    doc.y += 2;
  };
  const top = doc.y;
  if (image) {
    doc.image(image, page.margin + width + 12, top, { fit: [imageSize, imageSize] });
  }
  title(section.title);
  lines.forEach((line, index) => {
    if (doc.y + heights[index]! > pageBottom(doc)) {
      doc.addPage();
      title(`${section.title} (continued)`);
    }
    doc.fillColor(colours.text).fontSize(9);
    withFontFor(doc, line || ' ').text(line || ' ', page.margin, doc.y, { width });
    doc.y += 1;
  });
  if (image) doc.y = Math.max(doc.y, top + imageSize);
  doc.y += gap;
}
