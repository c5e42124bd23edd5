import { Injectable } from '@nestjs/common';
import { DraftCartService } from './draft-cart.service';
import { DraftOrderLoaderService, DraftOrderView } from './draft-order-loader.service';
import type { AdminPostDraftOrdersDraftOrderLineItemsItemReq, AdminPostDraftOrdersDraftOrderLineItemsReq } from './dto/admin-draft-orders.dto';

/** The line items of an open draft's cart (400 not_allowed once the draft is completed). */
@Injectable()
export class DraftOrderLineItemsService {
  constructor(
    private readonly loader: DraftOrderLoaderService,
    private readonly draftCarts: DraftCartService,
  ) {}

  /** Adds a variant line (priced, or at the given `unit_price`) or a custom line ("Custom item" by default). */
  async add(id: string, input: AdminPostDraftOrdersDraftOrderLineItemsReq): Promise<DraftOrderView> {
    const draft = await this.loader.findOpen(id);
    await this.draftCarts.addLine(draft.cart_id, input);
    return this.loader.view(id);
  }

  /** Updates title, price, quantity (0 removes the line) or metadata; 400 for a line not in the draft. */
  async update(id: string, lineId: string, input: AdminPostDraftOrdersDraftOrderLineItemsItemReq): Promise<DraftOrderView> {
    const draft = await this.loader.findOpen(id);
    await this.draftCarts.updateLine(draft.cart_id, lineId, input);
    return this.loader.view(id);
  }

  /** Removes a line (an unknown line changes nothing); the cart's shipping methods are dropped. */
  async delete(id: string, lineId: string): Promise<DraftOrderView> {
    const draft = await this.loader.findOpen(id);
    await this.draftCarts.deleteLine(draft.cart_id, lineId);
    return this.loader.view(id);
  }
}
