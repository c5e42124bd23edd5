import { isItemEligible } from './eligibility';
import { condition, discount, item } from './engine.fixtures';
import type { EngineCondition, EngineLineItem } from './types';

const shirt = item('shirt', 1000, 1, {
  product_id: 'prod_shirt',
  product_type_id: 'ptyp_apparel',
  product_collection_id: 'pcol_summer',
  product_tag_ids: ['ptag_cotton', 'ptag_sale'],
});
const mug = item('mug', 500, 1, { product_id: 'prod_mug', product_type_id: null, product_collection_id: null, product_tag_ids: [] });

type Row = [description: string, conditions: EngineCondition[], line: EngineLineItem, eligible: boolean];

const table: Row[] = [
  ['no conditions: any product line', [], mug, true],
  ['products in, listed', [condition('products', 'in', ['prod_shirt'])], shirt, true],
  ['products in, not listed', [condition('products', 'in', ['prod_shirt'])], mug, false],
  ['products not_in, listed', [condition('products', 'not_in', ['prod_shirt'])], shirt, false],
  ['products not_in, not listed', [condition('products', 'not_in', ['prod_shirt'])], mug, true],
  ['product_types in, matching type', [condition('product_types', 'in', ['ptyp_apparel'])], shirt, true],
  ['product_types in, item without a type', [condition('product_types', 'in', ['ptyp_apparel'])], mug, false],
  ['product_types not_in, item without a type', [condition('product_types', 'not_in', ['ptyp_apparel'])], mug, true],
  ['product_types not_in, matching type', [condition('product_types', 'not_in', ['ptyp_apparel'])], shirt, false],
  ['product_collections in, matching', [condition('product_collections', 'in', ['pcol_summer'])], shirt, true],
  ['product_collections in, no collection', [condition('product_collections', 'in', ['pcol_summer'])], mug, false],
  ['product_collections not_in, matching', [condition('product_collections', 'not_in', ['pcol_summer', 'pcol_x'])], shirt, false],
  ['product_tags in, one of several tags matches', [condition('product_tags', 'in', ['ptag_sale'])], shirt, true],
  ['product_tags in, no tag', [condition('product_tags', 'in', ['ptag_sale'])], mug, false],
  ['product_tags not_in, one tag matches', [condition('product_tags', 'not_in', ['ptag_cotton'])], shirt, false],
  ['product_tags not_in, no tag matches', [condition('product_tags', 'not_in', ['ptag_wool'])], shirt, true],
  [
    'all conditions must hold (type in AND tag not_in)',
    [condition('product_types', 'in', ['ptyp_apparel']), condition('product_tags', 'not_in', ['ptag_sale'])],
    shirt,
    false,
  ],
  ['all conditions hold', [condition('product_types', 'in', ['ptyp_apparel']), condition('products', 'not_in', ['prod_mug'])], shirt, true],
  ['customer-group conditions do not affect lines', [condition('customer_groups', 'in', ['cgrp_vip'])], mug, true],
  ['a line that does not allow discounts', [], { ...mug, allow_discounts: false }, false],
  ['a gift card line', [], { ...mug, is_giftcard: true }, false],
  ['a custom line without a product', [], { ...mug, product_id: null }, false],
  ['a custom line is not "not in" a product list either', [condition('products', 'not_in', ['prod_shirt'])], { ...mug, product_id: null }, false],
];

describe('isItemEligible', () => {
  it.each(table)('%s', (_description, conditions, line, eligible) => {
    expect(isItemEligible(discount({ rule: { conditions } }), line)).toBe(eligible);
  });
});
