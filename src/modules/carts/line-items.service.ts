import { Injectable } from '@nestjs/common';
import { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { mergeMetadata } from '../../common/database/metadata';
import { ApiError } from '../../common/errors/api-error';
import { MAX_LINE_QUANTITY } from '../../common/validation/line-quantity';
import { LIST_LIMITS } from '../../common/validation/array-limits';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { generateEntityId } from '../../common/database/ids';
import type { Region } from '../regions/region.entity';
import type { Cart } from './cart.entity';
import { loadCartRegion } from './cart-region';
import {
  deleteLines,
  deleteLinesOutsideSalesChannel,
  insertCustomLine,
  insertLine,
  lineContext,
  NewLineRow,
  repriceLines,
  setLineQuantity,
  variantLinesOfCart,
} from './line-items.repository';
import { LineItem } from './line-item.entity';
import {
  assertForSale,
  assertInventory,
  loadVariantForLine,
  loadVariantsForLines,
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
 * quantity and concurrent adds all persist. The recalculation that follows (shipping
 * methods dropped, adjustments and payment sessions refreshed) is CartMutationRunner's.
 */
@Injectable()
export class LineItemsService {
  /**
   * Adds `quantity` of a variant, merged into an existing line of the same variant with
   * equal metadata (should_merge): the unit price is recomputed for the merged quantity
   * (quantity tiers) and the stock checked for it. 400 for a merged quantity above
   * MAX_LINE_QUANTITY, an unknown variant, a product not published (assertForSale), a variant
   * without a price in the region, a product outside the cart's sales channel, or
   * insufficient inventory (code insufficient_inventory). `unitPrice`: an admin's price for
   * a draft's line, which replaces the variant's (still checked to exist).
   */
  async add(cart: Cart, input: AddLineInput, manager: EntityManager, options: { unitPrice?: number } = {}): Promise<void> {
    const newLine = await this.addLeavingInsert(cart, input, manager, options);
    if (newLine) await insertLine(manager, cart.id, newLine);
  }

  /**
   * add(), checks and merge included, except that a new line's INSERT is left to the caller,
   * which answers its row: the store's add sends it inside the recalculation's statement
   * (CartChange.items(newLine)), one round trip fewer per add. A merge is written here.
   */
  async addLeavingInsert(cart: Cart, input: AddLineInput, manager: EntityManager, options: { unitPrice?: number } = {}): Promise<NewLineRow | undefined> {
    const { region, variant, lines, in_sales_channel, line_count } = await lineContext(
      manager,
      { id: cart.id, regionId: cart.region_id, salesChannelId: cart.sales_channel_id ?? null },
      input.variant_id,
    );
    if (!region) throw ApiError.notFound(`Region with id: ${cart.region_id} was not found`);
    if (!variant) throw ApiError.invalid(`Unable to generate the line items, some variant has not been found: ${input.variant_id}`);
    if (!in_sales_channel) {
      throw ApiError.invalid(`The products [${variant.product.title}] must belongs to the sales channel on which the cart has been created.`);
    }
    assertForSale(cart, variant.product);
    const metadata = boundedJson('metadata', input.metadata ?? {});
    const existing = lines.find((line) => sameMetadata(line.metadata, metadata));
    if (!existing) assertRoomForLine(line_count);
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    if (quantity > MAX_LINE_QUANTITY) throw ApiError.invalid(`A line may hold at most ${MAX_LINE_QUANTITY} units of a variant`);
    // Priced even when the admin sets the price: a variant without a price in the region is refused either way.
    const variantPrice = unitPriceFor(variant, region, quantity);
    const unitPrice = options.unitPrice ?? variantPrice;
    assertInventory(variant, quantity);
    if (existing) {
      await setLineQuantity(manager, { id: existing.id, quantity, unitPrice });
      return undefined;
    }
    return {
      id: generateEntityId(LineItem.idPrefix),
      title: variant.product.title,
      description: variant.title,
      thumbnail: variant.product.thumbnail,
      variant_id: variant.id,
      unit_price: unitPrice,
      quantity,
      allow_discounts: variant.product.discountable,
      is_giftcard: variant.product.is_giftcard,
      includes_tax: regionPricesIncludeTax(region),
      metadata,
    };
  }

  /**
   * Sets a line's quantity (0 deletes it; the line's own without one), re-pricing for the
   * new quantity and checking stock; merges `metadata` the Medusa way. 400 invalid_data for
   * a line not in the cart. An admin editing a draft's line may set its `unit_price` and
   * `title`, and keeps its price (`reprice: false`, as Medusa v1 does for drafts).
   */
  async update(
    cart: Cart,
    lineId: string,
    input: { quantity?: number; metadata?: Record<string, unknown>; unit_price?: number; title?: string },
    manager: EntityManager,
    options: { reprice?: boolean } = {},
  ): Promise<void> {
    const repo = manager.getRepository(LineItem);
    const line = await repo.findOne({ where: { id: lineId, cart_id: cart.id } });
    if (!line) throw ApiError.invalid('Could not find the line item');
    const quantity = input.quantity ?? line.quantity;
    if (quantity === 0) {
      await repo.delete(line.id);
      return;
    }
    const changes: Partial<LineItem> = { quantity, has_shipping: false };
    if (line.variant_id) {
      const variant = await loadVariantForLine(line.variant_id, manager);
      assertForSale(cart, variant.product!);
      assertInventory(variant, quantity, "Inventory doesn't cover the desired quantity");
      const keptPrice = options.reprice === false ? line.unit_price : undefined;
      changes.unit_price = input.unit_price ?? keptPrice ?? unitPriceFor(variant, await loadCartRegion(cart.region_id, manager), quantity);
    } else if (input.unit_price !== undefined) {
      changes.unit_price = input.unit_price;
    }
    if (input.title !== undefined) changes.title = input.title;
    if (input.metadata !== undefined) changes.metadata = mergeMetadata(line.metadata, input.metadata);
    await repo.update(line.id, changes as QueryDeepPartialEntity<LineItem>);
  }

  /**
   * Adds a line without a variant, as draft orders add them: at the admin's title and
   * price, never discounted, always shippable, never merged (Medusa v1). 400 beyond
   * LIST_LIMITS.cartLines. Returns its id.
   */
  async addCustom(
    cart: Cart,
    input: { title: string; unit_price: number; quantity: number; metadata?: Record<string, unknown> },
    manager: EntityManager,
  ): Promise<string> {
    const metadata = boundedJson('metadata', input.metadata ?? {});
    assertRoomForLine(await manager.getRepository(LineItem).count({ where: { cart_id: cart.id } }));
    return insertCustomLine(manager, cart.id, { title: input.title, unit_price: input.unit_price, quantity: input.quantity, metadata });
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
    const lines = await variantLinesOfCart(manager, cart.id);
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
    await deleteLines(manager, removed);
    await repriceLines(manager, repriced, regionPricesIncludeTax(region));
  }

  /** Removes lines whose product is not sold in the sales channel. */
  async removeOutsideSalesChannel(cartId: string, salesChannelId: string, manager: EntityManager): Promise<void> {
    await deleteLinesOutsideSalesChannel(manager, cartId, salesChannelId);
  }
}

/** A new line beyond LIST_LIMITS.cartLines is refused (400 invalid_data): one cart's work stays bounded. */
function assertRoomForLine(lineCount: number): void {
  if (lineCount >= LIST_LIMITS.cartLines) throw ApiError.invalid(`A cart must not have more than ${LIST_LIMITS.cartLines} line items`);
}
