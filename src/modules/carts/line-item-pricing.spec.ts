import { ApiError } from '../../common/errors/api-error';
import type { GiftCard } from '../gift-cards/gift-card.entity';
import type { ProductVariant } from '../products/product-variant.entity';
import { giftCardDrawOrder } from './cart-totals.service';
import { assertInventory, sameMetadata } from './line-item-pricing';

describe('line merging: sameMetadata', () => {
  it('compares JSON deeply, ignoring key order; missing metadata equals {}', () => {
    expect(sameMetadata({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameMetadata(null, {})).toBe(true);
    expect(sameMetadata({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameMetadata({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});

describe('assertInventory', () => {
  const variant = (fields: Partial<ProductVariant>) =>
    ({ id: 'variant_1', manage_inventory: true, allow_backorder: false, inventory_quantity: 3, ...fields }) as ProductVariant;

  it('passes within stock, for backorderable and for unmanaged variants', () => {
    expect(() => assertInventory(variant({}), 3)).not.toThrow();
    expect(() => assertInventory(variant({ allow_backorder: true }), 99)).not.toThrow();
    expect(() => assertInventory(variant({ manage_inventory: false }), 99)).not.toThrow();
  });

  it('throws not_allowed with code insufficient_inventory beyond stock', () => {
    try {
      assertInventory(variant({}), 4);
      throw new Error('expected a refusal');
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({
        type: 'not_allowed',
        code: 'insufficient_inventory',
        message: 'Variant with id: variant_1 does not have the required inventory',
      });
    }
  });
});

describe('giftCardDrawOrder', () => {
  it('draws soonest-expiring cards first (no expiry last), then the smallest balance', () => {
    const card = (id: string, balance: number, ends_at: Date | null) => ({ id, balance, ends_at }) as GiftCard;
    const cards = [card('a', 100, null), card('b', 50, null), card('c', 900, new Date('2030-01-01')), card('d', 10, new Date('2031-01-01'))];
    expect(giftCardDrawOrder(cards).map((c) => c.id)).toEqual(['c', 'd', 'b', 'a']);
  });
});
