import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Image, ProductTag, ProductType } from '../../products/product-taxonomy.entities';

/**
 * Types and tags are shared by value: a value already present is reused, never
 * duplicated (their value is unique among live rows). Images belong to one product.
 */
@Injectable()
export class ProductTaxonomyImporter {
  async type(manager: EntityManager, value: string): Promise<ProductType> {
    const repo = manager.getRepository(ProductType);
    return (await repo.findOne({ where: { value } })) ?? repo.save(repo.create({ value, metadata: null }));
  }

  async tags(manager: EntityManager, values: string[]): Promise<ProductTag[]> {
    const repo = manager.getRepository(ProductTag);
    const tags: ProductTag[] = [];
    for (const value of new Set(values)) {
      tags.push((await repo.findOne({ where: { value } })) ?? (await repo.save(repo.create({ value, metadata: null }))));
    }
    return tags;
  }

  async images(manager: EntityManager, urls: string[]): Promise<Image[]> {
    const repo = manager.getRepository(Image);
    return repo.save(urls.map((url) => repo.create({ url, metadata: null })));
  }
}
