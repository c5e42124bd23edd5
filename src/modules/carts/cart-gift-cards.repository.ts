import { EntityManager } from 'typeorm';

/* A cart's gift-card links. */

/** Links these gift cards to the cart. */
export async function linkCartGiftCards(manager: EntityManager, cartId: string, giftCardIds: readonly string[]): Promise<void> {
  for (const id of giftCardIds) await manager.query('INSERT INTO cart_gift_cards (cart_id, gift_card_id) VALUES ($1, $2)', [cartId, id]);
}

/** Unlinks every gift card from the cart. */
export async function unlinkCartGiftCards(manager: EntityManager, cartId: string): Promise<void> {
  await manager.query('DELETE FROM cart_gift_cards WHERE cart_id = $1', [cartId]);
}
