import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { ProductOption } from '../../products/product-option.entities';
import { addProductToCategories } from '../../product-categories/product-categories.repository';
import { Product } from '../../products/product.entity';
import { SalesChannel } from '../../sales-channels/sales-channel.entity';
import { StoreSettingsService } from '../../store-settings/store-settings.service';
import { kebabCase } from '../../collections/kebab-case';
import { isRealId, SeedContext, seedEntryError } from '../seed-context';
import { SeedProduct } from '../seed-file.schema';
import { ProductTaxonomyImporter } from './product-taxonomy.importer';
import { ProductVariantsImporter } from './product-variants.importer';

/**
 * `products`: a product matches an existing one by real id or by handle (derived from the
 * title when absent, as Medusa does) and is then left as it is, variants included. A new
 * product is published unless told otherwise, sold in the default sales channel, and
 * shipped with the default profile (the gift-card profile for `is_giftcard`).
 */
@Injectable()
export class ProductsImporter {
  constructor(
    private readonly storeSettings: StoreSettingsService,
    private readonly taxonomy: ProductTaxonomyImporter,
    private readonly variants: ProductVariantsImporter,
  ) {}

  async import(entries: SeedProduct[], ctx: SeedContext): Promise<void> {
    const repo = ctx.manager.getRepository(Product);
    for (const [i, entry] of entries.entries()) {
      const path = `products[${i}]`;
      const realId = isRealId(entry.id, 'prod') ? entry.id : undefined;
      const handle = entry.handle ?? (kebabCase(entry.title) || null);
      const existing =
        (realId && (await repo.exists({ where: { id: realId }, withDeleted: true }))) ||
        (await repo.exists({ where: handle ? { handle } : { title: entry.title } }));
      if (existing) {
        ctx.existing('products');
        continue;
      }

      const optionTitles = (entry.options ?? []).map((o) => o.title);
      optionTitles.forEach((title, j) => {
        if (optionTitles.indexOf(title) !== j) seedEntryError(`${path}.options[${j}].title`, `"${title}" repeats another option of this product`);
      });
      const isGiftCard = entry.is_giftcard ?? false;
      const collectionId = entry.collection_id ? await ctx.resolve('collection', entry.collection_id, `${path}.collection_id`) : null;
      const images = await this.taxonomy.images(ctx.manager, entry.images ?? []);

      const product = await repo.save(
        repo.create({
          id: realId,
          title: entry.title,
          subtitle: entry.subtitle ?? null,
          description: entry.description ?? null,
          handle,
          is_giftcard: isGiftCard,
          // Medusa's admin creates gift cards as not discountable; a discount on a gift card is a money leak.
          discountable: entry.discountable ?? !isGiftCard,
          status: entry.status ?? 'published',
          thumbnail: entry.thumbnail ?? images[0]?.url ?? null,
          weight: entry.weight ?? null,
          length: entry.length ?? null,
          height: entry.height ?? null,
          width: entry.width ?? null,
          hs_code: entry.hs_code ?? null,
          origin_country: entry.origin_country ?? null,
          mid_code: entry.mid_code ?? null,
          material: entry.material ?? null,
          collection_id: collectionId,
          type_id: entry.type ? (await this.taxonomy.type(ctx.manager, entry.type.value)).id : null,
          profile_id: (await this.storeSettings.shippingProfile(isGiftCard ? 'gift_card' : 'default', ctx.manager)).id,
          external_id: entry.external_id ?? null,
          metadata: entry.metadata ?? null,
          tags: await this.taxonomy.tags(
            ctx.manager,
            (entry.tags ?? []).map((t) => t.value),
          ),
          images,
          sales_channels: await this.salesChannels(entry, path, ctx),
        }),
      );

      const optionRepo = ctx.manager.getRepository(ProductOption);
      const options = await optionRepo.save(optionTitles.map((title) => optionRepo.create({ product_id: product.id, title, metadata: null })));
      await this.variants.import(product, options, entry.variants ?? [], path, ctx);
      await this.linkCategories(product.id, entry, path, ctx);
      ctx.created('products');
    }
  }

  private async linkCategories(productId: string, entry: SeedProduct, path: string, ctx: SeedContext): Promise<void> {
    const ids: string[] = [];
    for (const [j, ref] of (entry.categories ?? []).entries()) ids.push(await ctx.resolve('category', ref.id, `${path}.categories[${j}].id`));
    if (ids.length === 0) return;
    await addProductToCategories(ctx.manager, productId, [...new Set(ids)]);
  }

  private async salesChannels(entry: SeedProduct, path: string, ctx: SeedContext): Promise<SalesChannel[]> {
    if (!entry.sales_channels) return [await this.storeSettings.defaultSalesChannel(ctx.manager)];
    const ids = entry.sales_channels.map((c) => c.id);
    const found = await ctx.manager.getRepository(SalesChannel).find({ where: { id: In(ids) } });
    ids.forEach((id, j) => {
      if (!found.some((c) => c.id === id)) seedEntryError(`${path}.sales_channels[${j}].id`, `"${id}" matches no sales channel`);
    });
    return found;
  }
}
