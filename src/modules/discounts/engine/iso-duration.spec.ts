import { addIsoDuration, isIsoDuration, parseIsoDuration } from './iso-duration';

describe('ISO 8601 durations', () => {
  it.each(['P1D', 'P3Y6M4DT12H30M5S', 'P2W', 'PT36H', 'PT0.5S', 'P1M', 'PT1M'])('accepts %s', (value) => {
    expect(isIsoDuration(value)).toBe(true);
  });

  it.each(['', 'P', 'PT', '1D', 'P1H', 'PT1D', 'P-1D', 'P1.5D', 'p1d', 'P1D ', 'one day'])('rejects %j', (value) => {
    expect(isIsoDuration(value)).toBe(false);
  });

  it('parses every component', () => {
    expect(parseIsoDuration('P3Y6M1W4DT12H30M5S')).toEqual({ years: 3, months: 6, weeks: 1, days: 4, hours: 12, minutes: 30, seconds: 5 });
  });

  it.each([
    ['2024-01-01T00:00:00.000Z', 'P1D', '2024-01-02T00:00:00.000Z'],
    ['2024-01-01T00:00:00.000Z', 'PT36H', '2024-01-02T12:00:00.000Z'],
    ['2024-01-01T00:00:00.000Z', 'P2W', '2024-01-15T00:00:00.000Z'],
    ['2024-01-15T10:00:00.000Z', 'P1M', '2024-02-15T10:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', 'P1Y', '2025-03-01T00:00:00.000Z'],
    ['2024-01-01T00:00:00.000Z', 'P1Y2M3DT4H5M6S', '2025-03-04T04:05:06.000Z'],
  ])('%s + %s = %s', (start, duration, expected) => {
    expect(addIsoDuration(new Date(start), duration).toISOString()).toBe(expected);
  });
});
