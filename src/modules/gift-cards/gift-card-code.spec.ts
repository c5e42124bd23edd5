import { GIFT_CARD_CODE_PATTERN, generateGiftCardCode, normalizeGiftCardCode } from './gift-card-code';

describe('generateGiftCardCode', () => {
  it('produces four dash-separated groups of four upper-case alphanumerics', () => {
    for (let i = 0; i < 200; i++) expect(generateGiftCardCode()).toMatch(GIFT_CARD_CODE_PATTERN);
  });

  it('draws from the whole alphabet and does not repeat itself', () => {
    const codes = new Set(Array.from({ length: 2000 }, generateGiftCardCode));
    expect(codes.size).toBe(2000);
    const characters = new Set([...codes].join('').replace(/-/g, ''));
    expect(characters.size).toBe(36);
  });
});

describe('normalizeGiftCardCode', () => {
  it('upper-cases and trims what a customer typed', () => {
    expect(normalizeGiftCardCode('  abcd-efgh-1234-wxyz ')).toBe('ABCD-EFGH-1234-WXYZ');
  });
});
