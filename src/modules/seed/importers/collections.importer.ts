import { Injectable } from '@nestjs/common';
import { ProductCollection } from '../../collections/product-collection.entity';
import { kebabCase } from '../../collections/kebab-case';
import { isRealId, SeedContext } from '../seed-context';
import { SeedCollection } from '../seed-file.schema';

/**
 * `product_collections`: the handle defaults to one derived from the title. A collection
 * matches an existing one by real id or by handle and is then left as it is; either way
 * its file id resolves for the products' `collection_id`.
 */
@Injectable()
export class CollectionsImporter {
  async import(entries: SeedCollection[], ctx: SeedContext): Promise<void> {
    const repo = ctx.manager.getRepository(ProductCollection);
    for (const entry of entries) {
      const realId = isRealId(entry.id, 'pcol') ? entry.id : undefined;
      const handle = entry.handle ?? (kebabCase(entry.title) || null);
      const existing =
        (realId && (await repo.findOne({ where: { id: realId }, withDeleted: true }))) ||
        (await repo.findOne({ where: handle ? { handle } : { title: entry.title } }));
      if (existing) {
        ctx.remember('collection', entry.id, existing.id);
        ctx.existing('product_collections');
        continue;
      }
      const collection = await repo.save(repo.create({ id: realId, title: entry.title, handle, metadata: entry.metadata ?? null }));
      ctx.remember('collection', entry.id, collection.id);
      ctx.created('product_collections');
    }
  }
}
