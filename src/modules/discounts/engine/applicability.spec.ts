import { ApiError } from '../../../common/errors/api-error';
import { assertDiscountApplicable, discountExpiresAt } from './applicability';
import { condition, discount } from './engine.fixtures';
import type { EngineContext, EngineDiscount } from './types';

const now = new Date('2024-06-15T12:00:00Z');
const ctx = (overrides: Partial<EngineContext> = {}): EngineContext => ({ region_id: 'reg_1', customer_group_ids: [], now, ...overrides });

function rejection(d: EngineDiscount, c: EngineContext): { type: string; message: string } | null {
  try {
    assertDiscountApplicable(d, c);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return { type: (err as ApiError).type, message: (err as ApiError).message };
  }
}

const vipOnly = { conditions: [condition('customer_groups', 'in', ['cgrp_vip'])] };
const notForStaff = { conditions: [condition('customer_groups', 'not_in', ['cgrp_staff'])] };

type Row = [description: string, discount: EngineDiscount, context: EngineContext, expected: { type: string; message: string } | null];

const table: Row[] = [
  ['a live discount in its region', discount(), ctx(), null],
  ['usage limit not yet reached', discount({ usage_limit: 2, usage_count: 1 }), ctx(), null],
  [
    'usage limit reached',
    discount({ usage_limit: 2, usage_count: 2 }),
    ctx(),
    { type: 'not_allowed', message: 'Discount TEN has been used maximum allowed times' },
  ],
  ['not started yet', discount({ starts_at: new Date('2024-06-15T12:00:01Z') }), ctx(), { type: 'not_allowed', message: 'Discount TEN is not valid yet' }],
  ['ends in the future', discount({ ends_at: new Date('2024-06-16T00:00:00Z') }), ctx(), null],
  ['ended', discount({ ends_at: new Date('2024-06-15T11:59:59Z') }), ctx(), { type: 'not_allowed', message: 'Discount TEN is expired' }],
  ['ends exactly now (no longer available)', discount({ ends_at: now }), ctx(), { type: 'not_allowed', message: 'Discount TEN is expired' }],
  [
    'dynamic code whose valid_duration elapsed',
    discount({ is_dynamic: true, valid_duration: 'P1D', created_at: new Date('2024-06-14T11:00:00Z'), starts_at: new Date('2024-06-14T11:00:00Z') }),
    ctx(),
    { type: 'not_allowed', message: 'Discount TEN is expired' },
  ],
  [
    'dynamic code still within its valid_duration',
    discount({ is_dynamic: true, valid_duration: 'PT2H', created_at: new Date('2024-06-15T10:30:00Z'), starts_at: new Date('2024-01-01T00:00:00Z') }),
    ctx(),
    null,
  ],
  ['valid_duration is ignored for non-dynamic discounts', discount({ valid_duration: 'P1D', created_at: new Date('2020-01-01T00:00:00Z') }), ctx(), null],
  ['disabled', discount({ is_disabled: true }), ctx(), { type: 'not_allowed', message: 'The discount code TEN is disabled' }],
  ['region not allowed', discount({ region_ids: ['reg_2'] }), ctx(), { type: 'invalid_data', message: 'The discount is not available in current region' }],
  ['no regions at all', discount({ region_ids: [] }), ctx(), { type: 'invalid_data', message: 'The discount is not available in current region' }],
  [
    'customer-group condition and a cart without a customer',
    discount({ rule: vipOnly }),
    ctx({ customer_id: null }),
    { type: 'not_allowed', message: 'Discount TEN is only valid for specific customer' },
  ],
  ['group in: customer in the group', discount({ rule: vipOnly }), ctx({ customer_id: 'cus_1', customer_group_ids: ['cgrp_x', 'cgrp_vip'] }), null],
  [
    'group in: customer not in the group',
    discount({ rule: vipOnly }),
    ctx({ customer_id: 'cus_1', customer_group_ids: ['cgrp_x'] }),
    { type: 'not_allowed', message: 'Discount TEN is not valid for customer' },
  ],
  [
    'group in: customer unknown to the caller, no groups',
    discount({ rule: vipOnly }),
    ctx(),
    { type: 'not_allowed', message: 'Discount TEN is not valid for customer' },
  ],
  ['group not_in: customer outside the group', discount({ rule: notForStaff }), ctx({ customer_id: 'cus_1', customer_group_ids: ['cgrp_vip'] }), null],
  [
    'group not_in: customer in the group',
    discount({ rule: notForStaff }),
    ctx({ customer_id: 'cus_1', customer_group_ids: ['cgrp_staff'] }),
    { type: 'not_allowed', message: 'Discount TEN is not valid for customer' },
  ],
  [
    'group not_in: no customer',
    discount({ rule: notForStaff }),
    ctx({ customer_id: null }),
    { type: 'not_allowed', message: 'Discount TEN is only valid for specific customer' },
  ],
  ['product conditions are not checked when applying', discount({ rule: { conditions: [condition('products', 'in', ['prod_none'])] } }), ctx(), null],
  // order of the checks, as in Medusa: the first failing one is reported
  [
    'usage limit is reported before disabled',
    discount({ usage_limit: 1, usage_count: 1, is_disabled: true }),
    ctx(),
    { type: 'not_allowed', message: 'Discount TEN has been used maximum allowed times' },
  ],
  [
    'expired is reported before disabled',
    discount({ ends_at: new Date('2024-01-02T00:00:00Z'), is_disabled: true }),
    ctx(),
    { type: 'not_allowed', message: 'Discount TEN is expired' },
  ],
  [
    'disabled is reported before the region',
    discount({ is_disabled: true, region_ids: ['reg_2'] }),
    ctx(),
    { type: 'not_allowed', message: 'The discount code TEN is disabled' },
  ],
  [
    'missing customer is reported before the region',
    discount({ rule: vipOnly, region_ids: ['reg_2'] }),
    ctx({ customer_id: null }),
    { type: 'not_allowed', message: 'Discount TEN is only valid for specific customer' },
  ],
  [
    'region is reported before the customer group',
    discount({ rule: vipOnly, region_ids: ['reg_2'] }),
    ctx({ customer_id: 'cus_1' }),
    { type: 'invalid_data', message: 'The discount is not available in current region' },
  ],
];

describe('assertDiscountApplicable', () => {
  it.each(table)('%s', (_description, d, c, expected) => {
    expect(rejection(d, c)).toEqual(expected);
  });
});

describe('discountExpiresAt', () => {
  it('is the ends_at of a plain discount, or null', () => {
    expect(discountExpiresAt(discount())).toBeNull();
    expect(discountExpiresAt(discount({ ends_at: now }))).toEqual(now);
  });

  it('counts a dynamic code valid_duration from the later of creation and starts_at, and keeps an earlier ends_at', () => {
    const created_at = new Date('2024-06-01T00:00:00Z');
    expect(discountExpiresAt(discount({ is_dynamic: true, valid_duration: 'P1W', created_at, starts_at: created_at }))).toEqual(
      new Date('2024-06-08T00:00:00Z'),
    );
    expect(discountExpiresAt(discount({ is_dynamic: true, valid_duration: 'P1D', created_at, starts_at: new Date('2024-06-10T00:00:00Z') }))).toEqual(
      new Date('2024-06-11T00:00:00Z'),
    );
    expect(
      discountExpiresAt(discount({ is_dynamic: true, valid_duration: 'P1Y', created_at, starts_at: created_at, ends_at: new Date('2024-06-02T00:00:00Z') })),
    ).toEqual(new Date('2024-06-02T00:00:00Z'));
  });
});
