import type { ListSpec } from '../../common/query/list-spec';
import { GiftCard } from './gift-card.entity';

/** Medusa's defaultAdminGiftCardRelations: every admin answer carries the region and the order the card was bought in (null when none). */
export const GIFT_CARD_DEFAULT_RELATIONS = ['region', 'order'];

/**
 * `GET /admin/gift-cards`: live cards, newest first unless `order` says otherwise. `q` is a
 * case-insensitive substring of the code (Medusa also matches the display id of the order
 * the card was bought in: not yet here).
 */
export const ADMIN_GIFT_CARD_LIST: ListSpec<GiftCard> = {
  entity: GiftCard,
  alias: 'gift_card',
  query: { entity: GiftCard, defaultLimit: 50, defaultRelations: GIFT_CARD_DEFAULT_RELATIONS },
  filters: {},
  q: { columns: ['code'] },
  tieBreaker: 'DESC',
  relationLoad: 'query',
  // No search: the live gift cards, which the database keeps counted.
  count: { tally: 'gift_card' },
};
