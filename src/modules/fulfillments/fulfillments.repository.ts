import type { EntityManager } from 'typeorm';

/** An order line's counters, as fulfilment reads them under the order's row lock. */
export interface OrderLineCounts {
  id: string;
  title: string;
  quantity: number;
  fulfilled_quantity: number | null;
  shipped_quantity: number | null;
  /** The shipping profile of the line's product (null for a custom line). */
  profile_id: string | null;
}

/** The lines of an order (its own, not a swap's or claim's) with their counters and product profile, in creation order. */
export async function orderLineCounts(manager: EntityManager, orderId: string): Promise<OrderLineCounts[]> {
  return (await manager.query(
    `SELECT li.id, li.title, li.quantity, li.fulfilled_quantity, li.shipped_quantity, p.profile_id
       FROM line_item li
       LEFT JOIN product_variant v ON v.id = li.variant_id
       LEFT JOIN product p ON p.id = v.product_id
      WHERE li.order_id = $1
      ORDER BY li.created_at, li.id`,
    [orderId],
  )) as OrderLineCounts[];
}

/**
 * Adds `quantity` to each line's fulfilled quantity in one statement, only where the sum
 * stays within the line's quantity. Resolves with the number of lines moved: fewer than
 * asked means one would have gone beyond its quantity (the caller rolls back).
 */
export async function addFulfilledQuantities(
  manager: EntityManager,
  orderId: string,
  lines: ReadonlyArray<{ item_id: string; quantity: number }>,
): Promise<number> {
  const [, count] = (await manager.query(
    `UPDATE line_item li SET fulfilled_quantity = COALESCE(li.fulfilled_quantity, 0) + x.quantity, updated_at = now()
       FROM unnest($2::varchar[], $3::int[]) AS x(item_id, quantity)
      WHERE li.id = x.item_id AND li.order_id = $1 AND COALESCE(li.fulfilled_quantity, 0) + x.quantity <= li.quantity`,
    [orderId, lines.map((l) => l.item_id), lines.map((l) => l.quantity)],
  )) as [unknown[], number];
  return count;
}

/** Takes a canceled fulfilment's units off its lines' fulfilled quantities (never below what is shipped, nor below 0). */
export async function removeFulfilledQuantities(manager: EntityManager, fulfillmentId: string): Promise<void> {
  await manager.query(
    `UPDATE line_item li SET fulfilled_quantity = GREATEST(COALESCE(li.fulfilled_quantity, 0) - fi.quantity, COALESCE(li.shipped_quantity, 0), 0), updated_at = now()
       FROM fulfillment_item fi
      WHERE fi.fulfillment_id = $1 AND li.id = fi.item_id`,
    [fulfillmentId],
  );
}

/**
 * Adds a shipped fulfilment's units to its lines' shipped quantities, only where they stay
 * within the fulfilled quantities. Resolves with the number of lines moved.
 */
export async function addShippedQuantities(manager: EntityManager, fulfillmentId: string): Promise<number> {
  const [, count] = (await manager.query(
    `UPDATE line_item li SET shipped_quantity = COALESCE(li.shipped_quantity, 0) + fi.quantity, updated_at = now()
       FROM fulfillment_item fi
      WHERE fi.fulfillment_id = $1 AND li.id = fi.item_id AND COALESCE(li.shipped_quantity, 0) + fi.quantity <= COALESCE(li.fulfilled_quantity, 0)`,
    [fulfillmentId],
  )) as [unknown[], number];
  return count;
}

/** Marks a fulfilment shipped unless it is shipped or canceled already. True when this call shipped it. */
export async function markShipped(manager: EntityManager, fulfillmentId: string, noNotification: boolean | undefined): Promise<boolean> {
  const [, count] = (await manager.query(
    `UPDATE fulfillment SET shipped_at = now(), no_notification = COALESCE($2, no_notification), updated_at = now()
      WHERE id = $1 AND shipped_at IS NULL AND canceled_at IS NULL`,
    [fulfillmentId, noNotification ?? null],
  )) as [unknown[], number];
  return count > 0;
}

/** Marks a fulfilment canceled unless it is canceled or shipped already. True when this call canceled it. */
export async function markCanceled(manager: EntityManager, fulfillmentId: string): Promise<boolean> {
  const [, count] = (await manager.query(
    `UPDATE fulfillment SET canceled_at = now(), updated_at = now() WHERE id = $1 AND canceled_at IS NULL AND shipped_at IS NULL`,
    [fulfillmentId],
  )) as [unknown[], number];
  return count > 0;
}
