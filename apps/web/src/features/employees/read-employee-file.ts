import {
  IMPORT_ERRORS,
  IMPORT_LIMITS,
  looksLikeText,
  parseImportLines,
  splitImportText,
} from '@vigil/shared';

/** The encodings an employee file may be in (spec 3 §5), as TextDecoder names them. */
export const FILE_ENCODINGS = [
  { value: 'utf-8', label: 'UTF-8' },
  { value: 'iso-8859-1', label: 'ISO 8859-1' },
] as const;
export type FileEncoding = (typeof FILE_ENCODINGS)[number]['value'];

/** The encoding a select's value names, if it is one of them. */
export function fileEncoding(value: string): FileEncoding | undefined {
  return FILE_ENCODINGS.find((encoding) => encoding.value === value)?.value;
}

export type EmployeeFileRead = { ok: true; records: string[] } | { ok: false; error: string };

/** Checked before a file is read at all, so a huge file is never loaded. */
export function fileSizeError(bytes: number): string | null {
  return bytes > IMPORT_LIMITS.maxFileBytes ? IMPORT_ERRORS.tooLarge : null;
}

/**
 * Decodes an employee file into the raw lines the import sends: only a text file, only as many lines
 * as one import may carry, and only when some line holds data. Line numbers stay the file's own.
 */
export function readEmployeeFile(bytes: Uint8Array, encoding: FileEncoding): EmployeeFileRead {
  const sizeError = fileSizeError(bytes.byteLength);
  if (sizeError) return { ok: false, error: sizeError };
  if (!looksLikeText(bytes)) return { ok: false, error: IMPORT_ERRORS.notText };
  const records = splitImportText(new TextDecoder(encoding).decode(bytes));
  while (records.length > 0 && records.at(-1)?.trim() === '') records.pop();
  if (records.length > IMPORT_LIMITS.maxRecords) return { ok: false, error: IMPORT_ERRORS.tooLarge };
  const { rows, errors } = parseImportLines(records);
  if (rows.length + errors.length === 0) return { ok: false, error: IMPORT_ERRORS.noRows };
  return { ok: true, records };
}
