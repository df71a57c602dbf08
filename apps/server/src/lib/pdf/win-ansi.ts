/**
 * The PDFs use the standard Helvetica, which has glyphs for WinAnsi only: Latin-1 plus these
 * typographic characters. Anything else would print as garbage, so it is replaced first.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Characters outside WinAnsi that have a close look-alike inside it. */
const STAND_INS: Record<string, string> = {
  '\t': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u200b': '',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '–',
  '\u2015': '—',
  '\u2212': '-',
  '\u201b': '‘',
  '\u201f': '“',
  '\u2032': "'",
  '\u2033': '"',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2713': 'v',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

function winAnsiChar(char: string): string {
  if (char === '\n' || isWinAnsi(char)) return char;
  const standIn = STAND_INS[char];
  if (standIn !== undefined) return standIn;
  if ((char.codePointAt(0) ?? 0) < 0x20) return '';
  // Letters with marks Latin-1 lacks (ő, č, ș) and compatibility forms (ﬁ, ²) keep their base letters.
  const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
  return base.length > 0 && [...base].every(isWinAnsi) ? base : '?';
}

/** The text as Helvetica can print it: accents kept, look-alikes substituted, the rest as '?'. */
export function toWinAnsi(text: string): string {
  let result = '';
  for (const char of text.normalize('NFC')) result += winAnsiChar(char);
  return result;
}
