import { IMPORT_ERRORS, IMPORT_LIMITS } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { fileEncoding, fileSizeError, readEmployeeFile } from './read-employee-file.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('readEmployeeFile', () => {
  it('gives the raw lines, without the blank ones at the end', () => {
    const read = readEmployeeFile(
      utf8('email,name\r\nana@example.com,Ana\r\n\r\nbo@example.com\n\n'),
      'utf-8',
    );
    expect(read).toEqual({
      ok: true,
      records: ['email,name', 'ana@example.com,Ana', '', 'bo@example.com'],
    });
  });

  it('decodes the file in the chosen encoding', () => {
    const latin1 = Uint8Array.from([...utf8('jose@example.com,Jos'), 0xe9]);
    expect(readEmployeeFile(latin1, 'iso-8859-1')).toEqual({ ok: true, records: ['jose@example.com,José'] });
    expect(readEmployeeFile(latin1, 'utf-8')).toEqual({ ok: true, records: ['jose@example.com,Jos\uFFFD'] });
  });

  it('refuses a file that is not text', () => {
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]);
    expect(readEmployeeFile(zip, 'utf-8')).toEqual({ ok: false, error: IMPORT_ERRORS.notText });
  });

  it('says no rows were found when no line holds data', () => {
    expect(readEmployeeFile(utf8('\n  \n'), 'utf-8')).toEqual({ ok: false, error: IMPORT_ERRORS.noRows });
    expect(readEmployeeFile(utf8('Email;Name\n'), 'utf-8')).toEqual({
      ok: false,
      error: IMPORT_ERRORS.noRows,
    });
  });

  it('keeps lines with errors for the preview to list', () => {
    expect(readEmployeeFile(utf8('not an email'), 'utf-8')).toEqual({ ok: true, records: ['not an email'] });
  });

  it('refuses more lines than one import may carry', () => {
    const lines = utf8('a@example.com\n'.repeat(IMPORT_LIMITS.maxRecords + 1));
    expect(readEmployeeFile(lines, 'utf-8')).toEqual({ ok: false, error: IMPORT_ERRORS.tooLarge });
  });
});

describe('fileSizeError', () => {
  it('refuses files over the import limit', () => {
    expect(fileSizeError(IMPORT_LIMITS.maxFileBytes)).toBeNull();
    expect(fileSizeError(IMPORT_LIMITS.maxFileBytes + 1)).toBe(IMPORT_ERRORS.tooLarge);
  });
});

describe('fileEncoding', () => {
  it('knows UTF-8 and ISO 8859-1 only', () => {
    expect(fileEncoding('iso-8859-1')).toBe('iso-8859-1');
    expect(fileEncoding('utf-16')).toBeUndefined();
  });
});
