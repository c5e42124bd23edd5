import { requireColumns, type ImportKind } from '../import-kind';

const TIMES = ['created_at', 'updated_at'];

/** Customers (accounts with their password hashes, and guest rows), addresses, groups and memberships. */
export const customerKinds: ImportKind[] = [
  {
    name: 'customers',
    target: 'customer',
    source: 'customer',
    key: ['id'],
    columns: ['id', ...TIMES, 'deleted_at', 'email', 'first_name', 'last_name', 'billing_address_id', 'password_hash', 'phone', 'has_account', 'metadata'],
    // The billing address belongs to the customer: set once addresses are in.
    // Logins here look accounts up by the trimmed, lower-cased email.
    expressions: { email: 'lower(trim(s.email))' },
    deferred: ['billing_address_id'],
    check: requireColumns('email'),
  },
  {
    name: 'addresses',
    target: 'address',
    source: 'address',
    key: ['id'],
    columns: [
      'id',
      ...TIMES,
      'deleted_at',
      'customer_id',
      'company',
      'first_name',
      'last_name',
      'address_1',
      'address_2',
      'city',
      'country_code',
      'province',
      'postal_code',
      'phone',
      'metadata',
    ],
    expressions: { country_code: 'lower(s.country_code)' },
  },
  {
    name: 'customer groups',
    target: 'customer_group',
    source: 'customer_group',
    key: ['id'],
    columns: ['id', ...TIMES, 'deleted_at', 'name', 'metadata'],
    optional: true,
    check: requireColumns('name'),
  },
  {
    name: 'customer group memberships',
    target: 'customer_group_customers',
    source: 'customer_group_customers',
    key: ['customer_group_id', 'customer_id'],
    columns: ['customer_group_id', 'customer_id'],
    insertOnly: true,
    optional: true,
  },
];
