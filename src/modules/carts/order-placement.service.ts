import { Injectable } from '@nestjs/common';
import { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import type { Totals } from '../../common/money';
import { generateEntityId } from '../../common/database/ids';
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
    await repo.insert(order as QueryDeepPartialEntity<Order>);
    return order;
  }

  /** Persists the tax lines the totals used, one per (line, code), replacing any stale ones. */
  async persistTaxLines(cart: Cart, taxLines: TaxLinesResult, manager: EntityManager): Promise<void> {
    const itemIds = (cart.items ?? []).map((i) => i.id);
    const methodIds = (cart.shipping_methods ?? []).map((m) => m.id);
    if (itemIds.length) await manager.query('DELETE FROM line_item_tax_line WHERE item_id = ANY($1::varchar[])', [itemIds]);
    if (methodIds.length) await manager.query('DELETE FROM shipping_method_tax_line WHERE shipping_method_id = ANY($1::varchar[])', [methodIds]);
    const itemRepo = manager.getRepository(LineItemTaxLine);
    for (const id of itemIds) {
      for (const line of taxLines.items[id] ?? []) await itemRepo.insert(itemRepo.create({ item_id: id, rate: line.rate, name: line.name, code: line.code, metadata: null }) as QueryDeepPartialEntity<LineItemTaxLine>);
    }
    const methodRepo = manager.getRepository(ShippingMethodTaxLine);
    for (const id of methodIds) {
      for (const line of taxLines.shipping_methods[id] ?? []) {
        await methodRepo.insert(
          methodRepo.create({ shipping_method_id: id, rate: line.rate, name: line.name, code: line.code, metadata: null }) as QueryDeepPartialEntity<ShippingMethodTaxLine>,
        );
      }
    }
  }

  /** Links the cart's lines, shipping methods, discounts and gift cards to the order. */
  async attachCartContents(cart: Cart, order: Order, manager: EntityManager): Promise<void> {
    await manager.query('UPDATE line_item SET order_id = $2 WHERE cart_id = $1', [cart.id, order.id]);
    await manager.query('UPDATE shipping_method SET order_id = $2 WHERE cart_id = $1', [cart.id, order.id]);
    await manager.query('INSERT INTO order_discounts (order_id, discount_id) SELECT $2, discount_id FROM cart_discounts WHERE cart_id = $1', [cart.id, order.id]);
    await manager.query('INSERT INTO order_gift_cards (order_id, gift_card_id) SELECT $2, gift_card_id FROM cart_gift_cards WHERE cart_id = $1', [cart.id, order.id]);
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
          { value, balance: value, region_id: order.region_id, order_id: order.id, is_disabled: false, ends_at: null, tax_rate: taxRate, metadata: item.metadata },
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
