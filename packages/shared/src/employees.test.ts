import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from './constants.ts';
import { looksLikeText, parseImportLines, splitImportLine, splitImportText } from './employees.ts';
import { IMPORT_ERRORS } from './messages.ts';

const parse = (text: string) => parseImportLines(splitImportText(text));

describe('splitImportLine', () => {
  it('splits on commas and semicolons, strips quotes, keeps quoted separators and apostrophes', () => {
    expect(splitImportLine('a@x.io, "Doe, Jane" ;Sales')).toEqual(['a@x.io', 'Doe, Jane', 'Sales']);
    expect(splitImportLine("o'brien@x.io;Sean O'Brien;'Ops'")).toEqual([
      "o'brien@x.io",
      "Sean O'Brien",
      'Ops',
    ]);
    expect(splitImportLine('"a@x.io","Say ""hi"""')).toEqual(['a@x.io', 'Say "hi"']);
  });
});

describe('parseImportLines', () => {
  it('reads email, name, unit and tags, lower-casing the email', () => {
    const { rows, errors } = parse('Ann@Example.COM,Ann Lee,Finance,remote,emea');
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { lineNumber: 1, email: 'ann@example.com', name: 'Ann Lee', unit: 'Finance', tags: ['remote', 'emea'] },
    ]);
  });

  it('skips blank lines and a header row, handles a BOM and mixed line endings', () => {
    const { rows, errors } = parse('\uFEFFEmail;Name;Department\r\na@x.io;A\n\n  \rb@x.io;B\r\n');
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.lineNumber, r.email])).toEqual([
      [2, 'a@x.io'],
      [5, 'b@x.io'],
    ]);
  });

  it('reports invalid lines with their number, text and the spec message', () => {
    const long = (n: number) => 'x'.repeat(n);
    const lines = [
      'not-an-email,Someone',
      `${long(96)}@x.io`,
      `ok1@x.io,${long(101)}`,
      `ok2@x.io,Name,${long(51)}`,
      ',,',
      'ok3@x.io,First',
      'OK3@x.io,Again',
    ];
    const { rows, errors } = parseImportLines(lines);
    expect(errors).toEqual([
      { lineNumber: 1, original: 'not-an-email,Someone', error: IMPORT_ERRORS.emailInvalid },
      { lineNumber: 2, original: lines[1], error: IMPORT_ERRORS.emailTooLong },
      { lineNumber: 3, original: lines[2], error: IMPORT_ERRORS.nameTooLong },
      { lineNumber: 4, original: lines[3], error: IMPORT_ERRORS.unitTooLong },
      { lineNumber: 5, original: ',,', error: IMPORT_ERRORS.noDataInLine },
      { lineNumber: 7, original: 'OK3@x.io,Again', error: IMPORT_ERRORS.duplicate },
    ]);
    expect(rows.map((r) => r.email)).toEqual(['ok3@x.io']);
  });

  it('accepts exactly 100 characters of email and name and 50 of unit', () => {
    const email = `${'a'.repeat(92)}@test.io`;
    expect(email).toHaveLength(100);
    const { rows, errors } = parseImportLines([`${email},${'n'.repeat(100)},${'u'.repeat(50)}`]);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(1);
  });

  it('reports a line over the length limit with its own error and the start of its text', () => {
    const long = `a@x.io,${'n'.repeat(IMPORT_LIMITS.maxLineLength)}`;
    const { rows, errors } = parseImportLines(['ok@x.io', long]);
    expect(rows.map((r) => r.email)).toEqual(['ok@x.io']);
    expect(errors).toEqual([
      { lineNumber: 2, original: `${long.slice(0, 100)}…`, error: IMPORT_ERRORS.lineTooLong },
    ]);
    expect(IMPORT_ERRORS.lineTooLong).toBe('Line can not be more than 2000 characters');
    expect(parseImportLines([long.slice(0, IMPORT_LIMITS.maxLineLength)]).errors[0]?.error).toBe(
      IMPORT_ERRORS.nameTooLong,
    );
  });

  it('treats a line with NUL bytes as invalid', () => {
    expect(parseImportLines(['a@x.io\u0000,B']).errors[0]?.error).toBe(IMPORT_ERRORS.controlCharacters);
  });
});

describe('looksLikeText', () => {
  it('tells text from binary by NUL bytes', () => {
    expect(looksLikeText(Uint8Array.from('a@x.io,Ann\n', (c) => c.charCodeAt(0)))).toBe(true);
    expect(looksLikeText(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBe(false);
  });
});
