import { Injectable } from '@nestjs/common';
import { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { mergeMetadata } from '../../common/database/metadata';
import { ApiError } from '../../common/errors/api-error';
import { Region } from '../regions/region.entity';
import type { Cart } from './cart.entity';
import { LineItem } from './line-item.entity';
import { assertInventory, loadVariantForLine, PricedVariant, regionPricesIncludeTax, sameMetadata, unitPriceFor } from './line-item-pricing';

export interface AddLineInput {
  variant_id: string;
  quantity: number;
  metadata?: Record<string, unknown> | null;
}

/**
 * Line items of an open cart. Every method runs inside the caller's transaction while it
 * holds the cart row lock (CartLoaderService.lock), so a merge reads the line's current
 * quantity and concurrent adds all persist. Callers then run the cart's follow-ups
 * (shipping methods dropped, adjustments and payment sessions refreshed).
 */
@Injectable()
export class LineItemsService {
  /**
   * Adds `quantity` of a variant, merged into an existing line of the same variant with
   * equal metadata (should_merge): the unit price is recomputed for the merged quantity
   * (quantity tiers) and the stock checked for it. 400 for an unknown variant, a variant
   * without a price in the region, a product outside the cart's sales channel, or
   * insufficient inventory (code insufficient_inventory).
   */
  async add(cart: Cart, input: AddLineInput, manager: EntityManager): Promise<LineItem> {
    const region = await this.region(cart.region_id, manager);
    const variant = await loadVariantForLine(input.variant_id, manager);
    await this.assertInSalesChannel(cart, variant, manager);
    const repo = manager.getRepository(LineItem);
    const lines = await repo.find({ where: { cart_id: cart.id, variant_id: variant.id } });
    const metadata = input.metadata ?? {};
    const existing = lines.find((line) => line.should_merge && line.order_id === null && sameMetadata(line.metadata, metadata));
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    const unitPrice = unitPriceFor(variant, region, quantity);
    assertInventory(variant, quantity);
    if (existing) {
      await repo.update(existing.id, { quantity, unit_price: unitPrice, has_shipping: false });
      return Object.assign(existing, { quantity, unit_price: unitPrice, has_shipping: false });
    }
    const line = repo.create({
      cart_id: cart.id,
      order_id: null,
      title: variant.product.title,
      description: variant.title,
      thumbnail: variant.product.thumbnail,
      variant_id: variant.id,
      unit_price: unitPrice,
      quantity,
      allow_discounts: variant.product.discountable,
      is_giftcard: variant.product.is_giftcard,
      should_merge: true,
      has_shipping: false,
      includes_tax: regionPricesIncludeTax(region),
      metadata,
    });
    await repo.insert(line as QueryDeepPartialEntity<LineItem>);
    return line;
  }

  /**
   * Sets a line's quantity (0 deletes it), re-pricing for the new quantity and checking
   * stock; merges `metadata` the Medusa way. 400 invalid_data for a line not in the cart.
   */
  async update(cart: Cart, lineId: string, input: { quantity: number; metadata?: Record<string, unknown> }, manager: EntityManager): Promise<void> {
    const repo = manager.getRepository(LineItem);
    const line = await repo.findOne({ where: { id: lineId, cart_id: cart.id } });
    if (!line) throw ApiError.invalid('Could not find the line item');
    if (input.quantity === 0) {
      await repo.delete(line.id);
      return;
    }
    const changes: Partial<LineItem> = { quantity: input.quantity, has_shipping: false };
    if (line.variant_id) {
      const region = await this.region(cart.region_id, manager);
      const variant = await loadVariantForLine(line.variant_id, manager);
      assertInventory(variant, input.quantity, "Inventory doesn't cover the desired quantity");
      changes.unit_price = unitPriceFor(variant, region, input.quantity);
    }
    if (input.metadata !== undefined) changes.metadata = mergeMetadata(line.metadata, input.metadata);
    await repo.update(line.id, changes as QueryDeepPartialEntity<LineItem>);
  }

  /** Deletes a line of the cart; returns false (and changes nothing) when it is not in the cart. */
  async delete(cart: Cart, lineId: string, manager: EntityManager): Promise<boolean> {
    const result = await manager.getRepository(LineItem).delete({ id: lineId, cart_id: cart.id });
    return !!result.affected;
  }

  /**
   * Re-prices every variant line for `regionId` (a region change): lines whose variant has
   * no price there are removed, as Medusa v1 does.
   */
  async repriceForRegion(cart: Cart, regionId: string, manager: EntityManager): Promise<void> {
    const region = await this.region(regionId, manager);
    const repo = manager.getRepository(LineItem);
    for (const line of await repo.find({ where: { cart_id: cart.id } })) {
      if (!line.variant_id) continue;
      let price: number | null = null;
      try {
        price = unitPriceFor(await loadVariantForLine(line.variant_id, manager), region, line.quantity);
      } catch {
        price = null;
      }
      if (price === null) await repo.delete(line.id);
      else await repo.update(line.id, { unit_price: price, has_shipping: false, includes_tax: regionPricesIncludeTax(region) });
    }
  }

  /** Removes lines whose product is not sold in the sales channel. */
  async removeOutsideSalesChannel(cartId: string, salesChannelId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `DELETE FROM line_item li USING product_variant pv
        WHERE li.cart_id = $1 AND li.order_id IS NULL AND pv.id = li.variant_id
          AND NOT EXISTS (SELECT 1 FROM product_sales_channel psc WHERE psc.product_id = pv.product_id AND psc.sales_channel_id = $2)`,
      [cartId, salesChannelId],
    );
  }

  private async region(regionId: string, manager: EntityManager): Promise<Region> {
    // `find`, not `findOne`: one joined query instead of a DISTINCT paging query plus the row.
    const [region] = await manager.getRepository(Region).find({ where: { id: regionId }, relations: { currency: true } });
    if (!region) throw ApiError.notFound(`Region with id: ${regionId} was not found`);
    return region;
  }

  private async assertInSalesChannel(cart: Cart, variant: PricedVariant, manager: EntityManager): Promise<void> {
    if (!cart.sales_channel_id) return;
    const rows = await manager.query('SELECT 1 FROM product_sales_channel WHERE product_id = $1 AND sales_channel_id = $2', [
      variant.product_id,
      cart.sales_channel_id,
    ]);
    if (rows.length === 0) {
      throw ApiError.invalid(`The products [${variant.product.title}] must belongs to the sales channel on which the cart has been created.`);
    }
  }
}
