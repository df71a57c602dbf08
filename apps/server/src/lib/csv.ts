import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { neutraliseCsvText } from '@vigil/shared';

export type CsvCell = string | number | null;

/**
 * The BOM makes Excel read the UTF-8 accents right; Windows line ends are what it writes itself.
 * Every text cell is quoted, so a comma or semicolon inside it separates nothing in any language;
 * csv-stringify doubles the quotes inside.
 */
const CSV_OPTIONS = { bom: true, record_delimiter: 'windows', quoted_string: true } as const;

/** Every cell made safe: text a spreadsheet would run as a formula (=, +, -, @ …) is neutralised. */
function neutraliseRow(row: CsvCell[]): CsvCell[] {
  return row.map((cell) => (typeof cell === 'string' ? neutraliseCsvText(cell) : cell));
}

/** A whole CSV file in memory, for exports of a known small size. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return stringifySync([header, ...rows].map(neutraliseRow), CSV_OPTIONS);
}

async function* neutralisedRecords(header: string[], rows: AsyncIterable<CsvCell[]> | Iterable<CsvCell[]>) {
  yield neutraliseRow(header);
  for await (const row of rows) yield neutraliseRow(row);
}

/**
 * The same CSV as a stream, for big exports: rows are read as the client takes the bytes. A failing
 * source destroys the returned stream with its error.
 */
export function csvStream(header: string[], rows: AsyncIterable<CsvCell[]> | Iterable<CsvCell[]>): Readable {
  const output = stringify(CSV_OPTIONS);
  pipeline(Readable.from(neutralisedRecords(header, rows)), output, () => {
    // pipeline has already destroyed `output` with the error, which is how its reader learns of it.
  });
  return output;
}

/**
 * One neutralised cell as csv-stringify writes it with CSV_OPTIONS: text quoted, quotes doubled;
 * numbers and empty cells bare. Plain string work, for exports of millions of cells.
 */
function csvCell(cell: CsvCell): string {
  if (typeof cell === 'string') return `"${neutraliseCsvText(cell).replaceAll('"', '""')}"`;
  return cell === null ? '' : String(cell);
}

/** One row's cells as CSV text, without the line end: a part an export can cache and join with commas. */
export function csvCells(cells: CsvCell[]): string {
  return cells.map(csvCell).join(',');
}

/**
 * A CSV stream of rows already written as text (csvCells parts joined by commas and each ended by
 * CRLF), a page at a time: for big exports whose rows repeat parts, which are then escaped once
 * rather than on every row. A page is read only when the reader has taken the previous one
 * (backpressure), so memory holds about one page whatever the size of the file.
 */
export function csvTextStream(header: string[], pages: AsyncIterable<string>): Readable {
  async function* text() {
    yield `\uFEFF${csvCells(header)}\r\n`;
    for await (const page of pages) if (page) yield page;
  }
  return Readable.from(text(), { objectMode: false });
}
