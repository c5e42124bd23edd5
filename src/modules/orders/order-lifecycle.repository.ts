import type { EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { mergeMetadata } from '../../common/database/metadata';
import { Address } from '../customers/address.entity';
import { Order } from './order.entity';

/**
 * Locks an order's row for the rest of the caller's transaction: every operation after
 * checkout (capture, fulfilment, shipment, refund, cancel, update) starts here, so two of
 * them on one order never interleave. Lock order: order → its payments → its lines.
 */
export async function lockOrder(manager: EntityManager, id: string): Promise<Order | null> {
  return manager.getRepository(Order).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
}

/** Sets the order's status columns (the caller holds its row lock). */
export async function setOrderColumns(
  manager: EntityManager,
  id: string,
  columns: Partial<
    Pick<
      Order,
      | 'status'
      | 'payment_status'
      | 'fulfillment_status'
      | 'canceled_at'
      | 'email'
      | 'no_notification'
      | 'customer_id'
      | 'billing_address_id'
      | 'shipping_address_id'
    >
  >,
): Promise<void> {
  await manager.getRepository(Order).update(id, columns);
}

/** Whether a country (ISO 2, lower case) belongs to the region. */
export async function countryInRegion(manager: EntityManager, regionId: string, iso2: string): Promise<boolean> {
  const rows = (await manager.query(`SELECT 1 FROM country WHERE region_id = $1 AND iso_2 = $2`, [regionId, iso2])) as unknown[];
  return rows.length > 0;
}

type AddressFields = Partial<
  Pick<Address, 'first_name' | 'last_name' | 'phone' | 'company' | 'address_1' | 'address_2' | 'city' | 'country_code' | 'province' | 'postal_code'>
> & {
  metadata?: Record<string, unknown>;
};

/**
 * Merges `fields` into the order's address row (the row it shares with its cart, as in
 * Medusa), or creates a row when it has none. Resolves with the row's id.
 */
export async function upsertOrderAddress(manager: EntityManager, addressId: string | null, fields: AddressFields): Promise<string> {
  const repo = manager.getRepository(Address);
  const existing = addressId ? await repo.findOne({ where: { id: addressId } }) : null;
  if (existing) {
    const { metadata, ...rest } = fields;
    await repo.update(existing.id, { ...rest, ...(metadata !== undefined ? { metadata: mergeMetadata(existing.metadata, metadata) } : {}) } as never); // jsonb metadata defeats the deep-partial type
    return existing.id;
  }
  const id = generateEntityId(Address.idPrefix);
  await repo.insert({ ...fields, id, customer_id: null, metadata: fields.metadata ?? null } as never);
  return id;
}
