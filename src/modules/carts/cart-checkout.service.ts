import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { ApiError } from '../../common/errors/api-error';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { PaymentSessionsService } from '../payments/payment-sessions.service';
import { ShippingMethod } from '../shipping/shipping-method.entities';
import { ShippingOptionsService } from '../shipping/shipping-options.service';
import type { Cart } from './cart.entity';
import { CartLoaderService } from './cart-loader.service';
import { CartChange, CartCommandOptions, CartMutationRunner, cartUpdatedEvents, CartWork } from './cart-mutation.runner';
import { replaceShippingMethodOfProfile } from './cart-shipping-methods.repository';

/**
 * Checkout steps on a cart: shipping methods, payment sessions and tax calculation. Each
 * is one transaction holding the cart row lock.
 */
@Injectable()
export class CartCheckoutService {
  constructor(
    private readonly mutations: CartMutationRunner,
    private readonly loader: CartLoaderService,
    private readonly shippingOptions: ShippingOptionsService,
    private readonly paymentSessions: PaymentSessionsService,
  ) {}

  /**
   * POST /store/carts/:id/shipping-methods: the option must be for the cart's region,
   * not return-only, not admin-only (unless `allowAdminOnly`), and its requirements must
   * be met by the cart's subtotal; it replaces any method of the same shipping profile.
   * A custom shipping option of the cart (a draft order's) sets the price, and a cart with
   * custom options refuses any other option (400, as Medusa v1). The requirements
   * are checked on the cart read back for the answer (a method does not change the item
   * subtotal), so the change reads the cart once; unmet, the change is rolled back.
   */
  addShippingMethod(cartId: string, input: { option_id: string; data?: Record<string, unknown> }): Promise<Cart> {
    return this.answer(cartId, this.addShippingMethodWork(input, false));
  }

  /** addShippingMethod()'s work, for the commands of other modules (CartCommands: admin-only options allowed). */
  addShippingMethodWork(input: { option_id: string; data?: Record<string, unknown> }, allowAdminOnly: boolean): CartWork {
    const data = boundedJson('data', input.data ?? {});
    return async ({ cart }, m) => {
      const option = await this.shippingOptions.retrieve(input.option_id, m);
      this.shippingOptions.assertAvailableInRegion(option, cart.region_id, { allowAdminOnly });
      const price = this.shippingOptions.priceOf(option);
      const { allowed, has_sessions } = await replaceShippingMethodOfProfile(m, {
        cartId: cart.id,
        methodId: generateEntityId(ShippingMethod.idPrefix),
        optionId: option.id,
        profileId: option.profile_id,
        price,
        data,
        events: cartUpdatedEvents(cart.id),
      });
      if (!allowed) throw ApiError.invalid('Wrong shipping option');
      return {
        kind: 'shipping',
        hasSessions: has_sessions,
        events: { updated: 'id', writtenByWork: true },
        check: (answer) => this.shippingOptions.assertRequirementsMet(option, subtotalOf(answer)),
      };
    };
  }

  /** POST /store/carts/:id/payment-sessions, in the idempotency key's `transaction`. Taxes forced. */
  createPaymentSessions(cartId: string, transaction: EntityManager): Promise<Cart> {
    const work: CartWork = async ({ cart }, m) => {
      const { paymentCart, sessions } = await this.loader.loadPaymentCart(cart.id, m);
      await this.paymentSessions.createSessions(paymentCart, m, sessions);
      return CartChange.payment();
    };
    return this.answer(cartId, work, { transaction, forceTaxes: true });
  }

  /** POST /store/carts/:id/payment-session */
  selectPaymentSession(cartId: string, providerId: string): Promise<Cart> {
    return this.answer(cartId, this.selectPaymentSessionWork(providerId));
  }

  /** selectPaymentSession()'s work, for a command without an answer (a draft's payment). */
  selectPaymentSessionWork(providerId: string): CartWork {
    return async ({ cart }, m) => {
      const { paymentCart, sessions } = await this.loader.loadPaymentCart(cart.id, m);
      await this.paymentSessions.select(paymentCart, providerId, m, sessions);
      return CartChange.payment();
    };
  }

  /** POST /store/carts/:id/payment-sessions/:provider_id */
  updatePaymentSession(cartId: string, providerId: string, data: Record<string, unknown>): Promise<Cart> {
    return this.answer(cartId, async ({ cart }, m) => {
      const { paymentCart } = await this.loader.loadPaymentCart(cart.id, m);
      await this.paymentSessions.updateData(paymentCart, providerId, data, m);
      return CartChange.payment();
    });
  }

  /** DELETE /store/carts/:id/payment-sessions/:provider_id */
  deletePaymentSession(cartId: string, providerId: string): Promise<Cart> {
    return this.answer(cartId, async ({ cart }, m) => {
      await this.paymentSessions.delete(cart.id, providerId, m);
      return CartChange.payment();
    });
  }

  /** POST /store/carts/:id/payment-sessions/:provider_id/refresh */
  refreshPaymentSession(cartId: string, providerId: string): Promise<Cart> {
    return this.answer(cartId, async ({ cart }, m) => {
      const { paymentCart } = await this.loader.loadPaymentCart(cart.id, m);
      await this.paymentSessions.refresh(paymentCart, providerId, m);
      return CartChange.payment();
    });
  }

  /**
   * POST /store/carts/:id/taxes: the cart with tax lines computed by the region's tax
   * provider whatever `automatic_taxes` says. Nothing is persisted (completion persists
   * tax lines). Takes the cart lock only to read a consistent snapshot. In the idempotency
   * key's `transaction`.
   */
  calculateTaxes(cartId: string, transaction: EntityManager): Promise<Cart> {
    return this.answer(cartId, async () => CartChange.nothing(), { transaction, forceTaxes: true });
  }

  /** A command answered with the cart alone. */
  private async answer(cartId: string, work: CartWork, options?: CartCommandOptions & { forceTaxes?: boolean }): Promise<Cart> {
    return (await this.mutations.changeAndAnswer(cartId, work, options)).cart;
  }
}

/** The item subtotal of a cart read with its totals (CartTotalsService.decorate). */
function subtotalOf(cart: Cart): number {
  return (cart as Cart & { subtotal: number }).subtotal;
}
