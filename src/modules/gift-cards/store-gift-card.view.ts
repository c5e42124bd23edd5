import type { GiftCard } from './gift-card.entity';

export type StoreGiftCard = Pick<GiftCard, 'id' | 'code' | 'value' | 'balance' | 'region'>;

/**
 * What a storefront sees of a card: Medusa's defaultStoreGiftCardFields (`id`, `code`,
 * `value`, `balance`) and the `region` relation, nothing administrative (disabled flag,
 * expiry, order, tax rate, metadata).
 */
export function toStoreGiftCard(card: GiftCard): StoreGiftCard {
  const { id, code, value, balance, region } = card;
  return { id, code, value, balance, region };
}
