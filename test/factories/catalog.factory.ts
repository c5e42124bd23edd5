import { randomBytes } from 'crypto';
import { EntityManager } from 'typeorm';
import { generateEntityId } from '../../src/common/database/ids';
import { Product } from '../../src/modules/products/product.entity';
import { createProduct, VariantSpec } from './product.factory';

export interface RichProductSpec {
  title?: string;
  description?: string | null;
  /** Region id for an extra region price on every variant. */
  regionId?: string;
  variants?: Array<VariantSpec & { color?: string }>;
  tags?: string[];
  type?: string;
  collection?: { title: string; handle: string };
  images?: string[];
}

/**
 * A product using every part of the CSV layout: two options (Size from the product
 * factory, plus Color), currency and region prices, tags, type, collection, images,
 * thumbnail and a description that needs CSV quoting.
 */
export async function createRichProduct(manager: EntityManager, spec: RichProductSpec = {}): Promise<Product> {
  const suffix = randomBytes(3).toString('hex');
  const variants = spec.variants ?? [
    {
      sku: `RICH-${suffix}-S`,
      option_value: 'S',
      color: 'Red',
      prices: [
        { currency_code: 'eur', amount: 1050 },
        { currency_code: 'usd', amount: 1200 },
      ],
    },
    {
      sku: `RICH-${suffix}-M`,
      option_value: 'M',
      color: 'Blue',
      prices: [{ currency_code: 'eur', amount: 1100 }],
      inventory_quantity: 0,
      allow_backorder: true,
    },
  ];
  const product = await createProduct(manager, {
    title: spec.title ?? `Rich ${suffix}`,
    description: spec.description === undefined ? 'Soft; warm, "cosy"\nand light' : spec.description,
    thumbnail: 'http://img.test/thumb.png',
    weight: 300,
    material: 'cotton',
    variants: variants.map(({ color: _color, ...v }) => ({
      ...v,
      prices: [...(v.prices ?? []), ...(spec.regionId ? [{ currency_code: 'eur', amount: 999, region_id: spec.regionId }] : [])],
    })),
  });
  const color = generateEntityId('opt');
  await manager.query(`INSERT INTO product_option (id, title, product_id) VALUES ($1, 'Color', $2)`, [color, product.id]);
  for (const [i, v] of variants.entries()) {
    if (v.color) {
      await manager.query(`INSERT INTO product_option_value (id, value, option_id, variant_id) VALUES ($1, $2, $3, $4)`, [
        generateEntityId('optval'),
        v.color,
        color,
        product.variants!.find((pv) => pv.variant_rank === i)!.id,
      ]);
    }
  }
  for (const value of spec.tags ?? ['cotton', 'summer']) {
    const [tag] = await manager.query(
      `INSERT INTO product_tag (id, value) VALUES ($1, $2) ON CONFLICT (value) WHERE deleted_at IS NULL DO UPDATE SET value = EXCLUDED.value RETURNING id`,
      [generateEntityId('ptag'), value],
    );
    await manager.query(`INSERT INTO product_tags (product_id, product_tag_id) VALUES ($1, $2)`, [product.id, tag.id]);
  }
  const typeValue = spec.type ?? 'Shirts';
  const [type] = await manager.query(
    `INSERT INTO product_type (id, value) VALUES ($1, $2) ON CONFLICT (value) WHERE deleted_at IS NULL DO UPDATE SET value = EXCLUDED.value RETURNING id`,
    [generateEntityId('ptyp'), typeValue],
  );
  const collection = spec.collection ?? { title: 'Summer', handle: 'summer' };
  const [col] = await manager.query(
    `INSERT INTO product_collection (id, title, handle) VALUES ($1, $2, $3) ON CONFLICT (handle) WHERE deleted_at IS NULL DO UPDATE SET title = EXCLUDED.title RETURNING id`,
    [generateEntityId('pcol'), collection.title, collection.handle],
  );
  await manager.query(`UPDATE product SET type_id = $2, collection_id = $3 WHERE id = $1`, [product.id, type.id, col.id]);
  for (const url of spec.images ?? ['http://img.test/1.png', 'http://img.test/2.png']) {
    const image = generateEntityId('img');
    await manager.query(`INSERT INTO image (id, url) VALUES ($1, $2)`, [image, url]);
    await manager.query(`INSERT INTO product_images (product_id, image_id) VALUES ($1, $2)`, [product.id, image]);
  }
  return product;
}
