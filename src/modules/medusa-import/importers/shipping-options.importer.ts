import { requireColumns, type ImportKind } from '../import-kind';

/** Shipping options with their subtotal requirements. */
export const shippingOptionKinds: ImportKind[] = [
  {
    name: 'shipping options',
    target: 'shipping_option',
    source: 'shipping_option',
    key: ['id'],
    columns: [
      'id',
      'created_at',
      'updated_at',
      'deleted_at',
      'name',
      'region_id',
      'profile_id',
      'provider_id',
      'price_type',
      'amount',
      'is_return',
      'admin_only',
      'data',
      'metadata',
    ],
    expressions: { price_type: 's.price_type::text', data: `COALESCE(s.data, '{}'::jsonb)` },
    check: requireColumns('name', 'region_id', 'profile_id', 'provider_id'),
  },
  {
    name: 'shipping option requirements',
    target: 'shipping_option_requirement',
    source: 'shipping_option_requirement',
    key: ['id'],
    columns: ['id', 'deleted_at', 'shipping_option_id', 'type', 'amount'],
    expressions: { type: 's.type::text' },
  },
];
