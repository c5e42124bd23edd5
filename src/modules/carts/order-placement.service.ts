import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { Totals } from '../../common/money';
import { GiftCardsService } from '../gift-cards/gift-cards.service';
import { Order } from '../orders/order.entity';
import { insertOrderFromCart } from '../orders/orders.repository';
import type { TaxLinesResult } from '../taxes/tax-provider.interface';
import type { EventToEmit } from '../events/outbox';
import type { Cart } from './cart.entity';
import { closeCartIntoOrder, replaceTaxLines, TaxLineToStore } from './cart-completion.repository';

/**
 * The writes that turn a locked, validated cart into an order, inside the completion
 * transaction. Nothing here checks limits: CartCompletionService does that first.
 */
@Injectable()
export class OrderPlacementService {
  constructor(private readonly giftCards: GiftCardsService) {}

  /**
   * Inserts the order row with the frozen totals snapshot (order semantics: tax_total
   * excludes the tax covered by gift cards), linked to the cart's discounts and gift cards.
   * The unique index on order.cart_id is the last line of defence against a second order
   * for the cart.
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
    await insertOrderFromCart(manager, order, cart.id);
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
    await replaceTaxLines(manager, {
      clearItemIds: stale(items) ? items.map((i) => i.id) : [],
      clearMethodIds: stale(methods) ? methods.map((m) => m.id) : [],
      items: taxLinesToStore(items.map((i) => [i.id, taxLines.items[i.id] ?? []])),
      methods: taxLinesToStore(methods.map((m) => [m.id, taxLines.shipping_methods[m.id] ?? []])),
    });
  }

  /**
   * Moves the cart's lines and shipping methods to the order and closes the cart with
   * `closing` (completed_at, payment...), in one statement: the last write of a completion.
   */
  async attachCartContents(
    cart: Cart,
    order: Order,
    closing: { completed_at: Date; payment_authorized_at: Date; payment_id: string | null; idempotency_key: string; email: string },
    events: readonly EventToEmit[],
    manager: EntityManager,
  ): Promise<void> {
    await closeCartIntoOrder(manager, {
      cartId: cart.id,
      orderId: order.id,
      completedAt: closing.completed_at,
      paymentAuthorizedAt: closing.payment_authorized_at,
      paymentId: closing.payment_id,
      idempotencyKey: closing.idempotency_key,
      email: closing.email,
      events,
    });
  }

  /**
   * One gift card per unit of every gift-card line bought (as Medusa v1): value = balance
   * = the line's tax-exclusive unit amount; tax rate = the line's summed tax rates, or null
   * when the region's gift cards are not taxable or the line had no tax. All of them in
   * one statement (GiftCardsService.issueForOrder), none when nothing was a gift card.
   * Resolves with the cards' ids.
   */
  async issuePurchasedGiftCards(cart: Cart, order: Order, totals: Totals, taxLines: TaxLinesResult, manager: EntityManager): Promise<string[]> {
    const lines = (cart.items ?? [])
      .filter((item) => item.is_giftcard && item.quantity > 0)
      .map((item) => {
        const taxes = taxLines.items[item.id] ?? [];
        return {
          count: item.quantity,
          value: Math.round(totals.items[item.id].subtotal / item.quantity),
          tax_rate: cart.region!.gift_cards_taxable && taxes.length ? taxes.reduce((sum, l) => sum + l.rate, 0) : null,
          metadata: item.metadata ?? null,
        };
      });
    return lines.length > 0 ? this.giftCards.issueForOrder(manager, { id: order.id, regionId: order.region_id }, lines) : [];
  }
}

/** One row per (owner, tax line), in owner order. */
function taxLinesToStore(owners: Array<[string, readonly { rate: number; name: string; code: string | null }[]]>): TaxLineToStore[] {
  return owners.flatMap(([owner, lines]) => lines.map((line) => ({ owner, rate: line.rate, name: line.name, code: line.code })));
}
