import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord, csvText, neutralizeFormula } from './csv.js';

describe('csv', () => {
  it('should leave cells without a comma, quote, CR or LF as they are', () => {
    for (const value of ['', 'plain', ' spaced ', 'é ünïcode', "it's", '1.00', '2026-03-03 00:00:00'])
      expect(csvCell(value)).toBe(value);
  });

  it('should quote cells holding a comma, a quote, CR or LF and double inner quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('"')).toBe('""""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell('crlf\r\nx')).toBe('"crlf\r\nx"');
    expect(csvCell('a "quoted", reason\nnew line')).toBe('"a ""quoted"", reason\nnew line"');
  });

  it('should prefix formula starters with a quote and leave other text alone', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(neutralizeFormula(`${start}1`)).toBe(`'${start}1`);
    expect(neutralizeFormula('1+1')).toBe('1+1');
    expect(csvText('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvText('\rx')).toBe(`"'\rx"`);
  });

  it('should join cells with commas and end records with CRLF', () => {
    expect(csvRecord(['1', '"a,b"', ''])).toBe('1,"a,b",\r\n');
  });
});
