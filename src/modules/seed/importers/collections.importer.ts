import { Injectable } from '@nestjs/common';
import { CollectionsService } from '../../collections/collections.service';
import { ProductCollection } from '../../collections/product-collection.entity';
import { kebabCase } from '../../collections/kebab-case';
import { isRealId, SeedContext } from '../seed-context';
import { SeedCollection } from '../seed-file.schema';

/**
 * `product_collections`: created through CollectionsService (the handle defaults to one
 * derived from the title). A collection matches an existing one by real id or by handle
 * and is then left as it is; either way its file id resolves for the products'
 * `collection_id`.
 */
@Injectable()
export class CollectionsImporter {
  constructor(private readonly collections: CollectionsService) {}

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
      const collection = await this.collections.create({ title: entry.title, handle: handle ?? undefined, metadata: entry.metadata ?? null }, [], {
        id: realId,
        transaction: ctx.manager,
      });
      ctx.remember('collection', entry.id, collection.id);
      ctx.created('product_collections');
    }
  }
}
