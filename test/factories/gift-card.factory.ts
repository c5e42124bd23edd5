import { EntityManager } from 'typeorm';
import { generateGiftCardCode } from '../../src/modules/gift-cards/gift-card-code';
import { GiftCard } from '../../src/modules/gift-cards/gift-card.entity';

export interface GiftCardOverrides extends Partial<Omit<GiftCard, 'region'>> {
  region_id: string;
}

/**
 * A live gift card in the given region, straight into the database (no API rules), so
 * tests can set up disabled, expired or half-spent cards. Defaults: value 5000, balance =
 * value, a fresh code, enabled, no expiry, no tax rate.
 */
export async function createGiftCard(manager: EntityManager, overrides: GiftCardOverrides): Promise<GiftCard> {
  const repo = manager.getRepository(GiftCard);
  const value = overrides.value ?? 5000;
  return repo.save(
    repo.create({
      code: generateGiftCardCode(),
      value,
      balance: value,
      is_disabled: false,
      ends_at: null,
      tax_rate: null,
      metadata: null,
      order_id: null,
      ...overrides,
    }),
  );
}
