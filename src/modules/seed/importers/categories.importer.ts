import { Injectable } from '@nestjs/common';
import { kebabCase } from '../../collections/kebab-case';
import { insertCategory, lockCategoryTree } from '../../product-categories/product-categories.repository';
import { ProductCategory } from '../../product-categories/product-category.entity';
import { isRealId, SeedContext } from '../seed-context';
import { SeedCategory } from '../seed-file.schema';

/**
 * `categories`: a tree, each entry's `category_children` created under it, as Medusa's
 * seed does; a new category is active and public unless told otherwise, and placed last
 * among its siblings. A category matches an existing one by real id or by handle (derived
 * from the name when absent) and is then left as it is; its children are still imported,
 * and its file id resolves for the products' `categories`.
 */
@Injectable()
export class CategoriesImporter {
  async import(entries: SeedCategory[], ctx: SeedContext): Promise<void> {
    if (entries.length === 0) return;
    await lockCategoryTree(ctx.manager);
    await this.importLevel(entries, null, ctx);
  }

  private async importLevel(entries: SeedCategory[], parent: ProductCategory | null, ctx: SeedContext): Promise<void> {
    const repo = ctx.manager.getRepository(ProductCategory);
    for (const entry of entries) {
      const realId = isRealId(entry.id, 'pcat') ? entry.id : undefined;
      const handle = entry.handle ?? kebabCase(entry.name);
      let category = (realId && (await repo.findOne({ where: { id: realId } }))) || (await repo.findOne({ where: { handle } }));
      if (category) {
        ctx.existing('categories');
      } else {
        category = await insertCategory(
          ctx.manager,
          {
            id: realId,
            name: entry.name,
            description: entry.description ?? '',
            handle,
            is_active: entry.is_active ?? true,
            is_internal: entry.is_internal ?? false,
            metadata: entry.metadata ?? null,
          },
          parent,
        );
        ctx.created('categories');
      }
      ctx.remember('category', entry.id, category.id);
      if (entry.category_children?.length) await this.importLevel(entry.category_children, category, ctx);
    }
  }
}
