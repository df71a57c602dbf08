import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvStream, toCsv, type CsvCell } from './csv.ts';

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
  'Name,Score',
  `"'=HYPERLINK(""http://evil"")",3`,
  '"Smith, ""Jo""",-2',
  `'@SUM(A1),`,
  `'+33 1 23 45 67 89,0`,
  `'-1+1,7`,
  'Zoë Ñúñez-Müller,100',
];

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

  it('neutralises formulas (=, +, -, @) and escapes quotes and commas, keeping numbers and accents', () => {
    expect(linesOf(toCsv(header, rows))).toEqual(expectedLines);
  });

  it('neutralises the header too', () => {
    expect(linesOf(toCsv(['=cmd', 'ok'], []))).toEqual([`'=cmd,ok`]);
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
    expect(lines[20_000]).toBe('user19999@example.com,19999');
  });

  it('fails the stream when the source fails', async () => {
    async function* broken() {
      yield ['a', 1] as CsvCell[];
      throw new Error('database went away');
    }
    await expect(read(csvStream(header, broken()))).rejects.toThrow('database went away');
  });
});
