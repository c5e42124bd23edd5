import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SYSTEM_PAYMENT_PROVIDER_ID } from '../payments/payment-provider.registry';
import type { Cart } from './cart.entity';
import { CartCheckoutService } from './cart-checkout.service';
import { CartCompletionService, PlacedOrder } from './cart-completion.service';
import { CartLoaderService } from './cart-loader.service';
import { CartChange, CartMutationRunner } from './cart-mutation.runner';
import { softDeleteCart } from './carts.repository';
import { CartsService } from './carts.service';
import type { AddressPayload } from './dto/address-payload.dto';
import { LineItemsService } from './line-items.service';

/** A line an admin asks for: a variant (optionally at their `unit_price`) or a custom line. */
export interface AdminLineInput {
  variant_id?: string;
  unit_price?: number;
  title?: string;
  quantity: number;
  metadata?: Record<string, unknown>;
}

/** The cart fields an admin may set, as the carts module's "update cart" takes them. */
export interface AdminCartUpdate {
  region_id?: string;
  country_code?: string;
  email?: string;
  customer_id?: string;
  billing_address?: AddressPayload | string;
  shipping_address?: AddressPayload | string;
  discounts?: Array<{ code: string }>;
}

const CUSTOM_LINE_TITLE = 'Custom item';

/**
 * The cart commands other modules run (draft orders): with CartLoaderService, all that
 * CartsModule exports. Each is a CartMutationRunner command (one transaction, or the
 * caller's; the cart row lock; the recalculation its change record asks for), except
 * creation (nothing to lock or recalculate yet) and completion (its own lock order:
 * CartCompletionService). None answers the cart: callers read what they show.
 */
@Injectable()
export class CartCommands {
  constructor(
    private readonly mutations: CartMutationRunner,
    private readonly loader: CartLoaderService,
    private readonly carts: CartsService,
    private readonly checkout: CartCheckoutService,
    private readonly completion: CartCompletionService,
    private readonly lineItems: LineItemsService,
  ) {}

  /**
   * A new `draft_order` cart with `metadata` in the caller's `transaction`: the store's
   * default sales channel, the customer's email when `customerId` is given, the region's
   * only country as shipping country; 404 for an unknown region. Its id.
   */
  async createDraftCart(input: { regionId: string; customerId?: string; metadata: Record<string, unknown> }, transaction: EntityManager): Promise<string> {
    const cart = await this.carts.create({ region_id: input.regionId }, { customerId: input.customerId }, { transaction, metadata: input.metadata });
    return cart.id;
  }

  /**
   * Fills a cart created in this `transaction`, in ONE command, as Medusa v1 builds a
   * draft: its lines (shipping requirements depend on the subtotal), one shipping method
   * per entry (admin-only options allowed; each checked against the cart as it then is),
   * then the cart update (`update`, as update() applies it). The command's change record
   * is the update's (adjustments rebuilt from its discounts, payment sessions following),
   * not `items`: that would drop the shipping methods just added after the lines.
   */
  async fillNewCart(
    cartId: string,
    contents: {
      lines: readonly AdminLineInput[];
      shippingMethods: ReadonlyArray<{ option_id: string; data?: Record<string, unknown> }>;
      update: AdminCartUpdate;
    },
    transaction: EntityManager,
  ): Promise<void> {
    const update = this.carts.updateWork(contents.update, { customerId: contents.update.customer_id }, true);
    await this.mutations.change(
      cartId,
      async (locked, m) => {
        for (const line of contents.lines) await this.insertLine(locked.cart, line, m);
        for (const method of contents.shippingMethods) {
          // Its own command in this transaction: its requirements are checked on the cart with the methods before it.
          const work = this.checkout.addShippingMethodWork({ option_id: method.option_id, data: method.data ?? {} }, true);
          await this.mutations.change(cartId, work, { transaction: m });
        }
        return update(locked, m);
      },
      { transaction },
    );
  }

  /**
   * The carts module's cart update, for an admin acting for the cart's customer:
   * `customer_id` is the acting customer, and the cart may move to another customer
   * (`email`: the guest customer of that email, found or created) even away from a
   * registered one, as in Medusa v1.
   */
  async update(cartId: string, input: AdminCartUpdate): Promise<void> {
    await this.mutations.change(cartId, this.carts.updateWork(input, { customerId: input.customer_id }, true));
  }

  /**
   * Adds a line: a variant line is priced and merged, then takes the admin's `unit_price`
   * when given; a line without a variant is a custom line. The recalculation then runs on
   * the final price.
   */
  async addLine(cartId: string, input: AdminLineInput): Promise<void> {
    await this.mutations.change(cartId, async ({ cart }, m) => {
      await this.insertLine(cart, input, m);
      return CartChange.items();
    });
  }

  /**
   * Updates a line: `quantity` (0 removes the line, stock checked) at the admin's
   * `unit_price`, else at the line's current price (as in Medusa v1, an admin's line is not
   * re-priced by a quantity change, so a custom price stays); the admin's `title`. 400
   * invalid_data when the line is not in the cart.
   */
  async updateLine(
    cartId: string,
    lineId: string,
    input: { title?: string; unit_price?: number; quantity?: number; metadata?: Record<string, unknown> },
  ): Promise<void> {
    await this.mutations.change(cartId, async ({ cart }, m) => {
      await this.lineItems.update(cart, lineId, input, m, { reprice: false });
      return CartChange.items();
    });
  }

  /** Removes a line (unknown line: nothing changes); the shipping methods are dropped. */
  async deleteLine(cartId: string, lineId: string): Promise<void> {
    await this.mutations.change(cartId, this.carts.deleteLineWork(lineId));
  }

  /**
   * Completes the cart with the payment session it has, in the caller's `transaction`, for
   * a caller outside HTTP (a payment provider's webhook): the same completion as
   * POST /store/carts/:id/complete, so a cart completed already answers its order. `key` is
   * recorded on the cart, the order and the payment. Throws CompletionRolledBack when the
   * completion keeps nothing (the caller runs its `keep` after the rollback).
   */
  async complete(cartId: string, key: string, transaction: EntityManager): Promise<PlacedOrder> {
    return this.completion.complete(cartId, key, {}, transaction);
  }

  /**
   * Pays the cart through the `system` provider (it authorizes and captures at once) and
   * completes it, in the caller's `transaction`. A cart already completed (through the
   * store) is not paid again: its order is answered. `key` is recorded on the cart, the
   * order and the payment. Throws CompletionRolledBack when the completion keeps nothing.
   */
  async payAndComplete(cartId: string, key: string, transaction: EntityManager): Promise<PlacedOrder> {
    // Locked first, so the check holds until the commit (completion takes the same lock again).
    const { cart } = await this.loader.lock(cartId, transaction);
    if (!cart.completed_at) await this.mutations.change(cartId, this.checkout.selectPaymentSessionWork(SYSTEM_PAYMENT_PROVIDER_ID), { transaction });
    return this.completion.complete(cartId, key, {}, transaction);
  }

  /**
   * Soft-deletes an open cart in the caller's `transaction` (a draft order's, when the draft
   * goes), so it can no longer be edited or completed; a completed cart is refused (400).
   */
  async delete(cartId: string, transaction: EntityManager): Promise<void> {
    await this.mutations.change(
      cartId,
      async ({ cart }, m) => {
        await softDeleteCart(m, cart.id);
        return CartChange.deleted();
      },
      { transaction },
    );
  }

  /** Inserts a variant line (priced and merged, at the admin's `unit_price` when given) or a custom line. */
  private async insertLine(cart: Cart, input: AdminLineInput, manager: EntityManager): Promise<void> {
    if (input.variant_id) {
      const variantLine = { variant_id: input.variant_id, quantity: input.quantity, metadata: input.metadata };
      await this.lineItems.add(cart, variantLine, manager, { unitPrice: input.unit_price });
      return;
    }
    const customLine = { title: input.title ?? CUSTOM_LINE_TITLE, unit_price: input.unit_price ?? 0, quantity: input.quantity, metadata: input.metadata };
    await this.lineItems.addCustom(cart, customLine, manager);
  }
}
