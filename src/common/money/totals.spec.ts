import { allocateRounded, roundHalfUp } from './rounding';
import { calculateLineItemTotals, calculateTotals } from './totals';
import type { LineItemInput, ShippingMethodInput, TaxLineInput, Totals, TotalsInput } from './types';

/*
 * The calculator as a table of worked examples. Builders only shape the inputs; every
 * expected figure is written out by hand (see medusa-v1-store.md section 7 for the
 * formulas they come from).
 */

const rate = (percent: number, name = 'default'): TaxLineInput => ({ rate: percent, name, code: name });
const VAT25 = [rate(25)];

function item(id: string, unit_price: number, quantity: number, extra: Partial<LineItemInput> = {}): LineItemInput {
  return { id, unit_price, quantity, includes_tax: false, adjustments: [], tax_lines: VAT25, ...extra };
}
const discounted = (amount: number) => ({ adjustments: [{ amount, discount_id: 'disc_1' }] });

function shipping(id: string, price: number, extra: Partial<ShippingMethodInput> = {}): ShippingMethodInput {
  return { id, price, includes_tax: false, tax_lines: VAT25, ...extra };
}

function cart(extra: Partial<TotalsInput> = {}): TotalsInput {
  return {
    currency_code: 'eur',
    region: { tax_rate: 25, includes_tax: false, gift_cards_taxable: true },
    items: [],
    shipping_methods: [],
    free_shipping: false,
    gift_cards: [],
    ...extra,
  };
}
const taxableRegion = { tax_rate: 25, includes_tax: false, gift_cards_taxable: true };
const untaxedGiftCardRegion = { tax_rate: 25, includes_tax: false, gift_cards_taxable: false };

/** Section 7.6 common setup: A 1000 × 1, B 500 × 1, flat shipping 200, 25 % tax. */
const A = (extra: Partial<LineItemInput> = {}) => item('A', 1000, 1, extra);
const B = (extra: Partial<LineItemInput> = {}) => item('B', 500, 1, extra);
const FLAT_200 = shipping('sm_1', 200);
/** Example 1's discount: 10 % of each line, rounded when the adjustment is created. */
const tenPercentOff = () => [A(discounted(100)), B(discounted(50))];

type Row = [name: string, input: TotalsInput, expected: Partial<Record<keyof Totals, unknown>>];

const workedExamples: Row[] = [
  [
    'Example 1: 10 % discount + gift card 300 at 25 %',
    cart({ items: tenPercentOff(), shipping_methods: [FLAT_200], gift_cards: [{ id: 'gc_1', balance: 300, tax_rate: 25 }] }),
    {
      subtotal: 1500,
      discount_total: 150,
      raw_discount_total: 150,
      item_tax_total: 338,
      shipping_total: 200,
      shipping_tax_total: 50,
      tax_total: 388,
      gift_card_total: 300,
      gift_card_tax_total: 75,
      total: 1563,
      items: {
        A: {
          unit_price: 1000,
          quantity: 1,
          subtotal: 1000,
          discount_total: 100,
          raw_discount_total: 100,
          tax_total: 225,
          original_tax_total: 250,
          total: 1125,
          original_total: 1250,
          gift_card_total: 0,
          refundable: 1125,
        },
        B: {
          unit_price: 500,
          quantity: 1,
          subtotal: 500,
          discount_total: 50,
          raw_discount_total: 50,
          tax_total: 113,
          original_tax_total: 125,
          total: 563,
          original_total: 625,
          gift_card_total: 0,
          refundable: 563,
        },
      },
      shipping_methods: { sm_1: { price: 200, subtotal: 200, tax_total: 50, total: 250, original_total: 250, original_tax_total: 50 } },
      gift_card_allocations: [{ id: 'gc_1', amount: 300, tax_amount: 75, tax_rate: 25 }],
    },
  ],
  [
    'Example 1 variant: the gift card has no tax rate',
    cart({ items: tenPercentOff(), shipping_methods: [FLAT_200], gift_cards: [{ id: 'gc_1', balance: 300, tax_rate: null }] }),
    { tax_total: 388, gift_card_total: 300, gift_card_tax_total: 0, total: 1638 },
  ],
  [
    'Example 1 variant: region with gift_cards_taxable=false (card rate null)',
    cart({
      region: untaxedGiftCardRegion,
      items: tenPercentOff(),
      shipping_methods: [FLAT_200],
      gift_cards: [{ id: 'gc_1', balance: 300, tax_rate: null }],
    }),
    { tax_total: 388, gift_card_total: 300, gift_card_tax_total: 0, total: 1638 },
  ],
  [
    'Example 1 variant: the resulting order (tax_total excludes the gift-card tax)',
    cart({
      kind: 'order',
      items: tenPercentOff(),
      shipping_methods: [FLAT_200],
      gift_card_transactions: [{ gift_card_id: 'gc_1', amount: 300, tax_rate: 25, is_taxable: true }],
      paid_total: 1563,
    }),
    {
      subtotal: 1500,
      discount_total: 150,
      item_tax_total: 338,
      shipping_tax_total: 50,
      gift_card_total: 300,
      gift_card_tax_total: 75,
      tax_total: 313,
      total: 1563,
      paid_total: 1563,
      refunded_total: 0,
      refundable_amount: 1563,
      gift_card_allocations: [{ id: 'gc_1', amount: 300, tax_amount: 75, tax_rate: 25 }],
    },
  ],
  [
    'Example 2: fixed 100 with allocation total (unrounded 66.67 / 33.33 adjustments)',
    cart({
      items: [A(discounted(66.66666666666667)), B(discounted(33.333333333333336))],
      shipping_methods: [FLAT_200],
    }),
    {
      subtotal: 1500,
      discount_total: 100,
      raw_discount_total: 100,
      item_tax_total: 350,
      shipping_tax_total: 50,
      tax_total: 400,
      total: 2000,
      items: {
        A: { subtotal: 1000, discount_total: 67, tax_total: 233, total: 1166, original_total: 1250 },
        B: { subtotal: 500, discount_total: 33, tax_total: 117, total: 584, original_total: 625 },
      },
    },
  ],
  [
    'Example 3: fixed 100 with allocation item, A at quantity 2',
    cart({ items: [item('A', 1000, 2, discounted(200)), B(discounted(100))], shipping_methods: [FLAT_200] }),
    {
      subtotal: 2500,
      discount_total: 300,
      item_tax_total: 550,
      shipping_tax_total: 50,
      tax_total: 600,
      total: 3000,
      items: {
        A: { subtotal: 2000, discount_total: 200, tax_total: 450, total: 2250 },
        B: { subtotal: 500, discount_total: 100, tax_total: 100, total: 500 },
      },
    },
  ],
  [
    'Example 4: Example 1 discount + free shipping, no gift card',
    cart({ items: tenPercentOff(), shipping_methods: [FLAT_200], free_shipping: true }),
    {
      subtotal: 1500,
      discount_total: 150,
      shipping_total: 0,
      shipping_tax_total: 0,
      tax_total: 338,
      gift_card_total: 0,
      total: 1688,
      // Medusa answers the method with price 0 (it writes 0 into it), so its original_* are 0 too.
      shipping_methods: { sm_1: { price: 0, subtotal: 0, tax_total: 0, total: 0, original_total: 0, original_tax_total: 0 } },
    },
  ],
  [
    'Example 4 as Medusa stores it (price already 0): the same answer',
    cart({ items: tenPercentOff(), shipping_methods: [shipping('sm_1', 0)], free_shipping: true }),
    {
      shipping_total: 0,
      total: 1688,
      shipping_methods: { sm_1: { price: 0, subtotal: 0, tax_total: 0, total: 0, original_total: 0, original_tax_total: 0 } },
    },
  ],
  [
    'Example 5: gift card 5000 at 25 % covers everything, payment skipped',
    cart({ items: tenPercentOff(), shipping_methods: [FLAT_200], gift_cards: [{ id: 'gc_1', balance: 5000, tax_rate: 25 }] }),
    {
      tax_total: 388,
      gift_card_total: 1550,
      gift_card_tax_total: 388,
      total: 0,
      gift_card_allocations: [{ id: 'gc_1', amount: 1550, tax_amount: 388, tax_rate: 25 }],
    },
  ],
];

const referenceTests: Row[] = [
  [
    '7.1: 100 with a 10 % discount and no tax lines',
    cart({ items: [item('li', 100, 1, { ...discounted(10), tax_lines: [] })] }),
    { subtotal: 100, discount_total: 10, tax_total: 0, total: 90, items: { li: { total: 90, original_total: 100, tax_total: 0, original_tax_total: 0 } } },
  ],
  [
    '7.1: tax-inclusive 120 at 20 %, quantity 2, 15 % discount',
    cart({ items: [item('li', 120, 2, { includes_tax: true, tax_lines: [rate(20)], ...discounted(30) })] }),
    {
      subtotal: 200,
      discount_total: 30,
      item_tax_total: 34,
      total: 204,
      items: { li: { subtotal: 200, discount_total: 30, tax_total: 34, total: 204, original_total: 240, original_tax_total: 40 } },
    },
  ],
  [
    '7.1: product rate 10 % + product type rate 25 % add up to 35 %',
    cart({ items: [item('li', 1000, 1, { tax_lines: [rate(10, 'product'), rate(25, 'type')] })] }),
    { subtotal: 1000, item_tax_total: 350, total: 1350 },
  ],
  [
    '7.4: order of 50000 at 19 % paid partly with a 30000 gift card at 19 %',
    cart({
      kind: 'order',
      region: { tax_rate: 19, includes_tax: false, gift_cards_taxable: true },
      items: [item('li', 50000, 1, { tax_lines: [rate(19)] })],
      gift_card_transactions: [{ gift_card_id: 'gc_1', amount: 30000, tax_rate: 19, is_taxable: true }],
      paid_total: 23800,
    }),
    { subtotal: 50000, gift_card_total: 30000, gift_card_tax_total: 5700, item_tax_total: 9500, tax_total: 3800, total: 23800, paid_total: 23800 },
  ],
  [
    '7.4: the same as a cart (tax_total still includes the gift-card tax)',
    cart({
      region: { tax_rate: 19, includes_tax: false, gift_cards_taxable: true },
      items: [item('li', 50000, 1, { tax_lines: [rate(19)] })],
      gift_cards: [{ id: 'gc_1', balance: 30000, tax_rate: 19 }],
    }),
    { gift_card_total: 30000, gift_card_tax_total: 5700, tax_total: 9500, total: 23800 },
  ],
  [
    '7.4: tax-inclusive variant, 50000 incl. 19 % with a 25210 gift card at 19 %',
    cart({
      kind: 'order',
      region: { tax_rate: 19, includes_tax: true, gift_cards_taxable: true },
      items: [item('li', 50000, 1, { includes_tax: true, tax_lines: [rate(19)] })],
      gift_card_transactions: [{ gift_card_id: 'gc_1', amount: 25210, tax_rate: 19, is_taxable: true }],
    }),
    { subtotal: 42017, item_tax_total: 7983, gift_card_total: 25210, gift_card_tax_total: 4790, tax_total: 3193, total: 20000 },
  ],
];

const roundingEdges: Row[] = [
  [
    "a fixed 100 split over three equal lines: line discounts 34/33/33 add up to the cart's 100 (Medusa: 33 × 3)",
    cart({
      items: [
        item('l1', 100, 1, discounted(33.333333333333336)),
        item('l2', 100, 1, discounted(33.333333333333336)),
        item('l3', 100, 1, discounted(33.333333333333336)),
      ],
    }),
    {
      subtotal: 300,
      discount_total: 100,
      item_tax_total: 51,
      total: 251,
      items: {
        l1: { discount_total: 34, tax_total: 17, total: 83 },
        l2: { discount_total: 33, tax_total: 17, total: 84 },
        l3: { discount_total: 33, tax_total: 17, total: 84 },
      },
    },
  ],
  [
    'two half-cent discounts: the cart discount is 1 and only the first line carries it (Medusa: 1 + 1 vs 1)',
    cart({ items: [item('l1', 10, 1, discounted(0.5)), item('l2', 10, 1, discounted(0.5))] }),
    {
      discount_total: 1,
      raw_discount_total: 1,
      item_tax_total: 4,
      total: 23,
      items: { l1: { discount_total: 1, tax_total: 2, total: 11 }, l2: { discount_total: 0, tax_total: 2, total: 12 } },
    },
  ],
  [
    'fixed 185 over lines of 100 and 1900 (9.25 / 175.75) rounds to 9 / 176',
    cart({ items: [item('l1', 100, 1, discounted(9.25)), item('l2', 1900, 1, discounted(175.75))] }),
    { discount_total: 185, items: { l1: { discount_total: 9, tax_total: 23 }, l2: { discount_total: 176, tax_total: 431 } }, item_tax_total: 454, total: 2269 },
  ],
  [
    'item tax is rounded per tax line: 5 at 10 % + 10 % gives 1 + 1',
    cart({ items: [item('li', 5, 1, { tax_lines: [rate(10, 'a'), rate(10, 'b')] })] }),
    { item_tax_total: 2, total: 7 },
  ],
  [
    'shipping tax is rounded once per method: 5 at 10 % + 10 % gives 1',
    cart({ shipping_methods: [shipping('sm', 5, { tax_lines: [rate(10, 'a'), rate(10, 'b')] })] }),
    { shipping_total: 5, shipping_tax_total: 1, total: 6 },
  ],
  [
    'a decimal half rounds up even when binary floating point lands just below it (50 × 29 % = 14.5 → 15)',
    cart({ items: [item('li', 50, 1, { tax_lines: [rate(29)] })] }),
    { item_tax_total: 15, total: 65 },
  ],
  ['a decimal rate: 1500 × 2.3 % = 34.5 → 35', cart({ items: [item('li', 1500, 1, { tax_lines: [rate(2.3)] })] }), { item_tax_total: 35, total: 1535 }],
  [
    'tax-inclusive price with three 5 % lines: 13 included per unit, taxed 3 × 4',
    cart({ items: [item('li', 100, 1, { includes_tax: true, tax_lines: [rate(5, 'a'), rate(5, 'b'), rate(5, 'c')] })] }),
    { subtotal: 88, item_tax_total: 12, total: 100, items: { li: { subtotal: 88, tax_total: 12, total: 100, original_total: 100, original_tax_total: 12 } } },
  ],
];

const discountsAndShipping: Row[] = [
  [
    '100 % discount: the line costs nothing and carries no tax, shipping is still due',
    cart({ items: [item('li', 1000, 1, discounted(1000))], shipping_methods: [FLAT_200] }),
    {
      subtotal: 1000,
      discount_total: 1000,
      item_tax_total: 0,
      shipping_total: 200,
      shipping_tax_total: 50,
      total: 250,
      items: { li: { discount_total: 1000, tax_total: 0, total: 0, original_total: 1250, original_tax_total: 250 } },
    },
  ],
  [
    '100 % discount on a tax-inclusive line',
    cart({ items: [item('li', 1250, 1, { includes_tax: true, ...discounted(1000) })] }),
    { subtotal: 1000, discount_total: 1000, item_tax_total: 0, total: 0, items: { li: { total: 0, original_total: 1250, original_tax_total: 250 } } },
  ],
  [
    'an adjustment larger than the line is capped at the line (custom adjustments)',
    cart({ items: [item('li', 1000, 1, { adjustments: [{ amount: 1500, discount_id: null }] })] }),
    { discount_total: 1000, raw_discount_total: 1000, item_tax_total: 0, total: 0 },
  ],
  [
    'custom adjustments add to the discount of the line',
    cart({
      items: [
        item('li', 1000, 1, {
          adjustments: [
            { amount: 100, discount_id: 'disc_1' },
            { amount: 50, discount_id: null },
          ],
        }),
      ],
    }),
    { discount_total: 150, item_tax_total: 213, total: 1063 },
  ],
  [
    'tax-inclusive shipping: 250 incl. 25 %',
    cart({ shipping_methods: [shipping('sm', 250, { includes_tax: true })] }),
    {
      shipping_total: 200,
      shipping_tax_total: 50,
      total: 250,
      shipping_methods: { sm: { price: 250, subtotal: 200, tax_total: 50, total: 250, original_total: 250, original_tax_total: 50 } },
    },
  ],
  [
    'tax-inclusive shipping with 10 % + 15 %: each rate divided by its own 1 + rate (90.91 + 130.43 → 221)',
    cart({ shipping_methods: [shipping('sm', 1000, { includes_tax: true, tax_lines: [rate(10, 'a'), rate(15, 'b')] })] }),
    { shipping_total: 779, shipping_tax_total: 221, total: 1000 },
  ],
  [
    'several shipping methods add up, free shipping zeroes all of them, price included',
    cart({ items: [A()], shipping_methods: [FLAT_200, shipping('sm_2', 90)], free_shipping: true }),
    {
      shipping_total: 0,
      shipping_tax_total: 0,
      total: 1250,
      shipping_methods: {
        sm_1: { price: 0, subtotal: 0, tax_total: 0, total: 0, original_total: 0, original_tax_total: 0 },
        sm_2: { price: 0, subtotal: 0, tax_total: 0, total: 0, original_total: 0, original_tax_total: 0 },
      },
    },
  ],
  [
    // 1000 item at 25 % plus a 500 shipping price that includes 25 % tax: with free shipping
    // the shipping figures are all 0 whatever the price included; the item's are untouched.
    'free shipping on a tax-inclusive shipping price: price 0, no shipping tax left in the total',
    cart({ items: [A()], shipping_methods: [shipping('sm_1', 500, { includes_tax: true })], free_shipping: true }),
    {
      subtotal: 1000,
      shipping_total: 0,
      shipping_tax_total: 0,
      item_tax_total: 250,
      tax_total: 250,
      total: 1250,
      shipping_methods: { sm_1: { price: 0, subtotal: 0, tax_total: 0, total: 0, original_total: 0, original_tax_total: 0 } },
    },
  ],
  [
    // Free shipping with a gift card: the card covers 1000 + 250 tax; nothing is left for shipping to add.
    'free shipping with a gift card of 2000 at 25 %: the card covers only the items',
    cart({ items: [A()], shipping_methods: [FLAT_200], free_shipping: true, gift_cards: [{ id: 'gc_1', balance: 2000, tax_rate: 25 }] }),
    {
      shipping_total: 0,
      gift_card_total: 1000,
      gift_card_tax_total: 250,
      total: 0,
      shipping_methods: { sm_1: { price: 0, total: 0 } },
      gift_card_allocations: [{ id: 'gc_1', amount: 1000, tax_amount: 250, tax_rate: 25 }],
    },
  ],
  [
    'several shipping methods without free shipping',
    cart({ items: [A()], shipping_methods: [FLAT_200, shipping('sm_2', 90)] }),
    { shipping_total: 290, shipping_tax_total: 73, tax_total: 323, total: 1613, shipping_methods: { sm_2: { subtotal: 90, tax_total: 23, total: 113 } } },
  ],
];

const regionsAndTaxes: Row[] = [
  [
    'tax-inclusive region: 1250 item and 250 shipping, both incl. 25 %',
    cart({
      region: { tax_rate: 25, includes_tax: true, gift_cards_taxable: true },
      items: [item('li', 1250, 1, { includes_tax: true })],
      shipping_methods: [shipping('sm', 250, { includes_tax: true })],
    }),
    { subtotal: 1000, shipping_total: 200, item_tax_total: 250, shipping_tax_total: 50, tax_total: 300, total: 1500 },
  ],
  [
    'tax-inclusive region with a gift card covering everything',
    cart({
      region: { tax_rate: 25, includes_tax: true, gift_cards_taxable: true },
      items: [item('li', 1250, 1, { includes_tax: true })],
      shipping_methods: [shipping('sm', 250, { includes_tax: true })],
      gift_cards: [{ id: 'gc_1', balance: 10000, tax_rate: 25 }],
    }),
    { gift_card_total: 1200, gift_card_tax_total: 300, tax_total: 300, total: 0 },
  ],
  [
    'a tax-inclusive line without tax lines (taxes not applied) keeps its price as subtotal (Medusa: 0)',
    cart({ items: [item('li', 120, 2, { includes_tax: true, tax_lines: [] })] }),
    { subtotal: 240, item_tax_total: 0, total: 240, items: { li: { subtotal: 240, total: 240, original_total: 240 } } },
  ],
  [
    'zero tax: no tax lines anywhere (taxes not applied)',
    cart({ items: [A({ ...discounted(100), tax_lines: [] })], shipping_methods: [shipping('sm', 200, { tax_lines: [] })] }),
    { subtotal: 1000, discount_total: 100, shipping_total: 200, tax_total: 0, total: 1100 },
  ],
  [
    'zero tax: a 0 % tax line',
    cart({ items: [A({ tax_lines: [rate(0)] })], shipping_methods: [shipping('sm', 200, { tax_lines: [rate(0)] })] }),
    { subtotal: 1000, shipping_total: 200, tax_total: 0, total: 1200 },
  ],
  [
    'empty cart',
    cart(),
    {
      subtotal: 0,
      discount_total: 0,
      raw_discount_total: 0,
      shipping_total: 0,
      item_tax_total: 0,
      shipping_tax_total: 0,
      tax_total: 0,
      gift_card_total: 0,
      gift_card_tax_total: 0,
      refunded_total: 0,
      refundable_amount: 0,
      paid_total: 0,
      total: 0,
      items: {},
      shipping_methods: {},
      gift_card_allocations: [],
    },
  ],
  [
    'empty cart with a gift card: nothing is drawn',
    cart({ gift_cards: [{ id: 'gc_1', balance: 500, tax_rate: 25 }] }),
    { gift_card_total: 0, gift_card_tax_total: 0, total: 0, gift_card_allocations: [{ id: 'gc_1', amount: 0, tax_amount: 0, tax_rate: 25 }] },
  ],
];

const giftCards: Row[] = [
  [
    'two gift cards with rates, applied in order: the second covers the rest (Medusa gives the same)',
    cart({
      items: tenPercentOff(),
      shipping_methods: [FLAT_200],
      gift_cards: [
        { id: 'gc_1', balance: 1000, tax_rate: 25 },
        { id: 'gc_2', balance: 1000, tax_rate: 25 },
      ],
    }),
    {
      gift_card_total: 1550,
      gift_card_tax_total: 388,
      total: 0,
      gift_card_allocations: [
        { id: 'gc_1', amount: 1000, tax_amount: 250, tax_rate: 25 },
        { id: 'gc_2', amount: 550, tax_amount: 138, tax_rate: 25 },
      ],
    },
  ],
  [
    'a rated card then an unrated card, both used up',
    cart({
      items: tenPercentOff(),
      shipping_methods: [FLAT_200],
      gift_cards: [
        { id: 'gc_1', balance: 200, tax_rate: 25 },
        { id: 'gc_2', balance: 300, tax_rate: null },
      ],
    }),
    {
      gift_card_total: 500,
      gift_card_tax_total: 50,
      total: 1388,
      gift_card_allocations: [
        { id: 'gc_1', amount: 200, tax_amount: 50, tax_rate: 25 },
        { id: 'gc_2', amount: 300, tax_amount: 0, tax_rate: null },
      ],
    },
  ],
  [
    'an unrated card then a rated card: the rated card is taxed only on what it covers (Medusa: 800 → total 50)',
    cart({
      items: [A()],
      gift_cards: [
        { id: 'gc_1', balance: 800, tax_rate: null },
        { id: 'gc_2', balance: 800, tax_rate: 25 },
      ],
    }),
    {
      gift_card_total: 1000,
      gift_card_tax_total: 50,
      total: 200,
      gift_card_allocations: [
        { id: 'gc_1', amount: 800, tax_amount: 0, tax_rate: null },
        { id: 'gc_2', amount: 200, tax_amount: 50, tax_rate: 25 },
      ],
    },
  ],
  [
    'a third card is not drawn once the cart is covered',
    cart({
      items: [A()],
      gift_cards: [
        { id: 'gc_1', balance: 600, tax_rate: 25 },
        { id: 'gc_2', balance: 600, tax_rate: 25 },
        { id: 'gc_3', balance: 600, tax_rate: 25 },
      ],
    }),
    {
      gift_card_total: 1000,
      gift_card_tax_total: 250,
      total: 0,
      gift_card_allocations: [
        { id: 'gc_1', amount: 600, tax_amount: 150, tax_rate: 25 },
        { id: 'gc_2', amount: 400, tax_amount: 100, tax_rate: 25 },
        { id: 'gc_3', amount: 0, tax_amount: 0, tax_rate: 25 },
      ],
    },
  ],
  [
    'a gift card larger than the cart, region with gift_cards_taxable=false: covers the total including tax',
    cart({
      region: untaxedGiftCardRegion,
      items: tenPercentOff(),
      shipping_methods: [FLAT_200],
      gift_cards: [{ id: 'gc_1', balance: 5000, tax_rate: null }],
    }),
    { tax_total: 388, gift_card_total: 1938, gift_card_tax_total: 0, total: 0 },
  ],
  [
    "a card rate above the cart's tax (10 % items, 25 % card): the covered tax is capped, total 0 (Medusa: -150)",
    cart({ items: [A({ tax_lines: [rate(10)] })], gift_cards: [{ id: 'gc_1', balance: 5000, tax_rate: 25 }] }),
    {
      item_tax_total: 100,
      gift_card_total: 1000,
      gift_card_tax_total: 100,
      total: 0,
      gift_card_allocations: [{ id: 'gc_1', amount: 1000, tax_amount: 100, tax_rate: 25 }],
    },
  ],
  [
    'a rated card partly covering a cart without taxes',
    cart({ items: [A({ tax_lines: [] })], gift_cards: [{ id: 'gc_1', balance: 400, tax_rate: 25 }] }),
    { tax_total: 0, gift_card_total: 400, gift_card_tax_total: 100, total: 500 },
  ],
  [
    'a rated card covering a cart without taxes: capped at 0 (Medusa: -250)',
    cart({ items: [A({ tax_lines: [] })], gift_cards: [{ id: 'gc_1', balance: 1000, tax_rate: 25 }] }),
    { tax_total: 0, gift_card_total: 1000, gift_card_tax_total: 0, total: 0 },
  ],
  [
    'a zero-balance card draws nothing',
    cart({ items: [A()], gift_cards: [{ id: 'gc_1', balance: 0, tax_rate: 25 }] }),
    { gift_card_total: 0, gift_card_tax_total: 0, total: 1250 },
  ],
  [
    'a card with a 0 % rate is an unrated card',
    cart({ items: [A()], gift_cards: [{ id: 'gc_1', balance: 300, tax_rate: 0 }] }),
    { gift_card_total: 300, gift_card_tax_total: 0, total: 950, gift_card_allocations: [{ id: 'gc_1', amount: 300, tax_amount: 0, tax_rate: null }] },
  ],
];

const orders: Row[] = [
  [
    'order: a legacy transaction (is_taxable null, no rate) uses the region rate',
    cart({
      kind: 'order',
      region: taxableRegion,
      items: tenPercentOff(),
      shipping_methods: [FLAT_200],
      gift_card_transactions: [{ amount: 300, tax_rate: null, is_taxable: null }],
    }),
    {
      gift_card_total: 300,
      gift_card_tax_total: 75,
      tax_total: 313,
      total: 1563,
      gift_card_allocations: [{ id: '', amount: 300, tax_amount: 75, tax_rate: 25 }],
    },
  ],
  [
    'order: a non-taxable transaction',
    cart({
      kind: 'order',
      items: tenPercentOff(),
      shipping_methods: [FLAT_200],
      gift_card_transactions: [{ gift_card_id: 'gc_1', amount: 300, tax_rate: null, is_taxable: false }],
    }),
    { gift_card_total: 300, gift_card_tax_total: 0, tax_total: 388, total: 1638 },
  ],
  [
    'order: two transactions, Example 5 drawn from two cards',
    cart({
      kind: 'order',
      items: tenPercentOff(),
      shipping_methods: [FLAT_200],
      gift_card_transactions: [
        { gift_card_id: 'gc_1', amount: 1000, tax_rate: 25, is_taxable: true },
        { gift_card_id: 'gc_2', amount: 550, tax_rate: 25, is_taxable: true },
      ],
    }),
    { gift_card_total: 1550, gift_card_tax_total: 388, tax_total: 0, total: 0 },
  ],
  [
    'order: refunds',
    cart({ kind: 'order', items: tenPercentOff(), shipping_methods: [FLAT_200], paid_total: 1938, refunds: 500 }),
    { total: 1938, paid_total: 1938, refunded_total: 500, refundable_amount: 1438 },
  ],
  [
    'order: items[].refundable for one returned unit out of 3 (the discount share is rounded once)',
    cart({ kind: 'order', items: [item('li', 1000, 3, { ...discounted(100), returned_quantity: 1 })] }),
    { items: { li: { subtotal: 3000, discount_total: 100, tax_total: 725, total: 3625, refundable: 2416 } } },
  ],
  [
    'order: items[].refundable when everything was returned',
    cart({ kind: 'order', items: [item('li', 1000, 3, { ...discounted(100), returned_quantity: 3 })] }),
    { items: { li: { total: 3625, refundable: 0 } } },
  ],
];

describe('calculateTotals', () => {
  describe.each([
    ['worked examples (medusa-v1-store.md 7.6)', workedExamples],
    ['figures from the reference tests (7.1, 7.4)', referenceTests],
    ['rounding', roundingEdges],
    ['discounts and shipping', discountsAndShipping],
    ['regions and taxes', regionsAndTaxes],
    ['gift cards', giftCards],
    ['orders', orders],
  ])('%s', (_group, rows) => {
    it.each(rows)('%s', (_name, input, expected) => {
      expect(calculateTotals(input)).toMatchObject(expected);
    });

    it.each(rows)('keeps its parts adding up to the whole: %s', (_name, input) => {
      const totals = calculateTotals(input);
      const lines = Object.values(totals.items);
      const methods = Object.values(totals.shipping_methods);
      const giftCardTax = input.kind === 'order' ? 0 : totals.gift_card_tax_total;
      expect(totals.total).toBe(totals.subtotal + totals.shipping_total + totals.tax_total - totals.discount_total - totals.gift_card_total - giftCardTax);
      expect(totals.total).toBeGreaterThanOrEqual(0);
      expect(lines.reduce((sum, line) => sum + line.discount_total, 0)).toBe(totals.discount_total);
      expect(lines.reduce((sum, line) => sum + line.total, 0) + methods.reduce((sum, method) => sum + method.total, 0)).toBe(
        totals.subtotal - totals.discount_total + totals.item_tax_total + totals.shipping_total + totals.shipping_tax_total,
      );
      for (const value of [totals.subtotal, totals.discount_total, totals.tax_total, totals.gift_card_total, totals.gift_card_tax_total, totals.total]) {
        expect(Number.isInteger(value)).toBe(true);
      }
    });
  });
});

describe('calculateLineItemTotals', () => {
  it('gives the tax-exclusive subtotal a percentage discount is taken from (tax-inclusive 120 at 20 %, quantity 2)', () => {
    expect(calculateLineItemTotals(item('li', 120, 2, { includes_tax: true, tax_lines: [rate(20)] }))).toMatchObject({
      subtotal: 200,
      tax_total: 40,
      total: 240,
    });
  });

  it('rounds a lone line discount on its own (Example 2, line A)', () => {
    expect(calculateLineItemTotals(A(discounted(66.66666666666667)))).toMatchObject({ discount_total: 67, tax_total: 233, total: 1166 });
  });
});

describe('rounding', () => {
  it.each([
    [112.5, 113],
    [387.5, 388],
    [14.499999999999998, 15],
    [2.4999, 2],
    [-0.4, 0],
    [0, 0],
  ])('roundHalfUp(%p) = %p', (value, expected) => {
    expect(roundHalfUp(value)).toBe(expected);
  });

  it.each([
    ['two thirds / one third of 100', [66.66666666666667, 33.333333333333336], [67, 33]],
    ['three thirds of 100', [33.333333333333336, 33.333333333333336, 33.333333333333336], [34, 33, 33]],
    ['185 over 100 and 1900', [9.25, 175.75], [9, 176]],
    ['185 over 100 and 1000', [16.818181818181817, 168.1818181818182], [17, 168]],
    ['two halves', [0.5, 0.5], [1, 0]],
    ['integers stay as they are', [100, 50, 0], [100, 50, 0]],
    ['nothing', [], []],
  ])('allocateRounded: %s', (_name, raws, expected) => {
    expect(allocateRounded(raws)).toEqual(expected);
  });
});
