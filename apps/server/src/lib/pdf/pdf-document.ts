import PDFDocument from 'pdfkit';
import { toWinAnsi } from './win-ansi.ts';

export type Pdf = PDFKit.PDFDocument;
export type Align = 'left' | 'center' | 'right';
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;

interface PdfOptions {
  layout: 'portrait' | 'landscape';
  title: string;
  language: string;
  margin: number;
  bufferPages?: boolean;
}

export function createPdf(options: PdfOptions): Pdf {
  return new PDFDocument({
    size: 'A4',
    layout: options.layout,
    margin: options.margin,
    bufferPages: options.bufferPages ?? false,
    lang: options.language,
    displayTitle: true,
    info: { Title: toWinAnsi(options.title), Creator: 'Vigil', Producer: 'Vigil' },
  });
}

/** Ends the document and resolves with its bytes. */
export function finishPdf(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The text cut with an ellipsis to fit `width` in the current font. */
export function fitText(doc: Pdf, text: string, width: number, characterSpacing = 0): string {
  const fits = (candidate: string) => doc.widthOfString(candidate, { characterSpacing }) <= width;
  if (fits(text)) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(`${text.slice(0, middle).trimEnd()}…`)) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}

/** The largest size from `max` down to `min` at which the text fits `width` on one line. */
export function fitFontSize(doc: Pdf, text: string, width: number, max: number, min: number): number {
  for (let size = max; size > min; size -= 1) {
    if (doc.fontSize(size).widthOfString(text) <= width) return size;
  }
  return min;
}

/**
 * One line of already WinAnsi-safe text at (x, y), cut to `width` and aligned inside it. It never
 * wraps nor starts a page, which also makes it the fast way to fill big tables (measured once when
 * it fits: measuring is most of the cost).
 */
export function writeLine(doc: Pdf, text: string, box: Omit<Box, 'height'>, align: Align = 'left'): void {
  let line = text;
  let width = doc.widthOfString(text);
  if (width > box.width) {
    line = fitText(doc, text, box.width);
    width = align === 'left' ? 0 : doc.widthOfString(line);
  }
  const free = box.width - width;
  const x = align === 'left' ? box.x : align === 'right' ? box.x + free : box.x + free / 2;
  doc.text(line, x, box.y, { lineBreak: false });
}

/** Draws the logo fitted and centred in the box; false when the bytes are not a PNG or JPEG. */
export function drawLogo(doc: Pdf, logo: Buffer | null, box: Box, align: Align = 'center'): boolean {
  if (!logo || logo.length === 0) return false;
  try {
    doc.image(logo, box.x, box.y, {
      fit: [box.width, box.height],
      ...(align === 'left' ? {} : { align }),
      valign: 'center',
    });
    return true;
  } catch {
    return false;
  }
}

export type Point = readonly [x: number, y: number];

/**
 * Tick marks drawn as paths (Helvetica has no ✓), `size` points wide, each with its top-left at a
 * point. All of them are one stroked path, which keeps a matrix of thousands of marks fast.
 */
export function drawChecks(doc: Pdf, at: Point[], size: number, color: string): void {
  if (at.length === 0) return;
  doc.save();
  for (const [x, y] of at) {
    doc
      .moveTo(x, y + size * 0.55)
      .lineTo(x + size * 0.38, y + size * 0.9)
      .lineTo(x + size, y + size * 0.12);
  }
  doc
    .lineWidth(size * 0.2)
    .lineCap('round')
    .lineJoin('round')
    .strokeColor(color)
    .stroke()
    .restore();
}

/** Short dashes for "not yet" beside the ticks, as one stroked path. */
export function drawDashes(doc: Pdf, at: Point[], size: number, color: string): void {
  if (at.length === 0) return;
  doc.save();
  for (const [x, y] of at) doc.moveTo(x + size * 0.2, y + size / 2).lineTo(x + size * 0.8, y + size / 2);
  doc
    .lineWidth(size * 0.14)
    .lineCap('round')
    .strokeColor(color)
    .stroke()
    .restore();
}
