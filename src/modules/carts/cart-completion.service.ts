import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { updateById } from '../../common/database/row-writes';
import { ApiError } from '../../common/errors/api-error';
import { Customer } from '../customers/customer.entity';
import { GiftCardsService } from '../gift-cards/gift-cards.service';
import type { Order } from '../orders/order.entity';
import { OrdersService } from '../orders/orders.service';
import type { PaymentSession } from '../payments/payment-session.entity';
import { PaymentSessionsService } from '../payments/payment-sessions.service';
import { PaymentsService } from '../payments/payments.service';
import { reserveStock } from '../products/products.repository';
import { Cart } from './cart.entity';
import { CartDiscountsService } from './cart-discounts.service';
import { CartLoaderService } from './cart-loader.service';
import { CartTotalsService } from './cart-totals.service';
import { assertForSale } from './line-item-pricing';
import { OrderPlacementService } from './order-placement.service';
import { PAYMENT_CART_RELATIONS, toPaymentCart } from './payment-cart';

/** The cart became an order (now, or by an earlier completion: then that order). */
export interface PlacedOrder {
  kind: 'placed';
  /** As the store answers a placed order (OrdersService.retrieveAsPlaced). */
  order: Order;
}

/**
 * The payment needs another step from the shopper (`requires_more`, `pending`): nothing of
 * the completion is kept but the session's new status; `cart` is the cart with its totals.
 */
export interface PaymentNeedsMore {
  kind: 'payment_needs_more';
  cart: Cart;
  paymentStatus: string;
}

/** A variant's stock does not cover the cart: nothing is kept. */
export interface OutOfStock {
  kind: 'out_of_stock';
  variantId: string;
}

export type CompletionResult = PlacedOrder | PaymentNeedsMore | OutOfStock;

/**
 * A completion that keeps nothing (PaymentNeedsMore, OutOfStock): thrown out of the
 * transaction the completion runs in, so that everything it wrote rolls back. `keep` are
 * the writes that must survive it, for the caller to run in a fresh transaction after the
 * rollback (a payment session's new status).
 */
export class CompletionRolledBack extends Error {
  constructor(
    public readonly result: PaymentNeedsMore | OutOfStock,
    public readonly keep?: (manager: EntityManager) => Promise<void>,
  ) {
    super(`cart completion rolled back: ${result.kind}`);
  }
}

/**
 * Completing a cart, for POST /store/carts/:id/complete (in the idempotency key's
 * transaction: the key's row lock, then the cart's) and a draft order's payment (in the
 * draft's). Under the cart's row lock, so parallel completions of one cart queue and the
 * later ones find the order. Inside, in lock order cart → discounts → gift
 * cards → variants, every limit is enforced with a conditional UPDATE, never by JS
 * arithmetic on values read earlier:
 *   1. the cart's discounts are re-validated and one use of each consumed (usage_count < usage_limit);
 *   2. the order row is inserted (unique cart_id) with the totals frozen;
 *   3. gift cards are debited what the calculator allocated (balance >= amount);
 *   4. stock is decremented (inventory >= quantity unless backorder or unmanaged);
 *   5. the selected payment session is authorized (last, so a payment is never taken for
 *      an order that cannot be placed).
 * A payment needing more and an inventory shortfall roll everything back
 * (CompletionRolledBack).
 * The built-in providers run in-process; a remote provider's authorize would be the only
 * slow call made while the locks are held.
 */
@Injectable()
export class CartCompletionService {
  constructor(
    private readonly loader: CartLoaderService,
    private readonly totals: CartTotalsService,
    private readonly discounts: CartDiscountsService,
    private readonly giftCards: GiftCardsService,
    private readonly paymentSessions: PaymentSessionsService,
    private readonly payments: PaymentsService,
    private readonly placement: OrderPlacementService,
    private readonly orders: OrdersService,
  ) {}

  /**
   * Completes the cart in the caller's transaction `manager` with the idempotency `key` (recorded on the cart,
   * the order and the payment); `customerId`: the logged-in shopper, who takes a cart
   * without a customer. Throws CompletionRolledBack for a result that keeps nothing.
   */
  async complete(cartId: string, key: string, ctx: { customerId?: string }, manager: EntityManager): Promise<PlacedOrder> {
    const { cart: locked } = await this.loader.lock(cartId, manager);
    if (locked.completed_at) return this.existingOrder(locked, manager);
    await this.attachLoggedInCustomer(locked, ctx.customerId, manager);

    // Everything completion reads of the cart, in one load: its totals' relations, the
    // region's payment providers and the payment sessions (read under the cart lock).
    const cart = await this.loader.load(cartId, PAYMENT_CART_RELATIONS, manager);
    if (!cart.items?.length) throw ApiError.invalid('Cannot create order from empty cart');
    // Read under the cart lock with the items: a product unpublished since it was added is no longer sold.
    for (const item of cart.items) if (item.variant?.product) assertForSale(cart, item.variant.product);
    if (!cart.customer_id) throw ApiError.invalid('Cannot create an order from the cart without a customer');
    // The payment provider sees the cart as stored (before the customer's email fills a missing one).
    const storedEmail = cart.email;
    if (!cart.email) cart.email = (await manager.getRepository(Customer).findOneOrFail({ where: { id: cart.customer_id } })).email;
    cart.idempotency_key = key;
    const { totals, taxLines } = await this.totals.calculate(cart, { forceTaxes: true });

    // The cart was read under its lock with its discounts: without any there is nothing to consume.
    if (cart.discounts?.length !== 0) await this.discounts.consumeForOrder(cart, manager);
    const order = await this.placement.insertOrder(cart, totals, manager);
    const debits = [...totals.gift_card_allocations].filter((allocation) => allocation.amount > 0).sort((a, b) => a.id.localeCompare(b.id));
    for (const allocation of debits) await this.giftCards.debit(allocation.id, allocation.amount, order.id, manager);
    await this.reserveInventory(cart, manager);

    let paymentId: string | null = null;
    if (totals.total > 0) {
      const paymentCart = toPaymentCart({ ...cart, email: storedEmail } as Cart, totals.total);
      const session = await this.paymentSessions.authorize(paymentCart, manager, cart.payment_sessions ?? []);
      if (session.status === 'requires_more' || session.status === 'pending') throw await this.paymentNeedsMore(cart.id, session, manager);
      if (session.status !== 'authorized') throw ApiError.invalid('Cart payment not authorized');
      await this.paymentSessions.saveAuthorization(session, manager);
      const payment = await this.payments.createFromSession(
        session,
        { cart_id: cart.id, order_id: order.id, amount: totals.total, currency_code: cart.region!.currency_code, idempotency_key: key },
        manager,
      );
      paymentId = payment.id;
      if (payment.captured_at) await this.orders.markPaymentCaptured(order.id, manager);
    }

    await this.placement.persistTaxLines(cart, taxLines, manager);
    const giftCardIds = await this.placement.issuePurchasedGiftCards(cart, order, totals, taxLines, manager);
    const now = new Date();
    // Written by the cart's closing statement, whatever the number of cards: gift_card.created per card bought, then order.placed (Medusa's order).
    await this.placement.attachCartContents(
      cart,
      order,
      { completed_at: now, payment_authorized_at: now, payment_id: paymentId, idempotency_key: key, email: cart.email },
      [
        ...giftCardIds.map((id) => ({ name: 'gift_card.created' as const, data: { id } })),
        { name: 'order.placed', data: { id: order.id, no_notification: order.no_notification ?? null } },
      ],
      manager,
    );
    // A new order's only gift card transactions are the debits just made: none, or read back.
    const known = debits.length === 0 ? { giftCardTransactions: [] } : {};
    return { kind: 'placed', order: await this.orders.retrieveAsPlaced(order.id, manager, known) };
  }

  /** Completing a completed cart answers its order (or 409 when the cart completed into something else). */
  private async existingOrder(cart: Cart, manager: EntityManager): Promise<PlacedOrder> {
    const orderId = await this.orders.findIdByCart(cart.id, manager);
    if (!orderId) throw ApiError.conflict('The cart has already been completed', 'cart_completed');
    return { kind: 'placed', order: await this.orders.retrieveAsPlaced(orderId, manager) };
  }

  /** A customer-less cart takes the logged-in customer; a cart with a customer keeps it. */
  private async attachLoggedInCustomer(cart: Cart, customerId: string | undefined, manager: EntityManager): Promise<void> {
    if (cart.customer_id || !customerId) return;
    const customer = await manager.getRepository(Customer).findOne({ where: { id: customerId } });
    if (!customer) return;
    await updateById(manager, Cart, cart.id, { customer_id: customer.id, email: cart.email ?? customer.email });
  }

  /**
   * Decrements stock for every variant line, in variant id order (the fixed lock order),
   * one conditional UPDATE per variant (reserveStock; Medusa v1 also decremented unmanaged
   * variants).
   * A shortfall rolls the completion back (OutOfStock).
   */
  private async reserveInventory(cart: Cart, manager: EntityManager): Promise<void> {
    const quantities = new Map<string, number>();
    for (const item of cart.items ?? []) {
      if (item.variant_id) quantities.set(item.variant_id, (quantities.get(item.variant_id) ?? 0) + item.quantity);
    }
    for (const variantId of [...quantities.keys()].sort()) {
      const quantity = quantities.get(variantId)!;
      if (!(await reserveStock(manager, variantId, quantity))) {
        throw new CompletionRolledBack({ kind: 'out_of_stock', variantId });
      }
    }
  }

  /**
   * The payment needs another step from the shopper: nothing of the completion is kept
   * except the session's new status; the answer is the cart (with totals) and the status.
   */
  private async paymentNeedsMore(cartId: string, session: PaymentSession, manager: EntityManager): Promise<CompletionRolledBack> {
    const { cart: view } = await this.loader.view(cartId, { forceTaxes: true }, manager);
    for (const s of view.payment_sessions ?? []) if (s.id === session.id) Object.assign(s, { status: session.status, data: session.data });
    const selected = (view.payment_sessions ?? []).find((s) => s.is_selected) ?? null;
    Object.assign(view, { payment_session: selected });
    return new CompletionRolledBack(
      { kind: 'payment_needs_more', cart: view, paymentStatus: session.status },
      // Under the cart lock like every other change to the cart, which also gives the cart
      // row the new version its cached GET answer is checked against.
      async (m) => {
        await this.loader.lock(cartId, m);
        await this.paymentSessions.saveAuthorization(session, m);
      },
    );
  }
}
