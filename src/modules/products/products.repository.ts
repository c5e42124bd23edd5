import { EntityManager } from 'typeorm';

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
