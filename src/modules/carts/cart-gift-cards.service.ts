import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { GiftCardsService } from '../gift-cards/gift-cards.service';
import type { Cart } from './cart.entity';
import { linkCartGiftCards, unlinkCartGiftCards } from './cart-gift-cards.repository';

/**
 * Gift cards applied to a cart (inside the caller's transaction, cart row locked). The
 * balance is only checked and drawn at completion (GiftCardsService.debit).
 */
@Injectable()
export class CartGiftCardsService {
  constructor(private readonly giftCards: GiftCardsService) {}

  /**
   * Replaces the cart's gift cards by `codes` (`[]` clears them; a repeated code counts
   * once). 404 for an unknown code; 400 for a disabled or expired card or one of another
   * region. Nothing changes when any code fails.
   */
  async replace(cart: Cart, codes: string[], manager: EntityManager): Promise<void> {
    const ids: string[] = [];
    for (const code of codes) {
      const card = await this.giftCards.retrieveByCodeForCart(code, cart.region_id, manager);
      if (!ids.includes(card.id)) ids.push(card.id);
    }
    await this.clear(cart.id, manager);
    await linkCartGiftCards(manager, cart.id, ids);
  }

  /** Removes every gift card from the cart (a region change). */
  async clear(cartId: string, manager: EntityManager): Promise<void> {
    await unlinkCartGiftCards(manager, cartId);
  }
}
