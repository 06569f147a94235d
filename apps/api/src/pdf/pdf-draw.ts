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
 * How a value is printed: its lines, each whole, at the size it fits (by up to 2.5 points smaller,
 * or down to `min`), or null when it is prose too long even then (pdfkit wraps it at its spaces).
 * Leaves the document at the size to print it.
 */
function valueLines(
  doc: PDFKit.PDFDocument,
  value: string,
  { width, size, min = size - shrinkLimit }: { width: number; size: number; min?: number },
): string[] | null {
  const fitted = oneLineFontSize(doc, value, width, size, min);
  if (fitted !== null) {
    doc.fontSize(fitted);
    return value.split('\n');
  }
  const broken = brokenAtSeparators(doc, value, width, min);
  if (broken === null) doc.fontSize(size);
  return broken;
}

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
  const { width, align } = options;
  const value = keepMoneyTogether(text);
  const lines = valueLines(doc, value, options);
  if (lines === null) {
    draw(value, x, y, { width, align });
    return doc.y;
  }
  // Line by line: pdfkit measures a line ending in a line break wider than the line itself.
  let top = y;
  for (const line of lines) {
    draw(line, x, top, { width, align });
    top += doc.currentLineHeight(true);
  }
  return top;
}

/**
 * A value with no spaces too long for one line even at `min` (a long e-mail address, a URL),
 * broken where a reader expects it: before its '@' and after a '.', '-', '_' or '/', never inside
 * a word; null for prose (pdfkit wraps it at its spaces) or when a piece fits nowhere. Sets the
 * font size to `min`.
 */
function brokenAtSeparators(
  doc: PDFKit.PDFDocument,
  value: string,
  width: number,
  min: number,
): string[] | null {
  if (/\s/.test(value)) return null;
  withFontFor(doc, value).fontSize(min);
  const lines: string[] = [];
  let line = '';
  for (const piece of value.split(/(?=@)|(?<=[.\-_/])/)) {
    if (line && doc.widthOfString(line + piece) > width) {
      lines.push(line);
      line = piece;
    } else {
      line += piece;
    }
  }
  lines.push(line);
  return lines.every((each) => doc.widthOfString(each) <= width) ? lines : null;
}

/** The height `drawValue` gives a value at `size`. */
export function valueHeight(
  doc: PDFKit.PDFDocument,
  text: string,
  { width, size }: { width: number; size: number },
): number {
  const value = keepMoneyTogether(text);
  const lines = valueLines(doc, value, { width, size });
  return lines === null
    ? withFontFor(doc, value).heightOfString(value, { width })
    : doc.currentLineHeight(true) * lines.length;
}
