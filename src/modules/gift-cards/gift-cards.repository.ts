import type { EntityManager } from 'typeorm';

/** Gift cards bought with one order line: `count` cards of `value` each. */
export interface PurchasedCardsLine {
  count: number;
  value: number;
  tax_rate: number | null;
  metadata: Record<string, unknown> | null;
}

/**
 * Inserts the cards `units` describe (their ids and codes; `line` indexes `lines`) for an
 * order, in one statement whatever their number: the values per line are sent once and
 * joined to the units by position. A unit whose code is taken (a live card has it, or
 * another unit drew it too) is skipped, not an error; the ids inserted are returned so
 * the caller can draw again for the rest.
 * Nothing is handed over before it is paid: the cards are created disabled unless the
 * order's payment is captured already (a provider whose authorisation is a capture);
 * `enableCardsPaidFor` enables them when the payment is captured.
 */
export async function insertPurchasedCards(
  manager: EntityManager,
  order: { id: string; regionId: string },
  lines: readonly PurchasedCardsLine[],
  units: ReadonlyArray<{ id: string; code: string; line: number }>,
): Promise<Map<string, boolean>> {
  const rows = (await manager.query(
    `INSERT INTO gift_card (id, code, value, balance, region_id, order_id, is_disabled, ends_at, tax_rate, metadata)
     SELECT u.id, u.code, l.value, l.value, $4, $5,
            NOT EXISTS (SELECT 1 FROM payment p WHERE p.order_id = $5::varchar AND p.captured_at IS NOT NULL), NULL, l.tax_rate, l.metadata
       FROM unnest($1::varchar[], $2::varchar[], $3::int[]) AS u(id, code, line)
       JOIN unnest($6::int[], $7::real[], $8::jsonb[]) WITH ORDINALITY AS l(value, tax_rate, metadata, line) ON l.line = u.line
     ON CONFLICT DO NOTHING
     RETURNING id, is_disabled`,
    [
      units.map((u) => u.id),
      units.map((u) => u.code),
      units.map((u) => u.line + 1),
      order.regionId,
      order.id,
      lines.map((l) => l.value),
      lines.map((l) => l.tax_rate),
      lines.map((l) => (l.metadata === null ? null : JSON.stringify(l.metadata))),
    ],
  )) as Array<{ id: string; is_disabled: boolean }>;
  return new Map(rows.map((r) => [r.id, !r.is_disabled]));
}

/**
 * Enables the cards bought in an order that await its payment (created disabled by
 * insertPurchasedCards), once its payment is captured. Resolves with their ids.
 */
export async function enableCardsPaidFor(manager: EntityManager, orderId: string): Promise<string[]> {
  const [rows] = (await manager.query(
    `UPDATE gift_card SET is_disabled = false, updated_at = now() WHERE order_id = $1 AND is_disabled AND balance = value AND deleted_at IS NULL RETURNING id`,
    [orderId],
  )) as [Array<{ id: string }>, number];
  return rows.map((r) => r.id);
}

/** A card bought in an order, as its buyer's mail shows it. */
export interface PurchasedCardView {
  code: string;
  value: number;
  balance: number;
}

/**
 * The first `limit` cards bought in an order (in their code order) and how many it has in
 * all, in one statement: the count is taken over every row before the limit applies, so a
 * mail of an order of ten thousand cards reads `limit` rows, never all of them.
 */
export async function firstCardsOfOrder(manager: EntityManager, orderId: string, limit: number): Promise<{ cards: PurchasedCardView[]; total: number }> {
  const rows = (await manager.query(
    `SELECT code, value, balance, count(*) OVER ()::int AS total FROM gift_card WHERE order_id = $1 AND deleted_at IS NULL ORDER BY code LIMIT $2`,
    [orderId, limit],
  )) as Array<PurchasedCardView & { total: number }>;
  return { cards: rows.map(({ code, value, balance }) => ({ code, value, balance })), total: rows[0]?.total ?? 0 };
}
