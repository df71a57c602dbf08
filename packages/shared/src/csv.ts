/**
 * Spreadsheet formula injection (OWASP): a cell that a spreadsheet reads as starting with =, +, -
 * or @ (or their full-width forms), or with a tab or a line break, may run as a formula. Excel splits
 * a CSV on the list separator of its reader's language, a comma in English and a semicolon in
 * German, French, Danish, Norwegian, Swedish, Icelandic, Spanish or Italian, and reads quotes only at
 * the start of a cell: so every comma, semicolon, tab or line break inside a text may start a cell
 * too, and each such start is neutralised with an apostrophe, which a spreadsheet reads as "text".
 */
const FORMULA_SIGN = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/** The text's own start, before any spaces and quotes a spreadsheet would skip. */
const TEXT_START = new RegExp(`^(?=[ "]*[${FORMULA_SIGN}\\t\\r\\n])`);
/** A start of a cell inside the text, after a separator of any language or a line break. */
const INNER_START = new RegExp(`([,;\\t\\r\\n])(?=[ "]*[${FORMULA_SIGN}])`, 'g');

/**
 * A text cell that no spreadsheet runs as a formula, whatever separator it splits the file on: the
 * one formula guard of every CSV export (numbers need none; writers also quote every text cell).
 */
export function neutraliseCsvText(text: string): string {
  return text.replace(TEXT_START, "'").replace(INNER_START, "$1'");
}
