import { Injectable } from '@nestjs/common';
import { MoneyAmount } from '../../products/money-amount.entity';
import { ProductOption, ProductOptionValue } from '../../products/product-option.entities';
import { ProductVariant } from '../../products/product-variant.entity';
import { Product } from '../../products/product.entity';
import { isRealId, SeedContext, seedEntryError } from '../seed-context';
import { SeedPrice, SeedVariant } from '../seed-file.schema';

/**
 * The variants of a product being created: one option value per product option (matched
 * by position, as Medusa's seed does), no two variants with the same combination, a sku
 * and a real id not used elsewhere, and prices per currency or per region.
 */
@Injectable()
export class ProductVariantsImporter {
  async import(product: Product, options: ProductOption[], entries: SeedVariant[], productPath: string, ctx: SeedContext): Promise<void> {
    const repo = ctx.manager.getRepository(ProductVariant);
    const combinations = new Map<string, number>();
    for (const [j, entry] of entries.entries()) {
      const path = `${productPath}.variants[${j}]`;
      const values = (entry.options ?? []).map((o) => o.value);
      if (values.length !== options.length) {
        const titles = options.map((o) => `"${o.title}"`).join(', ') || 'none';
        seedEntryError(
          `${path}.options`,
          `has ${values.length} value(s) but the product has ${options.length} option(s) (${titles}); values match options by position`,
        );
      }
      const combination = JSON.stringify(values);
      if (options.length && combinations.has(combination)) {
        seedEntryError(`${path}.options`, `repeats the option values of variants[${combinations.get(combination)}] (${values.join(' / ')})`);
      }
      combinations.set(combination, j);

      const realId = isRealId(entry.id, 'variant') ? entry.id : undefined;
      if (realId && (await repo.exists({ where: { id: realId }, withDeleted: true }))) {
        seedEntryError(`${path}.id`, `"${realId}" already belongs to a variant of another product`);
      }
      if (entry.sku) {
        const owner = await repo.findOne({ where: { sku: entry.sku } });
        if (owner) seedEntryError(`${path}.sku`, `"${entry.sku}" is already used by variant ${owner.id}`);
      }
      const inventory = entry.inventory_quantity ?? 0;
      const allowBackorder = entry.allow_backorder ?? false;
      if (inventory < 0 && !allowBackorder) seedEntryError(`${path}.inventory_quantity`, 'cannot be negative unless allow_backorder is true');

      const variant = await repo.save(
        repo.create({
          id: realId,
          product_id: product.id,
          title: entry.title ?? (values.join(' / ') || product.title),
          sku: entry.sku ?? null,
          barcode: entry.barcode ?? null,
          ean: entry.ean ?? null,
          upc: entry.upc ?? null,
          variant_rank: entry.variant_rank ?? j,
          inventory_quantity: inventory,
          allow_backorder: allowBackorder,
          manage_inventory: entry.manage_inventory ?? true,
          weight: entry.weight ?? null,
          length: entry.length ?? null,
          height: entry.height ?? null,
          width: entry.width ?? null,
          hs_code: entry.hs_code ?? null,
          origin_country: entry.origin_country ?? null,
          mid_code: entry.mid_code ?? null,
          material: entry.material ?? null,
          metadata: entry.metadata ?? null,
        }),
      );
      const valueRepo = ctx.manager.getRepository(ProductOptionValue);
      await valueRepo.save(options.map((option, k) => valueRepo.create({ option_id: option.id, variant_id: variant.id, value: values[k], metadata: null })));
      await this.prices(variant, entry.prices ?? [], path, ctx);
      ctx.created('variants');
    }
  }

  private async prices(variant: ProductVariant, entries: SeedPrice[], variantPath: string, ctx: SeedContext): Promise<void> {
    const repo = ctx.manager.getRepository(MoneyAmount);
    const seen = new Map<string, number>();
    const rows: MoneyAmount[] = [];
    for (const [k, entry] of entries.entries()) {
      const path = `${variantPath}.prices[${k}]`;
      const regionId = entry.region_id ? await ctx.resolve('region', entry.region_id, `${path}.region_id`) : null;
      const regionCurrency = regionId ? await ctx.regionCurrency(regionId) : undefined;
      if (!entry.currency_code && !regionCurrency) seedEntryError(path, 'needs a currency_code or a region_id');
      const currency = entry.currency_code ? await ctx.currency(entry.currency_code, `${path}.currency_code`) : regionCurrency!;
      if (regionCurrency && currency !== regionCurrency) {
        seedEntryError(`${path}.currency_code`, `"${currency}" differs from the currency of region ${regionId} ("${regionCurrency}")`);
      }
      const min = entry.min_quantity ?? null;
      const max = entry.max_quantity ?? null;
      if (min !== null && max !== null && min > max) seedEntryError(path, 'has a min_quantity above its max_quantity');
      const key = JSON.stringify([currency, regionId, min, max]);
      if (seen.has(key)) seedEntryError(path, `repeats prices[${seen.get(key)}] (same currency, region and quantity range)`);
      seen.set(key, k);
      rows.push(
        repo.create({
          variant_id: variant.id,
          currency_code: currency,
          region_id: regionId,
          amount: entry.amount,
          min_quantity: min,
          max_quantity: max,
          price_list_id: null,
        }),
      );
    }
    if (rows.length) await repo.save(rows);
  }
}
