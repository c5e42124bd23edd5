import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import type { EngineDiscount } from '../discounts/engine';
import { emitEvents, EventToEmit } from '../events/outbox';
import { Cart } from './cart.entity';
import { CartLoaderService, CartView, LockedCart } from './cart-loader.service';
import { CartRecalculationService } from './cart-recalculation.service';
import type { NewLineRow } from './line-items.repository';

/**
 * Medusa's cart events a change reports, written in the change's transaction (the cart row
 * lock orders them). The runner decides where they ride: `cart.updated` `{ id }` in the
 * recalculation's statement when there is one; anything built from the saved cart in one
 * INSERT after the answer is read.
 */
interface CartChangeEvents {
  /** `cart.customer_updated` with the bare cart id (Medusa v1.20's update, when the customer changed), before `cart.updated`. */
  customerUpdated?: boolean;
  /**
   * `cart.updated`: `id` carries `{ id }` (line items, discount removal, shipping methods),
   * `row` the saved cart row's columns (Medusa v1.20's cart update).
   */
  updated: 'id' | 'row';
  /**
   * The work's own statement already wrote them (`updated: 'id'` only, from
   * cartUpdatedEvents): known before the work runs, they ride in its write, and the runner
   * writes nothing more.
   */
  writtenByWork?: boolean;
}

/**
 * What a cart operation's work changed, which alone decides what CartMutationRunner does
 * after it. Build one with `CartChange.*`.
 */
export type CartChange =
  /** Nothing was written: nothing is recalculated and no event written. */
  | { kind: 'nothing' }
  /**
   * Lines added, changed or removed: shipping methods dropped, adjustments rebuilt, payment
   * sessions follow the total. `newLine`: a line the work checked and priced but left for
   * the recalculation's first statement to insert (LineItemsService.addLeavingInsert).
   */
  | { kind: 'items'; events: CartChangeEvents; newLine?: NewLineRow }
  /**
   * Any other field the totals read (customer, region, addresses, sales channel, discounts,
   * gift cards, context): adjustments rebuilt, payment sessions follow the total.
   * `discounts`: the cart's discounts when the work has just written them (not read back);
   * `sessionsDropped`: the work dropped the payment sessions (a region change).
   */
  | { kind: 'cart'; events: CartChangeEvents; discounts?: readonly EngineDiscount[]; sessionsDropped?: boolean }
  /**
   * A shipping method replaced: payment sessions follow the total (`hasSessions`: whether
   * there are any, as the work's own statement saw). `check` sees the answer before the
   * commit: a rule on the cart's totals is checked on the read the answer needs anyway, and
   * a refusal (thrown) rolls the change back.
   */
  | { kind: 'shipping'; events: CartChangeEvents; hasSessions: boolean; check?: (answer: Cart) => void }
  /** Payment sessions created, selected, changed or removed: they are what a recalculation refreshes, so nothing is. */
  | { kind: 'payment' }
  /** The cart was retired (soft-deleted with its draft order): nothing is left to recalculate, and Medusa v1 reports no event. */
  | { kind: 'deleted' }
  /**
   * The cart's customer and email attached by a logged-in shopper's GET: as the attach
   * always did, nothing is recalculated.
   */
  | { kind: 'customer'; events: CartChangeEvents };

export const CartChange = {
  nothing: (): CartChange => ({ kind: 'nothing' }),
  items: (newLine?: NewLineRow): CartChange => ({ kind: 'items', events: { updated: 'id' }, ...(newLine ? { newLine } : {}) }),
  payment: (): CartChange => ({ kind: 'payment' }),
  deleted: (): CartChange => ({ kind: 'deleted' }),
} as const;

/** A cart operation's work: run under the cart row lock, in the command's transaction. */
export type CartWork = (locked: LockedCart, manager: EntityManager) => Promise<CartChange>;

/** Where a command runs: its own transaction, or the caller's (an idempotency key's, a draft order's). */
export interface CartCommandOptions {
  transaction?: EntityManager;
}

/**
 * The one way a cart is changed, by the store routes and draft orders alike: in ONE
 * transaction (or the caller's), the cart row is locked, a completed cart refused, the
 * work run; then, from the change record the work returns and nothing else, the runner
 * recalculates, writes the change's events and, when the caller asks for it (or the change
 * needs it), reads the answer with its totals before the commit (its row version is the
 * committing transaction's, what GET's response cache compares).
 */
@Injectable()
export class CartMutationRunner {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly loader: CartLoaderService,
    private readonly recalculation: CartRecalculationService,
  ) {}

  /** Runs the command and answers the cart as changed (`forceTaxes`: with taxes computed even where the region computes them only at checkout). */
  async changeAndAnswer(cartId: string, work: CartWork, options: CartCommandOptions & { forceTaxes?: boolean } = {}): Promise<CartView> {
    const view = await this.run(cartId, work, options.transaction, { forceTaxes: options.forceTaxes });
    return view!;
  }

  /** Runs the command without answering: the cart is read only when the change itself needs its answer. */
  async change(cartId: string, work: CartWork, options: CartCommandOptions = {}): Promise<void> {
    await this.run(cartId, work, options.transaction, undefined);
  }

  private run(
    cartId: string,
    work: CartWork,
    transaction: EntityManager | undefined,
    answer: { forceTaxes?: boolean } | undefined,
  ): Promise<CartView | undefined> {
    return this.tx.run(
      async (manager) => {
        const locked = await this.loader.lock(cartId, manager);
        assertOpen(locked.cart);
        const change = await work(locked, manager);
        const events = 'events' in change ? change.events : undefined;
        // `cart.updated` `{ id }` names only the cart: known now, so it rides in the recalculation's statement.
        const known = events?.updated === 'id' && !events.writtenByWork ? cartEvents(events, cartId) : [];
        await this.recalculate(locked.cart, change, known, manager);
        const check = change.kind === 'shipping' ? change.check : undefined;
        const reportsRow = events?.updated === 'row';
        if (!answer && !check && !reportsRow) return undefined;
        const view = await this.loader.view(cartId, { forceTaxes: answer?.forceTaxes }, manager);
        check?.(view.cart);
        // After the check, which a refused change never passes.
        if (events?.updated === 'row') await emitEvents(manager, cartEvents(events, cartId, this.cartRow(view.cart)));
        return answer ? view : undefined;
      },
      { manager: transaction },
    );
  }

  /** What the change invalidates, recalculated; `events`: the change's events known before the answer, written here. */
  private async recalculate(cart: Cart, change: CartChange, events: EventToEmit[], manager: EntityManager): Promise<void> {
    switch (change.kind) {
      case 'items':
      case 'cart':
        await this.recalculation.afterCartChanged(cart, manager, {
          itemsChanged: change.kind === 'items',
          newLine: change.kind === 'items' ? change.newLine : undefined,
          discounts: change.kind === 'cart' ? change.discounts : undefined,
          refreshSessions: !(change.kind === 'cart' && change.sessionsDropped),
          events,
        });
        return;
      case 'shipping':
        if (change.hasSessions) await this.recalculation.refreshPaymentSessions(cart, manager);
        break;
    }
    await emitEvents(manager, events);
  }

  /** The cart row's columns (what Medusa's `cart.updated` carries after an update), from the cart read for the answer. */
  private cartRow(cart: Cart): Record<string, unknown> & { id: string } {
    const row = Object.fromEntries(
      this.dataSource.getMetadata(Cart).columns.map((c) => [c.propertyName, (cart as unknown as Record<string, unknown>)[c.propertyName]]),
    );
    return { ...row, id: cart.id };
  }
}

/**
 * A change's `cart.updated` `{ id }`, for a work that writes it in its own statement (and
 * reports `writtenByWork`): the same event the runner would write after it.
 */
export function cartUpdatedEvents(cartId: string): EventToEmit[] {
  return cartEvents({ updated: 'id' }, cartId);
}

/** The change's events in Medusa v1.20's order: the bare cart id when the customer changed, then `cart.updated`. */
function cartEvents(events: CartChangeEvents, cartId: string, row?: Record<string, unknown>): EventToEmit[] {
  return [
    ...(events.customerUpdated ? [{ name: 'cart.customer_updated' as const, data: cartId }] : []),
    { name: 'cart.updated', data: events.updated === 'row' ? row! : { id: cartId } },
  ];
}

/**
 * A completed cart is frozen: its line items, shipping methods and addresses now belong
 * to its order too (Medusa v1 left completed carts editable, which could rewrite orders).
 */
function assertOpen(cart: Cart): void {
  if (cart.completed_at) throw ApiError.notAllowed('The cart has been completed and can no longer be changed');
}
