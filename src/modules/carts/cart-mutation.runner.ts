import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { emitEvents, EventToEmit } from '../events/outbox';
import type { Cart } from './cart.entity';
import { CartLoaderService, CartView } from './cart-loader.service';
import { CartRecalculationService } from './cart-recalculation.service';

/** What a mutation's work may answer: `unchanged` when it wrote nothing, so nothing is recalculated. */
export type CartWorkOutcome = void | 'unchanged';

export interface CartMutationOptions {
  /** The caller's transaction (an idempotency key's, or a draft order's creation). */
  manager?: EntityManager;
  /**
   * The recalculation to run after the work (CartRecalculationService): `items` after lines
   * were added, changed or removed (shipping methods dropped too), `cart` after any other
   * change. Without it, the work runs whatever follow-up it needs itself.
   */
  recalculate?: 'items' | 'cart';
  /** Answer with taxes computed even where the region computes them only at checkout. */
  forceTaxes?: boolean;
  /**
   * Sees the answer before the commit: a rule that depends on the cart's totals checks them
   * there, on the read the answer needs anyway, and a refusal (thrown) rolls the change back.
   */
  verify?: (result: Cart) => void;
  /**
   * The events the change reports (Medusa's `cart.updated`, ...), given the cart as read for
   * the answer: written by one INSERT in the transaction, after the verified read, so the
   * cart row lock orders them; none when the work answered `unchanged`.
   */
  events?: (result: Cart) => EventToEmit[];
  /**
   * Reports the change as Medusa's `cart.updated` `{ id }` (line items, discount removal,
   * shipping methods): inside the recalculation's statement when there is one, else its own
   * INSERT; none when the work answered `unchanged`.
   */
  reportsUpdate?: boolean;
}

/** `cart.updated` with Medusa's `{ id }` (line items, discount removal, shipping methods). */
const cartUpdated = (cartId: string): EventToEmit[] => [{ name: 'cart.updated', data: { id: cartId } }];

/**
 * The one way a cart is changed, by the store routes and draft orders alike: in ONE
 * transaction (or the caller's), the cart row is locked, a completed cart refused, the
 * work run, the cart recalculated, and the answer read with its totals before the commit
 * (its row version is the committing transaction's, what GET's response cache compares).
 */
@Injectable()
export class CartMutationRunner {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly loader: CartLoaderService,
    private readonly recalculation: CartRecalculationService,
  ) {}

  async mutate(cartId: string, work: (cart: Cart, manager: EntityManager) => Promise<CartWorkOutcome>, options: CartMutationOptions = {}): Promise<CartView> {
    return this.tx.run(
      async (manager) => {
        const cart = await this.loader.lock(cartId, manager);
        assertOpen(cart);
        const outcome = await work(cart, manager);
        const changed = outcome !== 'unchanged';
        // Medusa's `cart.updated` names only the cart: known now, so it rides in the recalculation's statement.
        const updated = changed && options.reportsUpdate ? cartUpdated(cart.id) : [];
        if (options.recalculate && changed) {
          await this.recalculation.afterCartChanged(cart, manager, { itemsChanged: options.recalculate === 'items', events: updated });
        } else if (updated.length) {
          await emitEvents(manager, updated);
        }
        const view = await this.loader.view(cartId, { forceTaxes: options.forceTaxes }, manager);
        options.verify?.(view.cart);
        if (options.events && changed) await emitEvents(manager, options.events(view.cart));
        return view;
      },
      { manager: options.manager },
    );
  }
}

/**
 * A completed cart is frozen: its line items, shipping methods and addresses now belong
 * to its order too (Medusa v1 left completed carts editable, which could rewrite orders).
 */
function assertOpen(cart: Cart): void {
  if (cart.completed_at) throw ApiError.notAllowed('The cart has been completed and can no longer be changed');
}
