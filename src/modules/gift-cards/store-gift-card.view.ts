import type { GiftCard } from './gift-card.entity';

export type StoreGiftCard = Pick<GiftCard, 'id' | 'code' | 'value' | 'balance' | 'region' | 'region_id' | 'ends_at'>;

/** What a storefront may see of a card: enough for a balance check, nothing administrative (disabled flag, order, metadata). */
export function toStoreGiftCard(card: GiftCard): StoreGiftCard {
  const { id, code, value, balance, region, region_id, ends_at } = card;
  return { id, code, value, balance, region, region_id, ends_at };
}
