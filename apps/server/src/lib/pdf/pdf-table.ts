import type { ScoreRangeSetting } from '@vigil/shared';
import { bandColors, INK } from './pdf-colors.ts';
import { FONT, writeLine, type Align, type Box, type Pdf } from './pdf-document.ts';

/** Where the next thing goes on the current page, and how to start the next page. */
export interface Flow {
  doc: Pdf;
  y: number;
  left: number;
  width: number;
  bottom: number;
  /** Adds a page with its running header and moves `y` below it. */
  addPage: () => void;
}

/** Starts a new page unless `height` still fits; says whether it did. */
export function ensureRoom(flow: Flow, height: number): boolean {
  if (flow.y + height <= flow.bottom) return false;
  flow.addPage();
  return true;
}

export interface Column<Row> {
  header: string;
  /** A share of the table's width, in the same unit as the other columns. */
  weight: number;
  align?: Align;
  /** The cell's text (WinAnsi-safe), or … */
  text?: (row: Row) => string;
  /** … a drawing of its own inside the cell's box. */
  draw?: (doc: Pdf, row: Row, box: Box) => void;
  muted?: boolean;
}

export const TABLE = { rowHeight: 17, headerHeight: 20, padding: 5, size: 8 } as const;

/** Text baseline offset that centres a line of `size` points in a row of `height`. */
export function centredTextY(top: number, height: number, size: number): number {
  return top + (height - size * 0.72) / 2;
}

interface RowsLayout {
  count: number;
  rowHeight: number;
  headerHeight: number;
  drawHeader: (y: number) => void;
  drawRow: (index: number, y: number) => void;
}

/**
 * Rows under a header, starting pages as needed and repeating the header on each; every other row is
 * shaded so long tables stay readable.
 */
export function drawRows(flow: Flow, layout: RowsLayout): void {
  ensureRoom(flow, layout.headerHeight + layout.rowHeight * Math.min(3, Math.max(1, layout.count)));
  layout.drawHeader(flow.y);
  flow.y += layout.headerHeight;
  for (let index = 0; index < layout.count; index += 1) {
    if (ensureRoom(flow, layout.rowHeight)) {
      layout.drawHeader(flow.y);
      flow.y += layout.headerHeight;
    }
    if (index % 2 === 1) flow.doc.rect(flow.left, flow.y, flow.width, layout.rowHeight).fill(INK.zebra);
    layout.drawRow(index, flow.y);
    flow.y += layout.rowHeight;
  }
}

function columnBoxes<Row>(flow: Flow, columns: Column<Row>[], y: number, height: number): Box[] {
  const total = columns.reduce((sum, column) => sum + column.weight, 0);
  let x = flow.left;
  return columns.map((column) => {
    const width = (column.weight / total) * flow.width;
    const box = { x, y, width, height };
    x += width;
    return box;
  });
}

function inner(box: Box): Box {
  return { ...box, x: box.x + TABLE.padding, width: box.width - 2 * TABLE.padding };
}

/** The column titles on a tinted strip with a rule in the brand colour under them. */
export function drawHeaderStrip(flow: Flow, y: number, height: number, tint: string, rule: string): void {
  flow.doc.rect(flow.left, y, flow.width, height).fill(tint);
  flow.doc.rect(flow.left, y + height - 1, flow.width, 1).fill(rule);
}

export interface TableStyle {
  tint: string;
  rule: string;
  /** Shown in a single row when there are no rows. */
  empty: string;
}

export function drawTable<Row>(flow: Flow, columns: Column<Row>[], rows: Row[], style: TableStyle): void {
  const { doc } = flow;
  const drawHeader = (y: number) => {
    drawHeaderStrip(flow, y, TABLE.headerHeight, style.tint, style.rule);
    doc.font(FONT.bold).fontSize(7).fillColor(INK.muted);
    columnBoxes(flow, columns, y, TABLE.headerHeight).forEach((box, index) => {
      const column = columns[index];
      if (!column) return;
      const textY = centredTextY(y, TABLE.headerHeight, 7);
      writeLine(doc, column.header.toUpperCase(), { ...inner(box), y: textY }, column.align);
    });
  };
  const drawRow = (index: number, y: number) => {
    const row = rows[index];
    if (!row) return;
    columnBoxes(flow, columns, y, TABLE.rowHeight).forEach((box, columnIndex) => {
      const column = columns[columnIndex];
      if (column?.draw) column.draw(doc, row, box);
      else if (column?.text) {
        doc
          .font(FONT.regular)
          .fontSize(TABLE.size)
          .fillColor(column.muted ? INK.muted : INK.text);
        const textY = centredTextY(y, TABLE.rowHeight, TABLE.size);
        writeLine(doc, column.text(row), { ...inner(box), y: textY }, column.align);
      }
    });
  };
  drawRows(flow, {
    count: rows.length,
    rowHeight: TABLE.rowHeight,
    headerHeight: TABLE.headerHeight,
    drawHeader,
    drawRow,
  });
  if (rows.length === 0) drawEmptyRow(flow, style.empty);
}

export function drawEmptyRow(flow: Flow, text: string): void {
  flow.doc.font(FONT.italic).fontSize(TABLE.size).fillColor(INK.muted);
  const y = centredTextY(flow.y, TABLE.rowHeight + 4, TABLE.size);
  writeLine(flow.doc, text, { x: flow.left + TABLE.padding, y, width: flow.width - 2 * TABLE.padding });
  flow.y += TABLE.rowHeight + 4;
}

/**
 * A score percent as a small pill in its band's colour (the company's score ranges when it has any),
 * "N/A" on grey when there is none.
 */
export function drawPercentPill(
  doc: Pdf,
  percent: number | null,
  label: string,
  box: Box,
  ranges?: readonly ScoreRangeSetting[] | null,
): void {
  const colors = bandColors(percent, ranges);
  const width = Math.min(42, box.width - 2 * TABLE.padding);
  const height = 11;
  const x = box.x + (box.width - width) / 2;
  const y = box.y + (box.height - height) / 2;
  doc.roundedRect(x, y, width, height, height / 2).fill(colors.fill);
  doc.font(FONT.bold).fontSize(7).fillColor(colors.text);
  writeLine(doc, label, { x, y: centredTextY(y, height, 7), width }, 'center');
}
