import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { updateById } from '../../common/database/row-writes';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { Customer } from '../customers/customer.entity';
import { CustomersService } from '../customers/customers.service';
import { withStoreViewOfCustomer } from '../customers/guest-view';
import { PaymentSessionsService } from '../payments/payment-sessions.service';
import { Region } from '../regions/region.entity';
import { SalesChannel } from '../sales-channels/sales-channel.entity';
import { Cart } from './cart.entity';
import { CartAddressesService } from './cart-addresses.service';
import { CartDiscountsService } from './cart-discounts.service';
import { CartGiftCardsService } from './cart-gift-cards.service';
import { CartLoaderService, CartView } from './cart-loader.service';
import { DEFAULT_CART_RELATIONS } from './cart-relations';
import { CartChange, CartMutationRunner, CartWork } from './cart-mutation.runner';
import { loadCartRegion, regionCountryCodes } from './cart-region';
import { deleteShippingMethods } from './cart-recalculation.repository';
import { insertCart, NewCart } from './carts.repository';
import type { StorePostCartReq, StorePostCartsCartReq } from './dto/store-carts.dto';
import { AddLineInput, LineItemsService } from './line-items.service';

export interface RequestContext {
  customerId?: string;
  ip?: string;
  userAgent?: string;
}

/**
 * A body's cart context without `ip` and `user_agent`: those record what the server saw
 * (fraud checks read them), so a client cannot write them.
 */
function withoutRequestFacts(context: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const { ip: _ip, user_agent: _userAgent, ...rest } = context ?? {};
  return rest;
}

/**
 * Cart creation, reads, the "update cart" operation (customer, region, addresses,
 * sales channel, discounts, gift cards, context), line item changes and discount removal. Every change runs under the cart row
 * lock (CartMutationRunner). A logged-in customer never takes over a cart that belongs to
 * another registered customer, neither on update nor on GET (which attaches customer-less and guest carts).
 */
@Injectable()
export class CartsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly loader: CartLoaderService,
    private readonly mutations: CartMutationRunner,
    private readonly lineItems: LineItemsService,
    private readonly discounts: CartDiscountsService,
    private readonly giftCards: CartGiftCardsService,
    private readonly addresses: CartAddressesService,
    private readonly paymentSessions: PaymentSessionsService,
    private readonly customers: CustomersService,
  ) {}

  /**
   * GET. With a logged-in customer, a cart without a customer or with only a guest one
   * is first given that customer and its email (as Medusa v1, which storefronts rely on
   * after login), and the updated cart is answered; a cart of another registered customer
   * is answered unchanged. Anonymous reads, and reads of the customer's own cart, never write.
   * `customerId` is undefined for a GET another site made the shopper's browser send
   * (ReadMayChangeState): such a GET only reads. A guest customer (`expand=customer`)
   * shows only its id and email (storeViewOfCustomer).
   */
  async retrieve(id: string, relations: readonly string[], customerId?: string): Promise<CartView> {
    const view = await this.retrieveAttaching(id, relations, customerId);
    withStoreViewOfCustomer(view.cart);
    return view;
  }

  private async retrieveAttaching(id: string, relations: readonly string[], customerId?: string): Promise<CartView> {
    const view = await this.loader.viewCommitted(id, { relations });
    const { cart } = view;
    if (!customerId || cart.customer_id === customerId || cart.completed_at) return view;
    if (cart.customer_id && (await this.hasAccount(cart.customer_id, this.dataSource.manager))) return view;
    const customer = await this.dataSource.getRepository(Customer).findOne({ where: { id: customerId }, select: { id: true, email: true } });
    if (!customer) return view;
    const updated = await this.mutations.changeAndAnswer(id, async ({ cart: locked }, manager) => {
      // Checked again under the lock: the cart may have changed hands since the read.
      if (locked.customer_id === customer.id) return CartChange.nothing();
      if (locked.customer_id && (await this.hasAccount(locked.customer_id, manager))) return CartChange.nothing();
      await updateById(manager, Cart, id, { customer_id: customer.id, email: customer.email });
      // Medusa v1.20 attaches through its cart update: the same two events as POST /store/carts/:id.
      return { kind: 'customer', events: { customerUpdated: true, updated: 'row' } };
    });
    return sameRelations(relations, DEFAULT_CART_RELATIONS) ? updated : this.loader.viewCommitted(id, { relations });
  }

  /**
   * POST /store/carts/:id/line-items, in the idempotency key's `transaction`. The cart row
   * lock makes concurrent adds queue, so all of them persist.
   */
  async addLineItem(cartId: string, input: AddLineInput, transaction: EntityManager): Promise<Cart> {
    // A new line's INSERT rides in the recalculation's statement (CartChange.items).
    const work: CartWork = async ({ cart }, m) => CartChange.items(await this.lineItems.addLeavingInsert(cart, input, m));
    return (await this.mutations.changeAndAnswer(cartId, work, { transaction })).cart;
  }

  /** POST /store/carts/:id/line-items/:line_id; quantity 0 deletes the line. */
  async updateLineItem(cartId: string, lineId: string, input: { quantity: number; metadata?: Record<string, unknown> }): Promise<Cart> {
    const work: CartWork = async ({ cart }, m) => {
      await this.lineItems.update(cart, lineId, input, m);
      return CartChange.items();
    };
    return (await this.mutations.changeAndAnswer(cartId, work)).cart;
  }

  /** DELETE /store/carts/:id/line-items/:line_id; a line not in the cart changes nothing (200). */
  async deleteLineItem(cartId: string, lineId: string): Promise<Cart> {
    return (await this.mutations.changeAndAnswer(cartId, this.deleteLineWork(lineId))).cart;
  }

  /** DELETE /store/carts/:id/discounts/:code (case-insensitive; unknown code: no change). */
  async removeDiscount(cartId: string, code: string): Promise<Cart> {
    const work: CartWork = async ({ cart }, m) => {
      await this.discounts.remove(cart, code, m);
      return { kind: 'cart', events: { updated: 'id' } };
    };
    return (await this.mutations.changeAndAnswer(cartId, work)).cart;
  }

  /** Removes a line: a line not in the cart changes nothing. */
  deleteLineWork(lineId: string): CartWork {
    return async ({ cart }, m) => ((await this.lineItems.delete(cart, lineId, m)) ? CartChange.items() : CartChange.nothing());
  }

  private async hasAccount(customerId: string, manager: EntityManager): Promise<boolean> {
    return manager.getRepository(Customer).exists({ where: { id: customerId, has_account: true } });
  }

  /**
   * Creates a cart in `region_id` (or the first region; 400 when there is none) in the
   * given or the store's default sales channel, with the logged-in customer, a shipping
   * address from `country_code` (400 when not in the region; the region's only country
   * when it has one), context `{...context, ip, user_agent}` (the request's, never the body's) and the given items (merged
   * like added lines; quantity 0 counts as 1, as in Medusa v1). Without items it is one
   * INSERT statement; with items, one transaction.
   */
  async create(input: StorePostCartReq, ctx: RequestContext, draft?: { transaction: EntityManager; metadata: Record<string, unknown> }): Promise<Cart> {
    // Reads and checks first, outside any transaction for the store; the region, its
    // countries and the default sales channel are checked by the INSERT statement itself,
    // so a cart without items is one statement (with its shipping address, when one is
    // derived) and needs no BEGIN/COMMIT round trips.
    const reader = draft?.transaction ?? this.dataSource.manager;
    // null: the store's default channel, which the INSERT itself looks up.
    const salesChannelId = input.sales_channel_id ? (await this.salesChannel(input.sales_channel_id, reader)).id : null;
    const customer = ctx.customerId ? await this.customers.retrieve(ctx.customerId, [], reader) : undefined;
    const newCart: NewCart = {
      id: generateEntityId(Cart.idPrefix),
      type: draft ? 'draft_order' : 'default',
      regionId: input.region_id ?? null,
      salesChannelId,
      customerId: customer?.id ?? null,
      email: customer?.email ?? null,
      context: boundedJson('context', { ...withoutRequestFacts(input.context), ip: ctx.ip, user_agent: ctx.userAgent }),
      metadata: draft?.metadata ?? null,
      countryCode: input.country_code?.trim().toLowerCase() ?? null,
    };
    const items = input.items ?? [];
    if (items.length === 0) return (await this.loader.viewOfNewCart(await insertCart(reader, newCart))).cart;
    // Not a CartMutationRunner command (docs/architecture.md, request path): the cart is
    // new, so there is nothing to lock nor to recalculate.
    return this.tx.run(async (manager) => {
      const { cart } = await insertCart(manager, newCart);
      for (const item of items) {
        await this.lineItems.add(cart, { variant_id: item.variant_id, quantity: Math.max(1, item.quantity) }, manager);
      }
      return (await this.loader.view(cart.id, {}, manager)).cart;
    });
  }

  /**
   * Updates a cart, in Medusa v1's order: customer (the logged-in one, else a guest for
   * `email`), region (items re-priced, unpriced ones removed; on a change: country,
   * shipping methods, discounts outside the region, gift cards and payment sessions
   * reset), billing and shipping addresses, sales channel, discounts, gift cards,
   * context. `customer_id` in the body may only name the logged-in customer. A cart
   * belonging to another registered customer is never taken over (400).
   */
  async update(id: string, input: StorePostCartsCartReq, ctx: RequestContext): Promise<Cart> {
    return (await this.mutations.changeAndAnswer(id, this.updateWork(input, ctx, false))).cart;
  }

  /**
   * update()'s work, for the commands of other modules (CartCommands). `mayTakeOver`: an
   * admin (draft orders) moving the cart to another customer, even away from a registered
   * one; the store never may.
   */
  updateWork(input: StorePostCartsCartReq, ctx: RequestContext, mayTakeOver: boolean): CartWork {
    return async (locked, manager) => {
      const { cart } = locked;
      const customerChanged = await this.updateCustomer(cart, input, ctx, manager, mayTakeOver);
      const { region, changed: regionChanged } = await this.updateRegion(cart, input, manager);
      if (input.billing_address !== undefined) await this.addresses.setBilling(cart, input.billing_address, manager);
      if (input.shipping_address !== undefined) {
        const countries = regionCountryCodes(region ?? (await this.loader.lockedCartRegion(locked, manager)));
        await this.addresses.setShipping(cart, input.shipping_address, countries, manager);
      }
      if (input.sales_channel_id !== undefined && input.sales_channel_id !== cart.sales_channel_id) {
        const channel = await this.salesChannel(input.sales_channel_id, manager);
        await this.lineItems.removeOutsideSalesChannel(cart.id, channel.id, manager);
        await updateById(manager, Cart, cart.id, { sales_channel_id: channel.id });
        cart.sales_channel_id = channel.id;
        await deleteShippingMethods(manager, cart.id);
      }
      // The discounts just written are the cart's discounts: the adjustments are rebuilt from them without reading them back.
      const applied =
        input.discounts !== undefined
          ? await this.discounts.apply(
              cart,
              input.discounts.map((d) => d.code),
              manager,
            )
          : undefined;
      if (input.gift_cards !== undefined)
        await this.giftCards.replace(
          cart,
          input.gift_cards.map((g) => g.code),
          manager,
        );
      if (input.context !== undefined) {
        const context = boundedJson('context', { ...(cart.context ?? {}), ...withoutRequestFacts(input.context) }, cart.context);
        await updateById(manager, Cart, cart.id, { context });
      }
      // Medusa v1.20: the bare cart id when the customer changed, then the saved cart row.
      return { kind: 'cart', discounts: applied, sessionsDropped: regionChanged, events: { customerUpdated: customerChanged, updated: 'row' } };
    };
  }

  /**
   * The customer the update attaches: the logged-in one, else a guest customer for
   * `email` (found or created). A cart already belonging to another registered customer
   * is never taken over (400). True when the cart changed customer (`cart.customer_updated`).
   */
  private async updateCustomer(cart: Cart, input: StorePostCartsCartReq, ctx: RequestContext, manager: EntityManager, mayTakeOver: boolean): Promise<boolean> {
    if (input.customer_id !== undefined && input.customer_id !== ctx.customerId) {
      throw ApiError.notAllowed('A cart can only be assigned to the logged-in customer');
    }
    let customer: Pick<Customer, 'id' | 'email'> | undefined;
    if (ctx.customerId) customer = await this.customers.retrieve(ctx.customerId, [], manager);
    else if (input.email !== undefined) customer = await this.customers.findOrCreateGuest(input.email, manager);
    if (!customer) return false;
    if (cart.customer_id && cart.customer_id !== customer.id && !mayTakeOver) {
      const owner = await manager.getRepository(Customer).findOne({ where: { id: cart.customer_id } });
      if (owner?.has_account) throw ApiError.notAllowed('The cart belongs to another customer');
    }
    const changed = cart.customer_id !== customer.id;
    await updateById(manager, Cart, cart.id, { customer_id: customer.id, email: customer.email });
    Object.assign(cart, { customer_id: customer.id, email: customer.email });
    return changed;
  }

  /**
   * Applies `region_id` (re-pricing even when unchanged, as Medusa v1). Returns the new
   * region (404 when unknown), so the update loads it once, and whether it changed; no
   * region without `region_id` (the cart's own is only read when an address needs its
   * countries; the recalculation refuses a cart whose region is gone).
   */
  private async updateRegion(cart: Cart, input: StorePostCartsCartReq, manager: EntityManager): Promise<{ region: Region | null; changed: boolean }> {
    if (input.region_id === undefined) return { region: null, changed: false };
    const region = await loadCartRegion(input.region_id, manager);
    const changed = region.id !== cart.region_id;
    if (changed && cart.payment_authorized_at) throw ApiError.notAllowed('Cannot change the region of a completed cart');
    await this.lineItems.repriceForRegion(cart, region, manager);
    if (!changed) return { region, changed };

    const countries = regionCountryCodes(region);
    const shippingPayload = typeof input.shipping_address === 'object' && input.shipping_address !== null ? input.shipping_address : undefined;
    const requested = input.country_code ?? shippingPayload?.country_code;
    let country: string | null = null;
    if (requested !== undefined) {
      country = requested.trim().toLowerCase();
      if (!countries.includes(country)) throw ApiError.notAllowed('Country not available in region');
    } else if (countries.length === 1) {
      country = countries[0];
    }
    await updateById(manager, Cart, cart.id, { region_id: region.id });
    cart.region_id = region.id;
    await this.addresses.setShippingCountry(cart, country, manager);
    await deleteShippingMethods(manager, cart.id);
    await this.discounts.dropOutsideRegion(cart, region.id, manager);
    await this.giftCards.clear(cart.id, manager);
    await this.paymentSessions.deleteAll(cart.id, manager);
    return { region, changed };
  }

  private async salesChannel(id: string, manager: EntityManager): Promise<SalesChannel> {
    const channel = await manager.getRepository(SalesChannel).findOne({ where: { id } });
    if (!channel) throw ApiError.notFound(`Sales channel with id: ${id} was not found`);
    if (channel.is_disabled) throw ApiError.notAllowed(`Unable to assign the cart to a disabled Sales Channel "${channel.name}"`);
    return channel;
  }
}

function sameRelations(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((path, i) => path === b[i]);
}
