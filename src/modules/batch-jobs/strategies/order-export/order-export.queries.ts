import type { EntityManager } from 'typeorm';
import { keysetPage, PageKey } from '../csv-export/csv-export-pages';
import type { ExportOrder } from './order-export.csv';
import { orderFilterSql, StoredOrderFilters } from './order-filter.sql';

export async function countOrders(manager: EntityManager, filters: StoredOrderFilters): Promise<number> {
  const params: unknown[] = [];
  const [row] = await manager.query(`SELECT count(*)::int AS count FROM "order" o WHERE ${orderFilterSql(filters, params)}`, params);
  return row.count;
}

export async function nextOrderPage(
  manager: EntityManager,
  filters: StoredOrderFilters,
  direction: 'ASC' | 'DESC',
  after: PageKey | null,
  take: number,
  skip: number,
): Promise<PageKey[]> {
  const params: unknown[] = [];
  const where = orderFilterSql(filters, params);
  return keysetPage(manager, { from: '"order" o', where, params, column: 'o.created_at', timestamp: true, direction }, after, take, skip);
}

/**
 * The page's orders with their customer, shipping address and sales channel, and the
 * refunded total (what the order's payments refunded), in the given order. Totals are the
 * order's frozen snapshot columns.
 */
export async function loadOrders(manager: EntityManager, ids: string[]): Promise<ExportOrder[]> {
  if (ids.length === 0) return [];
  const rows: ExportOrder[] = await manager.query(
    `SELECT o.id, o.display_id, o.status, o.created_at, o.fulfillment_status, o.payment_status, o.subtotal, o.shipping_total,
            o.discount_total, o.gift_card_total, o.tax_total, o.total, o.currency_code, o.region_id,
            COALESCE((SELECT sum(p.amount_refunded) FROM payment p WHERE p.order_id = o.id), 0)::int AS refunded_total,
            c.first_name AS customer_first_name, c.last_name AS customer_last_name, c.email AS customer_email, c.id AS customer_id,
            a.address_1, a.address_2, a.country_code, a.city, a.postal_code,
            sc.name AS sales_channel_name, sc.description AS sales_channel_description
       FROM "order" o
       LEFT JOIN customer c ON c.id = o.customer_id
       LEFT JOIN address a ON a.id = o.shipping_address_id
       LEFT JOIN sales_channel sc ON sc.id = o.sales_channel_id
      WHERE o.id = ANY($1::varchar[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((o): o is ExportOrder => !!o);
}
