import type { Customer } from './customer.entity';

/**
 * What the store shows of a guest customer (a row without an account) through a cart or
 * an order: its id and email, nothing else. Anyone can give a cart an email, which links
 * the guest row of that email (CustomersService.findOrCreateGuest); the row may hold what
 * earlier orders or an import left (names, phone, when it was first seen), and that must
 * not be readable by whoever typed the email. So an anonymous cart shows back only what
 * its own client sent. Accounts are shown in full: only their owner can have them on a
 * cart (a logged-in attach, never an email).
 */
function storeViewOfCustomer<T extends Partial<Customer>>(customer: T | null | undefined): T | null | undefined {
  if (!customer || customer.has_account !== false) return customer;
  return {
    id: customer.id,
    email: customer.email,
    first_name: null,
    last_name: null,
    phone: null,
    billing_address_id: null,
    has_account: false,
    metadata: null,
    deleted_at: null,
  } as unknown as T;
}

/** A cart or order as the store shows it: its customer through storeViewOfCustomer, when loaded. */
export function withStoreViewOfCustomer<T extends { customer?: unknown }>(owner: T): T {
  if (owner.customer !== undefined) (owner as { customer?: unknown }).customer = storeViewOfCustomer(owner.customer as Partial<Customer> | null);
  return owner;
}
