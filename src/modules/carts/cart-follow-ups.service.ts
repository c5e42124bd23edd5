import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SYSTEM_PAYMENT_PROVIDER_ID } from '../payments/payment-provider.registry';
import { PaymentCart, PaymentSessionsService } from '../payments/payment-sessions.service';
import { ShippingMethodsService } from '../shipping/shipping-methods.service';
import type { Cart } from './cart.entity';
import { CartDiscountsService } from './cart-discounts.service';
import { CartLoaderService } from './cart-loader.service';
import { CART_TOTALS_RELATIONS, CartTotalsService } from './cart-totals.service';

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
    private readonly shippingMethods: ShippingMethodsService,
    private readonly discounts: CartDiscountsService,
    private readonly paymentSessions: PaymentSessionsService,
  ) {}

  async afterItemsChanged(cart: Cart, manager: EntityManager): Promise<void> {
    await this.shippingMethods.deleteAllForCart(cart.id, manager);
    await this.discounts.refreshAdjustments(cart, manager);
    await this.refreshPaymentSessions(cart, manager);
  }

  async refreshPaymentSessions(cart: Cart, manager: EntityManager): Promise<void> {
    if ((await this.paymentSessions.list(cart.id, manager)).length === 0) return;
    await this.paymentSessions.refreshAfterCartChange(await this.paymentCart(cart.id, manager), manager);
  }

  /**
   * The cart as payment sessions see it: its total with taxes forced and the providers it
   * may use: its region's, plus `system` for a draft order's cart (an admin marking the
   * order paid). Shoppers never get `system` unless their region lists it.
   */
  async paymentCart(cartId: string, manager: EntityManager): Promise<PaymentCart> {
    const cart = await this.loader.load(cartId, [...CART_TOTALS_RELATIONS, 'region.payment_providers'], manager);
    const { totals } = await this.totals.calculate(cart, { forceTaxes: true });
    return {
      id: cart.id,
      email: cart.email,
      customer_id: cart.customer_id,
      currency_code: cart.region!.currency_code,
      total: totals.total,
      provider_ids: [...new Set([...(cart.region!.payment_providers ?? []).map((p) => p.id), ...(cart.type === 'draft_order' ? [SYSTEM_PAYMENT_PROVIDER_ID] : [])])].sort(),
    };
  }
}
