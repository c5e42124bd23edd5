import { GIFT_CARD_CODES_PER_MAIL, giftCardMailValues } from './gift-card-mail';
import { renderTemplate } from './mail-templates';

const order = { display_id: 7, email: 'giver@test.com', currency_code: 'eur' };
const euros = (amount: number) => `€${(amount / 100).toFixed(2)}`;
const card = (n: number) => ({ code: `CODE-${String(n).padStart(4, '0')}`, value: 2500, balance: 2500 });

describe('giftCardMailValues: one mail per order, its codes listed up to a bound', () => {
  it('lists every card of a small order, and nothing about more', () => {
    const values = giftCardMailValues({ order, cards: [card(1), card(2)], total: 2 }, euros);
    expect(values).toMatchObject({ display_id: 7, count: 2, more: [], cards: [{ code: 'CODE-0001', value: '€25.00' }, { code: 'CODE-0002' }] });
  });

  it(`lists at most ${GIFT_CARD_CODES_PER_MAIL} codes and says how many it leaves out`, () => {
    const cards = Array.from({ length: GIFT_CARD_CODES_PER_MAIL + 20 }, (_, i) => card(i));
    const values = giftCardMailValues({ order, cards, total: 10_000 }, euros);
    expect(values.cards).toHaveLength(GIFT_CARD_CODES_PER_MAIL);
    expect(values.more).toEqual([{ count: 10_000 - GIFT_CARD_CODES_PER_MAIL, listed: GIFT_CARD_CODES_PER_MAIL }]);
    const text = renderTemplate('{{#cards}}{{code}}\n{{/cards}}{{#more}}and {{count}} more (first {{listed}} listed){{/more}}', values, false);
    expect(text.split('\n')).toHaveLength(GIFT_CARD_CODES_PER_MAIL + 1);
    expect(text).toContain(`and ${10_000 - GIFT_CARD_CODES_PER_MAIL} more (first ${GIFT_CARD_CODES_PER_MAIL} listed)`);
  });
});
