import { brandColor, type ScoreRanges } from '@vigil/shared';
import { INK, mix, readableOnWhite } from '../../lib/pdf/pdf-colors.ts';
import { createPdf, FONT, writeLine, type Pdf } from '../../lib/pdf/pdf-document.ts';
import { ensureRoom, TABLE, type Flow, type TableStyle } from '../../lib/pdf/pdf-table.ts';
import {
  fill,
  reportLanguage,
  reportTexts,
  type ReportLanguage,
  type ReportTexts,
} from '../../lib/pdf/report-texts.ts';
import { toWinAnsi } from '../../lib/pdf/win-ansi.ts';

/** A4 portrait, in points. */
export const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const FOOTER_HEIGHT = 44;
const RUNNING_HEADER_HEIGHT = 36;

/** What every section of the training report needs: the document, where to write, words, colours. */
export interface ReportContext {
  doc: Pdf;
  flow: Flow;
  t: ReportTexts;
  language: ReportLanguage;
  color: string;
  /** The brand colour, darkened if needed to read as text on white. */
  accent: string;
  table: TableStyle;
  title: string;
  /** The company's score ranges every band follows; null: the spec's bands. */
  scoreRanges: ScoreRanges | null;
}

function drawRunningHeader(doc: Pdf, title: string, color: string): void {
  doc.font(FONT.bold).fontSize(8).fillColor(INK.muted);
  writeLine(doc, title, { x: PAGE.margin, y: PAGE.margin - 6, width: PAGE.width - 2 * PAGE.margin });
  doc.rect(PAGE.margin, PAGE.margin + 8, PAGE.width - 2 * PAGE.margin, 1.5).fill(color);
}

/** The document and its flow; pages after the first start with the title and a brand-coloured rule. */
export function createReportContext(options: {
  language: string;
  color: string;
  trainingName: string;
  /** The document's title when it is not a training's report (the overview report has its own). */
  title?: string;
  scoreRanges: ScoreRanges | null;
}) {
  const language = reportLanguage(options.language);
  const t = reportTexts(language);
  const color = brandColor(options.color);
  const title = toWinAnsi(options.title ?? fill(t.reportTitle, { name: options.trainingName.trim() }));
  const doc = createPdf({ layout: 'portrait', margin: PAGE.margin, language, title, bufferPages: true });
  const flow: Flow = {
    doc,
    y: PAGE.margin,
    left: PAGE.margin,
    width: PAGE.width - 2 * PAGE.margin,
    bottom: PAGE.height - FOOTER_HEIGHT - 8,
    addPage: () => {
      doc.addPage();
      drawRunningHeader(doc, title, color);
      flow.y = PAGE.margin + RUNNING_HEADER_HEIGHT;
    },
  };
  const table = { tint: mix(color, '#ffffff', 0.9), rule: color, empty: t.noEmployees };
  const context: ReportContext = {
    doc,
    flow,
    t,
    language,
    color,
    accent: readableOnWhite(color),
    table,
    title,
    scoreRanges: options.scoreRanges,
  };
  return context;
}

/** Room for a note, a table header and three rows: a title never stays alone at a page's foot. */
const KEEP_WITH_TITLE = 16 + TABLE.headerHeight + 3 * TABLE.rowHeight;

/** A section title with a short brand-coloured bar; kept on the page of what follows it. */
export function drawSectionTitle(ctx: ReportContext, title: string, keepWith = KEEP_WITH_TITLE): void {
  const { doc, flow } = ctx;
  ensureRoom(flow, 24 + keepWith);
  doc.rect(flow.left, flow.y + 1, 3, 12).fill(ctx.color);
  doc.font(FONT.bold).fontSize(12).fillColor(INK.text);
  writeLine(doc, toWinAnsi(title), { x: flow.left + 10, y: flow.y + 2, width: flow.width - 10 });
  flow.y += 22;
}

/** "Page x of y" and the company on every page, written once all the pages exist. */
export function drawPageFooters(ctx: ReportContext, company: string): void {
  const { doc, t } = ctx;
  const range = doc.bufferedPageRange();
  const width = PAGE.width - 2 * PAGE.margin;
  const y = PAGE.height - FOOTER_HEIGHT + 12;
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    doc.rect(PAGE.margin, y - 8, width, 0.5).fill(INK.rule);
    doc.font(FONT.regular).fontSize(7.5).fillColor(INK.faint);
    writeLine(doc, `${company} · Vigil`, { x: PAGE.margin, y, width: width - 120 });
    const page = fill(t.page, { page: index + 1, pages: range.count });
    writeLine(doc, page, { x: PAGE.margin + width - 120, y, width: 120 }, 'right');
  }
}
