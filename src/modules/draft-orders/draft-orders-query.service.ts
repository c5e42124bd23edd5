import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import type { DateComparisonOperator } from '../../common/query/find-params.dto';
import { runList } from '../../common/query/list-spec';
import { ADMIN_DRAFT_ORDER_LIST } from './draft-order-lists';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { toRelations } from '../../common/query/relations';
import type { Cart } from '../carts/cart.entity';
import { CartLoaderService } from '../carts/cart-loader.service';
import { DraftOrder, DraftOrderStatus } from './draft-order.entity';

/** The cart relations a single draft's response embeds (Medusa v1's draft-order cart defaults). */
const DRAFT_ORDER_CART_RELATIONS = [
  'region',
  'region.payment_providers',
  'items',
  'items.adjustments',
  'payment',
  'payment_sessions',
  'shipping_address',
  'shipping_address.country',
  'billing_address',
  'billing_address.country',
  'shipping_methods',
  'shipping_methods.shipping_option',
  'discounts',
  'discounts.rule',
  'customer',
  'gift_cards',
];

/** A draft as single-draft responses show it: its order and its cart with every total. */
export type DraftOrderView = DraftOrder & { cart: Cart };

export interface DraftOrderListFilters {
  q?: string;
  status?: DraftOrderStatus[];
  created_at?: DateComparisonOperator;
  updated_at?: DateComparisonOperator;
}

/** Reading drafts: the list, one draft as single-draft routes answer it, and the draft row. */
@Injectable()
export class DraftOrdersQueryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly carts: CartLoaderService,
  ) {}

  /** A page of drafts (ADMIN_DRAFT_ORDER_LIST). */
  list(filters: DraftOrderListFilters, config: FindConfig): Promise<[DraftOrder[], number]> {
    return runList(this.dataSource.manager, ADMIN_DRAFT_ORDER_LIST, { ...filters }, config);
  }

  /** The draft row; 404 with Medusa's message. */
  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<DraftOrder> {
    const draft = await manager.getRepository(DraftOrder).findOne({ where: { id } });
    if (!draft) throw notFound(id);
    return draft;
  }

  /**
   * The draft, refused unless open (400 not_allowed, Medusa's message). Not a lock: a
   * draft paid right after this check has a completed cart, which the carts module refuses
   * to change, so an edit can never slip into a placed order.
   */
  async findOpen(id: string, manager: EntityManager = this.dataSource.manager): Promise<DraftOrder> {
    const draft = await this.find(id, manager);
    assertOpen(draft);
    return draft;
  }

  /**
   * The draft with its order and its cart decorated with every total, as Medusa's admin
   * shows it: also the cart's `raw_discount_total`; 404 when missing.
   */
  async view(id: string, manager: EntityManager = this.dataSource.manager): Promise<DraftOrderView> {
    const draft = await manager.getRepository(DraftOrder).findOne({ where: { id }, relations: toRelations(['order']) });
    if (!draft) throw notFound(id);
    const { cart, totals } = await this.carts.view(draft.cart_id, { relations: DRAFT_ORDER_CART_RELATIONS }, manager);
    Object.assign(cart, { raw_discount_total: totals.raw_discount_total });
    draft.cart = cart;
    return draft as DraftOrderView;
  }
}

/** Only open drafts may change (400 not_allowed, Medusa v1's message). */
function assertOpen(draft: DraftOrder): void {
  if (draft.status !== 'open') throw notOpen();
}

export function notOpen(): ApiError {
  return ApiError.notAllowed('You are only allowed to update open draft orders');
}

function notFound(id: string): ApiError {
  return ApiError.notFound(`Draft order with ${id} was not found`);
}
