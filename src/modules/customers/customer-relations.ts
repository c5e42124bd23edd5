/** Relations a customer response may carry (`expand`). */
export const CUSTOMER_RELATIONS = [
  'billing_address',
  'billing_address.country',
  'shipping_addresses',
  'shipping_addresses.country',
  'groups',
  'orders',
  'orders.items',
];

/** GET/POST /admin/customers/:id without `expand`, as Medusa. */
export const ADMIN_CUSTOMER_DEFAULT_RELATIONS = ['orders', 'shipping_addresses'];

/** GET/POST /store/auth, as Medusa. */
export const STORE_SESSION_RELATIONS = ['orders', 'orders.items', 'shipping_addresses'];

/** POST /store/customers and GET /store/customers/me, as Medusa. */
export const STORE_CUSTOMER_RELATIONS = ['billing_address', 'shipping_addresses'];
