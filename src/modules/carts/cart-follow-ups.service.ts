import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { SYSTEM_PAYMENT_PROVIDER_ID } from '../payments/payment-provider.registry';
import { isFreeShipping } from '../discounts/engine';
import type { EngineDiscount } from '../discounts/engine';
import type { PaymentSession } from '../payments/payment-session.entity';
import { PaymentCart, PaymentSessionsService } from '../payments/payment-sessions.service';
import type { Cart } from './cart.entity';
import { CartDiscountsService } from './cart-discounts.service';
import { CartLoaderService } from './cart-loader.service';
import { CART_TOTALS_RELATIONS, CartTotalsService } from './cart-totals.service';
import { CartChangeState, cartHasPaymentSessions, dropDerivedRowsAfterCartChange, NewLineRow } from './carts.repository';

/** What payment sessions read of a cart (the same set as completion's, so one prepared statement serves both). */
export const PAYMENT_CART_RELATIONS = [...CART_TOTALS_RELATIONS, 'region.payment_providers', 'payment_sessions'];

/**
 * The follow-ups of an item change, handed to LineItemsService.add: a new line is
 * inserted by the follow-ups statement itself (one round trip); a merged line's UPDATE
 * cannot share it (the follow-ups update that very row), so it runs them after.
 */
export interface ItemsChangedFollowUps {
  insertLine(cart: Cart, line: NewLineRow, manager: EntityManager): Promise<void>;
  run(cart: Cart, manager: EntityManager): Promise<void>;
}

/**
 * What has to follow a cart change, inside the same transaction (cart row locked):
 * item changes drop the shipping methods (their requirements depend on the items, as in
 * Medusa v1) and rebuild the discount adjustments; any change of the total makes the
 * existing payment sessions follow the new amount.
 */
@Injectable()
export class CartFollowUpsService {
  constructor(
    private readonly loader: CartLoaderService,
    private readonly totals: CartTotalsService,
    private readonly discounts: CartDiscountsService,
    private readonly paymentSessions: PaymentSessionsService,
  ) {}

  /** After lines were added, changed or removed. */
  afterItemsChanged(cart: Cart, manager: EntityManager): Promise<void> {
    return this.afterCartChanged(cart, manager, { itemsChanged: true });
  }

  /**
   * The follow-ups of an item change, to run in the write's own statement where it can
   * (dropDerivedRowsAfterCartChange says why a new line's INSERT can share it).
   */
  readonly itemsChanged: ItemsChangedFollowUps = {
    insertLine: async (cart, line, manager) => {
      const state = await dropDerivedRowsAfterCartChange(manager, { cartId: cart.id, itemsChanged: true, insertLine: line });
      await this.continueAfterCartChanged(cart, manager, state, {});
    },
    run: (cart, manager) => this.afterItemsChanged(cart, manager),
  };

  /**
   * Everything that follows a cart change, with the fixed part in ONE statement: the
   * shipping methods dropped (when items changed), the discount adjustments dropped, and
   * whether the cart has a regular discount and payment sessions. Then, only when needed,
   * the adjustments are rebuilt (engine allocation) and the sessions follow the new total.
   * `discounts`: the cart's discounts when the caller has just written them.
   * `refreshSessions: false` when the caller has just dropped the sessions (region change).
   */
  async afterCartChanged(
    cart: Cart,
    manager: EntityManager,
    options: { itemsChanged?: boolean; discounts?: readonly EngineDiscount[]; refreshSessions?: boolean } = {},
  ): Promise<void> {
    const state = await dropDerivedRowsAfterCartChange(manager, { cartId: cart.id, itemsChanged: options.itemsChanged === true });
    await this.continueAfterCartChanged(cart, manager, state, options);
  }

  /** What follows the fixed follow-ups statement, given what it answered. */
  private async continueAfterCartChanged(
    cart: Cart,
    manager: EntityManager,
    state: CartChangeState,
    options: { discounts?: readonly EngineDiscount[]; refreshSessions?: boolean },
  ): Promise<void> {
    // Refused (and rolled back) rather than answered with a 500 by the totals.
    if (!state.region_live) throw ApiError.notFound(`Region with id: ${cart.region_id} was not found`);
    const regular = options.discounts ? options.discounts.find((d) => !isFreeShipping(d)) : undefined;
    if (regular || (!options.discounts && state.has_regular_discount)) await this.discounts.insertAdjustments(cart.id, regular, manager);
    if (options.refreshSessions !== false && state.has_sessions) {
      const { paymentCart, sessions } = await this.paymentCartWithSessions(cart.id, manager);
      await this.paymentSessions.refreshAfterCartChange(paymentCart, manager, sessions);
    }
  }

  /** Existing payment sessions follow the cart's new total; a cart without sessions costs one cheap query. */
  async refreshPaymentSessions(cart: Cart, manager: EntityManager): Promise<void> {
    if (!(await cartHasPaymentSessions(manager, cart.id))) return;
    const { paymentCart, sessions } = await this.paymentCartWithSessions(cart.id, manager);
    await this.paymentSessions.refreshAfterCartChange(paymentCart, manager, sessions);
  }

  /**
   * The cart as payment sessions see it: its total with taxes forced and the providers it
   * may use: its region's, plus `system` for a draft order's cart (an admin marking the
   * order paid). Shoppers never get `system` unless their region lists it.
   */
  async paymentCart(cartId: string, manager: EntityManager): Promise<PaymentCart> {
    return (await this.paymentCartWithSessions(cartId, manager)).paymentCart;
  }

  /** The payment view of a cart already loaded with PAYMENT_CART_RELATIONS (or more). */
  async paymentCartOf(cart: Cart): Promise<PaymentCart> {
    const { totals } = await this.totals.calculate(cart, { forceTaxes: true });
    return toPaymentCart(cart, totals.total);
  }

  /** paymentCart, with the cart's sessions read by the same query (ordered by creation). */
  async paymentCartWithSessions(cartId: string, manager: EntityManager): Promise<{ paymentCart: PaymentCart; sessions: PaymentSession[] }> {
    const cart = await this.loader.load(cartId, PAYMENT_CART_RELATIONS, manager);
    return { paymentCart: await this.paymentCartOf(cart), sessions: cart.payment_sessions ?? [] };
  }
}

/**
 * The payment view of a cart loaded with CART_TOTALS_RELATIONS and `region.payment_providers`,
 * for a caller that already has its total (taxes forced): no second load.
 */
export function toPaymentCart(cart: Cart, total: number): PaymentCart {
  return {
    id: cart.id,
    email: cart.email,
    customer_id: cart.customer_id,
    currency_code: cart.region!.currency_code,
    total,
    provider_ids: [
      ...new Set([...(cart.region!.payment_providers ?? []).map((p) => p.id), ...(cart.type === 'draft_order' ? [SYSTEM_PAYMENT_PROVIDER_ID] : [])]),
    ].sort(),
  };
}
