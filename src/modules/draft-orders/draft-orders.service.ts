import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { DraftCartService } from './draft-cart.service';
import { DraftOrder } from './draft-order.entity';
import { DraftOrderLoaderService, notOpen, DraftOrderView } from './draft-order-loader.service';
import type { AdminPostDraftOrdersDraftOrderReq, AdminPostDraftOrdersReq } from './dto/admin-draft-orders.dto';
import { emitEvent } from '../events/outbox';

/** Creating and updating drafts; the cart work is the carts module's, reached through DraftCartService. */
@Injectable()
export class DraftOrdersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly loader: DraftOrderLoaderService,
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
    return this.loader.view(draftId);
  }

  /**
   * Updates an open draft (400 not_allowed otherwise): the cart fields through the carts
   * module's cart update (customer or guest email, region with re-pricing, country,
   * addresses, discounts: `[]` removes them), then `no_notification_order` on the draft
   * with a conditional UPDATE that only matches while the draft is still open.
   */
  async update(id: string, input: AdminPostDraftOrdersDraftOrderReq): Promise<DraftOrderView> {
    const draft = await this.loader.findOpen(id);
    const { no_notification_order, ...cartFields } = input;
    if (Object.values(cartFields).some((v) => v !== undefined)) await this.draftCarts.update(draft.cart_id, cartFields);
    if (no_notification_order !== undefined) {
      const result = await this.dataSource.getRepository(DraftOrder).update({ id, status: 'open' }, { no_notification_order });
      if (!result.affected) throw notOpen();
    }
    return this.loader.view(id);
  }
}
