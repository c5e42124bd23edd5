import { allocateDiscount, isFreeShipping } from './allocation';
import { condition, discount, item } from './engine.fixtures';
import type { EngineDiscount, EngineLineItem } from './types';

type Example = [name: string, rule: Partial<EngineDiscount['rule']>, items: EngineLineItem[], expected: Record<string, number>];

const examples: Example[] = [
  ['10 % of 1000 and 500', { type: 'percentage', value: 10 }, [item('a', 1000), item('b', 500)], { a: 100, b: 50 }],
  ['15 % of one line of 2000', { type: 'percentage', value: 15 }, [item('a', 2000)], { a: 300 }],
  ['10 % of 8000 (4000 × 2)', { type: 'percentage', value: 10 }, [item('a', 4000, 2)], { a: 800 }],
  // exact shares 0.5 each; total round(1.5) = 2; the two cents go to the first two lines
  ['10 % of three lines of 5: remainder to the earlier lines', { type: 'percentage', value: 10 }, [item('a', 5), item('b', 5), item('c', 5)], { a: 1, b: 1 }],
  // exact 119.88 and 0.36: total round(120.24) = 120, all to the large line
  ['12 % of 999 and 3 × 1: largest remainder wins', { type: 'percentage', value: 12 }, [item('a', 999), item('b', 1, 3)], { a: 120 }],
  ['33 % of 100, 200, 300 (no rounding needed)', { type: 'percentage', value: 33 }, [item('a', 100), item('b', 200), item('c', 300)], { a: 33, b: 66, c: 99 }],
  [
    '100 % gives every line exactly its total',
    { type: 'percentage', value: 100 },
    [item('a', 1999, 3), item('b', 1), item('c', 333, 2)],
    { a: 5997, b: 1, c: 666 },
  ],
  ['percentage ignores the allocation', { type: 'percentage', value: 50, allocation: 'item' }, [item('a', 301)], { a: 151 }],
  // 100 over three equal lines: 33.33 each, the lost cent goes to the first line
  [
    'fixed total 100 over three lines of 1000',
    { type: 'fixed', value: 100, allocation: 'total' },
    [item('a', 1000), item('b', 1000), item('c', 1000)],
    { a: 34, b: 33, c: 33 },
  ],
  // exact 444.44, 444.44, 111.11: one cent missing, tie between a and b goes to a
  [
    'fixed total 1000 over 1000, 2 × 500, 250',
    { type: 'fixed', value: 1000, allocation: 'total' },
    [item('a', 1000), item('b', 500, 2), item('c', 250)],
    { a: 445, b: 444, c: 111 },
  ],
  // Medusa stores 9.25 and 175.75; here 9 and 176
  ['fixed total 185 over 100 and 1900', { type: 'fixed', value: 185, allocation: 'total' }, [item('a', 100), item('b', 1900)], { a: 9, b: 176 }],
  [
    'fixed total 100 over 1000 and 500 (worked example 2)',
    { type: 'fixed', value: 100, allocation: 'total' },
    [item('a', 1000), item('b', 500)],
    { a: 67, b: 33 },
  ],
  ['fixed with a null allocation is split like total', { type: 'fixed', value: 100, allocation: null }, [item('a', 1000), item('b', 500)], { a: 67, b: 33 }],
  [
    'fixed total larger than the cart: every line fully discounted',
    { type: 'fixed', value: 5000, allocation: 'total' },
    [item('a', 1000), item('b', 250, 2)],
    { a: 1000, b: 500 },
  ],
  ['fixed item 200 × quantity 2', { type: 'fixed', value: 200, allocation: 'item' }, [item('a', 1000, 2), item('b', 500)], { a: 400, b: 200 }],
  [
    'fixed item larger than the unit price is capped at the line total',
    { type: 'fixed', value: 200, allocation: 'item' },
    [item('a', 150, 2), item('b', 500)],
    { a: 300, b: 200 },
  ],
  [
    'lines that do not allow discounts, gift cards and custom lines get nothing; the fixed total goes to the rest',
    { type: 'fixed', value: 300, allocation: 'total' },
    [
      item('a', 1000),
      item('b', 1000, 1, { allow_discounts: false }),
      item('c', 1000, 1, { is_giftcard: true }),
      item('d', 1000, 1, { product_id: null }),
      item('e', 500),
    ],
    { a: 200, e: 100 },
  ],
  [
    'products in: only the listed product is discounted, and receives the whole fixed total',
    { type: 'fixed', value: 300, allocation: 'total', conditions: [condition('products', 'in', ['prod_b'])] },
    [item('a', 1000), item('b', 1000)],
    { b: 300 },
  ],
  [
    'products not_in: every other product is discounted',
    { type: 'percentage', value: 10, conditions: [condition('products', 'not_in', ['prod_b'])] },
    [item('a', 1000), item('b', 1000), item('c', 2000)],
    { a: 100, c: 200 },
  ],
  ['zero-priced and zero-quantity lines get no adjustment', { type: 'percentage', value: 50 }, [item('a', 0), item('b', 100, 0), item('c', 10)], { c: 5 }],
  ['a percentage of 0 allocates nothing', { type: 'percentage', value: 0 }, [item('a', 1000)], {}],
];

describe('allocateDiscount: worked examples', () => {
  it.each(examples)('%s', (_name, rule, items, expected) => {
    const result = allocateDiscount(discount({ rule }), items);
    expect(Object.fromEntries(result.map((r) => [r.item_id, r.amount]))).toEqual(expected);
  });

  it('returns the lines in cart order', () => {
    const result = allocateDiscount(discount({ rule: { type: 'fixed', value: 100, allocation: 'total' } }), [item('z', 100), item('a', 100)]);
    expect(result.map((r) => r.item_id)).toEqual(['z', 'a']);
  });
});

describe('free shipping', () => {
  it('is recognised and allocates nothing to lines', () => {
    const freeShipping = discount({ rule: { type: 'free_shipping', value: 0, allocation: 'total' } });
    expect(isFreeShipping(freeShipping)).toBe(true);
    expect(isFreeShipping(discount())).toBe(false);
    expect(allocateDiscount(freeShipping, [item('a', 1000)])).toEqual([]);
  });
});

/** A small deterministic PRNG so the property runs are reproducible. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('allocateDiscount: invariants over 2000 random carts', () => {
  const random = prng(42);
  const int = (max: number) => Math.floor(random() * (max + 1));
  const carts = Array.from({ length: 2000 }, (_, n) => {
    const items = Array.from({ length: 1 + int(6) }, (_, i) => item(`l${i}`, int(i === 0 ? 100_000 : 5_000), 1 + int(4)));
    const kind = n % 3;
    const rule: Partial<EngineDiscount['rule']> =
      kind === 0
        ? { type: 'percentage', value: int(100) }
        : kind === 1
          ? { type: 'fixed', value: int(50_000), allocation: 'total' }
          : { type: 'fixed', value: int(3_000), allocation: 'item' };
    return { items, rule };
  });

  it('sums exactly to the discount total, never exceeds a line, and stays within a cent of the exact share', () => {
    for (const { items, rule } of carts) {
      const result = allocateDiscount(discount({ rule }), items);
      const byId = new Map(result.map((r) => [r.item_id, r.amount]));
      const lineTotal = (i: EngineLineItem) => i.unit_price * i.quantity;
      const sum = items.reduce((s, i) => s + lineTotal(i), 0);
      const allocated = result.reduce((s, r) => s + r.amount, 0);

      let expectedTotal: number;
      if (rule.type === 'percentage') expectedTotal = Math.round((sum * rule.value!) / 100);
      else if (rule.allocation === 'total') expectedTotal = Math.min(rule.value!, sum);
      else expectedTotal = items.reduce((s, i) => s + Math.min(rule.value! * i.quantity, lineTotal(i)), 0);
      expect(allocated).toBe(expectedTotal);

      for (const line of items) {
        const amount = byId.get(line.id) ?? 0;
        expect(Number.isInteger(amount)).toBe(true);
        expect(amount).toBeGreaterThanOrEqual(0);
        expect(amount).toBeLessThanOrEqual(lineTotal(line));
        if (rule.type === 'percentage' || rule.allocation === 'total') {
          const exact = rule.type === 'percentage' ? (lineTotal(line) * rule.value!) / 100 : sum === 0 ? 0 : (lineTotal(line) * expectedTotal) / sum;
          expect(Math.abs(amount - exact)).toBeLessThan(1);
        }
      }
    }
  });

  it('is deterministic: the same cart always gives the same split', () => {
    const { items } = carts[7];
    const rule = { type: 'fixed' as const, value: 997, allocation: 'total' as const };
    expect(allocateDiscount(discount({ rule }), items)).toEqual(
      allocateDiscount(
        discount({ rule }),
        items.map((i) => ({ ...i })),
      ),
    );
  });
});
