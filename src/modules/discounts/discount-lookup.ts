import { EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { toRelations } from '../../common/query/relations';
import { Discount } from './discount.entity';

/** What a discount response carries unless `expand` says otherwise (Medusa's defaults). */
export const DISCOUNT_DEFAULT_RELATIONS = ['parent_discount', 'regions', 'rule', 'rule.conditions'];

export const DISCOUNT_ALLOWED_RELATIONS = [
  ...DISCOUNT_DEFAULT_RELATIONS,
  'parent_discount.rule',
  'parent_discount.regions',
  'rule.conditions.products',
  'rule.conditions.products.profile',
  'rule.conditions.products.profiles',
  'rule.conditions.product_types',
  'rule.conditions.product_collections',
  'rule.conditions.product_tags',
  'rule.conditions.customer_groups',
];

export function discountNotFound(id: string): ApiError {
  return ApiError.notFound(`Discount with id ${id} was not found`);
}

/** A live discount with the given relations; 404 when missing or soft-deleted. */
export async function loadDiscount(manager: EntityManager, id: string, relations: string[] = DISCOUNT_DEFAULT_RELATIONS): Promise<Discount> {
  const discount = await manager.getRepository(Discount).findOne({ where: { id }, relations: toRelations(relations), relationLoadStrategy: 'query' });
  if (!discount) throw discountNotFound(id);
  return discount;
}

/**
 * Locks the discount row (FOR UPDATE, no relations: PostgreSQL cannot lock the nullable
 * side of an outer join) so concurrent edits of the same discount are serialised.
 * Call inside a transaction.
 */
export async function lockDiscount(manager: EntityManager, id: string): Promise<Discount> {
  const discount = await manager.getRepository(Discount).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  if (!discount) throw discountNotFound(id);
  return discount;
}
