import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord, csvText, guardFormula } from './csv.js';
import { csvStream } from './csv-stream.js';

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

  it('should prefix every formula starter (= + - @ tab CR) with a quote and leave other text alone', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(guardFormula(`${start}1`)).toBe(`'${start}1`);
    for (const safe of ['1+1', 'a=b', ' =1', "'=1", '']) expect(guardFormula(safe)).toBe(safe);
    expect(csvText('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvText('\rx')).toBe(`"'\rx"`);
    expect(csvText('@SUM(A1)')).toBe(`'@SUM(A1)`);
  });

  it('should write records with guarded text, numbers as they are and empty cells, ended by CRLF', () => {
    expect(csvRecord(['id', 'a,b', '-1', -1, 2.5, null, undefined, ''])).toBe(`id,"a,b",'-1,-1,2.5,,,\r\n`);
    expect(csvRecord([])).toBe('\r\n');
  });

  it('should stream the header and then each batch of records', async () => {
    async function* batches() {
      yield [['1', '=x']];
      yield [];
      yield [
        ['2', 'a "b"'],
        ['3', null],
      ];
    }
    let text = '';
    for await (const chunk of csvStream(['id', 'name'], batches())) text += chunk;
    expect(text).toBe(`id,name\r\n1,'=x\r\n2,"a ""b"""\r\n3,\r\n`);
  });
});
