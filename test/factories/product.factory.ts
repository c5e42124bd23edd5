import { EntityManager } from 'typeorm';
import { randomBytes } from 'crypto';
import { MoneyAmount } from '../../src/modules/products/money-amount.entity';
import { ProductOption, ProductOptionValue } from '../../src/modules/products/product-option.entities';
import { ProductVariant } from '../../src/modules/products/product-variant.entity';
import { Product } from '../../src/modules/products/product.entity';

export interface VariantSpec extends Partial<Omit<ProductVariant, 'prices' | 'options'>> {
  prices?: Array<Partial<MoneyAmount> & { currency_code: string; amount: number }>;
  option_value?: string;
}

export interface ProductSpec extends Partial<Omit<Product, 'variants' | 'options'>> {
  variants?: VariantSpec[];
}

/**
 * A published product with one "Size" option and the given variants (default: one
 * variant at 1000 EUR / 1200 USD, 10 in stock). Saved in the default shipping profile.
 */
export async function createProduct(manager: EntityManager, spec: ProductSpec = {}): Promise<Product> {
  const { variants = [{}], ...fields } = spec;
  const suffix = randomBytes(4).toString('hex');
  const product = await manager.getRepository(Product).save(
    manager.getRepository(Product).create({
      title: `Product ${suffix}`,
      handle: `product-${suffix}`,
      status: 'published',
      profile_id: 'sp_default',
      ...(fields as Partial<Product>),
    }),
  );
  const option = await manager.getRepository(ProductOption).save(manager.getRepository(ProductOption).create({ title: 'Size', product_id: product.id }));
  for (const [index, v] of variants.entries()) {
    const {
      prices = [
        { currency_code: 'eur', amount: 1000 },
        { currency_code: 'usd', amount: 1200 },
      ],
      option_value,
      ...variantFields
    } = v;
    const variant = await manager.getRepository(ProductVariant).save(
      manager.getRepository(ProductVariant).create({
        title: option_value ?? `Variant ${index + 1}`,
        product_id: product.id,
        inventory_quantity: 10,
        variant_rank: index,
        ...(variantFields as Partial<ProductVariant>),
      }),
    );
    for (const p of prices) {
      await manager
        .getRepository(MoneyAmount)
        .save(manager.getRepository(MoneyAmount).create({ region_id: null, min_quantity: null, max_quantity: null, ...p, variant_id: variant.id }));
    }
    await manager
      .getRepository(ProductOptionValue)
      .save(manager.getRepository(ProductOptionValue).create({ value: option_value ?? `V${index + 1}`, option_id: option.id, variant_id: variant.id }));
  }
  await manager.query(`INSERT INTO product_sales_channel (product_id, sales_channel_id) VALUES ($1, 'sc_default')`, [product.id]);
  return manager.getRepository(Product).findOneOrFail({
    where: { id: product.id },
    relations: { variants: { prices: true, options: true }, options: { values: true } },
    relationLoadStrategy: 'query',
  });
}
