import { fontForText } from './pdf-fonts';

/** The page geometry every billing document shares (points). */
export const page = { margin: 48, footer: 28, runningHeader: 26 };

export const colours = {
  text: '#111827',
  muted: '#6b7280',
  rule: '#d1d5db',
  head: '#f3f4f6',
};

/** The lowest y the content may reach on a page, above the footer. */
export const pageBottom = (doc: PDFKit.PDFDocument) => doc.page.height - page.margin - page.footer;

/** The width between the side margins. */
export const contentWidth = (doc: PDFKit.PDFDocument) => doc.page.width - page.margin * 2;

/**
 * 'RM 1,234.50' joined by a no-break space, so no line ever ends with 'RM' and starts the next
 * with its amount (pdftotext reads the space back as U+00A0).
 */
export function keepMoneyTogether(text: string): string {
  return text.replace(/RM (?=-?\d)/g, 'RM\u00a0');
}

/** Selects the face that prints `text` (registered under its own name) and answers the doc. */
export function withFontFor(doc: PDFKit.PDFDocument, text: string): PDFKit.PDFDocument {
  return doc.font(fontForText(text));
}

/** Text drawn with a thin stroke as well as the fill: bold without embedding a second face. */
export function emphasised(
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

/**
 * The largest font size from `size` down to `min` (half a point at a time) at which every line of
 * `text` fits on one line of `width`, or null when one does not fit even at `min`. A value (an
 * amount, a document number, a date) is printed whole at that size rather than broken mid-way.
 */
export function oneLineFontSize(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  size: number,
  min: number,
): number | null {
  withFontFor(doc, text);
  const lines = text.split('\n');
  for (let candidate = size; candidate >= min; candidate -= 0.5) {
    doc.fontSize(candidate);
    if (lines.every((line) => doc.widthOfString(line) <= width)) return candidate;
  }
  return null;
}

/** How many points a value may shrink to stay whole, unless the caller says otherwise. */
const shrinkLimit = 2.5;

/**
 * Draws a value with each of its lines whole, shrunk (by up to 2.5 points, or down to `min`) to
 * fit its width when needed; prose too long even then wraps at its spaces instead. Answers the
 * y below it.
 */
export function drawValue(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: { width: number; size: number; min?: number; align?: 'left' | 'right' },
  draw: (text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions) => void = (
    ...args
  ) => void withFontFor(doc, args[0]).text(...args),
): number {
  const { width, size, align } = options;
  const value = keepMoneyTogether(text);
  const fitted = oneLineFontSize(doc, value, width, size, options.min ?? size - shrinkLimit);
  doc.fontSize(fitted ?? size);
  if (fitted === null) {
    draw(value, x, y, { width, align });
    return doc.y;
  }
  // Line by line: pdfkit measures a line ending in a line break wider than the line itself.
  let top = y;
  for (const line of value.split('\n')) {
    draw(line, x, top, { width, align });
    top += doc.currentLineHeight(true);
  }
  return top;
}

/** The height `drawValue` gives a value at `size`. */
export function valueHeight(
  doc: PDFKit.PDFDocument,
  text: string,
  { width, size }: { width: number; size: number },
): number {
  const value = keepMoneyTogether(text);
  const fitted = oneLineFontSize(doc, value, width, size, size - shrinkLimit);
  doc.fontSize(fitted ?? size);
  return fitted === null
    ? withFontFor(doc, value).heightOfString(value, { width })
    : doc.currentLineHeight(true) * value.split('\n').length;
}
