import { brandColor, type Brand } from '@vigil/shared';
import { INK, mix, readableOnWhite } from './pdf-colors.ts';
import { createPdf, drawChecks, drawLogo, finishPdf, fitFontSize, FONT, type Pdf } from './pdf-document.ts';
import {
  fill,
  formatDate,
  reportLanguage,
  reportTexts,
  type ReportLanguage,
  type ReportTexts,
} from './report-texts.ts';
import { layoutSubjects } from './certificate-subjects.ts';
import { toWinAnsi } from './win-ansi.ts';

export interface CertificateInput {
  /** The company's name, colours and logo as every document it sends wears them. */
  brand: Brand;
  /** PNG or JPEG bytes of the brand's logo, loaded by the caller; null sets the company name in large type. */
  logo: Buffer | null;
  employeeName: string; // may be empty → use employeeEmail
  employeeEmail: string;
  trainingName: string;
  completedAt: Date;
  /** Subject titles completed. */
  subjects: string[];
  language: 'en' | 'de' | 'fr' | 'es' | string; // texts in that language, fallback en
  /** Optional text from the company's settings shown under the main line (plain text). */
  note?: string | null;
  /** True for the manager's preview: a diagonal 'PREVIEW' watermark (localised). */
  preview?: boolean;
}

/** A4 landscape, in points. */
const PAGE = { width: 841.89, height: 595.28 };
const CENTER_X = PAGE.width / 2;
const TEXT_WIDTH = 640;
const HEADER = { top: 48, height: 58 };
const FOOTER_Y = PAGE.height - 62;

interface TextStyle {
  font: string;
  size: number;
  color: string;
  characterSpacing?: number;
  /** Lines it may wrap to before an ellipsis; one by default. */
  maxLines?: number;
  width?: number;
}

/** A stacked piece of the certificate: its height and how to draw it at a given top. */
interface Block {
  gapBefore: number;
  height: number;
  draw: (y: number) => void;
}

function textBlock(doc: Pdf, text: string, style: TextStyle, gapBefore: number): Block {
  const width = style.width ?? TEXT_WIDTH;
  const options = { width, align: 'center' as const, characterSpacing: style.characterSpacing ?? 0 };
  doc.font(style.font).fontSize(style.size);
  const lineHeight = doc.currentLineHeight(true);
  const height = Math.min(doc.heightOfString(text, options), lineHeight * (style.maxLines ?? 1) + 0.5);
  return {
    gapBefore,
    height,
    draw: (y) => {
      doc.font(style.font).fontSize(style.size).fillColor(style.color);
      doc.text(text, CENTER_X - width / 2, y, { ...options, height, ellipsis: true });
    },
  };
}

/** Long names and program names shrink first; only at the smallest size do they wrap, to two lines. */
function headlineBlock(doc: Pdf, text: string, style: TextStyle & { minSize: number }, gapBefore: number) {
  const size = fitFontSize(doc.font(style.font), text, TEXT_WIDTH, style.size, style.minSize);
  return textBlock(doc, text, { ...style, size, maxLines: 2 }, gapBefore);
}

function ruleBlock(doc: Pdf, color: string, gapBefore: number): Block {
  return {
    gapBefore,
    height: 2,
    draw: (y) => {
      doc
        .save()
        .moveTo(CENTER_X - 32, y)
        .lineTo(CENTER_X + 32, y)
        .lineWidth(2)
        .strokeColor(color)
        .stroke();
      doc.restore();
    },
  };
}

function drawFrame(doc: Pdf, color: string): void {
  const band = 14;
  const inset = 26;
  doc.rect(0, 0, PAGE.width, PAGE.height).fill(color);
  doc.rect(band, band, PAGE.width - 2 * band, PAGE.height - 2 * band).fill('#ffffff');
  doc
    .rect(inset, inset, PAGE.width - 2 * inset, PAGE.height - 2 * inset)
    .lineWidth(0.8)
    .strokeColor(mix(color, '#ffffff', 0.35))
    .stroke();
  for (const [x, y] of [
    [inset, inset],
    [PAGE.width - inset, inset],
    [inset, PAGE.height - inset],
    [PAGE.width - inset, PAGE.height - inset],
  ] as const) {
    doc
      .save()
      .rotate(45, { origin: [x, y] })
      .rect(x - 4, y - 4, 8, 8)
      .fill(color)
      .restore();
  }
}

function drawHeader(doc: Pdf, input: CertificateInput, company: string, color: string): void {
  const box = { x: CENTER_X - 130, y: HEADER.top, width: 260, height: HEADER.height };
  if (drawLogo(doc, input.logo, box)) return;
  const style = { font: FONT.bold, size: 28, color: readableOnWhite(color), minSize: 14 };
  const block = headlineBlock(doc, company, style, 0);
  block.draw(HEADER.top + (HEADER.height - block.height) / 2);
}

function drawFooter(doc: Pdf, t: ReportTexts, company: string): void {
  const text = fill(t.issuedBy, { company });
  textBlock(doc, text, { font: FONT.regular, size: 9, color: INK.muted, width: 540 }, 0).draw(FOOTER_Y);
}

/** A round seal with a tick in the lower right corner, clear of the centred texts. */
function drawSeal(doc: Pdf, color: string): void {
  const center = { x: PAGE.width - 92, y: PAGE.height - 92 };
  const radius = 28;
  doc.circle(center.x, center.y, radius + 4).fill(mix(color, '#ffffff', 0.75));
  doc.circle(center.x, center.y, radius).fill(color);
  doc
    .circle(center.x, center.y, radius - 4)
    .lineWidth(0.8)
    .strokeColor('#ffffff')
    .stroke();
  drawChecks(doc, [[center.x - 11, center.y - 10]], 22, '#ffffff');
}

function drawWatermark(doc: Pdf, text: string): void {
  const label = toWinAnsi(text.toUpperCase());
  const size = fitFontSize(doc.font(FONT.bold), label, 620, 130, 40);
  const width = doc.fontSize(size).widthOfString(label, { characterSpacing: 6 });
  const center = { x: CENTER_X, y: PAGE.height / 2 };
  doc
    .save()
    .rotate(-24, { origin: [center.x, center.y] })
    .fillColor('#c92a2a')
    .fillOpacity(0.13);
  doc.text(label, center.x - width / 2, center.y - size * 0.42, { lineBreak: false, characterSpacing: 6 });
  doc.restore();
}

const STYLES = {
  title: { font: FONT.bold, size: 27, color: INK.text, characterSpacing: 3 },
  lead: { font: FONT.italic, size: 13, color: INK.muted },
  name: { font: FONT.bold, size: 36, minSize: 18, color: INK.text },
  program: { font: FONT.bold, size: 19, minSize: 12 },
  date: { font: FONT.regular, size: 11, color: INK.muted },
  note: { font: FONT.italic, size: 9.5, color: INK.muted, maxLines: 3 },
} as const;
const SUBJECTS_GAP = 22;

/** The middle of the certificate, from "Certificate of completion" to the note, top to bottom. */
function bodyBlocks(
  doc: Pdf,
  input: CertificateInput,
  t: ReportTexts,
  language: ReportLanguage,
  color: string,
) {
  const title = toWinAnsi(t.certificateTitle.toLocaleUpperCase(language));
  const name = toWinAnsi(input.employeeName.trim() || input.employeeEmail);
  const program = toWinAnsi(input.trainingName.trim());
  const date = toWinAnsi(fill(t.completedOn, { date: formatDate(input.completedAt, language) }));
  const note = toWinAnsi(input.note?.trim() ?? '');
  const blocks = [
    textBlock(doc, title, STYLES.title, 0),
    ruleBlock(doc, color, 14),
    textBlock(doc, t.certifies, STYLES.lead, 16),
    headlineBlock(doc, name, STYLES.name, 8),
    textBlock(doc, t.hasCompleted, STYLES.lead, 10),
    headlineBlock(doc, program, { ...STYLES.program, color: readableOnWhite(color) }, 8),
    textBlock(doc, date, STYLES.date, 8),
  ];
  return note ? [...blocks, textBlock(doc, note, STYLES.note, 12)] : blocks;
}

function stackHeight(blocks: Block[]): number {
  return blocks.reduce((sum, block) => sum + block.gapBefore + block.height, 0);
}

/** Stacks the blocks, centred in the free space between the header and the footer. */
function drawBlocks(blocks: Block[], top: number, bottom: number): void {
  let y = top + Math.max(0, (bottom - top - stackHeight(blocks)) / 2);
  for (const block of blocks) {
    y += block.gapBefore;
    block.draw(y);
    y += block.height;
  }
}

/** The texts, then as many subjects as the room left allows, centred between header and footer. */
function drawBody(
  doc: Pdf,
  input: CertificateInput,
  t: ReportTexts,
  language: ReportLanguage,
  color: string,
) {
  const top = HEADER.top + HEADER.height + 12;
  const bottom = FOOTER_Y - 10;
  const blocks = bodyBlocks(doc, input, t, language, color);
  const room = bottom - top - stackHeight(blocks) - SUBJECTS_GAP;
  const subjects = layoutSubjects(doc, input.subjects.map(toWinAnsi), {
    t,
    color,
    centerX: CENTER_X,
    maxHeight: room,
  });
  drawBlocks(subjects ? [...blocks, { ...subjects, gapBefore: SUBJECTS_GAP }] : blocks, top, bottom);
}

/** The certificate an employee gets for completing a program: one A4 landscape page, whatever the lengths. */
export function renderCertificatePdf(input: CertificateInput): Promise<Buffer> {
  const language = reportLanguage(input.language);
  const t = reportTexts(language);
  const color = brandColor(input.brand.primaryColor);
  const company = toWinAnsi(input.brand.companyName.trim());
  const doc = createPdf({ layout: 'landscape', margin: 0, language, title: t.certificateTitle });
  drawFrame(doc, color);
  drawHeader(doc, input, company, color);
  drawBody(doc, input, t, language, color);
  drawFooter(doc, t, company);
  drawSeal(doc, color);
  if (input.preview) drawWatermark(doc, t.preview);
  return finishPdf(doc);
}
