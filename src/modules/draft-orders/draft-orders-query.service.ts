import { Injectable } from '@nestjs/common';
import { DataSource, FindOptionsWhere, ILike, Raw } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import type { DateComparisonOperator } from '../../common/query/find-params.dto';
import { buildWhere, escapeLike, listPage } from '../../common/query/list-query';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { CartLoaderService } from '../carts/cart-loader.service';
import { softDeleteCart } from '../carts/carts.repository';
import { DraftOrder, DraftOrderStatus } from './draft-order.entity';
import { DraftOrderLoaderService } from './draft-order-loader.service';

/** What a draft list shows by default: the plain cart with its lines (no totals), and the order. */
export const DRAFT_ORDER_LIST_RELATIONS = ['order', 'cart', 'cart.items', 'cart.items.adjustments'];

/** What `expand` may name on the draft list. */
export const DRAFT_ORDER_LIST_ALLOWED_RELATIONS = [
  ...DRAFT_ORDER_LIST_RELATIONS,
  'cart.region',
  'cart.customer',
  'cart.shipping_address',
  'cart.billing_address',
  'cart.shipping_methods',
  'cart.discounts',
];

export interface DraftOrderListFilters {
  q?: string;
  status?: DraftOrderStatus[];
  created_at?: DateComparisonOperator;
  updated_at?: DateComparisonOperator;
}

/** Listing and deleting drafts (the operations that never touch the cart's contents). */
@Injectable()
export class DraftOrdersQueryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly drafts: DraftOrderLoaderService,
    private readonly carts: CartLoaderService,
  ) {}

  /** A page of drafts; `q` matches the cart's email (case-insensitive) or the display id as text. */
  list(filters: DraftOrderListFilters, config: FindConfig): Promise<[DraftOrder[], number]> {
    const where = buildWhere<DraftOrder>({ status: filters.status, created_at: filters.created_at, updated_at: filters.updated_at });
    let search: FindOptionsWhere<DraftOrder>[] | FindOptionsWhere<DraftOrder> = where;
    if (filters.q) {
      const pattern = `%${escapeLike(filters.q)}%`;
      search = [
        { ...where, cart: { email: ILike(pattern) } },
        { ...where, display_id: Raw((alias) => `CAST(${alias} AS text) ILIKE :pattern`, { pattern }) },
      ];
    }
    return listPage(this.dataSource.getRepository(DraftOrder), { where: search, config, relationLoad: 'json-tree' });
  }

  /**
   * Hard-deletes an open draft (Medusa v1 keeps no deleted drafts) and soft-deletes its
   * cart, so the abandoned cart can no longer be edited or completed. A completed draft,
   * or one whose cart is being completed by a payment right now, is the record of its
   * order: 400 not_allowed. A missing draft is not an error (200, as Medusa v1).
   * Locks the draft row, then the cart row (the order every draft operation uses).
   */
  async delete(id: string): Promise<void> {
    await this.tx.run(async (manager) => {
      const draft = await this.drafts.lock(id, manager);
      if (!draft) return;
      const cart = await this.carts.lock(draft.cart_id, manager);
      if (draft.status !== 'open' || cart.completed_at) throw ApiError.notAllowed('A completed draft order cannot be deleted');
      await manager.getRepository(DraftOrder).delete(draft.id);
      await softDeleteCart(manager, cart.id);
    });
  }
}
