import type { GiftCard } from './gift-card.entity';

/**
 * A card as Medusa 1.20's admin routes answer it (defaultAdminGiftCardFields, seen on a real
 * 1.20.10): every column but `order_id`; the order itself comes as the `order` relation.
 */
export function toAdminGiftCard(card: GiftCard): Omit<GiftCard, 'order_id'> {
  const { order_id: _orderId, ...rest } = card;
  return rest;
}
