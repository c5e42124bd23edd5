import { PriceCandidate, selectPrice } from './price-selection';

const price = (amount: number, over: Partial<PriceCandidate> = {}): PriceCandidate => ({
  amount,
  currency_code: 'eur',
  region_id: null,
  min_quantity: null,
  max_quantity: null,
  ...over,
});

describe('selectPrice', () => {
  it('uses the currency price when the region has none of its own', () => {
    expect(selectPrice([price(1950), price(2200, { currency_code: 'usd' })], { regionId: 'reg_eu', currencyCode: 'eur' })).toEqual({
      calculated_price: 1950,
      original_price: 1950,
      calculated_price_type: 'default',
    });
  });

  it('takes the lowest candidate and keeps the region price as the original', () => {
    const prices = [price(1950), price(1800, { region_id: 'reg_eu' })];
    expect(selectPrice(prices, { regionId: 'reg_eu', currencyCode: 'eur' })).toMatchObject({ calculated_price: 1800, original_price: 1800 });
  });

  it('ignores another region and honours quantity tiers', () => {
    const prices = [
      price(1000),
      price(500, { region_id: 'reg_other' }),
      price(800, { min_quantity: 50, max_quantity: 100 }),
      price(700, { min_quantity: 101 }),
    ];
    expect(selectPrice(prices, { regionId: 'reg_eu', currencyCode: 'eur', quantity: 90 }).calculated_price).toBe(800);
    expect(selectPrice(prices, { regionId: 'reg_eu', currencyCode: 'eur', quantity: 900 }).calculated_price).toBe(700);
    expect(selectPrice(prices, { regionId: 'reg_eu', currencyCode: 'eur', quantity: 1 })).toMatchObject({ calculated_price: 1000, original_price: 1000 });
  });

  it('returns nulls when no price matches', () => {
    expect(selectPrice([price(100, { currency_code: 'usd' })], { currencyCode: 'eur' }).calculated_price).toBeNull();
  });
});
