import { completionPercent, type Brand, type ScoreRanges } from '@vigil/shared';
import { INK, mix, textOn } from '../../lib/pdf/pdf-colors.ts';
import { drawLogo, finishPdf, FONT, writeLine } from '../../lib/pdf/pdf-document.ts';
import { drawPercentPill, drawTable, type Column } from '../../lib/pdf/pdf-table.ts';
import {
  fill,
  formatDate,
  formatNumber,
  formatPercent,
  type ReportTexts,
} from '../../lib/pdf/report-texts.ts';
import { drawDetails } from './training-report-details.ts';
import {
  createReportContext,
  drawPageFooters,
  drawSectionTitle,
  PAGE,
  type ReportContext,
} from './training-report-layout.ts';
import { toWinAnsi } from '../../lib/pdf/win-ansi.ts';

export interface TrainingReportInput {
  /** The company's name, colours and logo as every document it sends wears them. */
  brand: Brand;
  /** PNG or JPEG bytes of the brand's logo, loaded by the caller; null prints the company name instead. */
  logo: Buffer | null;
  /** The company's score ranges every pill follows; null: the spec's bands. */
  scoreRanges?: ScoreRanges | null;
  generatedAt: Date;
  language: string;
  training: {
    name: string;
    status: string;
    firstBatch: Date | null;
    lastBatch: Date | null;
    invited: number;
    bounced: number;
    attendance: number | null;
    completionRate: number | null;
    quizScore: number | null;
  };
  lessons: {
    name: string;
    sent: number;
    score: number;
    total: number;
    questionsCount: number;
    correctsStats: number | null;
  }[];
  lists: { name: string; users: number; score: number; total: number }[];
  /** Up to 1000 rows (the caller cuts); anonymous tracking → null (section omitted). */
  employees:
    | {
        name: string;
        email: string;
        lists: string;
        score: number;
        total: number;
        /** Completion and quiz score in percent. */
        percent: number | null;
        quizScore: number | null;
        completedAt: Date | null;
      }[]
    | null;
  /** users_details=1: per-employee viewed/answered matrix over the lessons. */
  details: { email: string; name: string; viewed: boolean[]; answered: boolean[] }[] | null;
  employeesTotal: number; // to say "showing 1000 of N" when cut
}

/** The letterhead (logo or company name, date) and the brand-coloured band with the title. */
function drawBanner(ctx: ReportContext, input: TrainingReportInput, company: string): void {
  const { doc, flow, t } = ctx;
  const logoBox = { x: flow.left, y: 26, width: 160, height: 44 };
  if (!drawLogo(doc, input.logo, logoBox, 'left')) {
    doc.font(FONT.bold).fontSize(17).fillColor(ctx.accent);
    writeLine(doc, company, { x: flow.left, y: 41, width: flow.width - 170 });
  }
  doc.font(FONT.regular).fontSize(8.5).fillColor(INK.muted);
  const generated = fill(t.generatedOn, { date: formatDate(input.generatedAt, ctx.language) });
  writeLine(doc, toWinAnsi(generated), { x: flow.left + flow.width - 160, y: 44, width: 160 }, 'right');
  drawTitleBand(ctx, input);
}

function batchLine(ctx: ReportContext, training: TrainingReportInput['training']): string {
  const { t, language } = ctx;
  const date = (value: Date | null) => (value ? formatDate(value, language) : t.notAvailable);
  const status = t.statuses[training.status as keyof ReportTexts['statuses']] ?? training.status;
  const parts = [
    `${t.status}: ${status}`,
    `${t.firstBatch}: ${date(training.firstBatch)}`,
    `${t.lastBatch}: ${date(training.lastBatch)}`,
  ];
  return toWinAnsi(parts.join('   ·   '));
}

function drawTitleBand(ctx: ReportContext, input: TrainingReportInput): void {
  const { doc, flow } = ctx;
  const top = 86;
  const titleOptions = { width: flow.width, height: 46, ellipsis: true };
  doc.font(FONT.bold).fontSize(18);
  const titleHeight = Math.min(doc.heightOfString(ctx.title, titleOptions), titleOptions.height);
  const height = titleHeight + 52;
  const ink = textOn(ctx.color);
  doc.rect(0, top, PAGE.width, height).fill(ctx.color);
  doc
    .font(FONT.bold)
    .fontSize(18)
    .fillColor(ink)
    .text(ctx.title, flow.left, top + 16, titleOptions);
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(mix(ink, ctx.color, 0.2));
  writeLine(doc, batchLine(ctx, input.training), {
    x: flow.left,
    y: top + titleHeight + 25,
    width: flow.width,
  });
  flow.y = top + height + 22;
}

interface SummaryCard {
  label: string;
  value: string;
  /** 0–100 for a progress bar under the value. */
  progress?: number | null;
}

function summaryCards(ctx: ReportContext, training: TrainingReportInput['training']): SummaryCard[] {
  const { t, language } = ctx;
  const percent = (value: number | null) =>
    value === null ? t.notAvailable : formatPercent(value, language);
  return [
    { label: t.invited, value: formatNumber(training.invited, language) },
    { label: t.bounced, value: formatNumber(training.bounced, language) },
    { label: t.attendance, value: percent(training.attendance), progress: training.attendance },
    { label: t.completion, value: percent(training.completionRate), progress: training.completionRate },
    { label: t.quizScore, value: percent(training.quizScore), progress: training.quizScore },
  ];
}

function drawCard(ctx: ReportContext, card: SummaryCard, x: number, width: number): void {
  const { doc, flow } = ctx;
  const height = 64;
  doc.roundedRect(x, flow.y, width, height, 6).fill(mix(ctx.color, '#ffffff', 0.92));
  doc.font(FONT.bold).fontSize(7).fillColor(INK.muted);
  writeLine(doc, toWinAnsi(card.label.toUpperCase()), { x: x + 12, y: flow.y + 12, width: width - 24 });
  doc.font(FONT.bold).fontSize(20).fillColor(INK.text);
  writeLine(doc, toWinAnsi(card.value), { x: x + 12, y: flow.y + 26, width: width - 24 });
  if (card.progress === undefined) return;
  const track = { x: x + 12, y: flow.y + height - 13, width: width - 24 };
  doc.roundedRect(track.x, track.y, track.width, 4, 2).fill(mix(ctx.color, '#ffffff', 0.7));
  const done = Math.max(0, Math.min(100, card.progress ?? 0)) / 100;
  if (done > 0) doc.roundedRect(track.x, track.y, Math.max(4, track.width * done), 4, 2).fill(ctx.color);
}

function drawSummary(ctx: ReportContext, input: TrainingReportInput): void {
  const gap = 10;
  const cards = summaryCards(ctx, input.training);
  const width = (ctx.flow.width - gap * (cards.length - 1)) / cards.length;
  cards.forEach((card, index) => drawCard(ctx, card, ctx.flow.left + index * (width + gap), width));
  ctx.flow.y += 64 + 26;
}

function pillColumn<Row>(
  ctx: ReportContext,
  header: string,
  percent: (row: Row) => number | null,
  weight = 66,
): Column<Row> {
  const label = (value: number | null) =>
    value === null || value < 0 ? ctx.t.notAvailable : toWinAnsi(formatPercent(value, ctx.language));
  return {
    header,
    weight,
    align: 'center',
    draw: (doc, row, box) => drawPercentPill(doc, percent(row), label(percent(row)), box, ctx.scoreRanges),
  };
}

function drawLessons(ctx: ReportContext, lessons: TrainingReportInput['lessons']): void {
  type Lesson = TrainingReportInput['lessons'][number] & { index: number };
  const { t, language } = ctx;
  const number = (value: number) => toWinAnsi(formatNumber(value, language));
  const columns: Column<Lesson>[] = [
    { header: '#', weight: 24, align: 'right', muted: true, text: (row) => String(row.index) },
    { header: t.lesson, weight: 143, text: (row) => toWinAnsi(row.name) },
    { header: t.sent, weight: 56, align: 'right', text: (row) => number(row.sent) },
    {
      header: t.finished,
      weight: 62,
      align: 'right',
      text: (row) => `${number(row.score)} / ${number(row.total)}`,
    },
    pillColumn(ctx, t.completion, (row) => completionPercent(row.score, row.total)),
    { header: t.questions, weight: 64, align: 'right', text: (row) => number(row.questionsCount) },
    {
      header: t.quizScore,
      weight: 100,
      align: 'right',
      text: (row) =>
        row.correctsStats === null ? t.notAvailable : toWinAnsi(formatPercent(row.correctsStats, language)),
    },
  ];
  drawSectionTitle(ctx, t.lessons);
  const rows = lessons.map((lesson, index) => ({ ...lesson, index: index + 1 }));
  drawTable(ctx.flow, columns, rows, { ...ctx.table, empty: '–' });
  ctx.flow.y += 24;
}

function drawLists(ctx: ReportContext, lists: TrainingReportInput['lists']): void {
  type List = TrainingReportInput['lists'][number];
  const { t, language } = ctx;
  const number = (value: number) => toWinAnsi(formatNumber(value, language));
  const columns: Column<List>[] = [
    { header: t.list, weight: 256, text: (row) => toWinAnsi(row.name) },
    { header: t.employees, weight: 80, align: 'right', text: (row) => number(row.users) },
    {
      header: t.finished,
      weight: 80,
      align: 'right',
      text: (row) => `${number(row.score)} / ${number(row.total)}`,
    },
    pillColumn(ctx, t.completion, (row) => completionPercent(row.score, row.total)),
  ];
  drawSectionTitle(ctx, t.lists);
  drawTable(ctx.flow, columns, lists, { ...ctx.table, empty: '–' });
  ctx.flow.y += 24;
}

function drawEmployees(ctx: ReportContext, input: TrainingReportInput): void {
  type Employee = NonNullable<TrainingReportInput['employees']>[number];
  const employees = input.employees ?? [];
  const { t, language, doc, flow } = ctx;
  const columns: Column<Employee>[] = [
    { header: t.name, weight: 84, text: (row) => toWinAnsi(row.name) },
    { header: t.email, weight: 110, text: (row) => toWinAnsi(row.email) },
    { header: t.lists, weight: 56, muted: true, text: (row) => toWinAnsi(row.lists) },
    { header: t.finished, weight: 44, align: 'right', text: (row) => `${row.score} / ${row.total}` },
    pillColumn(ctx, t.completion, (row) => row.percent),
    pillColumn(ctx, t.quizScore, (row) => row.quizScore),
    {
      header: t.completed,
      weight: 80,
      align: 'right',
      text: (row) => (row.completedAt ? toWinAnsi(formatDate(row.completedAt, language, 'medium')) : ''),
    },
  ];
  drawSectionTitle(ctx, t.employees);
  if (input.employeesTotal > employees.length) {
    const shown = formatNumber(employees.length, language);
    const note = fill(t.showing, { shown, total: formatNumber(input.employeesTotal, language) });
    doc.font(FONT.italic).fontSize(8.5).fillColor(INK.muted);
    writeLine(doc, toWinAnsi(note), { x: flow.left, y: flow.y, width: flow.width });
    flow.y += 16;
  }
  drawTable(flow, columns, employees, ctx.table);
  flow.y += 24;
}

export function renderTrainingReportPdf(input: TrainingReportInput): Promise<Buffer> {
  const ctx = createReportContext({
    language: input.language,
    color: input.brand.primaryColor,
    trainingName: input.training.name,
    scoreRanges: input.scoreRanges ?? null,
  });
  const company = toWinAnsi(input.brand.companyName.trim());
  drawBanner(ctx, input, company);
  drawSummary(ctx, input);
  drawLessons(ctx, input.lessons);
  drawLists(ctx, input.lists);
  if (input.employees) drawEmployees(ctx, input);
  if (input.details)
    drawDetails(
      ctx,
      input.lessons.map((lesson) => lesson.name),
      input.details,
    );
  drawPageFooters(ctx, company);
  return finishPdf(ctx.doc);
}
