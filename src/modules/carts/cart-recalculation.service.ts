import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { isFreeShipping } from '../discounts/engine';
import type { EngineDiscount } from '../discounts/engine';
import { PaymentSessionsService } from '../payments/payment-sessions.service';
import type { Cart } from './cart.entity';
import { CartDiscountsService } from './cart-discounts.service';
import { CartLoaderService } from './cart-loader.service';
import { cartHasPaymentSessions, dropDerivedRowsAfterCartChange } from './cart-recalculation.repository';
import type { EventToEmit } from '../events/outbox';
import type { NewLineRow } from './line-items.repository';

/**
 * Recalculates the rows a cart change invalidates, inside the same transaction (cart row
 * locked): the discount adjustments are rebuilt, item changes drop the shipping methods
 * (their requirements depend on the items, as in Medusa v1), and any change of the total
 * makes the existing payment sessions follow the new amount.
 */
@Injectable()
export class CartRecalculationService {
  constructor(
    private readonly loader: CartLoaderService,
    private readonly discounts: CartDiscountsService,
    private readonly paymentSessions: PaymentSessionsService,
  ) {}

  /**
   * The recalculation after any cart change, with the fixed part in ONE statement: the
   * shipping methods dropped (when items changed), the discount adjustments dropped, and
   * whether the cart has a regular discount and payment sessions. Then, only when needed,
   * the adjustments are rebuilt (engine allocation) and the sessions follow the new total.
   * `newLine`: a line the caller left for this statement to insert (CartChange.items).
   * `discounts`: the cart's discounts when the caller has just written them.
   * `refreshSessions: false` when the caller has just dropped the sessions (region change).
   */
  async afterCartChanged(
    cart: Cart,
    manager: EntityManager,
    options: {
      itemsChanged?: boolean;
      newLine?: NewLineRow;
      discounts?: readonly EngineDiscount[];
      refreshSessions?: boolean;
      events?: readonly EventToEmit[];
    } = {},
  ): Promise<void> {
    const state = await dropDerivedRowsAfterCartChange(manager, {
      cartId: cart.id,
      itemsChanged: options.itemsChanged === true,
      newLine: options.newLine,
      events: options.events,
    });
    // Refused (and rolled back) rather than answered with a 500 by the totals.
    if (!state.region_live) throw ApiError.notFound(`Region with id: ${cart.region_id} was not found`);
    const regular = options.discounts ? options.discounts.find((d) => !isFreeShipping(d)) : undefined;
    if (regular || (!options.discounts && state.has_regular_discount)) await this.discounts.insertAdjustments(cart.id, regular, manager);
    if (options.refreshSessions !== false && state.has_sessions) {
      const { paymentCart, sessions } = await this.loader.loadPaymentCart(cart.id, manager);
      await this.paymentSessions.refreshAfterCartChange(paymentCart, manager, sessions);
    }
  }

  /** Existing payment sessions follow the cart's new total; a cart without sessions costs one cheap query. */
  async refreshPaymentSessions(cart: Cart, manager: EntityManager): Promise<void> {
    if (!(await cartHasPaymentSessions(manager, cart.id))) return;
    const { paymentCart, sessions } = await this.loader.loadPaymentCart(cart.id, manager);
    await this.paymentSessions.refreshAfterCartChange(paymentCart, manager, sessions);
  }
}
