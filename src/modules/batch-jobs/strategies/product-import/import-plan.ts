import type { EntityManager } from 'typeorm';
import type { ProductGroup } from './import-batches';
import type { ParsedRow, RowError } from './row-parser';
import {
  type ExistingProduct,
  type ExistingVariant,
  findLiveProductsByHandle,
  findLiveVariantsBySku,
  findProductsById,
  findCategoriesByHandle,
  findSalesChannelsByIdOrName,
  findVariantsById,
} from './product-import.queries';

export interface VariantPlan {
  action: 'create' | 'update';
  id: string;
  row: ParsedRow;
  rank: number;
  existing?: ExistingVariant;
}

export interface ProductPlan {
  action: 'create' | 'update';
  id: string;
  /** The row the product's own fields come from (its first row, as in Medusa). */
  first: ParsedRow;
  existing?: ExistingProduct;
  variants: VariantPlan[];
  /** Resolved sales channel ids, when the file has sales channel columns. */
  salesChannelIds?: string[];
  /** Resolved category ids (the product's categories become these), when the file has category columns. */
  categoryIds?: string[];
}

export interface ImportStats {
  product_create: number;
  product_update: number;
  variant_create: number;
  variant_update: number;
}

export interface BatchPlan {
  products: ProductPlan[];
  errors: RowError[];
  stats: ImportStats;
}

export const emptyStats = (): ImportStats => ({ product_create: 0, product_update: 0, variant_create: 0, variant_update: 0 });

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function indexBy<T>(rows: T[], key: (row: T) => string | null): Map<string, T> {
  const map = new Map<string, T>();
  for (const row of rows) {
    const k = key(row);
    if (k !== null && !map.has(k)) map.set(k, row);
  }
  return map;
}

/**
 * Decides, for one batch, which products and variants are created and which updated,
 * with the same rules for the dry run (pre-processing) and the real run:
 * - a product is the one with the row's Product Id, else the one with its handle, else new
 *   (a Product Id not in the database is kept as the new product's id, so an export
 *   re-imported into an empty store reproduces it);
 * - a variant is the one with the Variant Id, else the product's variant with that SKU,
 *   else new (again keeping a given id).
 * Sales channels and categories are resolved here too (by id or name, by handle).
 * Every conflict is a row error naming row and column; a product with an error is left out.
 */
export async function planBatch(manager: EntityManager, groups: ProductGroup[], newId: (prefix: string) => string): Promise<BatchPlan> {
  const rows = groups.flatMap((g) => g.rows);
  const productIds = [...new Set(rows.map((r) => str(r.product.id)).filter((v): v is string => !!v))];
  const handles = [...new Set(rows.map((r) => str(r.product.handle)).filter((v): v is string => !!v))];
  const variantIds = [...new Set(rows.map((r) => str(r.variant.id)).filter((v): v is string => !!v))];
  const skus = [...new Set(rows.map((r) => str(r.variant.sku)).filter((v): v is string => !!v))];
  const channelRefs = [...new Set(rows.flatMap((r) => r.salesChannels ?? []).map((c) => c.ref))];
  const categoryHandles = [...new Set(rows.flatMap((r) => r.categoryHandles ?? []))];

  const byId = await findProductsById(manager, productIds);
  const byHandleRows = await findLiveProductsByHandle(manager, handles);
  const variantRows = await findVariantsById(manager, variantIds);
  const variantsBySkuRows = await findLiveVariantsBySku(manager, skus);
  const channels = await findSalesChannelsByIdOrName(manager, channelRefs);
  const categoryByHandle = indexBy(categoryHandles.length ? await findCategoriesByHandle(manager, categoryHandles) : [], (c) => c.handle);
  const productsById = indexBy(byId, (p) => p.id);
  const productsByHandle = indexBy(byHandleRows, (p) => p.handle);
  const existingVariants = indexBy(variantRows, (v) => v.id);
  const variantsBySku = indexBy(variantsBySkuRows, (v) => v.sku);
  const channelById = indexBy(channels, (c) => c.id);
  const channelByName = indexBy(channels, (c) => c.name);

  const plan: BatchPlan = { products: [], errors: [], stats: emptyStats() };
  const plansById = new Map<string, ProductPlan>();
  const plansByHandle = new Map<string, ProductPlan>();
  const variantOwner = new Map<string, string>(); // variant id -> product id, within the batch
  const skuOwner = new Map<string, string>(); // sku -> variant id, within the batch

  for (const group of groups) {
    const errors: RowError[] = [];
    const fail = (row: ParsedRow, column: string | undefined, message: string) => errors.push({ row: row.row, line: row.line, column, message });
    const first = group.rows[0];
    const id = str(first.product.id);
    const handle = str(first.product.handle)!;
    const handleOwner = plansByHandle.get(handle)?.id ?? productsByHandle.get(handle)?.id;

    let product = id ? plansById.get(id) : (plansByHandle.get(handle) ?? (handleOwner ? plansById.get(handleOwner) : undefined));
    let isNew = false;
    if (!product) {
      const existing = id ? productsById.get(id) : handleOwner ? productsByHandle.get(handle) : undefined;
      if (existing?.deleted_at) fail(first, 'Product Id', `Product ${id} was deleted and cannot be imported again`);
      else if (handleOwner && handleOwner !== (existing?.id ?? id)) {
        fail(first, 'Product Handle', `The handle "${handle}" is already used by product ${handleOwner}`);
      }
      if (!existing && !str(first.product.title)) fail(first, 'Product Title', 'A title is required to create a product');
      product = existing
        ? { action: 'update', id: existing.id, first, existing, variants: [] }
        : { action: 'create', id: id ?? newId('prod'), first, variants: [] };
      isNew = true;
    }

    if (first.salesChannels && isNew) {
      product.salesChannelIds = [];
      for (const { ref } of first.salesChannels) {
        const channel = channelById.get(ref) ?? channelByName.get(ref);
        if (!channel) fail(first, 'Sales Channel', `Sales channel "${ref}" does not exist`);
        else if (!product.salesChannelIds.includes(channel.id)) product.salesChannelIds.push(channel.id);
      }
    }

    // As Medusa, a product's categories come from its first row, by handle; an unknown handle refuses the product.
    if (first.categoryHandles && isNew) {
      product.categoryIds = [];
      for (const handle of first.categoryHandles) {
        const category = categoryByHandle.get(handle);
        if (!category) fail(first, 'Product Category', `ProductCategory with handle: ${handle} was not found`);
        else if (!product.categoryIds.includes(category.id)) product.categoryIds.push(category.id);
      }
    }

    const variants: VariantPlan[] = [];
    for (const row of group.rows) {
      if (!row.hasVariant) continue;
      const variantId = str(row.variant.id);
      const sku = str(row.variant.sku);
      let existing: ExistingVariant | undefined;
      if (variantId) {
        if (variantOwner.has(variantId) || variants.some((v) => v.id === variantId)) {
          fail(row, 'Variant Id', `Variant ${variantId} appears more than once`);
          continue;
        }
        existing = existingVariants.get(variantId);
        if (existing?.deleted_at) fail(row, 'Variant Id', `Variant ${variantId} was deleted and cannot be imported again`);
        else if (existing && existing.product_id !== product.id)
          fail(row, 'Variant Id', `Variant ${variantId} belongs to another product (${existing.product_id})`);
      } else if (sku) {
        const owner = variantsBySku.get(sku);
        if (owner && owner.product_id === product.id) existing = owner;
      }
      const vid = existing?.id ?? variantId ?? newId('variant');
      if (sku) {
        const skuTakenBy = skuOwner.get(sku) ?? variantsBySku.get(sku)?.id;
        if (skuTakenBy && skuTakenBy !== vid) fail(row, 'Variant SKU', `The SKU "${sku}" is already used by variant ${skuTakenBy}`);
      }
      const inventory = (row.variant.inventory_quantity ?? existing?.inventory_quantity ?? 0) as number;
      const backorder = (row.variant.allow_backorder ?? existing?.allow_backorder ?? false) as boolean;
      if (inventory < 0 && !backorder) fail(row, 'Variant Inventory Quantity', 'must not be negative unless backorders are allowed');
      variants.push({ action: existing ? 'update' : 'create', id: vid, row, rank: product.variants.length + variants.length, existing });
    }

    if (errors.length) {
      plan.errors.push(...errors);
      continue;
    }
    if (isNew) {
      plan.products.push(product);
      plansById.set(product.id, product);
      plansByHandle.set(handle, product);
      plan.stats[product.action === 'create' ? 'product_create' : 'product_update'] += 1;
    }
    for (const variant of variants) {
      product.variants.push(variant);
      variantOwner.set(variant.id, product.id);
      const sku = str(variant.row.variant.sku);
      if (sku) skuOwner.set(sku, variant.id);
      plan.stats[variant.action === 'create' ? 'variant_create' : 'variant_update'] += 1;
    }
  }
  return plan;
}
