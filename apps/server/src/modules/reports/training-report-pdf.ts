import { bandColors, brandColor, INK, textOn } from './pdf-colors.ts';
import {
  createPdf,
  drawCheck,
  drawDash,
  drawLogo,
  finishPdf,
  FONT,
  writeLine,
  type Align,
  type Pdf,
} from './pdf-document.ts';
import {
  fill,
  formatDate,
  formatPercent,
  reportLanguage,
  reportTexts,
  type ReportTexts,
} from './report-texts.ts';
import { toWinAnsi } from './win-ansi.ts';

export interface TrainingReportInput {
  companyName: string;
  color: string;
  logo: Buffer | null;
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
  /** Up to 1000 rows (the caller cuts); null under anonymous tracking (section left out). */
  employees:
    | {
        name: string;
        email: string;
        lists: string;
        score: number;
        total: number;
        percent: number | null;
        completedAt: Date | null;
      }[]
    | null;
  /** users_details=1: per employee, which lessons were watched and answered. */
  details: { email: string; name: string; viewed: boolean[]; answered: boolean[] }[] | null;
  employeesTotal: number;
}

const MARGIN = 40;
const ROW = 16;
const FOOTER = 30;

interface Column {
  title: string;
  width: number;
  align?: Align;
}

interface Ctx {
  doc: Pdf;
  t: ReportTexts;
  brand: string;
  width: number;
}

/** Starts a new page when fewer than `needed` points are left above the footer. */
function room(c: Ctx, needed: number): boolean {
  if (c.doc.y + needed <= c.doc.page.height - MARGIN - FOOTER) return false;
  c.doc.addPage();
  c.doc.y = MARGIN;
  return true;
}

function heading(c: Ctx, text: string) {
  room(c, 60);
  c.doc.moveDown(0.8);
  c.doc.font(FONT.bold).fontSize(13).fillColor(INK.text);
  writeLine(c.doc, toWinAnsi(text), { x: MARGIN, y: c.doc.y, width: c.width });
  c.doc.y += 20;
}

function headerRow(c: Ctx, columns: Column[]) {
  const y = c.doc.y;
  c.doc.rect(MARGIN, y, c.width, ROW + 2).fill(c.brand);
  c.doc.font(FONT.bold).fontSize(8.5).fillColor(textOn(c.brand));
  let x = MARGIN + 4;
  for (const col of columns) {
    writeLine(c.doc, toWinAnsi(col.title), { x, y: y + 5, width: col.width - 8 }, col.align);
    x += col.width;
  }
  c.doc.y = y + ROW + 2;
}

/**
 * A table that repeats its header on every page it runs onto. `cell` draws a row's cells itself when
 * it returns undefined for a column (ticks, coloured scores).
 */
function table<T>(
  c: Ctx,
  columns: Column[],
  rows: T[],
  text: (row: T, col: number) => string | undefined,
  draw?: (row: T, col: number, x: number, y: number, width: number) => void,
) {
  room(c, ROW * 3);
  headerRow(c, columns);
  rows.forEach((row, i) => {
    if (room(c, ROW)) headerRow(c, columns);
    const y = c.doc.y;
    if (i % 2 === 1) c.doc.rect(MARGIN, y, c.width, ROW).fill(INK.zebra);
    c.doc.font(FONT.regular).fontSize(8.5).fillColor(INK.text);
    let x = MARGIN + 4;
    columns.forEach((col, j) => {
      const value = text(row, j);
      if (value === undefined) draw?.(row, j, x, y, col.width - 8);
      else {
        c.doc.font(FONT.regular).fontSize(8.5).fillColor(INK.text);
        writeLine(c.doc, toWinAnsi(value), { x, y: y + 4, width: col.width - 8 }, col.align);
      }
      x += col.width;
    });
    c.doc.y = y + ROW;
  });
}

const widths = (total: number, parts: number[]) => {
  const sum = parts.reduce((a, b) => a + b, 0);
  return parts.map((p) => (p / sum) * total);
};

function banner(c: Ctx, input: TrainingReportInput, lang: ReturnType<typeof reportLanguage>) {
  const { doc, t } = c;
  doc.rect(0, 0, doc.page.width, 84).fill(c.brand);
  const logoBox = { x: doc.page.width - MARGIN - 120, y: 16, width: 120, height: 52 };
  const hasLogo = drawLogo(doc, input.logo, logoBox, 'right');
  doc.font(FONT.bold).fontSize(10).fillColor(textOn(c.brand));
  if (!hasLogo) writeLine(doc, toWinAnsi(input.companyName), { ...logoBox, y: 36 }, 'right');
  doc.font(FONT.bold).fontSize(17);
  writeLine(doc, toWinAnsi(fill(t.reportTitle, { name: input.training.name })), {
    x: MARGIN,
    y: 26,
    width: c.width - 130,
  });
  doc.font(FONT.regular).fontSize(9);
  writeLine(doc, toWinAnsi(fill(t.generatedOn, { date: formatDate(input.generatedAt, lang) })), {
    x: MARGIN,
    y: 52,
    width: c.width - 130,
  });
  doc.y = 104;
}

function summary(c: Ctx, input: TrainingReportInput, lang: ReturnType<typeof reportLanguage>) {
  const { doc, t } = c;
  const pct = (v: number | null) => (v === null ? t.notAvailable : formatPercent(v, lang));
  const date = (d: Date | null) => (d ? formatDate(d, lang, 'medium') : t.notAvailable);
  const status = (t.statuses as Record<string, string>)[input.training.status] ?? input.training.status;
  const cards: [string, string][] = [
    [t.invited, String(input.training.invited)],
    [t.bounced, String(input.training.bounced)],
    [t.attendance, pct(input.training.attendance)],
    [t.completionRate, pct(input.training.completionRate)],
  ];
  const cardWidth = (c.width - 3 * 10) / 4;
  const y = doc.y;
  cards.forEach(([label, value], i) => {
    const x = MARGIN + i * (cardWidth + 10);
    doc.roundedRect(x, y, cardWidth, 56, 6).fill(INK.zebra);
    doc.font(FONT.regular).fontSize(8.5).fillColor(INK.muted);
    writeLine(doc, toWinAnsi(label), { x: x + 10, y: y + 10, width: cardWidth - 20 });
    doc.font(FONT.bold).fontSize(18).fillColor(INK.text);
    writeLine(doc, toWinAnsi(value), { x: x + 10, y: y + 26, width: cardWidth - 20 });
  });
  doc.y = y + 68;
  doc.font(FONT.regular).fontSize(9).fillColor(INK.muted);
  const line = `${t.status}: ${status}   ·   ${t.firstBatch}: ${date(input.training.firstBatch)}   ·   ${t.lastBatch}: ${date(input.training.lastBatch)}`;
  writeLine(doc, toWinAnsi(line), { x: MARGIN, y: doc.y, width: c.width });
  doc.y += 14;
}

function scoreCell(
  c: Ctx,
  percent: number | null,
  lang: ReturnType<typeof reportLanguage>,
  x: number,
  y: number,
  w: number,
) {
  const band = bandColors(percent);
  const label = percent === null ? c.t.notAvailable : formatPercent(percent, lang);
  c.doc.roundedRect(x, y + 2, Math.min(w, 44), ROW - 4, 3).fill(band.fill);
  c.doc.font(FONT.bold).fontSize(8).fillColor(band.text);
  writeLine(c.doc, toWinAnsi(label), { x, y: y + 4.5, width: Math.min(w, 44) }, 'center');
}

/** The training report: figures, lessons, lists, employees and (asked for) the lesson matrix. */
export async function renderTrainingReportPdf(input: TrainingReportInput): Promise<Buffer> {
  const lang = reportLanguage(input.language);
  const t = reportTexts(lang);
  const doc = createPdf({
    layout: 'portrait',
    title: fill(t.reportTitle, { name: input.training.name }),
    language: lang,
    margin: MARGIN,
    bufferPages: true,
  });
  const c: Ctx = { doc, t, brand: brandColor(input.color), width: doc.page.width - 2 * MARGIN };
  banner(c, input, lang);
  summary(c, input, lang);

  heading(c, t.lessons);
  const pct = (v: number | null) => (v === null ? t.notAvailable : formatPercent(v, lang));
  table(
    c,
    widths(c.width, [5, 1.2, 1.2, 1.2, 1.4, 1.8]).map((width, i) => ({
      title: [t.lesson, t.sent, t.score, t.questions, t.completionRate, t.correctAnswers][i]!,
      width,
      align: i === 0 ? 'left' : 'right',
    })),
    input.lessons,
    (l, col) =>
      [
        l.name,
        String(l.sent),
        String(l.score),
        String(l.questionsCount),
        pct(l.total > 0 ? Math.round((l.score / l.total) * 100) : null),
        pct(l.correctsStats),
      ][col],
  );

  heading(c, t.lists);
  table(
    c,
    widths(c.width, [5, 1.4, 1.4, 1.4, 1.6]).map((width, i) => ({
      title: [t.list, t.employees, t.score, t.lessons, t.completionRate][i]!,
      width,
      align: i === 0 ? 'left' : 'right',
    })),
    input.lists,
    (l, col) =>
      [
        l.name,
        String(l.users),
        String(l.score),
        String(l.total),
        pct(l.total > 0 ? Math.round((l.score / l.total) * 100) : null),
      ][col],
  );

  if (input.employees) {
    heading(c, t.employees);
    if (input.employees.length === 0) {
      doc.font(FONT.regular).fontSize(9).fillColor(INK.muted).text(toWinAnsi(t.noEmployees), MARGIN, doc.y);
    } else {
      if (input.employeesTotal > input.employees.length) {
        doc.font(FONT.regular).fontSize(9).fillColor(INK.muted);
        writeLine(
          doc,
          toWinAnsi(fill(t.showing, { shown: input.employees.length, total: input.employeesTotal })),
          {
            x: MARGIN,
            y: doc.y,
            width: c.width,
          },
        );
        doc.y += 14;
      }
      table(
        c,
        widths(c.width, [2.6, 3.4, 2.4, 1.2, 1.6]).map((width, i) => ({
          title: [t.name, t.email, t.lists, t.score, t.completed][i]!,
          width,
        })),
        input.employees,
        (e, col) =>
          col === 3
            ? undefined
            : [
                e.name || '—',
                e.email,
                e.lists,
                '',
                e.completedAt ? formatDate(e.completedAt, lang, 'medium') : '—',
              ][col],
        (e, _col, x, y, w) => scoreCell(c, e.percent, lang, x, y, w),
      );
    }
  }

  if (input.details && input.details.length > 0) detailsMatrix(c, input);
  footers(c);
  return finishPdf(doc);
}

/** Lessons as numbered columns with a legend; a tick per lesson watched (V) and answered (A). */
function detailsMatrix(c: Ctx, input: TrainingReportInput) {
  const { doc, t } = c;
  doc.addPage();
  doc.y = MARGIN;
  heading(c, t.details);
  doc.font(FONT.regular).fontSize(8.5).fillColor(INK.muted);
  input.lessons.forEach((l, i) => {
    room(c, 12);
    writeLine(doc, toWinAnsi(`${i + 1}. ${l.name}`), { x: MARGIN, y: doc.y, width: c.width });
    doc.y += 11;
  });
  writeLine(doc, toWinAnsi(`${t.viewedShort} = ${t.viewed}, ${t.answeredShort} = ${t.answered}`), {
    x: MARGIN,
    y: doc.y + 2,
    width: c.width,
  });
  doc.y += 18;
  const lessonWidth = Math.min(40, (c.width * 0.55) / Math.max(1, input.lessons.length));
  const nameWidth = c.width - lessonWidth * input.lessons.length;
  const columns: Column[] = [
    { title: t.employee, width: nameWidth },
    ...input.lessons.map((_, i) => ({
      title: `${i + 1} ${t.viewedShort}/${t.answeredShort}`,
      width: lessonWidth,
      align: 'center' as const,
    })),
  ];
  table(
    c,
    columns,
    input.details!,
    (d, col) => (col === 0 ? `${d.name || d.email}${d.name ? ` <${d.email}>` : ''}` : undefined),
    (d, col, x, y, w) => {
      const i = col - 1;
      const mark = (done: boolean, at: number) =>
        done ? drawCheck(doc, at, y + 4, 8, c.brand) : drawDash(doc, at, y + 4, 8, INK.faint);
      mark(d.viewed[i] ?? false, x + w / 2 - 10);
      mark(d.answered[i] ?? false, x + w / 2 + 2);
    },
  );
}

/** "Page x of y" on every page; the bottom margin is lifted meanwhile so that pdfkit adds no page. */
function footers(c: Ctx) {
  const { doc, t } = c;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(FONT.regular).fontSize(8).fillColor(INK.faint);
    const label = fill(t.page, { page: i + 1, pages: range.count });
    writeLine(doc, toWinAnsi(label), { x: MARGIN, y: doc.page.height - MARGIN, width: c.width }, 'right');
    doc.page.margins.bottom = bottom;
  }
}
