import type { TemplateValues } from './mail-templates';

/**
 * The most codes one gift-card mail lists (about 40 bytes each in text and HTML together):
 * an order may hold many thousand cards, and its mail stays a few tens of kilobytes.
 */
export const GIFT_CARD_CODES_PER_MAIL = 500;

export interface GiftCardMailInput {
  order: { display_id?: number; email: string; currency_code: string };
  /** The first cards of the order (at most GIFT_CARD_CODES_PER_MAIL) and how many it has in all. */
  cards: ReadonlyArray<{ code: string; value: number; balance: number }>;
  total: number;
}

/**
 * The values of the one `gift_card.created` mail of an order: `cards` (`code`, `value`,
 * `balance`), `count` (all the order's cards) and `more`, one entry (`count`, `listed`) when
 * the order has more cards than the mail lists, none otherwise (a template shows it with
 * `{{#more}}...{{/more}}`).
 */
export function giftCardMailValues(input: GiftCardMailInput, money: (amount: number, currency: string) => string): TemplateValues {
  const { order, cards, total } = input;
  const listed = Math.min(cards.length, GIFT_CARD_CODES_PER_MAIL);
  const currency = order.currency_code;
  return {
    display_id: order.display_id,
    email: order.email,
    currency_code: currency,
    count: total,
    cards: cards.slice(0, listed).map((card) => ({ code: card.code, value: money(card.value, currency), balance: money(card.balance, currency) })),
    more: total > listed ? [{ count: total - listed, listed }] : [],
  };
}
