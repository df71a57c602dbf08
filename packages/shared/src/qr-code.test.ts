import { describe, expect, it } from 'vitest';
import { qrCodeHtmlTable, qrCodeModules } from './qr-code.ts';

const sizeOf = (text: string) => qrCodeModules(text)?.length;

/** The 15 format bits as the reader sees them in the first copy (around the top-left finder). */
function formatBits(m: boolean[][]): number {
  const at = (x: number, y: number) => (m[y]![x] ? 1 : 0);
  const bits = [
    ...[0, 1, 2, 3, 4, 5].map((i) => at(8, i)),
    at(8, 7),
    at(8, 8),
    at(7, 8),
    ...[9, 10, 11, 12, 13, 14].map((i) => at(14 - i, 8)),
  ];
  return bits.reduce<number>((value, bit, i) => value | (bit << i), 0);
}

/** The same bits in the second copy (under the top-right and beside the bottom-left finder). */
function formatBitsCopy(m: boolean[][]): number {
  const size = m.length;
  const at = (x: number, y: number) => (m[y]![x] ? 1 : 0);
  const bits = [
    ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => at(size - 1 - i, 8)),
    ...[8, 9, 10, 11, 12, 13, 14].map((i) => at(8, size - 15 + i)),
  ];
  return bits.reduce<number>((value, bit, i) => value | (bit << i), 0);
}

describe('qrCodeModules', () => {
  it('picks the smallest version that holds the text at level M, up to version 10 (213 bytes)', () => {
    expect(sizeOf('#')).toBe(21);
    expect(sizeOf('x'.repeat(14))).toBe(21);
    expect(sizeOf('x'.repeat(15))).toBe(25);
    expect(sizeOf('https://vigil.example/p/' + 'a'.repeat(43))).toBe(37);
    expect(sizeOf('x'.repeat(213))).toBe(57);
    expect(qrCodeModules('x'.repeat(214))).toBeNull();
    // UTF-8 bytes count, not characters.
    expect(sizeOf('ä'.repeat(7))).toBe(21);
    expect(sizeOf('ä'.repeat(8))).toBe(25);
    expect(sizeOf('漢'.repeat(4))).toBe(21);
    expect(sizeOf('漢'.repeat(5))).toBe(25);
    expect(sizeOf('😀'.repeat(3))).toBe(21);
    expect(sizeOf('😀'.repeat(4))).toBe(25);
  });

  it('draws the three finder patterns with their separators and the timing patterns', () => {
    const m = qrCodeModules('https://vigil.example/p/abc')!;
    const size = m.length;
    for (const [ox, oy] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const)
      for (let y = 0; y < 7; y++)
        for (let x = 0; x < 7; x++) {
          const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3));
          expect(m[oy + y]![ox + x], `${ox + x},${oy + y}`).toBe(ring !== 2);
        }
    for (let i = 0; i < 8; i++) {
      expect(m[7]![i]).toBe(false);
      expect(m[i]![size - 8]).toBe(false);
    }
    for (let i = 8; i < size - 8; i++) {
      expect(m[6]![i]).toBe(i % 2 === 0);
      expect(m[i]![6]).toBe(i % 2 === 0);
    }
    expect(m[size - 8]![8]).toBe(true);
  });

  it('writes the same valid format information twice: level M and one of the eight masks', () => {
    for (const text of ['#', 'https://vigil.example/p/abc', 'y'.repeat(150)]) {
      const m = qrCodeModules(text)!;
      const bits = formatBits(m);
      expect(formatBitsCopy(m)).toBe(bits);
      const unmasked = bits ^ 0x5412;
      expect(unmasked >>> 13, 'level M').toBe(0b00);
      // The 10 check bits are the BCH code of the 5 data bits.
      let rem = unmasked >>> 10;
      for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
      expect(unmasked & 0x3ff).toBe(rem & 0x3ff);
    }
  });

  it('draws the version information from version 7 on', () => {
    const m = qrCodeModules('v'.repeat(150))!;
    const size = m.length;
    expect(size).toBe(49);
    let bits = 0;
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      expect(m[a]![b]).toBe(m[b]![a]);
      bits |= (m[b]![a] ? 1 : 0) << i;
    }
    expect(bits >>> 12).toBe(8);
  });

  it('gives the codes an independent decoder (jsQR 1.4.0) read back when this test was written', () => {
    // Each decoded to its text at writing time; a change in the encoder changes these fingerprints.
    const rows = (text: string) =>
      qrCodeModules(text)!.map((row) => row.map((d) => (d ? '#' : '.')).join(''));
    const fnv1a = (text: string) => {
      let hash = 0x811c9dc5;
      for (const ch of text) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
      return hash.toString(16);
    };
    expect({
      v5: fnv1a(rows('https://vigil.example.com/p/' + 'x'.repeat(43)).join('\n')),
      v8: fnv1a(rows('z'.repeat(150)).join('\n')),
      v10: fnv1a(rows('w'.repeat(213)).join('\n')),
    }).toMatchInlineSnapshot(`
      {
        "v10": "220804db",
        "v5": "322ded7",
        "v8": "7f27c194",
      }
    `);
    expect(rows('https://vigil.example/p/abc')).toMatchInlineSnapshot(`
      [
        "#######.#.##...##..##.#######",
        "#.....#.#.#...##.#....#.....#",
        "#.###.#..##..###....#.#.###.#",
        "#.###.#.#.###...####..#.###.#",
        "#.###.#..#.###.....##.#.###.#",
        "#.....#..#....#..####.#.....#",
        "#######.#.#.#.#.#.#.#.#######",
        "........#.#####..##..........",
        "#.##.###.#..###.####..#..#.##",
        "..#..#.##..##..##.#######...#",
        "##.#..#.##.##.##.#..###...##.",
        ".####..#.#######..###.#.#...#",
        "#.##..###.###...##.#.#...##..",
        "#..#.#...#.###...#.#..#...###",
        "###.#.##..##..#..#.#.#.##.###",
        "#..#.#.#.###.#.#..#..####..#.",
        ".######.###.......#..#.###.#.",
        ".#.#.#..#.##.#......#..#.###.",
        "#...#.###.#......##.#..##.#..",
        "..#.##.#.......####..#.##.#..",
        ".######.######.#....#######..",
        "........##..####.##.#...#####",
        "#######.##.#.#..#.###.#.##.#.",
        "#.....#.#...#...##..#...##.#.",
        "#.###.#..#..#.##....#####.###",
        "#.###.#.#.#.###.##.###.###.#.",
        "#.###.#.###..####..#.#.#..#.#",
        "#.....#..#....#.#...###..#.#.",
        "#######.##.##..###.##....#.#.",
      ]
    `);
  });
});

describe('qrCodeHtmlTable', () => {
  it('draws every row as runs of one colour inside a quiet zone of four modules', () => {
    const m = qrCodeModules('#')!;
    const html = qrCodeHtmlTable(m, 4, ' data-flag="qr"');
    expect(html.startsWith('<table data-flag="qr" width="116" cellpadding="0"')).toBe(true);
    const rows = html.match(/<tr[^>]*>.*?<\/tr>/g)!;
    expect(rows).toHaveLength(21 + 8);
    for (const [y, row] of rows.entries()) {
      const cells = [...row.matchAll(/<td(?: colspan="(\d+)")? width="(\d+)"( bgcolor="#000000")?><\/td>/g)];
      expect(cells.reduce((sum, c) => sum + Number(c[2]), 0)).toBe((21 + 8) * 4);
      // Back to modules: the table shows exactly the code.
      const drawn = cells.flatMap((c) => new Array<boolean>(Number(c[1] ?? 1)).fill(c[3] !== undefined));
      const expected = Array.from({ length: 29 }, (_, x) => m[y - 4]?.[x - 4] === true);
      expect(drawn).toEqual(expected);
    }
    expect(rows[0]).toBe('<tr height="4" style="height:4px"><td colspan="29" width="116"></td></tr>');
  });

  it('keeps a mail with a QR code of a long tracking link well under 100 KB', () => {
    const html = qrCodeHtmlTable(qrCodeModules('https://vigil.example.com/p/' + 'x'.repeat(64))!);
    expect(html.length).toBeLessThan(40_000);
  });
});
