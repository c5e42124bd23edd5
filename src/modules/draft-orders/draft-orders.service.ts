import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { CartCommands } from '../carts/cart-commands';
import { DraftCartService } from './draft-cart.service';
import { DraftOrder } from './draft-order.entity';
import { lockDraft } from './draft-orders.repository';
import { DraftOrdersQueryService, DraftOrderView, notOpen } from './draft-orders-query.service';
import type {
  AdminPostDraftOrdersDraftOrderLineItemsItemReq,
  AdminPostDraftOrdersDraftOrderLineItemsReq,
  AdminPostDraftOrdersDraftOrderReq,
  AdminPostDraftOrdersReq,
} from './dto/admin-draft-orders.dto';
import { emitEvent } from '../events/outbox';

/**
 * Changing drafts: creation, updates, lines and deletion; the cart work is the carts
 * module's, reached through DraftCartService. Only open drafts change (400 not_allowed).
 */
@Injectable()
export class DraftOrdersService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly queries: DraftOrdersQueryService,
    private readonly commands: CartCommands,
    private readonly draftCarts: DraftCartService,
  ) {}

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
    return this.queries.view(draftId);
  }

  /**
   * Updates an open draft (400 not_allowed otherwise): the cart fields through the carts
   * module's cart update (customer or guest email, region with re-pricing, country,
   * addresses, discounts: `[]` removes them), then `no_notification_order` on the draft
   * while it is still open (updateDraftRow).
   */
  async update(id: string, input: AdminPostDraftOrdersDraftOrderReq): Promise<DraftOrderView> {
    const draft = await this.queries.findOpen(id);
    const { no_notification_order, ...cartFields } = input;
    if (Object.values(cartFields).some((v) => v !== undefined)) await this.draftCarts.update(draft.cart_id, cartFields);
    if (no_notification_order !== undefined) await this.updateDraftRow(id, no_notification_order);
    return this.queries.view(id);
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
    const draft = await this.queries.findOpen(id);
    await this.draftCarts.addLine(draft.cart_id, input);
    return this.queries.view(id);
  }

  /** Updates title, price, quantity (0 removes the line) or metadata; 400 for a line not in the draft. */
  async updateLine(id: string, lineId: string, input: AdminPostDraftOrdersDraftOrderLineItemsItemReq): Promise<DraftOrderView> {
    const draft = await this.queries.findOpen(id);
    await this.draftCarts.updateLine(draft.cart_id, lineId, input);
    return this.queries.view(id);
  }

  /** Removes a line (an unknown line changes nothing); the cart's shipping methods are dropped. */
  async deleteLine(id: string, lineId: string): Promise<DraftOrderView> {
    const draft = await this.queries.findOpen(id);
    await this.draftCarts.deleteLine(draft.cart_id, lineId);
    return this.queries.view(id);
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
}
