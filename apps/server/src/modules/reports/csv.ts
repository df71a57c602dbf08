import { stringify } from 'csv-stringify/sync';
import { neutraliseCsvCell } from '@vigil/shared';

/** Excel reads a UTF-8 file's accents right only with the byte-order mark. */
const BOM = '\uFEFF';

/**
 * A CSV file: header and rows, every text cell neutralised so that a spreadsheet cannot run it as a
 * formula (spec 2: "CSVs neutralise formulas"), quotes and separators escaped by csv-stringify.
 */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => neutraliseCsvCell(cell)));
  return BOM + stringify(cells, { record_delimiter: 'windows' });
}
