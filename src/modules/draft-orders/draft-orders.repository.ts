import type { EntityManager } from 'typeorm';
import { LineItem } from '../carts/line-item.entity';

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

/* ------------------------------------------------------------------ a draft's own writes to its cart */

/** An admin's own title and price on a line of a draft order's cart. */
export async function setLineTitleAndPrice(manager: EntityManager, lineId: string, changes: { title?: string; unit_price?: number }): Promise<void> {
  if (changes.title === undefined && changes.unit_price === undefined) return;
  await manager.getRepository(LineItem).update(lineId, {
    ...(changes.title !== undefined && { title: changes.title }),
    ...(changes.unit_price !== undefined && { unit_price: changes.unit_price }),
  });
}

/** A line without a variant, as draft orders add them: never discounted, always shippable, never merged (Medusa v1). */
export async function insertCustomLine(
  manager: EntityManager,
  cartId: string,
  line: { title: string; unit_price: number; quantity: number; metadata: Record<string, unknown> },
): Promise<string> {
  const repo = manager.getRepository(LineItem);
  const row = repo.create({
    cart_id: cartId,
    order_id: null,
    title: line.title,
    description: null,
    thumbnail: null,
    variant_id: null,
    unit_price: line.unit_price,
    quantity: line.quantity,
    allow_discounts: false,
    has_shipping: true,
    should_merge: false,
    is_giftcard: false,
    includes_tax: false,
    metadata: line.metadata,
  });
  await repo.save(row);
  return row.id;
}
