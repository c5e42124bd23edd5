import { parse } from 'csv-parse/sync';
import { csvCell, csvLine, humanizeAmount, neutraliseText, parseHumanAmount, restoreText } from './medusa-csv';

describe('Medusa CSV dialect', () => {
  it('quotes cells holding the separator, a comma, a quote, a line feed or a bare carriage return', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('line\rbreak')).toBe('"line\rbreak"');
  });

  it.each(['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'neutralises text starting like a formula (%j) with a leading apostrophe',
    (text) => {
      const [[read]] = parse(csvLine([text]), { delimiter: ';' }) as string[][];
      expect(read).toBe(`'${text}`);
    },
  );

  it('leaves numbers alone, negative ones included, and text that does not start like a formula', () => {
    expect(csvLine([-1050, 0, 'Jane', 'a=b', "it's"])).toBe("-1050;0;Jane;a=b;it's\r\n");
  });

  it.each(['=1+2', "'=1+2", "''-x", "'plain", "'", '-', 'plain', '', '@'])('restores exactly what it neutralised (%j)', (text) => {
    expect(restoreText(neutraliseText(text))).toBe(text);
  });

  it('reads cells the export did not neutralise as they are', () => {
    expect(restoreText("'quoted'")).toBe("'quoted'");
    expect(restoreText('-10')).toBe('-10');
  });

  it('writes null as empty and stringifies booleans and numbers', () => {
    expect(csvLine([null, undefined, true, false, 0, 12])).toBe(';;true;false;0;12\r\n');
  });
});

describe('amounts', () => {
  it.each([
    [1000, 'eur', '10'],
    [1050, 'eur', '10.5'],
    [1005, 'usd', '10.05'],
    [5, 'usd', '0.05'],
    [0, 'usd', '0'],
    [1000, 'jpy', '1000'],
  ])('humanizes %i %s as %s and parses it back', (amount, currency, text) => {
    expect(humanizeAmount(amount, currency)).toBe(text);
    expect(parseHumanAmount(text, currency)).toBe(amount);
  });

  it('accepts trailing zeros and rejects more decimals than the currency has', () => {
    expect(parseHumanAmount('10.50', 'eur')).toBe(1050);
    expect(parseHumanAmount('10.505', 'eur')).toBeNull();
    expect(parseHumanAmount('10.5', 'jpy')).toBeNull();
  });

  it('rejects negative, non-numeric and oversized amounts', () => {
    expect(parseHumanAmount('-1', 'eur')).toBeNull();
    expect(parseHumanAmount('abc', 'eur')).toBeNull();
    expect(parseHumanAmount('1e3', 'eur')).toBeNull();
    expect(parseHumanAmount('', 'eur')).toBeNull();
    expect(parseHumanAmount('99999999999', 'eur')).toBeNull();
  });
});
