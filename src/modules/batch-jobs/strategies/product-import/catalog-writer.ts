import type { EntityManager } from 'typeorm';
import { bulkInsert, bulkUpdate, ColumnSpec } from './bulk-sql';
import type { ImportRefs } from './import-refs';
import type { ProductPlan, VariantPlan } from './import-plan';
import type { CellValue } from './row-parser';

const PRODUCT_COLUMNS: ColumnSpec[] = [
  ['id', 'varchar'],
  ['title', 'varchar'],
  ['subtitle', 'varchar'],
  ['description', 'text'],
  ['handle', 'varchar'],
  ['status', 'varchar'],
  ['thumbnail', 'varchar'],
  ['weight', 'int'],
  ['length', 'int'],
  ['height', 'int'],
  ['width', 'int'],
  ['hs_code', 'varchar'],
  ['origin_country', 'varchar'],
  ['mid_code', 'varchar'],
  ['material', 'varchar'],
  ['collection_id', 'varchar'],
  ['type_id', 'varchar'],
  ['discountable', 'boolean'],
  ['external_id', 'varchar'],
];
const PRODUCT_INSERT_COLUMNS: ColumnSpec[] = [...PRODUCT_COLUMNS, ['profile_id', 'varchar'], ['is_giftcard', 'boolean']];

const VARIANT_COLUMNS: ColumnSpec[] = [
  ['id', 'varchar'],
  ['title', 'varchar'],
  ['product_id', 'varchar'],
  ['sku', 'varchar'],
  ['barcode', 'varchar'],
  ['variant_rank', 'int'],
  ['inventory_quantity', 'int'],
  ['allow_backorder', 'boolean'],
  ['manage_inventory', 'boolean'],
  ['hs_code', 'varchar'],
  ['origin_country', 'varchar'],
  ['mid_code', 'varchar'],
  ['material', 'varchar'],
  ['weight', 'int'],
  ['length', 'int'],
  ['height', 'int'],
  ['width', 'int'],
];

/** Columns that cannot be null: an empty cell keeps the current value (or the default on create). */
const PRODUCT_DEFAULTS: Record<string, unknown> = { title: null, status: 'draft', discountable: true };
const VARIANT_DEFAULTS: Record<string, unknown> = { inventory_quantity: 0, allow_backorder: false, manage_inventory: true };

/** Cell value when the column is in the file; otherwise the current value (update) or the default. */
function merged(cells: Record<string, CellValue>, field: string, existing: Record<string, unknown> | undefined, defaults: Record<string, unknown>): unknown {
  const given = cells[field];
  if (given !== undefined && !(given === null && field in defaults)) return given;
  if (existing) return existing[field] ?? null;
  return defaults[field] ?? null;
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Applies one planned batch inside the caller's transaction with set-based statements
 * (a handful per table, whatever the batch size): taxonomy upserts, products, their tags,
 * images and sales channels, options, variants, option values and prices.
 */
export class CatalogWriter {
  constructor(
    private readonly manager: EntityManager,
    private readonly refs: ImportRefs,
    private readonly newId: (prefix: string) => string,
  ) {}

  async apply(plans: ProductPlan[]): Promise<void> {
    if (plans.length === 0) return;
    const typeIds = await this.upsertByValue(
      'product_type',
      'ptyp',
      plans.map((p) => p.first.product.type).filter((v): v is string => typeof v === 'string'),
    );
    const collectionIds = await this.resolveCollections(plans);
    await this.writeProducts(plans, typeIds, collectionIds);
    await this.writeTags(plans);
    await this.writeImages(plans);
    await this.writeSalesChannels(plans);
    await this.writeCategories(plans);
    const optionIds = await this.writeOptions(plans);
    const variants = plans.flatMap((p) => p.variants.map((v) => ({ plan: p, variant: v })));
    await this.writeVariants(variants);
    await this.writeOptionValues(variants, optionIds);
    await this.writePrices(variants);
  }

  /** value -> id for product types / tags, creating the missing ones. */
  private async upsertByValue(table: 'product_type' | 'product_tag', prefix: string, values: string[]): Promise<Map<string, string>> {
    const distinct = [...new Set(values)];
    const ids = new Map<string, string>();
    if (distinct.length === 0) return ids;
    const find = async () => {
      const rows: Array<{ id: string; value: string }> = await this.manager.query(
        `SELECT id, value FROM "${table}" WHERE value = ANY($1::varchar[]) AND deleted_at IS NULL`,
        [distinct],
      );
      for (const row of rows) ids.set(row.value, row.id);
    };
    await find();
    const missing = distinct.filter((v) => !ids.has(v)).map((value) => ({ id: this.newId(prefix), value }));
    if (missing.length) {
      await bulkInsert(
        this.manager,
        table,
        [
          ['id', 'varchar'],
          ['value', 'varchar'],
        ],
        missing,
        'ON CONFLICT (value) WHERE deleted_at IS NULL DO NOTHING',
      );
      await find();
    }
    return ids;
  }

  /** Collections by handle (or by title when only the title is given), created when missing. Key: plan id. */
  private async resolveCollections(plans: ProductPlan[]): Promise<Map<string, string | null>> {
    const result = new Map<string, string | null>();
    const wanted = new Map<string, { handle: string; title: string }>();
    for (const plan of plans) {
      const cells = plan.first.product;
      if (cells.collection_handle === undefined && cells.collection_title === undefined) continue;
      const title = typeof cells.collection_title === 'string' ? cells.collection_title : null;
      const handle = typeof cells.collection_handle === 'string' ? cells.collection_handle : title ? slug(title) : null;
      if (!handle) {
        result.set(plan.id, null);
        continue;
      }
      wanted.set(plan.id, { handle, title: title ?? handle });
    }
    if (wanted.size === 0) return result;
    const handles = [...new Set([...wanted.values()].map((w) => w.handle))];
    const byHandle = new Map<string, string>();
    const find = async () => {
      const rows: Array<{ id: string; handle: string }> = await this.manager.query(
        `SELECT id, handle FROM product_collection WHERE handle = ANY($1::varchar[]) AND deleted_at IS NULL`,
        [handles],
      );
      for (const row of rows) byHandle.set(row.handle, row.id);
    };
    await find();
    const missing = new Map<string, { id: string; handle: string; title: string }>();
    for (const w of wanted.values()) if (!byHandle.has(w.handle) && !missing.has(w.handle)) missing.set(w.handle, { id: this.newId('pcol'), ...w });
    if (missing.size) {
      await bulkInsert(
        this.manager,
        'product_collection',
        [
          ['id', 'varchar'],
          ['handle', 'varchar'],
          ['title', 'varchar'],
        ],
        [...missing.values()],
        'ON CONFLICT (handle) WHERE deleted_at IS NULL DO NOTHING',
      );
      await find();
    }
    for (const [planId, w] of wanted) result.set(planId, byHandle.get(w.handle) ?? null);
    return result;
  }

  private async writeProducts(plans: ProductPlan[], typeIds: Map<string, string>, collectionIds: Map<string, string | null>): Promise<void> {
    const toRow = (plan: ProductPlan) => {
      const cells = plan.first.product;
      const row: Record<string, unknown> = { id: plan.id };
      for (const [column] of PRODUCT_COLUMNS) {
        if (column === 'id') continue;
        if (column === 'type_id') {
          row.type_id = cells.type === undefined ? (plan.existing?.type_id ?? null) : typeof cells.type === 'string' ? typeIds.get(cells.type) : null;
        } else if (column === 'collection_id') {
          row.collection_id = collectionIds.has(plan.id) ? collectionIds.get(plan.id) : (plan.existing?.collection_id ?? null);
        } else {
          row[column] = merged(cells, column, plan.existing, PRODUCT_DEFAULTS);
        }
      }
      // As Medusa's product service: without a thumbnail, the product's first image is its thumbnail.
      if (!row.thumbnail && plan.first.images?.length) row.thumbnail = plan.first.images[0];
      return row;
    };
    const creates = plans.filter((p) => p.action === 'create').map((p) => ({ ...toRow(p), profile_id: this.refs.defaultProfileId, is_giftcard: false }));
    await bulkInsert(this.manager, 'product', PRODUCT_INSERT_COLUMNS, creates);
    await bulkUpdate(this.manager, 'product', PRODUCT_COLUMNS, plans.filter((p) => p.action === 'update').map(toRow));
  }

  /** Replaces the tags of products whose row has a Product Tags column. */
  private async writeTags(plans: ProductPlan[]): Promise<void> {
    const tagged = plans.filter((p) => Array.isArray(p.first.product.tags));
    if (tagged.length === 0) return;
    const tagIds = await this.upsertByValue(
      'product_tag',
      'ptag',
      tagged.flatMap((p) => p.first.product.tags as string[]),
    );
    await this.manager.query(`DELETE FROM product_tags WHERE product_id = ANY($1::varchar[])`, [tagged.map((p) => p.id)]);
    const links = tagged.flatMap((p) =>
      [...new Set(p.first.product.tags as string[])].map((value) => ({ product_id: p.id, product_tag_id: tagIds.get(value) })),
    );
    await bulkInsert(
      this.manager,
      'product_tags',
      [
        ['product_id', 'varchar'],
        ['product_tag_id', 'varchar'],
      ],
      links,
    );
  }

  /** Replaces the images of products whose row has image columns, unless they are already the same. */
  private async writeImages(plans: ProductPlan[]): Promise<void> {
    const withImages = plans.filter((p) => p.first.images !== undefined);
    if (withImages.length === 0) return;
    const current: Array<{ product_id: string; url: string }> = await this.manager.query(
      `SELECT pi.product_id, i.url FROM product_images pi JOIN image i ON i.id = pi.image_id AND i.deleted_at IS NULL
        WHERE pi.product_id = ANY($1::varchar[]) ORDER BY i.id`,
      [withImages.map((p) => p.id)],
    );
    const changed = withImages.filter((p) => {
      const urls = current.filter((c) => c.product_id === p.id).map((c) => c.url);
      return urls.join('\n') !== p.first.images!.join('\n');
    });
    if (changed.length === 0) return;
    await this.manager.query(`DELETE FROM product_images WHERE product_id = ANY($1::varchar[])`, [changed.map((p) => p.id)]);
    const images = changed.flatMap((p) => p.first.images!.map((url) => ({ id: this.newId('img'), url, product_id: p.id })));
    await bulkInsert(
      this.manager,
      'image',
      [
        ['id', 'varchar'],
        ['url', 'varchar'],
      ],
      images,
    );
    await bulkInsert(
      this.manager,
      'product_images',
      [
        ['product_id', 'varchar'],
        ['image_id', 'varchar'],
      ],
      images.map((i) => ({ product_id: i.product_id, image_id: i.id })),
    );
  }

  /** Replaces sales channels given in the file; a new product without any gets the store's default channel. */
  private async writeSalesChannels(plans: ProductPlan[]): Promise<void> {
    const links: Array<{ product_id: string; sales_channel_id: string }> = [];
    const replaced: string[] = [];
    for (const plan of plans) {
      if (plan.salesChannelIds) {
        replaced.push(plan.id);
        for (const id of plan.salesChannelIds) links.push({ product_id: plan.id, sales_channel_id: id });
      } else if (plan.action === 'create' && this.refs.defaultSalesChannelId) {
        links.push({ product_id: plan.id, sales_channel_id: this.refs.defaultSalesChannelId });
      }
    }
    if (replaced.length) await this.manager.query(`DELETE FROM product_sales_channel WHERE product_id = ANY($1::varchar[])`, [replaced]);
    await bulkInsert(
      this.manager,
      'product_sales_channel',
      [
        ['product_id', 'varchar'],
        ['sales_channel_id', 'varchar'],
      ],
      links,
    );
  }

  /** Replaces the categories of products whose file has category columns (none given: none kept, as Medusa). */
  private async writeCategories(plans: ProductPlan[]): Promise<void> {
    const replaced = plans.filter((p) => p.categoryIds !== undefined);
    if (replaced.length === 0) return;
    await this.manager.query(`DELETE FROM product_category_product WHERE product_id = ANY($1::varchar[])`, [replaced.map((p) => p.id)]);
    await bulkInsert(
      this.manager,
      'product_category_product',
      [
        ['product_category_id', 'varchar'],
        ['product_id', 'varchar'],
      ],
      replaced.flatMap((p) => p.categoryIds!.map((id) => ({ product_category_id: id, product_id: p.id }))),
    );
  }

  /** Options by title per product, creating missing ones in column order. Returns "productId\ntitle" -> option id. */
  private async writeOptions(plans: ProductPlan[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    const updated = plans.filter((p) => p.action === 'update').map((p) => p.id);
    if (updated.length) {
      const rows: Array<{ id: string; product_id: string; title: string }> = await this.manager.query(
        `SELECT id, product_id, title FROM product_option WHERE product_id = ANY($1::varchar[]) AND deleted_at IS NULL ORDER BY id`,
        [updated],
      );
      for (const row of rows) if (!ids.has(`${row.product_id}\n${row.title}`)) ids.set(`${row.product_id}\n${row.title}`, row.id);
    }
    const missing: Array<{ id: string; product_id: string; title: string }> = [];
    for (const plan of plans) {
      const titles = [plan.first, ...plan.variants.map((v) => v.row)].flatMap((row) => row.options.map((o) => o.title));
      for (const title of titles) {
        const key = `${plan.id}\n${title}`;
        if (ids.has(key)) continue;
        const option = { id: this.newId('opt'), product_id: plan.id, title };
        ids.set(key, option.id);
        missing.push(option);
      }
    }
    await bulkInsert(
      this.manager,
      'product_option',
      [
        ['id', 'varchar'],
        ['product_id', 'varchar'],
        ['title', 'varchar'],
      ],
      missing,
    );
    return ids;
  }

  private async writeVariants(variants: Array<{ plan: ProductPlan; variant: VariantPlan }>): Promise<void> {
    const toRow = ({ plan, variant }: { plan: ProductPlan; variant: VariantPlan }) => {
      const cells = variant.row.variant;
      const row: Record<string, unknown> = { id: variant.id, product_id: plan.id, variant_rank: variant.rank };
      for (const [column] of VARIANT_COLUMNS) {
        if (column in row) continue;
        row[column] = merged(cells, column, variant.existing, VARIANT_DEFAULTS);
      }
      if (!row.title) {
        const fromOptions = variant.row.options
          .map((o) => o.value)
          .filter(Boolean)
          .join(' / ');
        row.title = variant.existing?.title ?? (fromOptions || (plan.first.product.title as string | null) || plan.existing?.title || 'Default variant');
      }
      return row;
    };
    await bulkInsert(this.manager, 'product_variant', VARIANT_COLUMNS, variants.filter((v) => v.variant.action === 'create').map(toRow));
    await bulkUpdate(this.manager, 'product_variant', VARIANT_COLUMNS, variants.filter((v) => v.variant.action === 'update').map(toRow));
  }

  /** One value per variant and option: new variants get theirs inserted; existing ones are updated in place or completed. */
  private async writeOptionValues(variants: Array<{ plan: ProductPlan; variant: VariantPlan }>, optionIds: Map<string, string>): Promise<void> {
    const valuesOf = (list: typeof variants) =>
      list.flatMap(({ plan, variant }) =>
        variant.row.options.map((o) => ({
          id: this.newId('optval'),
          variant_id: variant.id,
          option_id: optionIds.get(`${plan.id}\n${o.title}`)!,
          value: o.value,
        })),
      );
    const columns: ColumnSpec[] = [
      ['id', 'varchar'],
      ['variant_id', 'varchar'],
      ['option_id', 'varchar'],
      ['value', 'varchar'],
    ];
    await bulkInsert(this.manager, 'product_option_value', columns, valuesOf(variants.filter((v) => v.variant.action === 'create')));
    const updated = valuesOf(variants.filter((v) => v.variant.action === 'update'));
    if (updated.length === 0) return;
    const given = `WITH x AS MATERIALIZED (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id varchar, variant_id varchar, option_id varchar, value varchar))`;
    const json = JSON.stringify(updated);
    await this.manager.query(
      `${given} UPDATE product_option_value v SET value = x.value, updated_at = now() FROM x
        WHERE v.variant_id = x.variant_id AND v.option_id = x.option_id AND v.deleted_at IS NULL AND v.value IS DISTINCT FROM x.value`,
      [json],
    );
    await this.manager.query(
      `${given} INSERT INTO product_option_value (id, variant_id, option_id, value) SELECT x.id, x.variant_id, x.option_id, x.value FROM x
        WHERE NOT EXISTS (SELECT 1 FROM product_option_value v WHERE v.variant_id = x.variant_id AND v.option_id = x.option_id AND v.deleted_at IS NULL)`,
      [json],
    );
  }

  /**
   * Makes each variant's base prices (no price list, no quantity tier) exactly the file's:
   * amounts updated in place, missing ones inserted, the others removed.
   */
  private async writePrices(variants: Array<{ plan: ProductPlan; variant: VariantPlan }>): Promise<void> {
    const pricesOf = (list: typeof variants) =>
      list
        .filter((v) => v.variant.row.prices !== undefined)
        .flatMap(({ variant }) =>
          variant.row.prices!.map((p) => ({
            id: this.newId('ma'),
            variant_id: variant.id,
            currency_code: p.currency_code,
            region_id: p.region_name === null ? null : this.refs.regionIdByName.get(p.region_name)!,
            amount: p.amount,
          })),
        );
    const columns: ColumnSpec[] = [
      ['id', 'varchar'],
      ['variant_id', 'varchar'],
      ['currency_code', 'varchar'],
      ['region_id', 'varchar'],
      ['amount', 'int'],
    ];
    await bulkInsert(this.manager, 'money_amount', columns, pricesOf(variants.filter((v) => v.variant.action === 'create')));

    const updated = variants.filter((v) => v.variant.action === 'update' && v.variant.row.prices !== undefined);
    if (updated.length === 0) return;
    const json = JSON.stringify(pricesOf(updated));
    const ids = updated.map((v) => v.variant.id);
    // The file's prices are read once into a CTE; each statement joins against it.
    const given = `WITH x AS MATERIALIZED (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id varchar, variant_id varchar, currency_code varchar, region_id varchar, amount int))`;
    const base = `m.price_list_id IS NULL AND m.min_quantity IS NULL AND m.max_quantity IS NULL AND m.deleted_at IS NULL`;
    const same = `m.variant_id = x.variant_id AND m.currency_code = x.currency_code AND m.region_id IS NOT DISTINCT FROM x.region_id`;
    await this.manager.query(
      `${given} DELETE FROM money_amount m WHERE m.variant_id = ANY($2::varchar[]) AND ${base} AND NOT EXISTS (SELECT 1 FROM x WHERE ${same})`,
      [json, ids],
    );
    await this.manager.query(
      `${given} UPDATE money_amount m SET amount = x.amount, updated_at = now() FROM x WHERE ${same} AND ${base} AND m.amount <> x.amount`,
      [json],
    );
    await this.manager.query(
      `${given} INSERT INTO money_amount (id, variant_id, currency_code, region_id, amount) SELECT x.id, x.variant_id, x.currency_code, x.region_id, x.amount FROM x
        WHERE NOT EXISTS (SELECT 1 FROM money_amount m WHERE ${same} AND ${base})`,
      [json],
    );
  }
}
