import { EntityManager, IsNull } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { escapeLike } from '../../common/query/list-query';
import { ProductCategory } from './product-category.entity';

/** Serialises every change to the tree (ranks and paths of siblings move together). */
const TREE_LOCK_KEY = 72_616_523;

/** Every writer of the tree (the service, the seed) takes this lock in its transaction first. */
export async function lockCategoryTree(manager: EntityManager): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1)', [TREE_LOCK_KEY]);
}

/** A LIKE pattern for a category's subtree (itself included). */
export function subtreePattern(mpath: string): string {
  return `${escapeLike(mpath)}%`;
}

type NewCategory = Pick<ProductCategory, 'name' | 'description' | 'handle' | 'is_active' | 'is_internal' | 'metadata'> & { id?: string };

/**
 * Inserts a category as the last child of `parent` (null: the top level), with its
 * materialized path. The caller holds the tree lock.
 */
export async function insertCategory(manager: EntityManager, fields: NewCategory, parent: ProductCategory | null): Promise<ProductCategory> {
  const repo = manager.getRepository(ProductCategory);
  const id = fields.id ?? generateEntityId(ProductCategory.idPrefix);
  const rank = await repo.count({ where: { parent_category_id: parent?.id ?? IsNull() } });
  return repo.save(repo.create({ ...fields, id, parent_category_id: parent?.id ?? null, mpath: `${parent?.mpath ?? ''}${id}.`, rank }));
}

/** Moves up the siblings ranked after `rank` under `parentId` (null: the top level), closing the gap a removed category left. */
export async function closeRankGap(manager: EntityManager, parentId: string | null, rank: number): Promise<void> {
  await manager.query(`UPDATE product_category SET rank = rank - 1 WHERE parent_category_id IS NOT DISTINCT FROM $1 AND rank > $2`, [parentId, rank]);
}

/**
 * Moves a category under `newParentId` at `rank`, in one statement, so the unique
 * (parent, rank) constraint is checked once everything has moved: the old siblings close
 * the gap, the new ones open one at `rank`. Paths are rewritten by rewriteSubtreePaths.
 */
export async function moveCategoryRank(
  manager: EntityManager,
  category: Pick<ProductCategory, 'id' | 'parent_category_id' | 'rank'>,
  newParentId: string | null,
  rank: number,
): Promise<void> {
  await manager.query(
    `UPDATE product_category SET
       rank = CASE WHEN id = $1 THEN $5
                   WHEN parent_category_id IS NOT DISTINCT FROM $2 AND rank > $3 AND id <> $1 THEN rank - 1
                   ELSE rank + 1 END,
       parent_category_id = CASE WHEN id = $1 THEN $4 ELSE parent_category_id END,
       updated_at = CASE WHEN id = $1 THEN now() ELSE updated_at END
     WHERE id = $1
        OR (parent_category_id IS NOT DISTINCT FROM $2 AND rank > $3)
        OR (parent_category_id IS NOT DISTINCT FROM $4 AND rank >= $5)`,
    [category.id, category.parent_category_id, category.rank, newParentId, rank],
  );
}

/** Replaces the path prefix `oldPrefix` by `newPrefix` for a category and every descendant. */
export async function rewriteSubtreePaths(manager: EntityManager, oldPrefix: string, newPrefix: string): Promise<void> {
  await manager.query(`UPDATE product_category SET mpath = $2 || substr(mpath, length($1) + 1) WHERE mpath LIKE $3`, [
    oldPrefix,
    newPrefix,
    subtreePattern(oldPrefix),
  ]);
}

/** The siblings ranked from `low` to `high` move by `step`. */
export interface SiblingShift {
  low: number;
  high: number;
  step: 1 | -1;
}

/** Gives a category `rank` among its siblings, shifting the ones between its old and new place. */
export async function rerankAmongSiblings(
  manager: EntityManager,
  category: Pick<ProductCategory, 'id' | 'parent_category_id'>,
  rank: number,
  shifted: SiblingShift,
): Promise<void> {
  await manager.query(
    `UPDATE product_category SET
       rank = CASE WHEN id = $1 THEN $3 ELSE rank + $6 END,
       updated_at = CASE WHEN id = $1 THEN now() ELSE updated_at END
     WHERE id = $1 OR (parent_category_id IS NOT DISTINCT FROM $2 AND rank BETWEEN $4 AND $5)`,
    [category.id, category.parent_category_id, rank, shifted.low, shifted.high, shifted.step],
  );
}

/** Puts the products in the category; ones already in it stay. */
export async function addCategoryProducts(manager: EntityManager, categoryId: string, productIds: string[]): Promise<void> {
  await manager.query(`INSERT INTO product_category_product (product_category_id, product_id) SELECT $1, unnest($2::varchar[]) ON CONFLICT DO NOTHING`, [
    categoryId,
    productIds,
  ]);
}

/** Puts one product in each of the categories; links that exist stay. */
export async function addProductToCategories(manager: EntityManager, productId: string, categoryIds: string[]): Promise<void> {
  await manager.query(`INSERT INTO product_category_product (product_category_id, product_id) SELECT unnest($1::varchar[]), $2 ON CONFLICT DO NOTHING`, [
    categoryIds,
    productId,
  ]);
}

/** Takes the products out of the category; ids not in it are ignored. */
export async function removeCategoryProducts(manager: EntityManager, categoryId: string, productIds: string[]): Promise<void> {
  await manager.query(`DELETE FROM product_category_product WHERE product_category_id = $1 AND product_id = ANY($2::varchar[])`, [categoryId, productIds]);
}

/** Which products each of the categories holds. */
export function categoryProductLinks(manager: EntityManager, categoryIds: string[]): Promise<Array<{ product_category_id: string; product_id: string }>> {
  return manager.query(`SELECT product_category_id, product_id FROM product_category_product WHERE product_category_id = ANY($1::varchar[])`, [categoryIds]);
}

/**
 * A where-clause for "the product is in one of the categories `:categoryIds` (or their
 * descendants when `withDescendants`), counting only active, non-internal categories", as
 * the store's `category_id[]` filter has it; the products module's store list uses it.
 * `productAlias` names the product row; the caller binds `categoryIds` (a non-empty array).
 */
export function storeCategoryFilterSql(productAlias: string, withDescendants: boolean, categoryIds = ':...categoryIds'): string {
  const inCategories = withDescendants
    ? `EXISTS (SELECT 1 FROM product_category root WHERE root.id IN (${categoryIds})
         AND pc.mpath LIKE replace(replace(replace(root.mpath, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`
    : `pc.id IN (${categoryIds})`;
  return `EXISTS (SELECT 1 FROM product_category_product pcp JOIN product_category pc ON pc.id = pcp.product_category_id
    WHERE pcp.product_id = ${productAlias}.id AND pc.is_active AND NOT pc.is_internal AND ${inCategories})`;
}
