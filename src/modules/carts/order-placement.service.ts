import { Injectable } from '@nestjs/common';
import { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import type { Totals } from '../../common/money';
import { generateEntityId } from '../../common/database/ids';
import { insertEntities } from '../../common/database/row-writes';
import { GiftCard } from '../gift-cards/gift-card.entity';
import { generateGiftCardCode } from '../gift-cards/gift-card-code';
import { Order } from '../orders/order.entity';
import { ShippingMethodTaxLine } from '../shipping/shipping-method.entities';
import type { TaxLinesResult } from '../taxes/tax-provider.interface';
import type { Cart } from './cart.entity';
import { LineItemTaxLine } from './line-item-tax-line.entity';

const GIFT_CARD_CODE_ATTEMPTS = 5;

/**
 * The writes that turn a locked, validated cart into an order, inside the completion
 * transaction. Nothing here checks limits: CartCompletionService does that first.
 */
@Injectable()
export class OrderPlacementService {
  /**
   * Inserts the order row with the frozen totals snapshot (order semantics: tax_total
   * excludes the tax covered by gift cards). The unique index on order.cart_id is the
   * last line of defence against a second order for the cart.
   */
  async insertOrder(cart: Cart, totals: Totals, manager: EntityManager): Promise<Order> {
    const repo = manager.getRepository(Order);
    const order = repo.create({
      status: 'pending',
      fulfillment_status: 'not_fulfilled',
      payment_status: 'awaiting',
      cart_id: cart.id,
      customer_id: cart.customer_id!,
      email: cart.email!,
      billing_address_id: cart.billing_address_id,
      shipping_address_id: cart.shipping_address_id,
      region_id: cart.region_id,
      currency_code: cart.region!.currency_code,
      tax_rate: null,
      draft_order_id: null,
      sales_channel_id: cart.sales_channel_id,
      no_notification: null,
      idempotency_key: cart.idempotency_key,
      external_id: null,
      canceled_at: null,
      metadata: cart.metadata ?? {},
      subtotal: totals.subtotal,
      discount_total: totals.discount_total,
      shipping_total: totals.shipping_total,
      shipping_tax_total: totals.shipping_tax_total,
      item_tax_total: totals.item_tax_total,
      tax_total: totals.item_tax_total + totals.shipping_tax_total - totals.gift_card_tax_total,
      gift_card_total: totals.gift_card_total,
      gift_card_tax_total: totals.gift_card_tax_total,
      total: totals.total,
    });
    await insertEntities(manager, Order, [order]);
    return order;
  }

  /**
   * Persists the tax lines the totals used, one per (line, code), replacing any stale ones
   * (the cart was loaded with its tax lines: the DELETEs run only when it had some). One
   * INSERT statement for all of them.
   */
  async persistTaxLines(cart: Cart, taxLines: TaxLinesResult, manager: EntityManager): Promise<void> {
    const items = cart.items ?? [];
    const methods = cart.shipping_methods ?? [];
    const stale = (lines: Array<{ tax_lines?: unknown[] }>) => lines.some((l) => l.tax_lines === undefined || l.tax_lines.length > 0);
    if (items.length && stale(items)) {
      await manager.query('DELETE FROM line_item_tax_line WHERE item_id = ANY($1::varchar[])', [items.map((i) => i.id)]);
    }
    if (methods.length && stale(methods)) {
      await manager.query('DELETE FROM shipping_method_tax_line WHERE shipping_method_id = ANY($1::varchar[])', [methods.map((m) => m.id)]);
    }
    const itemRows = taxLineRows(
      items.map((i) => [i.id, taxLines.items[i.id] ?? []]),
      LineItemTaxLine.idPrefix,
    );
    const methodRows = taxLineRows(
      methods.map((m) => [m.id, taxLines.shipping_methods[m.id] ?? []]),
      ShippingMethodTaxLine.idPrefix,
    );
    if (itemRows.length === 0 && methodRows.length === 0) return;
    // Both kinds in one statement (distinct tables, so the two inserts cannot interfere).
    await manager.query(
      `WITH item_lines AS (
         INSERT INTO line_item_tax_line (id, item_id, rate, name, code, metadata)
         SELECT id, owner, rate, name, code, NULL FROM unnest($1::varchar[], $2::varchar[], $3::real[], $4::varchar[], $5::varchar[]) AS t(id, owner, rate, name, code))
       INSERT INTO shipping_method_tax_line (id, shipping_method_id, rate, name, code, metadata)
       SELECT id, owner, rate, name, code, NULL FROM unnest($6::varchar[], $7::varchar[], $8::real[], $9::varchar[], $10::varchar[]) AS t(id, owner, rate, name, code)`,
      [...columnsOf(itemRows), ...columnsOf(methodRows)],
    );
  }

  /**
   * Links the cart's lines, shipping methods, discounts and gift cards to the order and
   * closes the cart with `closing` (completed_at, payment...), in one statement: the
   * last write of a completion.
   */
  async attachCartContents(
    cart: Cart,
    order: Order,
    closing: { completed_at: Date; payment_authorized_at: Date; payment_id: string | null; idempotency_key: string; email: string },
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `WITH items AS (UPDATE line_item SET order_id = $2 WHERE cart_id = $1),
            methods AS (UPDATE shipping_method SET order_id = $2 WHERE cart_id = $1),
            discounts AS (INSERT INTO order_discounts (order_id, discount_id) SELECT $2, discount_id FROM cart_discounts WHERE cart_id = $1),
            gift_cards AS (INSERT INTO order_gift_cards (order_id, gift_card_id) SELECT $2, gift_card_id FROM cart_gift_cards WHERE cart_id = $1)
       UPDATE cart SET completed_at = $3, payment_authorized_at = $4, payment_id = $5, idempotency_key = $6, email = $7, updated_at = now()
        WHERE id = $1`,
      [cart.id, order.id, closing.completed_at, closing.payment_authorized_at, closing.payment_id, closing.idempotency_key, closing.email],
    );
  }

  /**
   * One gift card per unit of every gift-card line bought (as Medusa v1): value = balance
   * = the line's tax-exclusive unit amount; tax rate = the line's summed tax rates, or null
   * when the region's gift cards are not taxable or the line had no tax.
   */
  async issuePurchasedGiftCards(cart: Cart, order: Order, totals: Totals, taxLines: TaxLinesResult, manager: EntityManager): Promise<void> {
    for (const item of (cart.items ?? []).filter((i) => i.is_giftcard)) {
      const value = Math.round(totals.items[item.id].subtotal / item.quantity);
      const lines = taxLines.items[item.id] ?? [];
      const taxRate = cart.region!.gift_cards_taxable && lines.length ? lines.reduce((sum, l) => sum + l.rate, 0) : null;
      for (let unit = 0; unit < item.quantity; unit++) {
        await this.insertGiftCard(
          {
            value,
            balance: value,
            region_id: order.region_id,
            order_id: order.id,
            is_disabled: false,
            ends_at: null,
            tax_rate: taxRate,
            metadata: item.metadata,
          },
          manager,
        );
      }
    }
  }

  /** Inserts with a fresh random code, drawing again on the (unlikely) collision. */
  private async insertGiftCard(fields: Partial<GiftCard>, manager: EntityManager): Promise<void> {
    for (let attempt = 0; attempt < GIFT_CARD_CODE_ATTEMPTS; attempt++) {
      const result = await manager
        .createQueryBuilder()
        .insert()
        .into(GiftCard)
        .values({ ...fields, id: generateEntityId(GiftCard.idPrefix), code: generateGiftCardCode() } as QueryDeepPartialEntity<GiftCard>)
        .orIgnore()
        .returning(['id'])
        .execute();
      if ((result.raw as unknown[]).length > 0) return;
    }
    throw new Error('Could not generate a unique gift card code');
  }
}

interface TaxLineRow {
  id: string;
  owner: string;
  rate: number;
  name: string;
  code: string | null;
}

/** One row per (owner, tax line), in owner order, each with a fresh id. */
function taxLineRows(owners: Array<[string, readonly { rate: number; name: string; code: string | null }[]]>, idPrefix: string): TaxLineRow[] {
  return owners.flatMap(([owner, lines]) =>
    lines.map((line) => ({ id: generateEntityId(idPrefix), owner, rate: line.rate, name: line.name, code: line.code })),
  );
}

/** The rows as the five parallel arrays the unnest() of persistTaxLines takes. */
function columnsOf(rows: TaxLineRow[]): unknown[] {
  return [rows.map((r) => r.id), rows.map((r) => r.owner), rows.map((r) => r.rate), rows.map((r) => r.name), rows.map((r) => r.code)];
}
