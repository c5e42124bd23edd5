import { planBasePrices, StoredBasePrice, UnknownPriceRegion } from './variant-price-writes';

const regions: Record<string, string> = { reg_eu: 'eur', reg_us: 'usd' };
const currencyOf = (id: string) => regions[id];

const eur: StoredBasePrice = { id: 'ma_eur', currency_code: 'eur', region_id: null, amount: 1000 };
const usd: StoredBasePrice = { id: 'ma_usd', currency_code: 'usd', region_id: null, amount: 1200 };
const euRegion: StoredBasePrice = { id: 'ma_eu', currency_code: 'eur', region_id: 'reg_eu', amount: 900 };

describe('planBasePrices (Medusa v1 variant base price writes)', () => {
  it('on create inserts every entry, two of one currency as two quantity tiers; region prices drop their bounds', () => {
    const plan = planBasePrices(
      'create',
      [],
      [
        { currency_code: 'EUR', amount: 1000 },
        { currency_code: 'eur', amount: 800, min_quantity: 10 },
        { region_id: 'reg_us', amount: 1100, min_quantity: 5, max_quantity: 9 },
      ],
      currencyOf,
    );
    expect(plan).toEqual({
      deleteIds: [],
      amountUpdates: [],
      inserts: [
        { currency_code: 'eur', region_id: null, amount: 1000, min_quantity: null, max_quantity: null },
        { currency_code: 'eur', region_id: null, amount: 800, min_quantity: 10, max_quantity: null },
        { currency_code: 'usd', region_id: 'reg_us', amount: 1100, min_quantity: null, max_quantity: null },
      ],
    });
  });

  it('on update one currency entry keeps that row (amount overwritten) and deletes the others', () => {
    const plan = planBasePrices('update', [eur, usd, euRegion], [{ currency_code: 'eur', amount: 1500 }], currencyOf);
    expect(plan).toEqual({ deleteIds: ['ma_usd', 'ma_eu'], amountUpdates: [{ id: 'ma_eur', amount: 1500 }], inserts: [] });
  });

  it('two distinct currencies delete every base row and re-create them', () => {
    const plan = planBasePrices(
      'update',
      [eur, usd],
      [
        { currency_code: 'eur', amount: 1000 },
        { currency_code: 'usd', amount: 1200 },
      ],
      currencyOf,
    );
    expect(plan.deleteIds).toEqual(['ma_eur', 'ma_usd']);
    expect(plan.inserts.map((p) => p.currency_code)).toEqual(['eur', 'usd']);
  });

  it('region entries without a currency keep the currency rows and update their own region', () => {
    const plan = planBasePrices('update', [eur, usd, euRegion], [{ region_id: 'reg_eu', amount: 950 }], currencyOf);
    expect(plan).toEqual({ deleteIds: [], amountUpdates: [{ id: 'ma_eu', amount: 950 }], inserts: [] });
  });

  it('prices: [] deletes every base price', () => {
    expect(planBasePrices('update', [eur, usd], [], currencyOf).deleteIds).toEqual(['ma_eur', 'ma_usd']);
  });

  it('two entries of one currency in an update end on one row, the last amount winning', () => {
    const plan = planBasePrices(
      'update',
      [eur],
      [
        { currency_code: 'eur', amount: 1 },
        { currency_code: 'eur', amount: 2 },
      ],
      currencyOf,
    );
    expect(plan).toEqual({ deleteIds: [], amountUpdates: [{ id: 'ma_eur', amount: 2 }], inserts: [] });
  });

  it('an unchanged amount writes nothing', () => {
    expect(planBasePrices('update', [eur], [{ currency_code: 'eur', amount: 1000 }], currencyOf)).toEqual({ deleteIds: [], amountUpdates: [], inserts: [] });
  });

  it('refuses a region that does not exist', () => {
    expect(() => planBasePrices('create', [], [{ region_id: 'reg_nope', amount: 1 }], currencyOf)).toThrow(UnknownPriceRegion);
  });
});
