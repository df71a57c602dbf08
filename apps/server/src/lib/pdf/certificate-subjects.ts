import { INK, readableOnWhite } from './pdf-colors.ts';
import { fitText, FONT, writeLine, type Pdf } from './pdf-document.ts';
import { fill, type ReportTexts } from './report-texts.ts';

const MAX_ROWS = 10;
const ONE_COLUMN_UP_TO = 5;
const LINE_HEIGHT = 13;
const ITEM_SIZE = 9.5;
const BULLET_SPACE = 11;
const COLUMN_WIDTH = 275;
const COLUMN_GAP = 34;
const HEADING_HEIGHT = 19;

interface SubjectsOptions {
  t: ReportTexts;
  color: string;
  centerX: number;
  /** Height left on the page; fewer rows are shown when the other texts took the room. */
  maxHeight: number;
}

/** The titles that fit `capacity` places, the last place saying how many were left out. */
function visibleItems(subjects: string[], capacity: number, t: ReportTexts): string[] {
  if (subjects.length <= capacity) return subjects;
  const shown = subjects.slice(0, Math.max(0, capacity - 1));
  return [...shown, fill(t.more, { count: subjects.length - shown.length })];
}

function splitColumns(items: string[]): string[][] {
  if (items.length <= ONE_COLUMN_UP_TO) return [items];
  const half = Math.ceil(items.length / 2);
  return [items.slice(0, half), items.slice(half)];
}

/** Columns as wide as their longest title (up to COLUMN_WIDTH), so that the group sits centred. */
function columnWidths(doc: Pdf, columns: string[][]): number[] {
  doc.font(FONT.regular).fontSize(ITEM_SIZE);
  return columns.map((items) =>
    Math.min(COLUMN_WIDTH, BULLET_SPACE + Math.max(...items.map((item) => doc.widthOfString(item)))),
  );
}

function drawItem(doc: Pdf, text: string, x: number, y: number, width: number, bullet: string | null) {
  if (bullet) doc.circle(x + 2.5, y + ITEM_SIZE * 0.42, 2).fill(bullet);
  doc
    .font(FONT.regular)
    .fontSize(ITEM_SIZE)
    .fillColor(bullet ? INK.text : INK.muted);
  writeLine(doc, text, { x: x + BULLET_SPACE, y, width: width - BULLET_SPACE });
}

function drawHeading(doc: Pdf, text: string, centerX: number, y: number, color: string) {
  const label = text.toUpperCase();
  doc.font(FONT.bold).fontSize(8.5).fillColor(color);
  const fitted = fitText(doc, label, 600, 1.5);
  const width = doc.widthOfString(fitted, { characterSpacing: 1.5 });
  doc.text(fitted, centerX - width / 2, y, { lineBreak: false, characterSpacing: 1.5 });
}

/**
 * The "Subjects covered" list of the certificate: one column for a few subjects, two for more, up to
 * ten rows each, then "+ N more". Null when there is nothing to list or no room for even one row.
 */
export function layoutSubjects(doc: Pdf, subjects: string[], options: SubjectsOptions) {
  const rows = Math.min(MAX_ROWS, Math.floor((options.maxHeight - HEADING_HEIGHT) / LINE_HEIGHT));
  if (subjects.length === 0 || rows < 1) return null;
  const capacity = rows * (subjects.length > ONE_COLUMN_UP_TO && rows > 1 ? 2 : 1);
  const items = visibleItems(subjects, capacity, options.t);
  const columns = splitColumns(items);
  const widths = columnWidths(doc, columns);
  const total = widths.reduce((sum, width) => sum + width, 0) + COLUMN_GAP * (columns.length - 1);
  const moreLabel = items.length < subjects.length ? items[items.length - 1] : null;
  const accent = readableOnWhite(options.color);
  return {
    height: HEADING_HEIGHT + Math.max(...columns.map((c) => c.length)) * LINE_HEIGHT,
    draw: (top: number) => {
      drawHeading(doc, options.t.subjectsCovered, options.centerX, top, accent);
      let x = options.centerX - total / 2;
      columns.forEach((column, index) => {
        const width = widths[index] ?? COLUMN_WIDTH;
        column.forEach((item, row) => {
          const bullet = item === moreLabel && row === column.length - 1 ? null : options.color;
          drawItem(doc, item, x, top + HEADING_HEIGHT + row * LINE_HEIGHT, width, bullet);
        });
        x += width + COLUMN_GAP;
      });
    },
  };
}
