import { bandFill, INK, mix, textOn } from '../../lib/pdf/pdf-colors.ts';
import { drawLogo, finishPdf, FONT, writeLine, type Box, type Pdf } from '../../lib/pdf/pdf-document.ts';
import { centredTextY, drawPercentPill, drawTable, TABLE, type Column } from '../../lib/pdf/pdf-table.ts';
import { overviewTexts, type OverviewTexts } from './overview-report-texts.ts';
import type {
  Band,
  OverviewAssessment,
  OverviewReport,
  OverviewTraining,
} from './overview-report.service.ts';
import {
  fill,
  formatDate,
  formatNumber,
  formatPercent,
  reportLanguage,
  type ReportTexts,
} from '../../lib/pdf/report-texts.ts';
import {
  createReportContext,
  drawPageFooters,
  drawSectionTitle,
  PAGE,
  type ReportContext,
} from './training-report-layout.ts';
import { toWinAnsi } from '../../lib/pdf/win-ansi.ts';

interface OverviewContext extends ReportContext {
  o: OverviewTexts;
}

const CARD_HEIGHT = 64;
const CARD_GAP = 10;

/** The letterhead: the logo (or the company's name) and the date the report was made. */
function drawLetterhead(ctx: OverviewContext, report: OverviewReport, company: string): void {
  const { doc, flow, t } = ctx;
  if (!drawLogo(doc, report.logo, { x: flow.left, y: 26, width: 160, height: 44 }, 'left')) {
    doc.font(FONT.bold).fontSize(17).fillColor(ctx.accent);
    writeLine(doc, company, { x: flow.left, y: 41, width: flow.width - 170 });
  }
  doc.font(FONT.regular).fontSize(8.5).fillColor(INK.muted);
  const generated = fill(t.generatedOn, { date: formatDate(report.generatedAt, ctx.language) });
  writeLine(doc, toWinAnsi(generated), { x: flow.left + flow.width - 160, y: 44, width: 160 }, 'right');
}

/** The brand-coloured band across the page with the title and whose report it is. */
function drawTitleBand(ctx: OverviewContext, report: OverviewReport): void {
  const { doc, flow, o } = ctx;
  const top = 86;
  const height = 70;
  const ink = textOn(ctx.color);
  doc.rect(0, top, PAGE.width, height).fill(ctx.color);
  doc.font(FONT.bold).fontSize(20).fillColor(ink);
  writeLine(doc, toWinAnsi(o.title), { x: flow.left, y: top + 17, width: flow.width });
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(mix(ink, ctx.color, 0.2));
  const subtitle = toWinAnsi(fill(o.subtitle, { company: report.brand.companyName.trim() }));
  writeLine(doc, subtitle, { x: flow.left, y: top + 45, width: flow.width });
  flow.y = top + height + 22;
}

interface Card {
  label: string;
  value: string;
  /** 0–100: a bar under the value in the brand colour. */
  progress?: number | null;
  /** A score band: a pill beside the value in the band's colours. */
  band?: Band | null;
  caption?: string;
  /** Columns of the grid the card takes. */
  span?: number;
}

function drawCard(ctx: OverviewContext, card: Card, box: Box): void {
  const { doc } = ctx;
  const inner = { x: box.x + 12, width: box.width - 24 };
  doc.roundedRect(box.x, box.y, box.width, box.height, 6).fill(mix(ctx.color, '#ffffff', 0.92));
  doc.font(FONT.bold).fontSize(7).fillColor(INK.muted);
  writeLine(doc, toWinAnsi(card.label.toUpperCase()), { ...inner, y: box.y + 12 });
  doc.font(FONT.bold).fontSize(20).fillColor(INK.text);
  const value = toWinAnsi(card.value);
  writeLine(doc, value, { ...inner, y: box.y + 26 });
  if (card.band) {
    const x = inner.x + doc.widthOfString(value) + 10;
    drawBandPill(doc, card.band, ctx.o, { x, y: box.y + 27, width: 90, height: 16 });
  }
  if (card.caption) {
    doc.font(FONT.regular).fontSize(7.5).fillColor(INK.muted);
    writeLine(doc, toWinAnsi(card.caption), { ...inner, y: box.y + box.height - 16 });
  }
  if (card.progress === undefined) return;
  const track = { ...inner, y: box.y + box.height - 13 };
  doc.roundedRect(track.x, track.y, track.width, 4, 2).fill(mix(ctx.color, '#ffffff', 0.7));
  const done = Math.max(0, Math.min(100, card.progress ?? 0)) / 100;
  if (done > 0) doc.roundedRect(track.x, track.y, Math.max(4, track.width * done), 4, 2).fill(ctx.color);
}

/** A band's title on a rounded label in the band's colours, as wide as the title needs. */
function drawBandPill(doc: Pdf, band: Band, o: OverviewTexts, box: Box): void {
  const colors = bandFill(band.color);
  const label = toWinAnsi((band.custom ? undefined : o.bands[band.title]) ?? band.title);
  doc.font(FONT.bold).fontSize(7);
  const width = Math.min(box.width, doc.widthOfString(label) + 12);
  doc.roundedRect(box.x, box.y, width, box.height, box.height / 2).fill(colors.fill);
  doc.fillColor(colors.text);
  writeLine(doc, label, { x: box.x, y: centredTextY(box.y, box.height, 7), width }, 'center');
}

function summaryCards(ctx: OverviewContext, report: OverviewReport): Card[][] {
  const { o, t, language } = ctx;
  const number = (value: number) => formatNumber(value, language);
  const percent = (value: number | null) =>
    value === null ? t.notAvailable : formatPercent(value, language);
  const latest = report.latest;
  return [
    [
      { label: o.employees, value: number(report.employees) },
      { label: o.activeTrainings, value: number(report.trainingCounts.active) },
      { label: o.completedTrainings, value: number(report.trainingCounts.completed) },
    ],
    [
      { label: o.quizScore, value: percent(report.awarenessScore), progress: report.awarenessScore },
      { label: o.activeAssessments, value: number(report.assessmentCounts.active) },
      { label: o.completedAssessments, value: number(report.assessmentCounts.completed) },
    ],
    [
      {
        label: o.latestResilience,
        value: latest?.resilienceScore === null || !latest ? t.notAvailable : number(latest.resilienceScore),
        band: latest?.band ?? null,
        caption: latest
          ? fill(o.latestOf, { name: latest.name.trim(), finished: number(latest.finished) })
          : o.noResilience,
        span: 3,
      },
    ],
  ];
}

function drawSummary(ctx: OverviewContext, report: OverviewReport): void {
  const { flow } = ctx;
  const columns = 3;
  const unit = (flow.width - CARD_GAP * (columns - 1)) / columns;
  for (const row of summaryCards(ctx, report)) {
    let x = flow.left;
    for (const card of row) {
      const span = card.span ?? 1;
      const width = unit * span + CARD_GAP * (span - 1);
      drawCard(ctx, card, { x, y: flow.y, width, height: CARD_HEIGHT });
      x += width + CARD_GAP;
    }
    flow.y += CARD_HEIGHT + CARD_GAP;
  }
  flow.y += 16;
}

function statusOf(t: ReportTexts, status: string): string {
  return toWinAnsi(t.statuses[status as keyof ReportTexts['statuses']] ?? status);
}

function pillColumn<Row>(
  ctx: OverviewContext,
  header: string,
  percent: (row: Row) => number | null,
): Column<Row> {
  const label = (value: number | null) =>
    value === null ? ctx.t.notAvailable : toWinAnsi(formatPercent(value, ctx.language));
  return {
    header,
    weight: 60,
    align: 'center',
    draw: (doc, row, box) => drawPercentPill(doc, percent(row), label(percent(row)), box, ctx.scoreRanges),
  };
}

/** A score in a pill of its band's colour and the band's title beside it; N/A without a score. */
function scoreColumn<Row>(
  ctx: OverviewContext,
  header: string,
  weight: number,
  of: (row: Row) => { score: number | null; band: Band | null },
): Column<Row> {
  return {
    header,
    weight,
    draw: (doc, row, box) => {
      const { score, band } = of(row);
      const textY = centredTextY(box.y, box.height, TABLE.size);
      const x = box.x + TABLE.padding;
      if (score === null || !band) {
        doc.font(FONT.regular).fontSize(TABLE.size).fillColor(INK.muted);
        writeLine(doc, ctx.t.notAvailable, { x, y: textY, width: box.width - 2 * TABLE.padding });
        return;
      }
      const colors = bandFill(band.color);
      const pill = { x, y: box.y + (box.height - 11) / 2, width: 24, height: 11 };
      doc.roundedRect(pill.x, pill.y, pill.width, pill.height, pill.height / 2).fill(colors.fill);
      doc.font(FONT.bold).fontSize(7).fillColor(colors.text);
      const value = formatNumber(score, ctx.language);
      writeLine(
        doc,
        value,
        { x: pill.x, y: centredTextY(pill.y, pill.height, 7), width: pill.width },
        'center',
      );
      doc.font(FONT.regular).fontSize(TABLE.size).fillColor(INK.text);
      const title = toWinAnsi(ctx.o.bands[band.title] ?? band.title);
      writeLine(doc, title, {
        x: x + pill.width + 6,
        y: textY,
        width: box.width - pill.width - 6 - 2 * TABLE.padding,
      });
    },
  };
}

function drawShowing(ctx: OverviewContext, shown: number, total: number): void {
  if (total <= shown) return;
  const { doc, flow, o, language } = ctx;
  const note = fill(o.showing, {
    shown: formatNumber(shown, language),
    total: formatNumber(total, language),
  });
  doc.font(FONT.italic).fontSize(8.5).fillColor(INK.muted);
  writeLine(doc, toWinAnsi(note), { x: flow.left, y: flow.y, width: flow.width });
  flow.y += 16;
}

/** Formatters for date ranges, one per language (building them is slow, a report formats many). */
const rangeFormats = new Map<string, Intl.DateTimeFormat>();

/** "Jan 10 – Feb 10, 2026" in the report's language; one date when both are the same day. */
function dateRange(ctx: OverviewContext, first: Date | null, last: Date | null): string {
  let format = rangeFormats.get(ctx.language);
  if (!format) {
    format = new Intl.DateTimeFormat(ctx.language, { dateStyle: 'medium', timeZone: 'UTC' });
    rangeFormats.set(ctx.language, format);
  }
  const from = first ?? last;
  const to = last ?? first;
  if (!from || !to) return '–';
  return toWinAnsi(to < from ? format.format(from) : format.formatRange(from, to));
}

function drawTrainings(ctx: OverviewContext, report: OverviewReport): void {
  const { t, o, language } = ctx;
  const columns: Column<OverviewTraining>[] = [
    { header: o.name, weight: 107, text: (row) => toWinAnsi(row.name) },
    { header: o.status, weight: 68, text: (row) => statusOf(t, row.status) },
    {
      header: o.deliveries,
      weight: 110,
      muted: true,
      text: (row) => dateRange(ctx, row.firstDelivery, row.lastDelivery),
    },
    {
      header: o.reached,
      weight: 50,
      align: 'right',
      text: (row) => toWinAnsi(formatNumber(row.employees, language)),
    },
    pillColumn(ctx, o.attendance, (row) => row.attendance),
    pillColumn(ctx, o.completion, (row) => row.completionRate),
    pillColumn(ctx, o.quizScore, (row) => row.awarenessScore),
  ];
  drawSectionTitle(ctx, o.trainings);
  drawShowing(ctx, report.trainings.length, report.trainingCounts.all);
  drawTable(ctx.flow, columns, report.trainings, { ...ctx.table, empty: o.noTrainings });
  ctx.flow.y += 24;
}

function drawAssessments(ctx: OverviewContext, report: OverviewReport): void {
  const { t, o, language } = ctx;
  const date = (value: Date | null) => (value ? toWinAnsi(formatDate(value, language, 'medium')) : '–');
  const number = (value: number) => toWinAnsi(formatNumber(value, language));
  const columns: Column<OverviewAssessment>[] = [
    { header: o.name, weight: 113, text: (row) => toWinAnsi(row.name) },
    { header: o.status, weight: 66, text: (row) => statusOf(t, row.status) },
    { header: o.delivery, weight: 62, muted: true, text: (row) => date(row.delivery) },
    { header: o.due, weight: 62, muted: true, text: (row) => date(row.due) },
    { header: o.invited, weight: 56, align: 'right', text: (row) => number(row.invited) },
    { header: o.finished, weight: 52, align: 'right', text: (row) => number(row.finished) },
    scoreColumn(ctx, o.resilience, 104, (row) => ({ score: row.resilienceScore, band: row.band })),
  ];
  drawSectionTitle(ctx, o.assessments);
  drawShowing(ctx, report.assessments.length, report.assessmentCounts.all);
  drawTable(ctx.flow, columns, report.assessments, { ...ctx.table, empty: o.noAssessments });
  ctx.flow.y += 24;
}

type Area = NonNullable<OverviewReport['latest']>['areas'][number];

/** The area's score as a bar on a faint track, in its band's colour. */
function drawScoreBar(doc: Pdf, area: Area, box: Box): void {
  const track = { x: box.x + TABLE.padding, width: box.width - 2 * TABLE.padding, height: 6 };
  const y = box.y + (box.height - track.height) / 2;
  doc.roundedRect(track.x, y, track.width, track.height, 3).fill(INK.rule);
  if (area.score === null || !area.band || area.score <= 0) return;
  const width = Math.max(track.height, (track.width * Math.min(100, area.score)) / 100);
  doc.roundedRect(track.x, y, width, track.height, 3).fill(bandFill(area.band.color).fill);
}

function drawThreatAreas(ctx: OverviewContext, latest: NonNullable<OverviewReport['latest']>): void {
  const { o } = ctx;
  const columns: Column<Area>[] = [
    { header: o.area, weight: 190, text: (row) => toWinAnsi(row.name) },
    { header: '', weight: 200, draw: (doc, row, box) => drawScoreBar(doc, row, box) },
    scoreColumn(ctx, o.score, 110, (row) => ({ score: row.score, band: row.band })),
  ];
  drawSectionTitle(ctx, fill(o.threatAreas, { name: latest.name.trim() }));
  drawTable(ctx.flow, columns, latest.areas, { ...ctx.table, empty: '–' });
  ctx.flow.y += 24;
}

export function renderOverviewReportPdf(report: OverviewReport): Promise<Buffer> {
  const o = overviewTexts(reportLanguage(report.language));
  const companyName = report.brand.companyName.trim();
  // The document's title, also the running header of the pages after the first.
  const title = `${o.title} — ${companyName}`;
  const base = createReportContext({
    language: report.language,
    color: report.brand.primaryColor,
    trainingName: '',
    title,
    scoreRanges: report.scoreRanges,
  });
  const ctx: OverviewContext = { ...base, o };
  const company = toWinAnsi(companyName);
  drawLetterhead(ctx, report, company);
  drawTitleBand(ctx, report);
  drawSummary(ctx, report);
  drawTrainings(ctx, report);
  drawAssessments(ctx, report);
  if (report.latest) drawThreatAreas(ctx, report.latest);
  drawPageFooters(ctx, company);
  return finishPdf(ctx.doc);
}
