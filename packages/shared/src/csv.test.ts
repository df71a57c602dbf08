import { describe, expect, it } from 'vitest';
import { neutraliseCsvText } from './csv.ts';

describe('neutraliseCsvText', () => {
  it('neutralises a formula at the start of the text', () => {
    expect(neutraliseCsvText('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    for (const v of ['+1', '-2', '@SUM(A1)', '\tx', '\rx', '\nx', '＝1+1', ' =1', '"=1']) {
      expect(neutraliseCsvText(v).startsWith("'"), JSON.stringify(v)).toBe(true);
    }
  });

  it('neutralises a formula after any separator a spreadsheet may split on', () => {
    expect(neutraliseCsvText('Ann;=HYPERLINK("http://x")')).toBe(`Ann;'=HYPERLINK("http://x")`);
    expect(neutraliseCsvText('Ann,+1')).toBe(`Ann,'+1`);
    expect(neutraliseCsvText('Ann\t@x')).toBe(`Ann\t'@x`);
    expect(neutraliseCsvText('Ann; "-1')).toBe(`Ann;' "-1`);
    expect(neutraliseCsvText('a\n=b')).toBe(`a\n'=b`);
  });

  it('leaves ordinary text alone', () => {
    for (const v of ['Ann Lee', 'Smith, Jo', 'Ops; Sales', 'Zoë Ñúñez-Müller', "O'Brien", '', 'a\r\nb']) {
      expect(neutraliseCsvText(v)).toBe(v);
    }
  });
});
