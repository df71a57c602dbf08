/**
 * A QR code encoder (ISO/IEC 18004, model 2), byte mode, error correction level M, versions 1–10: up
 * to 213 bytes, enough for any link we send. Pure and small so that the simulated QR-code mails carry
 * their code as an HTML table, which every mail client shows without loading an image.
 */

/** Error-correction codewords per block, and the data codewords of each block, for level M by version. */
const LEVEL_M_BLOCKS: readonly { ec: number; blocks: readonly number[] }[] = [
  { ec: 10, blocks: [16] },
  { ec: 16, blocks: [28] },
  { ec: 26, blocks: [44] },
  { ec: 18, blocks: [32, 32] },
  { ec: 24, blocks: [43, 43] },
  { ec: 16, blocks: [27, 27, 27, 27] },
  { ec: 18, blocks: [31, 31, 31, 31] },
  { ec: 22, blocks: [38, 38, 39, 39] },
  { ec: 22, blocks: [36, 36, 36, 37, 37] },
  { ec: 26, blocks: [43, 43, 43, 43, 44] },
];

/** The centres of the alignment patterns by version (none in version 1). */
const ALIGNMENT: readonly (readonly number[])[] = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
];

/** Level M in the format information. */
const LEVEL_M_BITS = 0b00;

export const QR_MAX_VERSION = LEVEL_M_BLOCKS.length;

/** Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1. */
function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

/** The Reed–Solomon generator polynomial of a degree, highest coefficient omitted. */
function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j]!, root);
      if (j + 1 < degree) result[j]! ^= result[j + 1]!;
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

function rsRemainder(data: readonly number[], divisor: readonly number[]): number[] {
  const result = divisor.map(() => 0);
  for (const byte of data) {
    const factor = byte ^ result.shift()!;
    result.push(0);
    divisor.forEach((coefficient, i) => (result[i]! ^= gfMultiply(coefficient, factor)));
  }
  return result;
}

/** The data codewords: mode, length, bytes, terminator and padding, for a version. */
function dataCodewords(bytes: Uint8Array, version: number): number[] | null {
  const capacity = LEVEL_M_BLOCKS[version - 1]!.blocks.reduce((a, b) => a + b, 0) * 8;
  const countBits = version < 10 ? 8 : 16;
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, countBits);
  for (const b of bytes) put(b, 8);
  if (bits.length > capacity) return null;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  const words: number[] = [];
  for (let i = 0; i < bits.length; i += 8) words.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; words.length < capacity / 8; pad ^= 0xec ^ 0x11) words.push(pad);
  return words;
}

/** The codewords in the order they are placed: data then error correction, interleaved across blocks. */
function interleave(data: number[], version: number): number[] {
  const { ec, blocks } = LEVEL_M_BLOCKS[version - 1]!;
  const divisor = rsDivisor(ec);
  const split: { data: number[]; ec: number[] }[] = [];
  let at = 0;
  for (const length of blocks) {
    const part = data.slice(at, at + length);
    at += length;
    split.push({ data: part, ec: rsRemainder(part, divisor) });
  }
  const out: number[] = [];
  const longest = Math.max(...blocks);
  for (let i = 0; i < longest; i++) for (const b of split) if (i < b.data.length) out.push(b.data[i]!);
  for (let i = 0; i < ec; i++) for (const b of split) out.push(b.ec[i]!);
  return out;
}

const MASKS: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Grid {
  readonly dark: boolean[][];
  readonly fixed: boolean[][];
  constructor(readonly size: number) {
    this.dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }
  /** A function module (finder, timing, alignment, format and version information). */
  set(x: number, y: number, dark: boolean): void {
    this.dark[y]![x] = dark;
    this.fixed[y]![x] = true;
  }
}

function drawFunctionPatterns(grid: Grid, version: number): void {
  const { size } = grid;
  for (let i = 0; i < size; i++) {
    grid.set(6, i, i % 2 === 0);
    grid.set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const)
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) grid.set(x, y, ring !== 2 && ring !== 4);
      }
  const centres = ALIGNMENT[version - 1]!;
  const last = centres.length - 1;
  centres.forEach((cx, i) =>
    centres.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++)
          grid.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );
  drawFormatBits(grid, 0);
  if (version >= 7) {
    let rem = version;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (version << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      grid.set(a, b, dark);
      grid.set(b, a, dark);
    }
  }
}

/** The 15 format bits (level and mask with their BCH code), both copies, and the dark module. */
function drawFormatBits(grid: Grid, mask: number): void {
  const data = (LEVEL_M_BITS << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  const bits = ((data << 10) | rem) ^ 0x5412;
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  const { size } = grid;
  for (let i = 0; i <= 5; i++) grid.set(8, i, bit(i));
  grid.set(8, 7, bit(6));
  grid.set(8, 8, bit(7));
  grid.set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) grid.set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) grid.set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) grid.set(8, size - 15 + i, bit(i));
  grid.set(8, size - 8, true);
}

/** Places the codewords in the zigzag order, two columns at a time from the bottom right. */
function placeCodewords(grid: Grid, codewords: number[]): void {
  const { size } = grid;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++)
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        if (grid.fixed[y]![x]) continue;
        // Bits past the codewords are the remainder bits, light.
        if (i < codewords.length * 8) grid.dark[y]![x] = ((codewords[i >>> 3]! >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
  }
}

function applyMask(grid: Grid, mask: number): void {
  const test = MASKS[mask]!;
  for (let y = 0; y < grid.size; y++)
    for (let x = 0; x < grid.size; x++)
      if (!grid.fixed[y]![x] && test(x, y)) grid.dark[y]![x] = !grid.dark[y]![x];
}

/** The standard's penalty of a symbol: long runs, 2×2 blocks, finder-like patterns, dark/light balance. */
function penalty(dark: boolean[][]): number {
  const size = dark.length;
  const lines: string[] = [];
  for (let y = 0; y < size; y++) lines.push(dark[y]!.map((d) => (d ? '1' : '0')).join(''));
  for (let x = 0; x < size; x++) lines.push(dark.map((row) => (row[x] ? '1' : '0')).join(''));
  let score = 0;
  for (const line of lines) {
    for (const run of line.match(/0{5,}|1{5,}/g) ?? []) score += 3 + run.length - 5;
    score += 40 * (line.match(/(?=10111010000|00001011101)/g)?.length ?? 0);
  }
  for (let y = 0; y + 1 < size; y++)
    for (let x = 0; x + 1 < size; x++) {
      const c = dark[y]![x];
      if (c === dark[y]![x + 1] && c === dark[y + 1]![x] && c === dark[y + 1]![x + 1]) score += 3;
    }
  const total = dark.reduce((n, row) => n + row.filter(Boolean).length, 0);
  score += 10 * Math.floor(Math.abs((total * 100) / (size * size) - 50) / 5);
  return score;
}

/** The UTF-8 bytes of a text (the package runs without the DOM's or Node's TextEncoder types). */
function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

/**
 * The modules of the QR code of a text (true = dark), without the quiet zone; null when the text's
 * UTF-8 is longer than version 10 at level M holds (213 bytes).
 */
export function qrCodeModules(text: string): boolean[][] | null {
  const bytes = utf8(text);
  for (let version = 1; version <= QR_MAX_VERSION; version++) {
    const data = dataCodewords(bytes, version);
    if (!data) continue;
    const codewords = interleave(data, version);
    let best: { score: number; dark: boolean[][] } | null = null;
    for (let mask = 0; mask < MASKS.length; mask++) {
      const grid = new Grid(version * 4 + 17);
      drawFunctionPatterns(grid, version);
      placeCodewords(grid, codewords);
      applyMask(grid, mask);
      drawFormatBits(grid, mask);
      const score = penalty(grid.dark);
      if (!best || score < best.score) best = { score, dark: grid.dark };
    }
    return best!.dark;
  }
  return null;
}

/**
 * A QR code as an HTML table that mail clients draw without images: each row's runs of one colour
 * merged into one cell (light cells take the table's white), a quiet zone of four modules,
 * `moduleSize` pixels per module. Kept terse: a mail over about 100 KB is cut short by some clients.
 */
export function qrCodeHtmlTable(modules: boolean[][], moduleSize = 4, attributes = ''): string {
  const quiet = 4;
  const size = modules.length + 2 * quiet;
  const at = (x: number, y: number) => modules[y - quiet]?.[x - quiet] === true;
  const rows: string[] = [];
  for (let y = 0; y < size; y++) {
    let row = '';
    for (let x = 0; x < size;) {
      const dark = at(x, y);
      let run = 1;
      while (x + run < size && at(x + run, y) === dark) run++;
      row += `<td${run > 1 ? ` colspan="${run}"` : ''} width="${run * moduleSize}"${dark ? ' bgcolor="#000000"' : ''}></td>`;
      x += run;
    }
    rows.push(`<tr height="${moduleSize}" style="height:${moduleSize}px">${row}</tr>`);
  }
  const width = size * moduleSize;
  return `<table${attributes} width="${width}" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:${width}px;border-collapse:collapse;margin:16px auto;table-layout:fixed;font-size:0;line-height:0">${rows.join('')}</table>`;
}
