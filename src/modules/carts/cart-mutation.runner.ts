import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import type { Cart } from './cart.entity';
import { CartLoaderService, DEFAULT_CART_RELATIONS } from './cart-loader.service';
import { CART_TOTALS_RELATIONS, CartTotalsService } from './cart-totals.service';

/**
 * The one way a cart is changed: a transaction (or the caller's, e.g. an idempotency
 * key's) that first locks the cart row, refuses completed carts, runs the change and
 * reads the result back with its totals before committing. `verify` sees that result
 * before the commit: a rule that depends on the cart's totals checks them there, on the
 * read the answer needs anyway, and a refusal (thrown) rolls the change back.
 */
@Injectable()
export class CartMutationRunner {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly loader: CartLoaderService,
    private readonly totals: CartTotalsService,
  ) {}

  async run(
    cartId: string,
    work: (cart: Cart, manager: EntityManager) => Promise<void>,
    options: { manager?: EntityManager; forceTaxes?: boolean; verify?: (result: Cart) => void } = {},
  ): Promise<Cart> {
    return this.tx.run(
      async (manager) => {
        const cart = await this.loader.lock(cartId, manager);
        assertOpen(cart);
        await work(cart, manager);
        const result = await this.loader.loadWithTotals(cartId, { forceTaxes: options.forceTaxes }, manager);
        options.verify?.(result);
        return result;
      },
      { manager: options.manager },
    );
  }

  /**
   * run() for a change that needs the very cart tree it answers with and writes only the
   * `changed` relations of it (payment sessions): the tree is read once, under the lock,
   * and handed to `work`; afterwards only the cart row and `changed` are read again and
   * put in the tree, which is then decorated with its totals. The answer is what
   * loadWithTotals would read, with one full tree read instead of two.
   */
  async runOnLoadedCart(
    cartId: string,
    work: (tree: Cart, manager: EntityManager) => Promise<void>,
    options: { changed: readonly string[]; manager?: EntityManager; forceTaxes?: boolean },
  ): Promise<Cart> {
    return this.tx.run(
      async (manager) => {
        const locked = await this.loader.lock(cartId, manager);
        assertOpen(locked);
        const tree = await this.loader.load(cartId, ANSWER_RELATIONS, manager);
        await work(tree, manager);
        await this.loader.reload(tree, options.changed, manager);
        await this.totals.decorate(tree, { forceTaxes: options.forceTaxes });
        return tree;
      },
      { manager: options.manager },
    );
  }
}

/** What loadWithTotals reads by default: a cart answer's relations and its totals'. */
const ANSWER_RELATIONS = [...DEFAULT_CART_RELATIONS, ...CART_TOTALS_RELATIONS];

/**
 * A completed cart is frozen: its line items, shipping methods and addresses now belong
 * to its order too (Medusa v1 left completed carts editable, which could rewrite orders).
 */
export function assertOpen(cart: Cart): void {
  if (cart.completed_at) throw ApiError.notAllowed('The cart has been completed and can no longer be changed');
}
