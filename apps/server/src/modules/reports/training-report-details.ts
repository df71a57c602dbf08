import { INK } from '../../lib/pdf/pdf-colors.ts';
import { drawChecks, drawDashes, FONT, writeLine, type Point } from '../../lib/pdf/pdf-document.ts';
import {
  centredTextY,
  drawEmptyRow,
  drawHeaderStrip,
  drawRows,
  ensureRoom,
  TABLE,
} from '../../lib/pdf/pdf-table.ts';
import { fill } from '../../lib/pdf/report-texts.ts';
import { drawSectionTitle, type ReportContext } from './training-report-layout.ts';
import { toWinAnsi } from '../../lib/pdf/win-ansi.ts';

export interface DetailsRow {
  email: string;
  name: string;
  viewed: boolean[];
  answered: boolean[];
}

const NAME_MIN_WIDTH = 150;
const CELL = { min: 14, max: 22 };
const HEADER_HEIGHT = 28;
const ROW_HEIGHT = 15;
const MARK = 7;
const LEGEND_LINE = 11;

/** Lesson indexes split into even groups that each fit the page's width beside the employee column. */
function lessonGroups(ctx: ReportContext, count: number): number[][] {
  const perGroup = Math.max(1, Math.floor((ctx.flow.width - NAME_MIN_WIDTH) / (2 * CELL.min)));
  const size = Math.ceil(count / Math.ceil(count / perGroup));
  const groups: number[][] = [];
  for (let start = 0; start < count; start += size) {
    groups.push(Array.from({ length: Math.min(size, count - start) }, (_, i) => start + i));
  }
  return groups;
}

/** The lesson names behind the column numbers, in two columns. */
function drawLessonLegend(ctx: ReportContext, lessonNames: string[]): void {
  const { doc, flow } = ctx;
  const half = Math.ceil(lessonNames.length / 2);
  const columnWidth = (flow.width - 20) / 2;
  for (let row = 0; row < half; row += 1) {
    ensureRoom(flow, LEGEND_LINE);
    [row, row + half].forEach((index, column) => {
      const name = lessonNames[index];
      if (name === undefined) return;
      const x = flow.left + column * (columnWidth + 20);
      doc.font(FONT.bold).fontSize(8).fillColor(ctx.accent);
      writeLine(doc, String(index + 1), { x, y: flow.y, width: 16 }, 'right');
      doc.font(FONT.regular).fillColor(INK.text);
      writeLine(doc, toWinAnsi(name), { x: x + 22, y: flow.y, width: columnWidth - 22 });
    });
    flow.y += LEGEND_LINE;
  }
  flow.y += 6;
}

/** "V viewed · A answered · ✓ done · – not yet", the marks drawn as in the table. */
function drawMarksKey(ctx: ReportContext): void {
  const { doc, flow, t } = ctx;
  ensureRoom(flow, 20);
  let x = flow.left;
  const label = (text: string) => {
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor(INK.muted)
      .text(toWinAnsi(text), x, flow.y, { lineBreak: false });
    x += doc.widthOfString(toWinAnsi(text)) + 16;
  };
  const letter = (text: string) => {
    doc.font(FONT.bold).fontSize(8).fillColor(INK.text).text(text, x, flow.y, { lineBreak: false });
    x += doc.widthOfString(text) + 4;
  };
  letter(t.viewedShort);
  label(t.viewed);
  letter(t.answeredShort);
  label(t.answered);
  drawChecks(doc, [[x, flow.y - 0.5]], MARK, ctx.accent);
  x += MARK + 4;
  label(t.done);
  drawDashes(doc, [[x, flow.y - 0.5]], MARK, INK.faint);
  x += MARK + 4;
  label(t.notYet);
  flow.y += 18;
}

function drawMatrix(ctx: ReportContext, lessons: number[], rows: DetailsRow[]): void {
  const { doc, flow, t } = ctx;
  const cell = Math.min(CELL.max, (flow.width - NAME_MIN_WIDTH) / (2 * lessons.length));
  const nameWidth = flow.width - 2 * cell * lessons.length;
  const lessonX = (position: number) => flow.left + nameWidth + position * 2 * cell;
  const drawHeader = (y: number) => {
    drawHeaderStrip(flow, y, HEADER_HEIGHT, ctx.table.tint, ctx.table.rule);
    doc.font(FONT.bold).fontSize(7).fillColor(INK.muted);
    const nameY = centredTextY(y, HEADER_HEIGHT, 7);
    writeLine(doc, toWinAnsi(t.employee.toUpperCase()), {
      x: flow.left + TABLE.padding,
      y: nameY,
      width: nameWidth,
    });
    lessons.forEach((lesson, position) => {
      const x = lessonX(position);
      doc.rect(x, y + 3, 0.5, HEADER_HEIGHT - 6).fill(INK.rule);
      doc.font(FONT.bold).fontSize(8).fillColor(INK.text);
      writeLine(doc, String(lesson + 1), { x, y: y + 4, width: 2 * cell }, 'center');
      doc.font(FONT.regular).fontSize(6.5).fillColor(INK.muted);
      writeLine(doc, t.viewedShort, { x, y: y + 16, width: cell }, 'center');
      writeLine(doc, t.answeredShort, { x: x + cell, y: y + 16, width: cell }, 'center');
    });
  };
  const drawRow = (index: number, y: number) => {
    const row = rows[index];
    if (!row) return;
    doc.font(FONT.regular).fontSize(TABLE.size).fillColor(INK.text);
    const name = toWinAnsi(row.name.trim() || row.email);
    writeLine(doc, name, {
      x: flow.left + TABLE.padding,
      y: centredTextY(y, ROW_HEIGHT, TABLE.size),
      width: nameWidth - 2 * TABLE.padding,
    });
    drawMarks(ctx, rowMarks(row, lessons, lessonX, y, cell));
  };
  drawRows(flow, {
    count: rows.length,
    rowHeight: ROW_HEIGHT,
    headerHeight: HEADER_HEIGHT,
    drawHeader,
    drawRow,
  });
  if (rows.length === 0) drawEmptyRow(flow, t.noEmployees);
  flow.y += 20;
}

/** Where a row's ticks and dashes go: per lesson, the viewed mark then the answered one. */
function rowMarks(
  row: DetailsRow,
  lessons: number[],
  lessonX: (position: number) => number,
  y: number,
  cell: number,
) {
  const marks = { done: [] as Point[], notYet: [] as Point[] };
  const markY = y + (ROW_HEIGHT - MARK) / 2;
  lessons.forEach((lesson, position) => {
    const x = lessonX(position) + (cell - MARK) / 2;
    (row.viewed[lesson] ? marks.done : marks.notYet).push([x, markY]);
    (row.answered[lesson] ? marks.done : marks.notYet).push([x + cell, markY]);
  });
  return marks;
}

function drawMarks(ctx: ReportContext, marks: { done: Point[]; notYet: Point[] }): void {
  drawChecks(ctx.doc, marks.done, MARK, ctx.accent);
  drawDashes(ctx.doc, marks.notYet, MARK, INK.faint);
}

/**
 * The per-employee matrix (users_details): numbered lesson columns, each with a viewed and an
 * answered mark; lessons beyond the page's width continue in a further matrix.
 */
export function drawDetails(ctx: ReportContext, lessonNames: string[], rows: DetailsRow[]): void {
  drawSectionTitle(ctx, ctx.t.details, 80);
  drawLessonLegend(ctx, lessonNames);
  drawMarksKey(ctx);
  const groups = lessonGroups(ctx, lessonNames.length);
  for (const lessons of groups) {
    if (groups.length > 1) {
      const range = { from: (lessons[0] ?? 0) + 1, to: (lessons[lessons.length - 1] ?? 0) + 1 };
      ensureRoom(ctx.flow, 90);
      ctx.doc.font(FONT.bold).fontSize(9).fillColor(INK.muted);
      writeLine(ctx.doc, toWinAnsi(fill(ctx.t.lessonRange, range)), {
        x: ctx.flow.left,
        y: ctx.flow.y,
        width: ctx.flow.width,
      });
      ctx.flow.y += 16;
    }
    drawMatrix(ctx, lessons, rows);
  }
}
