import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, FindOptionsWhere, In, IsNull, Like } from 'typeorm';
import { mergeMetadata } from '../../common/database/metadata';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import { ADMIN_CATEGORY_LIST, STORE_CATEGORY_LIST } from './product-category-lists';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { Product } from '../products/product.entity';
import { kebabCase } from '../collections/kebab-case';
import {
  addCategoryProducts,
  categoryProductLinks,
  closeRankGap,
  insertCategory,
  lockCategoryTree,
  moveCategoryRank,
  removeCategoryProducts,
  rerankAmongSiblings,
  rewriteSubtreePaths,
  type SiblingShift,
  subtreePattern,
} from './product-categories.repository';
import { ProductCategory } from './product-category.entity';
import { boundedJson } from '../../common/validation/stored-json-bounds';

/** What a shopper may see: active, non-internal categories (and only those in a tree). */
type CategoryScope = 'store' | 'admin';

export interface CategoryListFilters {
  q?: string;
  handle?: string;
  /** null: top-level categories only. */
  parent_category_id?: string | null;
  is_active?: boolean;
  is_internal?: boolean;
}

export interface CategoryInput {
  name?: string;
  description?: string;
  handle?: string;
  is_active?: boolean;
  is_internal?: boolean;
  parent_category_id?: string | null;
  rank?: number;
  metadata?: Record<string, unknown> | null;
}

export interface CategoryReadOptions {
  scope: CategoryScope;
  relations: readonly string[];
  /** Every descendant under category_children, sorted by rank at each level. */
  includeDescendantsTree?: boolean;
}

const STORE_VISIBLE = { is_active: true, is_internal: false } as const;

const notFound = (id: string) => ApiError.notFound(`ProductCategory with id: ${id} was not found`);

const byRank = (a: ProductCategory, b: ProductCategory) => a.rank - b.rank || a.handle.localeCompare(b.handle) || a.id.localeCompare(b.id);

@Injectable()
export class ProductCategoriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  /**
   * A page of categories ordered by rank then handle, as Medusa orders them. `q` searches
   * names and handles. In the store scope only visible categories are listed, and only
   * visible parents and children are attached.
   */
  async list(filters: CategoryListFilters, config: FindConfig, options: CategoryReadOptions): Promise<[ProductCategory[], number]> {
    const spec = options.scope === 'store' ? STORE_CATEGORY_LIST : ADMIN_CATEGORY_LIST;
    const [page, count] = await runList(this.dataSource.manager, spec, { ...filters }, config);
    await this.attachRelations(page, options, this.dataSource.manager);
    return [page, count];
  }

  /**
   * One category with the relations asked for; `category_children` brings, as Medusa's
   * retrieve does, all its descendants (visible ones only in the store scope, where a
   * hidden category is a 404).
   */
  async retrieve(id: string, options: CategoryReadOptions, manager: EntityManager = this.dataSource.manager): Promise<ProductCategory> {
    const where: FindOptionsWhere<ProductCategory> = options.scope === 'store' ? { id, ...STORE_VISIBLE } : { id };
    const category = await manager.getRepository(ProductCategory).findOne({ where });
    // Medusa names the store's selector in its message.
    if (!category)
      throw options.scope === 'store' ? ApiError.notFound(`ProductCategory with id: ${id}, is_internal: false, is_active: true was not found`) : notFound(id);
    // The whole subtree comes with `category_children`; an `expand` without it has no children (as Medusa 1.20.10 answers).
    await this.attachRelations([category], { ...options, includeDescendantsTree: options.relations.includes('category_children') }, manager);
    return category;
  }

  /**
   * Creates a category as the last of its siblings. An absent or empty handle becomes the
   * kebab-case of the name; a taken handle is a 422.
   */
  async create(input: CategoryInput & { name: string }, options: CategoryReadOptions): Promise<ProductCategory> {
    return this.tx.run(async (manager) => {
      await lockCategoryTree(manager);
      const handle = input.handle || kebabCase(input.name);
      await this.assertHandleFree(handle, undefined, manager);
      const parent = input.parent_category_id ? await this.findOrFail(input.parent_category_id, manager) : null;
      const { id } = await insertCategory(
        manager,
        {
          name: input.name,
          description: input.description ?? '',
          handle,
          is_active: input.is_active ?? false,
          is_internal: input.is_internal ?? false,
          metadata: boundedJson('metadata', input.metadata ?? null),
        },
        parent,
      );
      return this.retrieve(id, options, manager);
    });
  }

  /**
   * Updates a category. A new `parent_category_id` (null: the top level) moves it with its
   * subtree, closing the gap among its old siblings and placing it at `rank` among the new
   * ones (last when absent or beyond the end). A new `rank` alone moves it among its
   * siblings, shifting the ones in between, as Medusa re-ranks.
   */
  async update(id: string, input: CategoryInput, options: CategoryReadOptions): Promise<ProductCategory> {
    return this.tx.run(async (manager) => {
      await lockCategoryTree(manager);
      const repo = manager.getRepository(ProductCategory);
      const category = await this.findOrFail(id, manager);
      const changes: Partial<Pick<ProductCategory, 'name' | 'description' | 'handle' | 'is_active' | 'is_internal' | 'metadata'>> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.description !== undefined) changes.description = input.description;
      if (input.is_active !== undefined) changes.is_active = input.is_active;
      if (input.is_internal !== undefined) changes.is_internal = input.is_internal;
      if (input.metadata !== undefined) changes.metadata = mergeMetadata(category.metadata, input.metadata);
      if (input.handle !== undefined && input.handle !== category.handle) {
        await this.assertHandleFree(input.handle, id, manager);
        changes.handle = input.handle;
      }
      if (Object.keys(changes).length) await repo.save(Object.assign(category, changes));

      const parentChanges = input.parent_category_id !== undefined && input.parent_category_id !== category.parent_category_id;
      if (parentChanges) await this.move(category, input.parent_category_id ?? null, input.rank, manager);
      else if (input.rank !== undefined && input.rank !== category.rank) await this.rerank(category, input.rank, manager);
      return this.retrieve(id, options, manager);
    });
  }

  /**
   * Deletes a category without children (400 otherwise) and closes the gap among its
   * siblings; its products stay. A missing id is not an error, as in Medusa.
   */
  async delete(id: string): Promise<void> {
    await this.tx.run(async (manager) => {
      await lockCategoryTree(manager);
      const category = await manager.getRepository(ProductCategory).findOne({ where: { id } });
      if (!category) return;
      if ((await this.countChildren(id, manager)) > 0) {
        throw ApiError.notAllowed(`Deleting ProductCategory (${id}) with category children is not allowed`);
      }
      await manager.getRepository(ProductCategory).delete({ id });
      await closeRankGap(manager, category.parent_category_id, category.rank);
    });
  }

  /**
   * Puts the products in the category; ones already in it stay. As Medusa's route
   * validator, unknown products are checked first: a 400 listing them (before the
   * category's own 404).
   */
  async addProducts(id: string, productIds: string[]): Promise<void> {
    await this.tx.run(async (manager) => {
      await this.assertProductsExist(productIds, manager);
      await this.findOrFail(id, manager);
      const unique = [...new Set(productIds)];
      if (unique.length === 0) return;
      await addCategoryProducts(manager, id, unique);
    });
  }

  /** Takes the products out of the category; unknown products are the same 400 as when adding, products not in it are ignored. */
  async removeProducts(id: string, productIds: string[]): Promise<void> {
    await this.tx.run(async (manager) => {
      await this.assertProductsExist(productIds, manager);
      await this.findOrFail(id, manager);
      if (productIds.length === 0) return;
      await removeCategoryProducts(manager, id, productIds);
    });
  }

  /** Medusa's validateProductsExist: 400 MultipleErrors naming, in request order, every id that is not a live product. */
  private async assertProductsExist(productIds: string[], manager: EntityManager): Promise<void> {
    if (productIds.length === 0) return;
    const found = await manager.getRepository(Product).find({ select: { id: true }, where: { id: In([...new Set(productIds)]) } });
    const known = new Set(found.map((p) => p.id));
    const missing = productIds.filter((p) => !known.has(p));
    if (missing.length) throw ApiError.multiple([`Products ${missing.join(', ')} do not exist`]);
  }

  private async move(category: ProductCategory, parentId: string | null, rank: number | undefined, manager: EntityManager): Promise<void> {
    const parent = parentId ? await this.findOrFail(parentId, manager) : null;
    const oldPrefix = category.mpath ?? `${category.id}.`;
    if (parent?.mpath?.startsWith(oldPrefix)) {
      throw ApiError.invalid(`ProductCategory ${category.id} cannot be moved under itself or one of its descendants`);
    }
    const siblings = await this.countChildren(parentId, manager);
    const target = rank === undefined || rank > siblings ? siblings : rank;
    await moveCategoryRank(manager, category, parentId, target);
    const newPrefix = `${parent?.mpath ?? ''}${category.id}.`;
    await rewriteSubtreePaths(manager, oldPrefix, newPrefix);
  }

  private async rerank(category: ProductCategory, rank: number, manager: EntityManager): Promise<void> {
    const others = (await this.countChildren(category.parent_category_id, manager)) - 1;
    const target = Math.min(rank, others);
    if (target === category.rank) return;
    const shifted: SiblingShift =
      target < category.rank ? { low: target, high: category.rank - 1, step: 1 } : { low: category.rank + 1, high: target, step: -1 };
    await rerankAmongSiblings(manager, category, target, shifted);
  }

  /** Parents, children or the whole subtree, and products, as `relations` asks. */
  private async attachRelations(categories: ProductCategory[], options: CategoryReadOptions, manager: EntityManager): Promise<void> {
    if (categories.length === 0) return;
    const repo = manager.getRepository(ProductCategory);
    const visible = (c: ProductCategory) => options.scope === 'admin' || (c.is_active && !c.is_internal);
    const relations = new Set(options.relations);

    if (relations.has('parent_category')) {
      const parentIds = [...new Set(categories.map((c) => c.parent_category_id).filter((p): p is string => !!p))];
      const parents = parentIds.length ? await repo.find({ where: { id: In(parentIds) } }) : [];
      const byId = new Map(parents.filter(visible).map((p) => [p.id, p]));
      for (const c of categories) c.parent_category = c.parent_category_id ? (byId.get(c.parent_category_id) ?? null) : null;
    }

    if (options.includeDescendantsTree) {
      const descendants = await repo.find({ where: categories.map((c) => ({ mpath: Like(subtreePattern(c.mpath ?? `${c.id}.`)) })) });
      const childrenOf = new Map<string, ProductCategory[]>();
      for (const d of descendants) {
        if (!d.parent_category_id || !visible(d)) continue;
        const list = childrenOf.get(d.parent_category_id) ?? [];
        list.push(d);
        childrenOf.set(d.parent_category_id, list);
      }
      const build = (node: ProductCategory, depth: number): void => {
        node.category_children = (childrenOf.get(node.id) ?? []).sort(byRank);
        // Paths are acyclic by construction; the depth bound guards against hand-edited rows.
        if (depth < 100) for (const child of node.category_children) build(child, depth + 1);
      };
      for (const c of categories) build(c, 0);
    } else if (relations.has('category_children')) {
      const children = await repo.find({ where: { parent_category_id: In(categories.map((c) => c.id)) } });
      for (const c of categories) c.category_children = children.filter((child) => child.parent_category_id === c.id && visible(child)).sort(byRank);
    }

    if (relations.has('products')) {
      const rows = await categoryProductLinks(
        manager,
        categories.map((c) => c.id),
      );
      // A shopper sees only published products (Medusa's store answers drafts too).
      const ids = In([...new Set(rows.map((r) => r.product_id))]);
      const products = rows.length
        ? await manager.getRepository(Product).find({ where: options.scope === 'store' ? { id: ids, status: 'published' } : { id: ids } })
        : [];
      // Medusa 1.20 answers a category's products with their columns; profile_id is not one there.
      for (const product of products) delete (product as Partial<Product>).profile_id;
      const productById = new Map(products.map((p) => [p.id, p]));
      for (const c of categories) {
        c.products = rows
          .filter((r) => r.product_category_id === c.id)
          .map((r) => productById.get(r.product_id))
          .filter((p): p is Product => !!p)
          .sort((a, b) => a.id.localeCompare(b.id));
      }
    }
  }

  private countChildren(parentId: string | null, manager: EntityManager): Promise<number> {
    return manager.getRepository(ProductCategory).count({ where: { parent_category_id: parentId === null ? IsNull() : parentId } });
  }

  private async findOrFail(id: string, manager: EntityManager): Promise<ProductCategory> {
    const category = await manager.getRepository(ProductCategory).findOne({ where: { id } });
    if (!category) throw notFound(id);
    return category;
  }

  /** Friendly early check; the unique index still decides under concurrency. */
  private async assertHandleFree(handle: string, exceptId: string | undefined, manager: EntityManager): Promise<void> {
    const existing = await manager.getRepository(ProductCategory).findOne({ select: { id: true }, where: { handle } });
    if (existing && existing.id !== exceptId) throw ApiError.duplicate(`Product_category with handle ${handle} already exists.`);
  }
}
