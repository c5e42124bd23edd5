import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import type { DateComparisonOperator } from '../../common/query/find-params.dto';
import { runList } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { toRelations } from '../../common/query/relations';
import type { Cart } from '../carts/cart.entity';
import { CartCommands } from '../carts/cart-commands';
import { CartLoaderService } from '../carts/cart-loader.service';
import { DraftCartService } from './draft-cart.service';
import { DraftOrder, DraftOrderStatus } from './draft-order.entity';
import { ADMIN_DRAFT_ORDER_LIST } from './draft-order-lists';
import { lockDraft } from './draft-orders.repository';
import type {
  AdminPostDraftOrdersDraftOrderLineItemsItemReq,
  AdminPostDraftOrdersDraftOrderLineItemsReq,
  AdminPostDraftOrdersDraftOrderReq,
  AdminPostDraftOrdersReq,
} from './dto/admin-draft-orders.dto';
import { emitEvent } from '../events/outbox';

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

/**
 * Drafts: the list, one draft as single-draft routes answer it, and changing drafts
 * (creation, updates, lines and deletion); the cart work is the carts module's, reached
 * through DraftCartService. Only open drafts change (400 not_allowed).
 */
@Injectable()
export class DraftOrdersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly carts: CartLoaderService,
    private readonly commands: CartCommands,
    private readonly draftCarts: DraftCartService,
  ) {}

  /** A page of drafts (ADMIN_DRAFT_ORDER_LIST). */
  list(filters: DraftOrderListFilters, config: FindConfig): Promise<[DraftOrder[], number]> {
    return runList(this.dataSource.manager, ADMIN_DRAFT_ORDER_LIST, { ...filters }, config);
  }

  /**
   * The committed draft (read outside any transaction) with its order and its cart
   * decorated with every total, as Medusa's admin shows it: also the cart's
   * `raw_discount_total`; 404 when missing.
   */
  async viewCommitted(id: string): Promise<DraftOrderView> {
    const draft = await this.dataSource.manager.getRepository(DraftOrder).findOne({ where: { id }, relations: toRelations(['order']) });
    if (!draft) throw notFound(id);
    const { cart, totals } = await this.carts.viewCommitted(draft.cart_id, { relations: DRAFT_ORDER_CART_RELATIONS });
    Object.assign(cart, { raw_discount_total: totals.raw_discount_total });
    draft.cart = cart;
    return draft as DraftOrderView;
  }

  /**
   * Creates a draft, as Medusa v1 does, in ONE transaction: a `draft_order` cart in the
   * region (metadata on the cart; the customer's email when `customer_id` names a customer,
   * else a guest customer for `email`), the items (variant lines priced by the carts module,
   * custom ones as given), the shipping methods (custom prices recorded as custom shipping
   * options), addresses, discounts; then the draft row with the next display id. `status`
   * is ignored: a new draft is open. A refused step writes nothing.
   */
  async create(input: AdminPostDraftOrdersReq): Promise<DraftOrderView> {
    const customerId = await this.draftCarts.existingCustomerId(input.customer_id);
    const draftId = await this.tx.run(async (manager) => {
      const cartId = await this.draftCarts.build(
        {
          region_id: input.region_id,
          customer_id: customerId,
          metadata: input.metadata,
          lines: input.items ?? [],
          shipping: input.shipping_methods,
          cart: {
            customer_id: customerId,
            email: customerId ? undefined : input.email,
            billing_address: input.billing_address,
            shipping_address: input.shipping_address,
            discounts: input.discounts,
          },
        },
        manager,
      );
      const repo = manager.getRepository(DraftOrder);
      const draft = repo.create({ cart_id: cartId, status: 'open', no_notification_order: input.no_notification_order ?? null, metadata: null });
      await repo.save(draft);
      await emitEvent(manager, 'draft_order.created', { id: draft.id });
      return draft.id;
    });
    return this.viewCommitted(draftId);
  }

  /**
   * Updates an open draft (400 not_allowed otherwise): the cart fields through the carts
   * module's cart update (customer or guest email, region with re-pricing, country,
   * addresses, discounts: `[]` removes them), then `no_notification_order` on the draft
   * while it is still open (updateDraftRow).
   */
  async update(id: string, input: AdminPostDraftOrdersDraftOrderReq): Promise<DraftOrderView> {
    const draft = await this.findOpenCommitted(id);
    const { no_notification_order, ...cartFields } = input;
    if (Object.values(cartFields).some((v) => v !== undefined)) await this.draftCarts.update(draft.cart_id, cartFields);
    if (no_notification_order !== undefined) await this.updateDraftRow(id, no_notification_order);
    return this.viewCommitted(id);
  }

  /**
   * Sets `no_notification_order` under the draft's row lock, while it is open, with Medusa's
   * `draft_order.updated` `{ id }` in the same transaction when the value changed (the cart
   * fields report themselves: `cart.updated`).
   */
  private async updateDraftRow(id: string, noNotificationOrder: boolean): Promise<void> {
    await this.tx.run(async (manager) => {
      const repo = manager.getRepository(DraftOrder);
      const draft = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (draft?.status !== 'open') throw notOpen();
      if (draft.no_notification_order === noNotificationOrder) return;
      await repo.update(id, { no_notification_order: noNotificationOrder });
      await emitEvent(manager, 'draft_order.updated', { id });
    });
  }

  /** Adds a variant line (priced, or at the given `unit_price`) or a custom line ("Custom item" by default). */
  async addLine(id: string, input: AdminPostDraftOrdersDraftOrderLineItemsReq): Promise<DraftOrderView> {
    const draft = await this.findOpenCommitted(id);
    await this.draftCarts.addLine(draft.cart_id, input);
    return this.viewCommitted(id);
  }

  /** Updates title, price, quantity (0 removes the line) or metadata; 400 for a line not in the draft. */
  async updateLine(id: string, lineId: string, input: AdminPostDraftOrdersDraftOrderLineItemsItemReq): Promise<DraftOrderView> {
    const draft = await this.findOpenCommitted(id);
    await this.draftCarts.updateLine(draft.cart_id, lineId, input);
    return this.viewCommitted(id);
  }

  /** Removes a line (an unknown line changes nothing); the cart's shipping methods are dropped. */
  async deleteLine(id: string, lineId: string): Promise<DraftOrderView> {
    const draft = await this.findOpenCommitted(id);
    await this.draftCarts.deleteLine(draft.cart_id, lineId);
    return this.viewCommitted(id);
  }

  /**
   * Hard-deletes an open draft (Medusa v1 keeps no deleted drafts) and soft-deletes its
   * cart, so the abandoned cart can no longer be edited or completed. A completed draft,
   * or an open one whose cart the store completed, is the record of its order: 400
   * not_allowed. A missing draft is not an error (200, as Medusa v1).
   * Locks the draft row, then the cart row (the order every draft operation uses).
   */
  async delete(id: string): Promise<void> {
    await this.tx.run(async (manager) => {
      const draft = await lockDraft(manager, id);
      if (!draft) return;
      if (draft.status !== 'open') throw ApiError.notAllowed('A completed draft order cannot be deleted');
      await manager.getRepository(DraftOrder).delete(draft.id);
      // Refused (400) when the cart was completed through the store meanwhile: it is then the record of an order.
      await this.commands.delete(draft.cart_id, manager);
    });
  }

  /**
   * The committed draft, refused unless open (400 not_allowed, Medusa's message); 404 when
   * missing. Not a lock: a draft paid right after this check has a completed cart, which
   * the carts module refuses to change, so an edit can never slip into a placed order.
   */
  private async findOpenCommitted(id: string): Promise<DraftOrder> {
    const draft = await this.dataSource.manager.getRepository(DraftOrder).findOne({ where: { id } });
    if (!draft) throw notFound(id);
    if (draft.status !== 'open') throw notOpen();
    return draft;
  }
}

/** Only open drafts may change (400 not_allowed, Medusa v1's message). */
function notOpen(): ApiError {
  return ApiError.notAllowed('You are only allowed to update open draft orders');
}

function notFound(id: string): ApiError {
  return ApiError.notFound(`Draft order with ${id} was not found`);
}
