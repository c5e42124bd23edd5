import { CandidateList, CandidatePrice, choosePrice, SelectionContext } from './price-selection';

const now = new Date('2026-06-01T12:00:00Z');
const eu: SelectionContext = { regionId: 'reg_eu', currencyCode: 'eur', now };
const base = (amount: number, extra: Partial<CandidatePrice> = {}): CandidatePrice => ({
  amount,
  currency_code: 'eur',
  region_id: null,
  min_quantity: null,
  max_quantity: null,
  price_list: null,
  ...extra,
});
const list = (extra: Partial<CandidateList> = {}): CandidateList => ({
  type: 'sale',
  status: 'active',
  starts_at: null,
  ends_at: null,
  customer_group_ids: [],
  ...extra,
});
const listed = (amount: number, l: CandidateList, extra: Partial<CandidatePrice> = {}) => base(amount, { price_list: l, ...extra });

describe('choosePrice (Medusa v1 price selection with price lists)', () => {
  it('a sale below the base price wins, typed "sale"; the original stays the base price', () => {
    expect(choosePrice([base(4950), base(5500, { currency_code: 'usd' }), listed(3000, list())], eu)).toEqual({
      original_price: 4950,
      calculated_price: 3000,
      calculated_price_type: 'sale',
    });
  });

  it('an override above the base price does not win: the lowest amount does, whatever the type', () => {
    expect(choosePrice([base(4950), listed(6000, list({ type: 'override' }))], eu)).toEqual({
      original_price: 4950,
      calculated_price: 4950,
      calculated_price_type: 'default',
    });
    expect(choosePrice([base(4950), listed(4000, list({ type: 'override' }))], eu).calculated_price_type).toBe('override');
  });

  it('a customer-group list applies only to a customer in one of its groups', () => {
    const vip = listed(2000, list({ customer_group_ids: ['cgrp_vip'] }));
    expect(choosePrice([base(4950), vip], eu).calculated_price).toBe(4950);
    expect(choosePrice([base(4950), vip], { ...eu, customerGroupIds: ['cgrp_other'] }).calculated_price).toBe(4950);
    expect(choosePrice([base(4950), vip], { ...eu, customerGroupIds: ['cgrp_vip'] }).calculated_price).toBe(2000);
  });

  it('a quantity tier applies from its minimum quantity, and never on a product page (no quantity)', () => {
    const tier = listed(4000, list(), { min_quantity: 10 });
    expect(choosePrice([base(4950), tier], { ...eu, quantity: 9 }).calculated_price).toBe(4950);
    expect(choosePrice([base(4950), tier], { ...eu, quantity: 10 }).calculated_price).toBe(4000);
    expect(choosePrice([base(4950), tier], eu).calculated_price).toBe(4950);
    const capped = base(4500, { max_quantity: 5 });
    expect(choosePrice([base(4950), capped], { ...eu, quantity: 6 }).calculated_price).toBe(4950);
    expect(choosePrice([base(4950), capped], eu).calculated_price).toBe(4500);
  });

  it('an expired, a future or a draft list takes no part (the date comparisons are strict)', () => {
    const expired = listed(1000, list({ ends_at: new Date('2026-05-31T00:00:00Z') }));
    const endsNow = listed(1000, list({ ends_at: now }));
    const future = listed(1000, list({ starts_at: new Date('2026-06-02T00:00:00Z') }));
    const draft = listed(1000, list({ status: 'draft' }));
    for (const p of [expired, endsNow, future, draft]) expect(choosePrice([base(4950), p], eu).calculated_price).toBe(4950);
    expect(
      choosePrice([base(4950), listed(1000, list({ starts_at: new Date('2026-05-01T00:00:00Z'), ends_at: new Date('2026-07-01T00:00:00Z') }))], eu)
        .calculated_price,
    ).toBe(1000);
  });

  it('a region price is the original price before the currency price; other currencies take no part', () => {
    const prices = [base(4950), base(4500, { region_id: 'reg_eu' }), base(100, { currency_code: 'usd' })];
    expect(choosePrice(prices, eu)).toEqual({ original_price: 4500, calculated_price: 4500, calculated_price_type: 'default' });
    expect(choosePrice(prices, { currencyCode: 'usd', now })).toEqual({ original_price: 100, calculated_price: 100, calculated_price_type: 'default' });
  });

  it('without any matching price both are null', () => {
    expect(choosePrice([base(100, { currency_code: 'usd' })], eu)).toEqual({ original_price: null, calculated_price: null, calculated_price_type: null });
  });
});
