import { randomBytes } from 'crypto';
import { EntityManager } from 'typeorm';
import { Cart } from '../../src/modules/carts/cart.entity';
import { DraftOrder } from '../../src/modules/draft-orders/draft-order.entity';

export interface DraftOrderSpec extends Partial<Omit<DraftOrder, 'cart' | 'order'>> {
  region_id: string;
  /** The cart's email (default: a fresh one). */
  email?: string | null;
}

/**
 * An open draft with an empty `draft_order` cart, straight into the database (no API
 * rules), for tests that only need drafts to list, find or delete.
 */
export async function createDraftOrder(manager: EntityManager, spec: DraftOrderSpec): Promise<DraftOrder> {
  const { region_id, email, ...fields } = spec;
  const carts = manager.getRepository(Cart);
  const cart = carts.create({
    region_id,
    email: email === undefined ? `draft-${randomBytes(4).toString('hex')}@test.com` : email,
    type: 'draft_order',
    sales_channel_id: 'sc_default',
    metadata: null,
  });
  await carts.save(cart);
  const drafts = manager.getRepository(DraftOrder);
  const draft = await drafts.save(drafts.create({ status: 'open', no_notification_order: null, metadata: null, ...fields, cart_id: cart.id }));
  return drafts.findOneOrFail({ where: { id: draft.id } });
}
