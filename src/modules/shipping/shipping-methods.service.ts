import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull, QueryDeepPartialEntity } from 'typeorm';
import { ShippingMethod } from './shipping-method.entities';
import type { ShippingOption } from './shipping-option.entity';

/**
 * Shipping methods of a cart, written inside the caller's transaction while it holds the
 * cart row lock. The stored price is the option's (or a draft order's custom price); free
 * shipping is applied by the totals calculator and never written here.
 */
@Injectable()
export class ShippingMethodsService {
  /**
   * Adds a method for `option`, replacing any method of the same shipping profile (one
   * method per profile), then recomputes which items have shipping.
   */
  async addToCart(
    cartId: string,
    option: ShippingOption,
    input: { price: number; data: Record<string, unknown> },
    manager: EntityManager,
  ): Promise<ShippingMethod> {
    await manager.query(
      `DELETE FROM shipping_method sm USING shipping_option so
        WHERE sm.cart_id = $1 AND sm.order_id IS NULL AND so.id = sm.shipping_option_id AND so.profile_id = $2`,
      [cartId, option.profile_id],
    );
    const repo = manager.getRepository(ShippingMethod);
    const method = repo.create({ shipping_option_id: option.id, cart_id: cartId, order_id: null, price: input.price, data: input.data, includes_tax: false });
    await repo.insert(method as QueryDeepPartialEntity<ShippingMethod>);
    await this.updateItemsHaveShipping(cartId, manager);
    return method;
  }

  /**
   * Removes every method of an open cart and clears `has_shipping` on its items; done on
   * any item change because the options' requirements depend on the items (Medusa v1).
   */
  async deleteAllForCart(cartId: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(ShippingMethod).delete({ cart_id: cartId, order_id: IsNull() });
    await manager.query('UPDATE line_item SET has_shipping = false WHERE cart_id = $1 AND order_id IS NULL', [cartId]);
  }

  /** `has_shipping` is true for items whose product's profile has a method on the cart. */
  private async updateItemsHaveShipping(cartId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE line_item li SET has_shipping = EXISTS (
         SELECT 1 FROM shipping_method sm
           JOIN shipping_option so ON so.id = sm.shipping_option_id
           JOIN product_variant pv ON pv.id = li.variant_id
           JOIN product p ON p.id = pv.product_id
          WHERE sm.cart_id = li.cart_id AND so.profile_id = p.profile_id)
        WHERE li.cart_id = $1`,
      [cartId],
    );
  }
}
