import type { EntityManager } from 'typeorm';
import { DraftOrder } from './draft-order.entity';

/**
 * Whether the cart's billing country is one of its region's countries; undefined when the
 * cart has no billing address with a country.
 */
export async function billingCountryInRegion(manager: EntityManager, cartId: string): Promise<boolean | undefined> {
  const [row]: Array<{ in_region: boolean }> = await manager.query(
    `SELECT EXISTS (SELECT 1 FROM country c WHERE c.region_id = cart.region_id AND c.iso_2 = a.country_code) AS in_region
       FROM cart JOIN address a ON a.id = cart.billing_address_id
      WHERE cart.id = $1 AND a.country_code IS NOT NULL`,
    [cartId],
  );
  return row?.in_region;
}

/**
 * The cart's custom price for a shipping option: one row per (option, cart), a second
 * price replacing the first. Nothing is written for an unknown or deleted option.
 */
export async function upsertCustomShippingOption(
  manager: EntityManager,
  option: { id: string; shippingOptionId: string; cartId: string; price: number },
): Promise<void> {
  await manager.query(
    `INSERT INTO custom_shipping_option (id, shipping_option_id, cart_id, price, metadata)
     SELECT $1, so.id, $3, $4, NULL FROM shipping_option so WHERE so.id = $2 AND so.deleted_at IS NULL
     ON CONFLICT (shipping_option_id, cart_id) DO UPDATE SET price = EXCLUDED.price, updated_at = now()`,
    [option.id, option.shippingOptionId, option.cartId, option.price],
  );
}

/** The draft row under its row lock (first lock of a payment or a deletion, before the cart's); undefined when missing. */
export async function lockDraft(manager: EntityManager, id: string): Promise<DraftOrder | undefined> {
  return (await manager.getRepository(DraftOrder).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } })) ?? undefined;
}

/** Marks a locked open draft completed with its order. */
export async function completeDraft(manager: EntityManager, id: string, orderId: string): Promise<void> {
  await manager.getRepository(DraftOrder).update({ id, status: 'open' }, { status: 'completed', order_id: orderId, completed_at: () => 'now()' });
}
