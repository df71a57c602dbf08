import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvCells, csvStream, toCsv, type CsvCell } from './csv.ts';

const header = ['Name', 'Score'];
const rows: CsvCell[][] = [
  ['=HYPERLINK("http://evil")', 3],
  ['Smith, "Jo"', -2],
  ['@SUM(A1)', null],
  ['+33 1 23 45 67 89', 0],
  ['-1+1', 7],
  ['Zoë Ñúñez-Müller', 100],
];
const expectedLines = [
  '"Name","Score"',
  `"'=HYPERLINK(""http://evil"")",3`,
  '"Smith, ""Jo""",-2',
  `"'@SUM(A1)",`,
  `"'+33 1 23 45 67 89",0`,
  `"'-1+1",7`,
  '"Zoë Ñúñez-Müller",100',
];

/**
 * The list separators Excel splits a CSV on in the spec's languages: a comma in English, a
 * semicolon in Icelandic, Spanish, Italian, French, German, Danish, Norwegian and Swedish; and a tab.
 */
const SEPARATORS = [',', ';', '\t'];
/** What a spreadsheet would run as a formula: a cell starting with =, +, -, @ (or full-width), after spaces. */
const FORMULA_START = /^ *[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
/** Names a person could type, each trying to start a cell of its own after a separator or a line break. */
const HOSTILE = [
  'Ann;=HYPERLINK("http://evil")',
  'Ann,=1+1',
  'Ann; "-2+3',
  'Ann\t@SUM(A1)',
  'line\n+1',
  '";=cmd',
  'x";"=cmd',
];

/**
 * A file's cells as a spreadsheet splitting on `separator` reads them, at its most naive: every line
 * break ends a row; a cell that starts with a quote runs to the closing quote (doubled quotes
 * inside), and anything after that, or a quote met later in a cell, is plain text.
 */
function spreadsheetCells(csv: string, separator: string): string[] {
  const cells: string[] = [];
  for (const line of csv.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    let i = 0;
    while (i <= line.length) {
      let cell = '';
      if (line[i] === '"') {
        for (i++; i < line.length; i++) {
          if (line[i] === '"' && line[i + 1] === '"') cell += line[i++];
          else if (line[i] === '"') break;
          else cell += line[i];
        }
        i++;
      }
      while (i < line.length && line[i] !== separator) cell += line[i++];
      cells.push(cell);
      i++;
    }
  }
  return cells;
}

/** The streamed file as a string, BOM kept (TextDecoder-based helpers would drop it). */
async function read(stream: Readable): Promise<string> {
  return (await buffer(stream)).toString('utf8');
}

function linesOf(csv: string): string[] {
  return csv.slice(1).split('\r\n').filter(Boolean);
}

describe('toCsv', () => {
  it('starts with a UTF-8 BOM and uses Windows line ends', () => {
    const csv = toCsv(header, rows);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('quotes every text cell and neutralises formulas (=, +, -, @), keeping numbers and accents', () => {
    expect(linesOf(toCsv(header, rows))).toEqual(expectedLines);
  });

  it('neutralises the header too', () => {
    expect(linesOf(toCsv(['=cmd', 'ok'], []))).toEqual([`"'=cmd","ok"`]);
  });

  it('runs no formula in a spreadsheet splitting on the separator of any of our languages', () => {
    const csv = toCsv(['Name', 'Email'], [...HOSTILE.map((h) => [h, h]), ['=1', 2]]);
    const textCsv = `${csvCells(['Name', 'Email'])}\r\n${HOSTILE.map((h) => csvCells([h, h])).join('\r\n')}`;
    expect(
      linesOf(csv)
        .slice(0, 1 + HOSTILE.length)
        .join('\r\n'),
    ).toBe(textCsv);
    for (const separator of SEPARATORS) {
      for (const cell of spreadsheetCells(csv, separator)) {
        expect(cell, `split on ${JSON.stringify(separator)}`).not.toMatch(FORMULA_START);
      }
    }
  });
});

describe('csvStream', () => {
  async function* slowly(items: CsvCell[][]) {
    for (const item of items) {
      await new Promise((resolve) => setImmediate(resolve));
      yield item;
    }
  }

  it('streams the same bytes as toCsv from an async source', async () => {
    expect(await read(csvStream(header, slowly(rows)))).toBe(toCsv(header, rows));
  });

  it('streams a big export', async () => {
    async function* many() {
      for (let i = 0; i < 20_000; i += 1) yield [`user${i}@example.com`, i] as CsvCell[];
    }
    const csv = await read(csvStream(['Email', 'N'], many()));
    const lines = linesOf(csv);
    expect(lines).toHaveLength(20_001);
    expect(lines[20_000]).toBe('"user19999@example.com",19999');
  });

  it('fails the stream when the source fails', async () => {
    async function* broken() {
      yield ['a', 1] as CsvCell[];
      throw new Error('database went away');
    }
    await expect(read(csvStream(header, broken()))).rejects.toThrow('database went away');
  });
});
