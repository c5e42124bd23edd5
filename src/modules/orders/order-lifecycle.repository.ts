import type { EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { mergeMetadata } from '../../common/database/metadata';
import { Address } from '../customers/address.entity';
import { ShippingMethod } from '../shipping/shipping-method.entities';
import type { ORDER_TOTAL_FIELDS } from './order-totals';
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

/**
 * Adds a shipping method to an order at `price` (no tax lines, as Medusa's route adds it)
 * and removes the order's other methods of the same shipping profile, with their tax lines
 * (Medusa's route tried to and failed on the tax lines' foreign key). Resolves with the new
 * method's id.
 */
export async function replaceOrderShippingMethod(
  manager: EntityManager,
  orderId: string,
  option: { id: string; profile_id: string },
  price: number,
  data: Record<string, unknown>,
): Promise<string> {
  const id = generateEntityId(ShippingMethod.idPrefix);
  await manager.query(
    `WITH replaced AS (
       SELECT sm.id FROM shipping_method sm JOIN shipping_option so ON so.id = sm.shipping_option_id
        WHERE sm.order_id = $1 AND so.profile_id = $2),
     lines AS (DELETE FROM shipping_method_tax_line WHERE shipping_method_id IN (SELECT id FROM replaced))
     DELETE FROM shipping_method WHERE id IN (SELECT id FROM replaced)`,
    [orderId, option.profile_id],
  );
  await manager.query(`INSERT INTO shipping_method (id, shipping_option_id, order_id, price, data, includes_tax) VALUES ($1, $2, $3, $4, $5, false)`, [
    id,
    option.id,
    orderId,
    price,
    JSON.stringify(data),
  ]);
  return id;
}

/** Stores an order's totals snapshot again (after its shipping changed). */
export async function storeOrderTotals(
  manager: EntityManager,
  orderId: string,
  totals: Partial<Record<(typeof ORDER_TOTAL_FIELDS)[number], number>>,
): Promise<void> {
  await manager.getRepository(Order).update(orderId, totals);
}
