import fc from 'fast-check';
import { cleanFloat, roundHalfUp } from './rounding';

/** cleanFloat as specified: 15 significant digits, 0 for either zero. */
const byDefinition = (value: number) => (value === 0 ? 0 : Number.isFinite(value) ? Number(value.toPrecision(15)) : value);

describe('cleanFloat', () => {
  it('keeps 15 significant digits of any number, whole or not', () => {
    fc.assert(fc.property(fc.double({ noNaN: true }), (value) => Object.is(cleanFloat(value), byDefinition(value))));
    fc.assert(fc.property(fc.integer({ min: -(2 ** 53), max: 2 ** 53 }), (value) => Object.is(cleanFloat(value), byDefinition(value))));
  });

  it('gives whole amounts below 10^15 back unchanged, and rounds larger ones to 15 digits', () => {
    expect(cleanFloat(123_456)).toBe(123_456);
    expect(cleanFloat(999_999_999_999_999)).toBe(999_999_999_999_999);
    expect(cleanFloat(1_234_567_890_123_456)).toBe(1_234_567_890_123_460);
    expect(Object.is(cleanFloat(-0), 0)).toBe(true);
  });

  it('removes the noise that would round a decimal half down', () => {
    expect(50 * 0.29).not.toBe(14.5);
    expect(cleanFloat(50 * 0.29)).toBe(14.5);
    expect(roundHalfUp(50 * 0.29)).toBe(15);
  });
});
