import { calculateOrderTotals } from '../../orders/order-totals';
import type { Order } from '../../orders/order.entity';
import type { GiftCardTransaction } from '../../gift-cards/gift-card-transaction.entity';
import { requireColumns, type ImportKind, type QueryFn, type Row } from '../import-kind';

/**
 * Orders and draft orders. This service stores an order's totals as a snapshot taken when
 * it is placed; Medusa computed them on every read, so they are computed once here from
 * the imported lines, shipping, adjustments, tax lines, gift card transactions and payments.
 */
export function orderKinds(importedOrders: string[]): ImportKind[] {
  return [
    {
      name: 'orders',
      target: 'order',
      source: 'order',
      key: ['id'],
      columns: [
        'id',
        'created_at',
        'updated_at',
        'status',
        'fulfillment_status',
        'payment_status',
        'display_id',
        'cart_id',
        'customer_id',
        'email',
        'billing_address_id',
        'shipping_address_id',
        'region_id',
        'currency_code',
        'tax_rate',
        'draft_order_id',
        'sales_channel_id',
        'canceled_at',
        'no_notification',
        'idempotency_key',
        'external_id',
        'metadata',
      ],
      expressions: {
        status: 's.status::text',
        fulfillment_status: 's.fulfillment_status::text',
        payment_status: 's.payment_status::text',
        currency_code: 'lower(s.currency_code)',
      },
      // The draft order points at its order and the order back at it.
      deferred: ['draft_order_id'],
      check: requireColumns('customer_id', 'email', 'region_id', 'currency_code'),
      written: (rows) => rows.forEach((r) => importedOrders.push(String(r.id))),
    },
    {
      name: 'draft orders',
      target: 'draft_order',
      source: 'draft_order',
      key: ['id'],
      columns: [
        'id',
        'created_at',
        'updated_at',
        'status',
        'display_id',
        'cart_id',
        'order_id',
        'canceled_at',
        'completed_at',
        'no_notification_order',
        'idempotency_key',
        'metadata',
      ],
      expressions: { status: 's.status::text' },
      check: requireColumns('cart_id'),
    },
  ];
}

/** Keeps display numbers counting on from the shop's last order and draft order. */
export async function advanceDisplayIds(query: QueryFn): Promise<void> {
  for (const table of ['order', 'draft_order']) {
    await query(
      `SELECT setval(pg_get_serial_sequence('"${table}"', 'display_id'), m) FROM (SELECT max(display_id) AS m FROM "${table}") x WHERE m IS NOT NULL`,
    );
  }
}

const group = (rows: Row[], key: string): Map<string, Row[]> => {
  const map = new Map<string, Row[]>();
  for (const row of rows) {
    const k = String(row[key]);
    if (!map.has(k)) map.set(k, []);
    map.get(k)!.push(row);
  }
  return map;
};

/** Computes and stores the totals snapshot of the given orders, in batches. */
export async function storeOrderTotals(query: QueryFn, ids: string[], log: (line: string) => void, batchSize = 500): Promise<void> {
  for (let i = 0; i < ids.length; i += batchSize) {
    const batch = ids.slice(i, i + batchSize);
    // One connection (the run's transaction): the reads go one after another.
    const reads: Array<[string, unknown[]]> = [
      [
        `SELECT o.id, o.currency_code, r.tax_rate, r.includes_tax, r.gift_cards_taxable FROM "order" o JOIN region r ON r.id = o.region_id WHERE o.id = ANY($1)`,
        [batch],
      ],
      [`SELECT id, order_id, unit_price, quantity, returned_quantity, includes_tax, is_giftcard FROM line_item WHERE order_id = ANY($1)`, [batch]],
      [
        `SELECT a.item_id, a.amount::float8 AS amount, a.discount_id FROM line_item_adjustment a JOIN line_item li ON li.id = a.item_id WHERE li.order_id = ANY($1)`,
        [batch],
      ],
      [`SELECT t.item_id, t.rate, t.name, t.code FROM line_item_tax_line t JOIN line_item li ON li.id = t.item_id WHERE li.order_id = ANY($1)`, [batch]],
      [`SELECT id, order_id, price, includes_tax FROM shipping_method WHERE order_id = ANY($1)`, [batch]],
      [
        `SELECT t.shipping_method_id, t.rate, t.name, t.code FROM shipping_method_tax_line t JOIN shipping_method m ON m.id = t.shipping_method_id WHERE m.order_id = ANY($1)`,
        [batch],
      ],
      [`SELECT order_id, gift_card_id, amount, tax_rate, is_taxable FROM gift_card_transaction WHERE order_id = ANY($1)`, [batch]],
      [`SELECT order_id, amount, amount_refunded, canceled_at FROM payment WHERE order_id = ANY($1)`, [batch]],
      [
        `SELECT DISTINCT od.order_id FROM order_discounts od JOIN discount d ON d.id = od.discount_id JOIN discount_rule r ON r.id = d.rule_id
          WHERE r.type = 'free_shipping' AND od.order_id = ANY($1)`,
        [batch],
      ],
    ];
    const results: Row[][] = [];
    for (const [sql, params] of reads) results.push(await query(sql, params));
    const [orders, items, adjustments, itemTaxLines, methods, methodTaxLines, transactions, payments, freeShipping] = results;
    const itemsBy = group(items, 'order_id');
    const adjustmentsBy = group(adjustments, 'item_id');
    const itemTaxBy = group(itemTaxLines, 'item_id');
    const methodsBy = group(methods, 'order_id');
    const methodTaxBy = group(methodTaxLines, 'shipping_method_id');
    const transactionsBy = group(transactions, 'order_id');
    const paymentsBy = group(payments, 'order_id');
    const free = new Set(freeShipping.map((r) => String(r.order_id)));
    const updates = orders.map((o) => {
      const id = String(o.id);
      const order = {
        id,
        currency_code: o.currency_code,
        region: { tax_rate: o.tax_rate, includes_tax: o.includes_tax, gift_cards_taxable: o.gift_cards_taxable },
        items: (itemsBy.get(id) ?? []).map((item) => ({
          ...item,
          adjustments: adjustmentsBy.get(String(item.id)) ?? [],
          tax_lines: itemTaxBy.get(String(item.id)) ?? [],
        })),
        shipping_methods: (methodsBy.get(id) ?? []).map((m) => ({ ...m, tax_lines: methodTaxBy.get(String(m.id)) ?? [] })),
        payments: paymentsBy.get(id) ?? [],
      } as unknown as Order;
      const t = calculateOrderTotals(order, (transactionsBy.get(id) ?? []) as unknown as GiftCardTransaction[], free.has(id));
      return {
        id,
        subtotal: t.subtotal,
        discount_total: t.discount_total,
        shipping_total: t.shipping_total,
        shipping_tax_total: t.shipping_tax_total,
        item_tax_total: t.item_tax_total,
        // Order semantics, as when an order is placed here: the tax gift cards paid is not owed.
        tax_total: t.item_tax_total + t.shipping_tax_total - t.gift_card_tax_total,
        gift_card_total: t.gift_card_total,
        gift_card_tax_total: t.gift_card_tax_total,
        total: t.total,
      };
    });
    await query(
      `UPDATE "order" o SET subtotal = v.subtotal, discount_total = v.discount_total, shipping_total = v.shipping_total,
              shipping_tax_total = v.shipping_tax_total, item_tax_total = v.item_tax_total, tax_total = v.tax_total,
              gift_card_total = v.gift_card_total, gift_card_tax_total = v.gift_card_tax_total, total = v.total
         FROM json_populate_recordset(NULL::"order", $1::json) v WHERE o.id = v.id`,
      [JSON.stringify(updates)],
    );
    if (ids.length > batchSize) log(`  order totals: ${Math.min(i + batchSize, ids.length)} of ${ids.length}`);
  }
}
