import { Injectable } from '@nestjs/common';
import { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { mergeMetadata } from '../../common/database/metadata';
import { ApiError } from '../../common/errors/api-error';
import { generateEntityId } from '../../common/database/ids';
import type { Region } from '../regions/region.entity';
import type { Cart } from './cart.entity';
import type { ItemsChangedFollowUps } from './cart-follow-ups.service';
import { loadCartRegion } from './cart-region';
import { LineItem } from './line-item.entity';
import {
  assertInventory,
  loadVariantForLine,
  loadVariantsForLines,
  PricingRegion,
  PricingVariant,
  regionPricesIncludeTax,
  sameMetadata,
  unitPriceFor,
} from './line-item-pricing';

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
  async add(cart: Cart, input: AddLineInput, manager: EntityManager, followUps?: ItemsChangedFollowUps): Promise<LineItem> {
    const { region, variant, lines, in_sales_channel } = await this.lineContext(cart, input.variant_id, manager);
    if (!region) throw ApiError.notFound(`Region with id: ${cart.region_id} was not found`);
    if (!variant) throw ApiError.invalid(`Unable to generate the line items, some variant has not been found: ${input.variant_id}`);
    if (!in_sales_channel) {
      throw ApiError.invalid(`The products [${variant.product.title}] must belongs to the sales channel on which the cart has been created.`);
    }
    const metadata = input.metadata ?? {};
    const existing = lines.find((line) => sameMetadata(line.metadata, metadata));
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    const unitPrice = unitPriceFor(variant, region, quantity);
    assertInventory(variant, quantity);
    if (existing) {
      await manager.query('UPDATE line_item SET quantity = $2, unit_price = $3, has_shipping = false, updated_at = now() WHERE id = $1', [
        existing.id,
        quantity,
        unitPrice,
      ]);
      // Not in one statement with the follow-ups: they update this very row (has_shipping).
      await followUps?.run(cart, manager);
      return manager.create(LineItem, {
        id: existing.id,
        cart_id: cart.id,
        variant_id: variant.id,
        quantity,
        unit_price: unitPrice,
        has_shipping: false,
        metadata: existing.metadata,
      });
    }
    const line = manager.create(LineItem, {
      id: generateEntityId(LineItem.idPrefix),
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
    // Plain SQL, not repository.insert: no RETURNING round of generated columns the caller never reads.
    const values = [
      cart.id,
      line.id,
      line.title,
      line.description,
      line.thumbnail,
      line.variant_id,
      line.unit_price,
      line.quantity,
      line.allow_discounts,
      line.is_giftcard,
      line.includes_tax,
      JSON.stringify(metadata),
    ];
    if (followUps) {
      const [state] = await manager.query(followUps.sql(INSERT_LINE_SQL), values);
      await followUps.after(cart, manager, state);
    } else {
      await manager.query(INSERT_LINE_SQL, values);
    }
    return line;
  }

  /**
   * Sets a line's quantity (0 deletes it), re-pricing for the new quantity (or setting
   * `unit_price`, an admin's price for a draft's line) and checking stock; merges
   * `metadata` the Medusa way. 400 invalid_data for a line not in the cart.
   */
  async update(
    cart: Cart,
    lineId: string,
    input: { quantity: number; metadata?: Record<string, unknown>; unit_price?: number },
    manager: EntityManager,
  ): Promise<void> {
    const repo = manager.getRepository(LineItem);
    const line = await repo.findOne({ where: { id: lineId, cart_id: cart.id } });
    if (!line) throw ApiError.invalid('Could not find the line item');
    if (input.quantity === 0) {
      await repo.delete(line.id);
      return;
    }
    const changes: Partial<LineItem> = { quantity: input.quantity, has_shipping: false };
    if (line.variant_id) {
      const variant = await loadVariantForLine(line.variant_id, manager);
      assertInventory(variant, input.quantity, "Inventory doesn't cover the desired quantity");
      changes.unit_price = input.unit_price ?? unitPriceFor(variant, await loadCartRegion(cart.region_id, manager), input.quantity);
    } else if (input.unit_price !== undefined) {
      changes.unit_price = input.unit_price;
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
  async repriceForRegion(cart: Cart, region: Region, manager: EntityManager): Promise<void> {
    const lines: Array<{ id: string; variant_id: string; quantity: number }> = await manager.query(
      'SELECT id, variant_id, quantity FROM line_item WHERE cart_id = $1 AND variant_id IS NOT NULL',
      [cart.id],
    );
    if (lines.length === 0) return;
    const variants = await loadVariantsForLines(
      lines.map((l) => l.variant_id),
      manager,
    );
    const repriced: Array<{ id: string; price: number }> = [];
    const removed: string[] = [];
    for (const line of lines) {
      const variant = variants.get(line.variant_id);
      let price: number | null;
      try {
        price = variant ? unitPriceFor(variant, region, line.quantity) : null;
      } catch {
        price = null;
      }
      if (price === null) removed.push(line.id);
      else repriced.push({ id: line.id, price });
    }
    if (removed.length > 0) await manager.query('DELETE FROM line_item WHERE id = ANY($1::varchar[])', [removed]);
    if (repriced.length > 0) {
      await manager.query(
        `UPDATE line_item li SET unit_price = x.price, has_shipping = false, includes_tax = $3, updated_at = now()
           FROM unnest($1::varchar[], $2::int[]) AS x(id, price) WHERE li.id = x.id`,
        [repriced.map((r) => r.id), repriced.map((r) => r.price), regionPricesIncludeTax(region)],
      );
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

  /**
   * Everything adding a line reads, in ONE query: the cart's region (pricing fields), the
   * live variant with its live product and live prices, the lines it could merge into
   * (same variant, should_merge, not yet ordered; oldest first) and whether its product
   * is sold in the cart's sales channel. Soft-deleted rows count as absent, as the entity
   * loaders treat them.
   */
  private async lineContext(cart: Cart, variantId: string, manager: EntityManager): Promise<LineContext> {
    const [row]: LineContext[] = await manager.query(LINE_CONTEXT_SQL, [cart.id, variantId, cart.region_id, cart.sales_channel_id ?? null]);
    return row;
  }
}

interface LineVariant extends PricingVariant {
  product_id: string;
  product: { title: string; thumbnail: string | null; discountable: boolean; is_giftcard: boolean };
}

interface LineContext {
  region: PricingRegion | null;
  variant: LineVariant | null;
  lines: Array<{ id: string; quantity: number; metadata: Record<string, unknown> | null }>;
  in_sales_channel: boolean;
}

/** $1 cart id, $2 variant id, $3 the cart's region id, $4 the cart's sales channel id (or null). */
const LINE_CONTEXT_SQL = `
  SELECT
    (SELECT json_build_object('id', r.id, 'currency_code', r.currency_code, 'includes_tax', r.includes_tax,
                              'currency', json_build_object('includes_tax', coalesce(cur.includes_tax, false)))
       FROM region r LEFT JOIN currency cur ON cur.code = r.currency_code
      WHERE r.id = $3 AND r.deleted_at IS NULL) AS region,
    (SELECT json_build_object(
              'id', v.id, 'title', v.title, 'product_id', v.product_id, 'manage_inventory', v.manage_inventory,
              'allow_backorder', v.allow_backorder, 'inventory_quantity', v.inventory_quantity,
              'product', json_build_object('title', p.title, 'thumbnail', p.thumbnail, 'discountable', p.discountable, 'is_giftcard', p.is_giftcard),
              'prices', (SELECT coalesce(json_agg(json_build_object(
                                  'amount', ma.amount, 'currency_code', ma.currency_code, 'region_id', ma.region_id,
                                  'min_quantity', ma.min_quantity, 'max_quantity', ma.max_quantity, 'price_list_id', ma.price_list_id) ORDER BY ma.id), '[]'::json)
                           FROM money_amount ma WHERE ma.variant_id = v.id AND ma.deleted_at IS NULL))
       FROM product_variant v JOIN product p ON p.id = v.product_id AND p.deleted_at IS NULL
      WHERE v.id = $2 AND v.deleted_at IS NULL) AS variant,
    (SELECT coalesce(json_agg(json_build_object('id', li.id, 'quantity', li.quantity, 'metadata', li.metadata) ORDER BY li.created_at, li.id), '[]'::json)
       FROM line_item li
      WHERE li.cart_id = $1 AND li.variant_id = $2 AND li.should_merge AND li.order_id IS NULL) AS lines,
    ($4::varchar IS NULL OR EXISTS (
       SELECT 1 FROM product_variant v JOIN product_sales_channel psc ON psc.product_id = v.product_id
        WHERE v.id = $2 AND psc.sales_channel_id = $4)) AS in_sales_channel`;

/** $1 cart id, $2 line id, then title, description, thumbnail, variant id, unit price, quantity, allow_discounts, is_giftcard, includes_tax, metadata. */
const INSERT_LINE_SQL = `INSERT INTO line_item (id, cart_id, order_id, title, description, thumbnail, variant_id, unit_price, quantity,
                              allow_discounts, is_giftcard, should_merge, has_shipping, includes_tax, metadata)
       VALUES ($2, $1, NULL, $3, $4, $5, $6, $7, $8, $9, $10, true, false, $11, $12)`;
