import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { Cart } from './cart.entity';
import { CartFollowUpsService } from './cart-follow-ups.service';
import { CartMutationRunner } from './cart-mutation.runner';
import { AddLineInput, LineItemsService } from './line-items.service';

/** The store's line-item operations on a cart, each one locked cart transaction. */
@Injectable()
export class CartLineItemsService {
  constructor(
    private readonly mutations: CartMutationRunner,
    private readonly lineItems: LineItemsService,
    private readonly followUps: CartFollowUpsService,
  ) {}

  /**
   * POST /store/carts/:id/line-items. Runs in `manager` when given (the idempotency key's
   * transaction). The cart row lock makes concurrent adds queue, so all of them persist.
   */
  add(cartId: string, input: AddLineInput, manager?: EntityManager): Promise<Cart> {
    return this.mutations.run(
      cartId,
      async (cart, m) => {
        await this.lineItems.add(cart, input, m, this.followUps.itemsChanged);
      },
      { manager },
    );
  }

  /** POST /store/carts/:id/line-items/:line_id; quantity 0 deletes the line. `unit_price` (drafts only) replaces re-pricing. */
  update(cartId: string, lineId: string, input: { quantity: number; metadata?: Record<string, unknown>; unit_price?: number }): Promise<Cart> {
    return this.mutations.run(cartId, async (cart, m) => {
      await this.lineItems.update(cart, lineId, input, m);
      await this.followUps.afterItemsChanged(cart, m);
    });
  }

  /** DELETE /store/carts/:id/line-items/:line_id; a line not in the cart changes nothing (200). */
  delete(cartId: string, lineId: string): Promise<Cart> {
    return this.mutations.run(cartId, async (cart, m) => {
      if (await this.lineItems.delete(cart, lineId, m)) await this.followUps.afterItemsChanged(cart, m);
    });
  }
}
