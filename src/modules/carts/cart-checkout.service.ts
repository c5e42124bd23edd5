import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { PaymentSessionsService } from '../payments/payment-sessions.service';
import { cartShippingProfileIds } from '../shipping/cart-shipping';
import { ShippingMethodsService } from '../shipping/shipping-methods.service';
import { ShippingOptionsService } from '../shipping/shipping-options.service';
import type { Cart } from './cart.entity';
import { CartDiscountsService } from './cart-discounts.service';
import { CartFollowUpsService } from './cart-follow-ups.service';
import { CartLoaderService } from './cart-loader.service';
import { CartMutationRunner } from './cart-mutation.runner';
import { CART_TOTALS_RELATIONS, CartTotalsService } from './cart-totals.service';

/**
 * Checkout steps on a cart: discount removal, shipping methods, payment sessions and
 * tax calculation. Each is one transaction holding the cart row lock.
 */
@Injectable()
export class CartCheckoutService {
  constructor(
    private readonly mutations: CartMutationRunner,
    private readonly loader: CartLoaderService,
    private readonly totals: CartTotalsService,
    private readonly followUps: CartFollowUpsService,
    private readonly discounts: CartDiscountsService,
    private readonly shippingOptions: ShippingOptionsService,
    private readonly shippingMethods: ShippingMethodsService,
    private readonly paymentSessions: PaymentSessionsService,
  ) {}

  /** DELETE /store/carts/:id/discounts/:code (case-insensitive; unknown code: no change). */
  removeDiscount(cartId: string, code: string): Promise<Cart> {
    return this.mutations.run(cartId, async (cart, m) => {
      await this.discounts.remove(cart, code, m);
      await this.followUps.afterCartChanged(cart, m);
    });
  }

  /**
   * POST /store/carts/:id/shipping-methods: the option must be for the cart's region,
   * not return-only, not admin-only (unless `allowAdminOnly`), and its requirements must
   * be met by the cart's subtotal; it replaces any method of the same shipping profile.
   * `price` overrides the option's price (a draft order's custom price).
   */
  addShippingMethod(
    cartId: string,
    input: { option_id: string; data?: Record<string, unknown> },
    options: { price?: number; allowAdminOnly?: boolean; manager?: EntityManager } = {},
  ): Promise<Cart> {
    return this.mutations.run(
      cartId,
      async (cart, m) => {
        const option = await this.shippingOptions.retrieve(input.option_id, m);
        // The sessions come with the cart read for the checks: adding a method does not change them.
        const full = await this.loader.load(cart.id, [...CART_TOTALS_RELATIONS, 'payment_sessions'], m);
        const { totals } = await this.totals.calculate(full);
        this.shippingOptions.assertValidForCart(
          option,
          { region_id: cart.region_id, subtotal: totals.subtotal, profile_ids: cartShippingProfileIds(full) },
          { allowAdminOnly: options.allowAdminOnly },
        );
        const price = options.price ?? this.shippingOptions.priceOf(option);
        await this.shippingMethods.addToCart(cart.id, option, { price, data: input.data ?? {} }, m);
        if (full.payment_sessions?.length) await this.followUps.refreshPaymentSessions(cart, m);
      },
      { manager: options.manager },
    );
  }

  /** POST /store/carts/:id/payment-sessions (idempotent route: runs in the key's transaction). Taxes forced. */
  createPaymentSessions(cartId: string, manager?: EntityManager): Promise<Cart> {
    return this.mutations.run(
      cartId,
      async (cart, m) => {
        const { paymentCart, sessions } = await this.followUps.paymentCartWithSessions(cart.id, m);
        await this.paymentSessions.createSessions(paymentCart, m, sessions);
      },
      { manager, forceTaxes: true },
    );
  }

  /** POST /store/carts/:id/payment-session */
  selectPaymentSession(cartId: string, providerId: string): Promise<Cart> {
    return this.mutations.run(cartId, async (cart, m) => {
      const { paymentCart, sessions } = await this.followUps.paymentCartWithSessions(cart.id, m);
      await this.paymentSessions.select(paymentCart, providerId, m, sessions);
    });
  }

  /** POST /store/carts/:id/payment-sessions/:provider_id */
  updatePaymentSession(cartId: string, providerId: string, data: Record<string, unknown>): Promise<Cart> {
    return this.mutations.run(cartId, async (cart, m) => {
      await this.paymentSessions.updateData(await this.followUps.paymentCart(cart.id, m), providerId, data, m);
    });
  }

  /** DELETE /store/carts/:id/payment-sessions/:provider_id */
  deletePaymentSession(cartId: string, providerId: string): Promise<Cart> {
    return this.mutations.run(cartId, async (cart, m) => {
      await this.paymentSessions.delete(cart.id, providerId, m);
    });
  }

  /** POST /store/carts/:id/payment-sessions/:provider_id/refresh */
  refreshPaymentSession(cartId: string, providerId: string): Promise<Cart> {
    return this.mutations.run(cartId, async (cart, m) => {
      await this.paymentSessions.refresh(await this.followUps.paymentCart(cart.id, m), providerId, m);
    });
  }

  /**
   * POST /store/carts/:id/taxes: the cart with tax lines computed by the region's tax
   * provider whatever `automatic_taxes` says. Nothing is persisted (completion persists
   * tax lines). Takes the cart lock only to read a consistent snapshot.
   */
  calculateTaxes(cartId: string, manager?: EntityManager): Promise<Cart> {
    return this.mutations.run(cartId, async () => undefined, { manager, forceTaxes: true });
  }
}
