import { Injectable } from '@nestjs/common';
import { EntityManager, In, IsNull, QueryDeepPartialEntity, QueryFailedError } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { mergeMetadata } from '../../common/database/metadata';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { translatePgError } from '../../common/errors/pg-errors';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { kebabCase } from '../collections/kebab-case';
import { ProductCollection } from '../collections/product-collection.entity';
import { Currency } from '../currencies/currency.entity';
import { emitEvent, emitEvents, EventToEmit } from '../events/outbox';
import { addProductToCategories, removeCategoryProducts } from '../product-categories/product-categories.repository';
import { ProductCategory } from '../product-categories/product-category.entity';
import { Region } from '../regions/region.entity';
import { SalesChannel } from '../sales-channels/sales-channel.entity';
import { ShippingProfile } from '../shipping/shipping-profile.entity';
import { Store } from '../store-settings/store.entity';
import type {
  AdminPostProductsProductReq,
  AdminPostProductsProductVariantsReq,
  AdminPostProductsProductVariantsVariantReq,
  AdminPostProductsReq,
  ProductTagReq,
  ProductTypeReq,
  VariantPriceReq,
} from './dto/admin-product-writes.dto';
import { MoneyAmount } from './money-amount.entity';
import { ProductOption, ProductOptionValue } from './product-option.entities';
import { Image, ProductTag, ProductType } from './product-taxonomy.entities';
import { ProductVariant } from './product-variant.entity';
import { Product } from './product.entity';
import { softDeleteOption, softDeleteProduct, softDeleteVariants, takenVariantCode, writeBasePrices } from './products.repository';
import { planBasePrices, UnknownPriceRegion } from './variant-price-writes';

/** The variant columns a write copies from its body as they are. */
const VARIANT_COLUMNS = [
  'title',
  'sku',
  'ean',
  'upc',
  'barcode',
  'hs_code',
  'origin_country',
  'mid_code',
  'material',
  'inventory_quantity',
  'allow_backorder',
  'manage_inventory',
  'weight',
  'length',
  'height',
  'width',
] as const;

const PRODUCT_COLUMNS = [
  'title',
  'subtitle',
  'description',
  'handle',
  'thumbnail',
  'collection_id',
  'hs_code',
  'origin_country',
  'mid_code',
  'material',
  'discountable',
  'status',
  'weight',
  'length',
  'height',
  'width',
] as const;

type VariantBody = Partial<Record<(typeof VARIANT_COLUMNS)[number], unknown>> & {
  metadata?: Record<string, unknown>;
  prices?: VariantPriceReq[];
};

/** A new variant's option values: the option ids with their values, in the product's option order. */
type OptionValues = Array<{ option_id: string; value: string }>;

/**
 * The catalogue's writes as Medusa v1's admin makes them: products with their options,
 * variants, base prices, images, tags, type, channels and categories; options and variants
 * under their product. Each write is one transaction and records Medusa's events in it
 * (outbox). The store's caches follow through the table-change triggers on these tables.
 */
@Injectable()
export class ProductWritesService {
  constructor(private readonly tx: TransactionRunner) {}

  /** `POST /admin/products`: returns the new product's id. */
  async create(body: AdminPostProductsReq): Promise<string> {
    return this.tx.run(async (manager) => {
      await this.assertChannelsExist(
        manager,
        body.sales_channels?.map((c) => c.id),
      );
      if (body.collection_id) await this.assertCollectionExists(manager, body.collection_id);
      const categoryIds = body.categories?.map((c) => c.id) ?? [];
      await this.assertCategoriesExist(manager, categoryIds);
      const isGiftCard = body.is_giftcard ?? false;
      const handle = body.handle || kebabCase(body.title);
      await this.assertHandleFree(manager, handle, null);
      const profile = await manager
        .getRepository(ShippingProfile)
        .findOne({ where: { type: isGiftCard ? 'gift_card' : 'default' }, order: { created_at: 'ASC' } });
      const channelIds = body.sales_channels?.length ? body.sales_channels.map((c) => c.id) : await this.defaultChannelIds(manager);

      const repo = manager.getRepository(Product);
      const product = repo.create({
        ...pick(body, PRODUCT_COLUMNS),
        handle,
        is_giftcard: isGiftCard,
        status: body.status ?? 'draft',
        discountable: isGiftCard ? false : (body.discountable ?? true),
        thumbnail: body.thumbnail ?? body.images?.[0] ?? null,
        profile_id: profile?.id ?? null,
        metadata: boundedJson('metadata', body.metadata ?? null),
        type_id: body.type ? (await this.typeOf(manager, body.type)).id : null,
      } as Partial<Product>);
      product.images = await this.imagesOf(manager, body.images ?? []);
      product.tags = await this.tagsOf(manager, body.tags ?? []);
      product.sales_channels = channelIds.map((id) => ({ id }) as SalesChannel);
      await repo.save(product);
      if (categoryIds.length) await addProductToCategories(manager, product.id, categoryIds);

      const options: ProductOption[] = [];
      for (const option of body.options ?? []) {
        options.push(
          await manager.getRepository(ProductOption).save(manager.getRepository(ProductOption).create({ title: option.title, product_id: product.id })),
        );
      }
      await emitEvent(manager, 'product.created', { id: product.id });
      const events: EventToEmit[] = [];
      for (const [rank, variant] of (body.variants ?? []).entries()) {
        const values = (variant.options ?? []).flatMap((o, j) => (options[j] ? [{ option_id: options[j].id, value: o.value }] : []));
        const id = await this.insertVariant(manager, product.id, variant, values, rank);
        events.push({ name: 'product-variant.created', data: { id, product_id: product.id } });
      }
      await emitEvents(manager, events);
      return product.id;
    });
  }

  /** `POST /admin/products/:id`. */
  async update(id: string, body: AdminPostProductsProductReq): Promise<void> {
    await this.tx.run(async (manager) => {
      const channels = body.sales_channels;
      await this.assertChannelsExist(
        manager,
        channels?.map((c) => c.id),
      );
      const repo = manager.getRepository(Product);
      const product = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!product) throw ApiError.notFound(`Product with id: ${id} was not found`);
      if (body.collection_id) await this.assertCollectionExists(manager, body.collection_id);
      if (body.handle !== undefined && body.handle !== product.handle && body.handle) await this.assertHandleFree(manager, body.handle, id);
      Object.assign(product, pick(body, PRODUCT_COLUMNS));
      if (body.metadata !== undefined) product.metadata = mergeMetadata(product.metadata, body.metadata);
      if (body.type !== undefined) product.type_id = body.type ? (await this.typeOf(manager, body.type)).id : null;
      await repo.save(product);

      if (body.images !== undefined) {
        const images = await this.imagesOf(manager, body.images);
        await this.replaceLinks(
          manager,
          'images',
          id,
          images.map((i) => i.id),
        );
        if (!product.thumbnail && body.thumbnail === undefined && images[0]) await repo.update({ id }, { thumbnail: images[0].url });
      }
      if (body.tags !== undefined)
        await this.replaceLinks(
          manager,
          'tags',
          id,
          (await this.tagsOf(manager, body.tags)).map((t) => t.id),
        );
      if (channels !== undefined)
        await this.replaceLinks(
          manager,
          'sales_channels',
          id,
          (channels ?? []).map((c) => c.id),
        );
      if (body.categories !== undefined)
        await this.replaceCategories(
          manager,
          id,
          body.categories.map((c) => c.id),
        );

      await emitEvent(manager, 'product.updated', { id, fields: sentKeys(body).filter((k) => k !== 'variants') });
      if (body.variants) await this.replaceVariants(manager, product, body.variants);
    });
  }

  /** `DELETE /admin/products/:id`: soft, idempotent; `product.deleted` only for a product that was live. */
  async delete(id: string): Promise<void> {
    await this.tx.run(async (manager) => {
      if (await softDeleteProduct(manager, id)) await emitEvent(manager, 'product.deleted', { id });
    });
  }

  /** `POST /admin/products/:id/options`: the new option gets "Default Value" on every variant. */
  async addOption(productId: string, title: string): Promise<void> {
    await this.tx.run(async (manager) => {
      const product = await this.lockProduct(manager, productId);
      const taken = await manager.getRepository(ProductOption).exists({ where: { product_id: productId, title } });
      if (taken) throw ApiError.duplicate(`An option with the title: ${title} already exists`);
      const option = await manager.getRepository(ProductOption).save(manager.getRepository(ProductOption).create({ title, product_id: productId }));
      const variants = await manager.getRepository(ProductVariant).find({ where: { product_id: productId }, select: { id: true } });
      if (variants.length) {
        await manager
          .getRepository(ProductOptionValue)
          .insert(variants.map((v) => ({ id: generateEntityId(ProductOptionValue.idPrefix), option_id: option.id, variant_id: v.id, value: 'Default Value' })));
      }
      await emitEvent(manager, 'product.updated', productEventData(product));
    });
  }

  /** `POST /admin/products/:id/options/:option_id`: renames the option (looked up by id alone, as Medusa). */
  async updateOption(productId: string, optionId: string, title: string): Promise<void> {
    await this.tx.run(async (manager) => {
      const product = await this.lockProduct(manager, productId);
      const clash: unknown[] = await manager.query(
        `SELECT 1 FROM product_option WHERE product_id = $1 AND id <> $2 AND lower(title) = lower($3) AND deleted_at IS NULL LIMIT 1`,
        [productId, optionId, title],
      );
      if (clash.length) throw ApiError.notFound(`An option with title ${title} already exists`);
      const option = await manager.getRepository(ProductOption).findOne({ where: { id: optionId } });
      if (!option) throw ApiError.notFound(`Option with id: ${optionId} does not exist`);
      await manager.getRepository(ProductOption).update({ id: optionId }, { title });
      await emitEvent(manager, 'product.updated', productEventData(product));
    });
  }

  /**
   * `DELETE /admin/products/:id/options/:option_id`: only when every variant has the same
   * value for it (otherwise two variants could end up alike); an unknown option is a no-op.
   */
  async deleteOption(productId: string, optionId: string): Promise<void> {
    await this.tx.run(async (manager) => {
      const product = await this.lockProduct(manager, productId);
      const option = await manager.getRepository(ProductOption).findOne({ where: { id: optionId, product_id: productId } });
      if (!option) return;
      const [{ variants, values }]: Array<{ variants: number; values: number }> = await manager.query(
        `SELECT (SELECT count(*)::int FROM product_variant WHERE product_id = $1 AND deleted_at IS NULL) AS variants,
                (SELECT count(DISTINCT ov.value)::int FROM product_option_value ov JOIN product_variant v ON v.id = ov.variant_id AND v.deleted_at IS NULL
                  WHERE ov.option_id = $2 AND ov.deleted_at IS NULL) AS values`,
        [productId, optionId],
      );
      if (variants > 0 && values > 1) {
        throw ApiError.invalid('To delete an option, first delete all variants, such that when an option is deleted, no duplicate variants will exist.');
      }
      await softDeleteOption(manager, optionId);
      await emitEvent(manager, 'product.updated', productEventData(product));
    });
  }

  /** `POST /admin/products/:id/variants`. */
  async addVariant(productId: string, body: AdminPostProductsProductVariantsReq): Promise<void> {
    await this.tx.run(async (manager) => {
      const product = await manager.getRepository(Product).findOne({ where: { id: productId }, lock: { mode: 'pessimistic_write' } });
      if (!product) throw ApiError.invalid('Product id missing');
      const options = await manager.getRepository(ProductOption).find({ where: { product_id: productId }, order: { created_at: 'ASC' } });
      const given = body.options ?? [];
      if (options.length !== given.length) {
        throw ApiError.invalid(`Product options length does not match variant options length. Product has ${options.length} and variant has ${given.length}.`);
      }
      const values: OptionValues = [];
      for (const option of options) {
        const entry = given.find((o) => o.option_id === option.id);
        if (!entry) throw ApiError.invalid(`Variant options do not contain value for ${option.title}`);
        values.push({ option_id: option.id, value: entry.value });
      }
      await this.assertNewCombination(manager, productId, values);
      const rank = await manager.getRepository(ProductVariant).count({ where: { product_id: productId } });
      const id = await this.insertVariant(manager, productId, body, values, rank);
      await emitEvent(manager, 'product-variant.created', { id, product_id: productId });
    });
  }

  /** `POST /admin/products/:id/variants/:variant_id`: as Medusa, the variant is moved to `:id` if it was elsewhere. */
  async updateVariant(productId: string, variantId: string, body: AdminPostProductsProductVariantsVariantReq): Promise<void> {
    await this.tx.run(async (manager) => {
      const variant = await manager.getRepository(ProductVariant).findOne({ where: { id: variantId }, lock: { mode: 'pessimistic_write' } });
      if (!variant) throw ApiError.notFound(`Variant with id: ${variantId} was not found`);
      const product = await manager.getRepository(Product).findOne({ where: { id: productId }, select: { id: true } });
      if (!product) throw ApiError.notFound(`Product with id: ${productId} was not found`);
      await this.writeVariantUpdate(manager, productId, variant, body);
    });
  }

  /** `DELETE /admin/products/:id/variants/:variant_id`: any variant by id; unknown is a no-op. */
  async deleteVariant(variantId: string): Promise<void> {
    await this.tx.run(async (manager) => {
      const variant = await manager.getRepository(ProductVariant).findOne({ where: { id: variantId }, select: { id: true, product_id: true, metadata: true } });
      if (!variant) return;
      await softDeleteVariants(manager, [variantId]);
      await emitEvent(manager, 'product-variant.deleted', { id: variant.id, product_id: variant.product_id, metadata: variant.metadata });
    });
  }

  /** `POST /admin/products/:id/metadata`: one key merged (`""` deletes it). */
  async setMetadata(productId: string, key: string, value: string): Promise<void> {
    await this.tx.run(async (manager) => {
      const product = await this.lockProduct(manager, productId);
      await manager
        .getRepository(Product)
        .update({ id: productId }, { metadata: mergeMetadata(product.metadata, { [key]: value }) } as QueryDeepPartialEntity<Product>);
      await emitEvent(manager, 'product.updated', { id: productId, fields: ['metadata'] });
    });
  }

  // ---- variants

  /**
   * Medusa's replacement list: variants not listed are soft-deleted, listed ones updated,
   * new ones created; each takes its index as rank, but a new one at index 0 takes the
   * number of variants left then (Medusa reads rank 0 as "unset").
   */
  private async replaceVariants(manager: EntityManager, product: Product, entries: NonNullable<AdminPostProductsProductReq['variants']>): Promise<void> {
    const live = await manager.getRepository(ProductVariant).find({ where: { product_id: product.id } });
    const listed = entries.filter((e) => e.id).map((e) => e.id!);
    const foreign = listed.filter((id) => !live.some((v) => v.id === id));
    if (foreign.length) throw ApiError.notFound(`Variants with id: ${foreign.join(', ')} are not associated with this product`);
    const dropped = live.filter((v) => !listed.includes(v.id));
    await softDeleteVariants(
      manager,
      dropped.map((v) => v.id),
    );
    await emitEvents(
      manager,
      dropped.map((v) => ({ name: 'product-variant.deleted', data: { id: v.id, product_id: product.id, metadata: v.metadata } })),
    );
    const events: EventToEmit[] = [];
    const options = await manager.getRepository(ProductOption).find({ where: { product_id: product.id }, order: { created_at: 'ASC' } });
    for (const [index, entry] of entries.entries()) {
      if (entry.id) {
        const variant = live.find((v) => v.id === entry.id)!;
        await this.writeVariantUpdate(manager, product.id, variant, { ...entry, variant_rank: index });
        continue;
      }
      const values = (entry.options ?? []).filter((o) => options.some((opt) => opt.id === o.option_id));
      const rank = index === 0 ? live.length - dropped.length : index;
      const id = await this.insertVariant(manager, product.id, { ...entry, title: entry.title ?? '' }, values, rank);
      events.push({ name: 'product-variant.created', data: { id, product_id: product.id } });
    }
    await emitEvents(manager, events);
  }

  /** Inserts a variant with its option values and base prices; any refusal is Medusa's 400 invalid_data of variant creation. */
  private async insertVariant(manager: EntityManager, productId: string, body: VariantBody, values: OptionValues, rank: number): Promise<string> {
    const clash = await takenVariantCode(manager, body as Record<string, string>, null);
    if (clash) throw ApiError.invalid(`Product_variant with ${clash.column} ${clash.value} already exists.`);
    const id = generateEntityId(ProductVariant.idPrefix);
    await asVariantCreation(async () => {
      await manager.getRepository(ProductVariant).insert({
        ...pick(body, VARIANT_COLUMNS),
        id,
        product_id: productId,
        variant_rank: rank,
        inventory_quantity: (body.inventory_quantity as number | undefined) ?? 0,
        metadata: boundedJson('metadata', body.metadata ?? null),
      } as QueryDeepPartialEntity<ProductVariant>);
      if (values.length) {
        await manager
          .getRepository(ProductOptionValue)
          .insert(values.map((v) => ({ id: generateEntityId(ProductOptionValue.idPrefix), option_id: v.option_id, variant_id: id, value: v.value })));
      }
      await this.writePrices(manager, id, 'create', body.prices ?? []);
    });
    return id;
  }

  /** A live variant's update: changed columns, option values, base prices; `product-variant.updated` when something changed. */
  private async writeVariantUpdate(
    manager: EntityManager,
    productId: string,
    variant: ProductVariant,
    body: AdminPostProductsProductVariantsVariantReq & { variant_rank?: number },
  ): Promise<void> {
    const changes: Partial<ProductVariant> = {};
    for (const [key, value] of Object.entries(pick(body, [...VARIANT_COLUMNS, 'variant_rank'] as const))) {
      if ((variant as unknown as Record<string, unknown>)[key] !== value) (changes as Record<string, unknown>)[key] = value;
    }
    if (variant.product_id !== productId) changes.product_id = productId;
    if (body.metadata !== undefined) changes.metadata = mergeMetadata(variant.metadata, body.metadata);
    const clash = await takenVariantCode(manager, changes as Record<string, string>, variant.id);
    if (clash) throw ApiError.duplicate(`Product_variant with ${clash.column} ${clash.value} already exists.`);
    if (Object.keys(changes).length) await manager.getRepository(ProductVariant).update({ id: variant.id }, changes as QueryDeepPartialEntity<ProductVariant>);
    for (const option of body.options ?? []) {
      const result = await manager
        .getRepository(ProductOptionValue)
        .update({ variant_id: variant.id, option_id: option.option_id, deleted_at: IsNull() }, { value: option.value });
      if (!result.affected) throw ApiError.notFound('Product option value not found');
    }
    if (body.prices) await this.writePrices(manager, variant.id, 'update', body.prices);
    const changed = Object.keys(changes).filter((k) => k !== 'variant_rank').length > 0 || Boolean(body.options?.length) || Boolean(body.prices?.length);
    if (changed) {
      const fields = [...new Set([...sentKeys(body).filter((k) => k !== 'id' && k !== 'variant_rank'), 'product_id', 'options'])];
      await emitEvent(manager, 'product-variant.updated', { id: variant.id, product_id: productId, fields });
    }
  }

  private async writePrices(manager: EntityManager, variantId: string, mode: 'create' | 'update', entries: VariantPriceReq[]): Promise<void> {
    const regionIds = [...new Set(entries.flatMap((e) => (e.region_id ? [e.region_id] : [])))];
    const regions = regionIds.length
      ? await manager.getRepository(Region).find({ where: { id: In(regionIds) }, select: { id: true, currency_code: true } })
      : [];
    const currencies = [...new Set(entries.flatMap((e) => (!e.region_id && e.currency_code ? [e.currency_code.toLowerCase()] : [])))];
    if (currencies.length) {
      const known = await manager.getRepository(Currency).find({ where: { code: In(currencies) }, select: { code: true } });
      const unknown = currencies.find((c) => !known.some((k) => k.code === c));
      if (unknown) {
        const message = `Currency with currency_code ${unknown} does not exist.`;
        throw mode === 'create' ? ApiError.invalid(message) : ApiError.notFound(message);
      }
    }
    const stored =
      mode === 'update'
        ? await manager.getRepository(MoneyAmount).find({
            where: { variant_id: variantId, price_list_id: IsNull() },
            select: { id: true, currency_code: true, region_id: true, amount: true },
            order: { created_at: 'ASC', id: 'ASC' },
          })
        : [];
    try {
      const plan = planBasePrices(mode, stored, entries, (id) => regions.find((r) => r.id === id)?.currency_code);
      await writeBasePrices(manager, variantId, plan, () => generateEntityId(MoneyAmount.idPrefix));
    } catch (err) {
      if (err instanceof UnknownPriceRegion) throw mode === 'create' ? ApiError.invalid(err.message) : ApiError.notFound(err.message);
      throw err;
    }
  }

  /** Medusa compares a new variant with the variants that existed before the call: same value for every option is refused. */
  private async assertNewCombination(manager: EntityManager, productId: string, values: OptionValues): Promise<void> {
    const variants = await manager.getRepository(ProductVariant).find({ where: { product_id: productId }, relations: { options: true } });
    const same = variants.find((v) =>
      values.every((val) => (v.options ?? []).some((o) => o.option_id === val.option_id && o.value === val.value && !o.deleted_at)),
    );
    if (same) throw ApiError.invalid(`Variant with title ${same.title} with provided options already exists`);
  }

  // ---- product relations

  private async replaceLinks(manager: EntityManager, relation: 'images' | 'tags' | 'sales_channels', productId: string, ids: string[]): Promise<void> {
    const builder = manager.createQueryBuilder().relation(Product, relation).of(productId);
    const current = (await builder.loadMany<{ id: string }>()).map((r) => r.id);
    await builder.addAndRemove(
      ids.filter((id) => !current.includes(id)),
      current.filter((id) => !ids.includes(id)),
    );
  }

  private async replaceCategories(manager: EntityManager, productId: string, categoryIds: string[]): Promise<void> {
    await this.assertCategoriesExist(manager, categoryIds);
    const current: Array<{ id: string }> = await manager.query(`SELECT product_category_id AS id FROM product_category_product WHERE product_id = $1`, [
      productId,
    ]);
    for (const { id } of current) if (!categoryIds.includes(id)) await removeCategoryProducts(manager, id, [productId]);
    await addProductToCategories(manager, productId, categoryIds);
  }

  /** Images are shared by URL: an existing one is reused. */
  private async imagesOf(manager: EntityManager, urls: string[]): Promise<Image[]> {
    const repo = manager.getRepository(Image);
    const found = urls.length ? await repo.find({ where: { url: In(urls) } }) : [];
    const images: Image[] = [];
    for (const url of [...new Set(urls)]) images.push(found.find((i) => i.url === url) ?? (await repo.save(repo.create({ url }))));
    return images;
  }

  /** Tags are shared by value; a new value keeps the id it was sent with (as Medusa). */
  private async tagsOf(manager: EntityManager, tags: ProductTagReq[]): Promise<ProductTag[]> {
    const repo = manager.getRepository(ProductTag);
    const found = tags.length ? await repo.find({ where: { value: In(tags.map((t) => t.value)) } }) : [];
    const out: ProductTag[] = [];
    for (const tag of tags) {
      const existing = found.find((t) => t.value === tag.value) ?? out.find((t) => t.value === tag.value);
      out.push(existing ?? (await repo.save(repo.create({ id: tag.id, value: tag.value }))));
    }
    return [...new Map(out.map((t) => [t.id, t])).values()];
  }

  /** Types are shared by value; a sent id is ignored. */
  private async typeOf(manager: EntityManager, type: ProductTypeReq): Promise<ProductType> {
    const repo = manager.getRepository(ProductType);
    return (await repo.findOne({ where: { value: type.value } })) ?? (await repo.save(repo.create({ value: type.value })));
  }

  // ---- checks

  private async lockProduct(manager: EntityManager, id: string): Promise<Product> {
    const product = await manager.getRepository(Product).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!product) throw ApiError.notFound(`Product with id: ${id} was not found`);
    return product;
  }

  /** Friendly early check; the partial unique index decides under concurrency (the same 422). */
  private async assertHandleFree(manager: EntityManager, handle: string, exceptId: string | null): Promise<void> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM product WHERE handle = $1 AND deleted_at IS NULL AND ($2::varchar IS NULL OR id <> $2) LIMIT 1`,
      [handle, exceptId],
    );
    if (rows.length) throw ApiError.duplicate(`Product with handle ${handle} already exists.`);
  }

  /** Medusa's existence middleware: every unknown channel in one "multiple errors" 400. */
  private async assertChannelsExist(manager: EntityManager, ids: string[] | undefined): Promise<void> {
    if (!ids?.length) return;
    const found = await manager.getRepository(SalesChannel).find({ where: { id: In(ids) }, select: { id: true } });
    const missing = ids.filter((id) => !found.some((c) => c.id === id));
    if (missing.length) throw ApiError.multiple([`Sales Channels ${missing.join(', ')} do not exist`]);
  }

  private async assertCollectionExists(manager: EntityManager, id: string): Promise<void> {
    if (!(await manager.getRepository(ProductCollection).exists({ where: { id } }))) {
      throw ApiError.notFound(`Product_collection with collection_id ${id} does not exist.`);
    }
  }

  private async assertCategoriesExist(manager: EntityManager, ids: string[]): Promise<void> {
    if (!ids.length) return;
    const found = await manager.getRepository(ProductCategory).find({ where: { id: In(ids) }, select: { id: true } });
    const missing = ids.find((id) => !found.some((c) => c.id === id));
    if (missing) throw ApiError.notFound(`Product_category with product_category_id ${missing} does not exist.`);
  }

  private async defaultChannelIds(manager: EntityManager): Promise<string[]> {
    const store = await manager.getRepository(Store).findOne({ where: {}, select: { id: true, default_sales_channel_id: true }, order: { created_at: 'ASC' } });
    return store?.default_sales_channel_id ? [store.default_sales_channel_id] : [];
  }
}

/** The given keys of `body` that are present (an explicit null included). */
function pick<K extends string>(body: object, keys: readonly K[]): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  for (const key of keys) if ((body as Record<string, unknown>)[key] !== undefined) out[key] = (body as Record<string, unknown>)[key];
  return out;
}

/** The keys a body was sent with (a validated DTO instance also holds its absent properties as undefined). */
function sentKeys(body: object): string[] {
  return Object.entries(body).flatMap(([key, value]) => (value === undefined ? [] : [key]));
}

/** Medusa's option events carry the product entity; its columns here (storedEventData bounds the large ones). */
function productEventData(product: Product): { id: string } & Record<string, unknown> {
  return { ...product } as unknown as { id: string } & Record<string, unknown>;
}

/**
 * Medusa turns every database error of variant creation into a 400 invalid_data (with a
 * stray JavaScript error appended, which is left out here: docs/medusa-differences.md).
 */
async function asVariantCreation(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    const driver = err instanceof QueryFailedError ? (err.driverError as Parameters<typeof translatePgError>[0]) : undefined;
    const translated = driver ? translatePgError(driver) : undefined;
    throw translated ? ApiError.invalid(translated.message) : err;
  }
}
