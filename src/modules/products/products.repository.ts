import { EntityManager, In, IsNull } from 'typeorm';
import { Product } from './product.entity';

/**
 * Takes `quantity` off a variant's stock with one conditional UPDATE: unmanaged variants
 * are left alone, backorderable ones may go below zero, others need the stock. False (and
 * nothing written) on a shortfall. Locks the variant row until the transaction ends.
 */
export async function reserveStock(manager: EntityManager, variantId: string, quantity: number): Promise<boolean> {
  // pg answers an UPDATE with [returned rows, row count].
  const [updated] = (await manager.query(
    `UPDATE product_variant
        SET inventory_quantity = CASE WHEN manage_inventory THEN inventory_quantity - $2 ELSE inventory_quantity END
      WHERE id = $1 AND (NOT manage_inventory OR allow_backorder OR inventory_quantity >= $2)
    RETURNING id`,
    [variantId, quantity],
  )) as [unknown[], number];
  return updated.length > 0;
}

/** Moves live products into a collection (out of any other); ids naming no live product are ignored. */
export async function moveProductsIntoCollection(manager: EntityManager, collectionId: string, productIds: readonly string[]): Promise<void> {
  await manager.getRepository(Product).update({ id: In([...productIds]), deleted_at: IsNull() }, { collection_id: collectionId });
}

/** Takes products out of a collection: the given ones, or every product in it. */
export async function takeProductsOutOfCollection(manager: EntityManager, collectionId: string, productIds?: readonly string[]): Promise<void> {
  const where = productIds ? { id: In([...productIds]), collection_id: collectionId } : { collection_id: collectionId };
  await manager.getRepository(Product).update(where, { collection_id: null });
}

/**
 * Moves live products into a shipping profile (out of their previous one: the
 * product_shipping_profile trigger follows `profile_id`); ids naming no live product are ignored.
 */
export async function moveProductsIntoShippingProfile(manager: EntityManager, profileId: string, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await manager.getRepository(Product).update({ id: In([...productIds]), deleted_at: IsNull() }, { profile_id: profileId });
}
