import { randomBytes } from 'crypto';
import { EntityManager, In } from 'typeorm';
import { ProductCollection } from '../../src/modules/collections/product-collection.entity';
import { Product } from '../../src/modules/products/product.entity';

export interface CollectionSpec extends Partial<Omit<ProductCollection, 'products'>> {
  product_ids?: string[];
}

/** A product collection with a unique title/handle, optionally holding products. */
export async function createCollection(manager: EntityManager, spec: CollectionSpec = {}): Promise<ProductCollection> {
  const { product_ids = [], ...fields } = spec;
  const suffix = randomBytes(4).toString('hex');
  const repo = manager.getRepository(ProductCollection);
  const collection = await repo.save(
    repo.create({ title: `Collection ${suffix}`, handle: `collection-${suffix}`, metadata: null, ...(fields as Partial<ProductCollection>) }),
  );
  if (product_ids.length) await manager.getRepository(Product).update({ id: In(product_ids) }, { collection_id: collection.id });
  return collection;
}
