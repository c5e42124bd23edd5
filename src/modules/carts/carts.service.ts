import { Injectable } from '@nestjs/common';
import { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { Customer } from '../customers/customer.entity';
import { CustomersService } from '../customers/customers.service';
import { PaymentSessionsService } from '../payments/payment-sessions.service';
import { Region } from '../regions/region.entity';
import { SalesChannel } from '../sales-channels/sales-channel.entity';
import { ShippingMethodsService } from '../shipping/shipping-methods.service';
import { StoreSettingsService } from '../store-settings/store-settings.service';
import { Cart } from './cart.entity';
import { CartAddressesService } from './cart-addresses.service';
import { CartDiscountsService } from './cart-discounts.service';
import { CartFollowUpsService } from './cart-follow-ups.service';
import { CartGiftCardsService } from './cart-gift-cards.service';
import { CartLoaderService } from './cart-loader.service';
import { CartMutationRunner } from './cart-mutation.runner';
import type { StorePostCartReq, StorePostCartsCartReq } from './dto/store-carts.dto';
import { LineItemsService } from './line-items.service';

export interface RequestContext {
  customerId?: string;
  ip?: string;
  userAgent?: string;
}

/**
 * Cart creation, reads and the "update cart" operation (customer, region, addresses,
 * sales channel, discounts, gift cards, context). Every change runs under the cart row
 * lock (CartMutationRunner). A logged-in customer never takes over a cart that belongs to
 * another registered customer (Medusa v1 reassigned it on any GET).
 */
@Injectable()
export class CartsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly loader: CartLoaderService,
    private readonly mutations: CartMutationRunner,
    private readonly lineItems: LineItemsService,
    private readonly discounts: CartDiscountsService,
    private readonly giftCards: CartGiftCardsService,
    private readonly addresses: CartAddressesService,
    private readonly followUps: CartFollowUpsService,
    private readonly shippingMethods: ShippingMethodsService,
    private readonly paymentSessions: PaymentSessionsService,
    private readonly customers: CustomersService,
    private readonly storeSettings: StoreSettingsService,
  ) {}

  /** GET: never writes (Medusa v1 re-assigned the session's customer on every read). */
  retrieve(id: string, relations: readonly string[]): Promise<Cart> {
    return this.loader.loadWithTotals(id, { relations });
  }

  /**
   * Creates a cart in `region_id` (or the first region; 400 when there is none) in the
   * given or the store's default sales channel, with the logged-in customer, a shipping
   * address from `country_code` (400 when not in the region; the region's only country
   * when it has one), context `{ip, user_agent, ...context}` and the given items (merged
   * like added lines; quantity 0 counts as 1, as in Medusa v1). One transaction.
   */
  async create(input: StorePostCartReq, ctx: RequestContext): Promise<Cart> {
    return this.tx.run(async (manager) => {
      const region = await this.regionForNewCart(input.region_id, manager);
      const salesChannel = input.sales_channel_id
        ? await this.salesChannel(input.sales_channel_id, manager)
        : await this.storeSettings.defaultSalesChannel(manager);
      const customer = ctx.customerId ? await this.customers.retrieve(ctx.customerId, [], manager) : undefined;
      const repo = manager.getRepository(Cart);
      const cart = repo.create({
        region_id: region.id,
        sales_channel_id: salesChannel.id,
        customer_id: customer?.id ?? null,
        email: customer?.email ?? null,
        type: 'default',
        context: { ip: ctx.ip, user_agent: ctx.userAgent, ...(input.context ?? {}) },
        metadata: null,
      });
      await repo.insert(cart as QueryDeepPartialEntity<Cart>);

      const countries = (region.countries ?? []).map((c) => c.iso_2);
      let country: string | null = null;
      if (input.country_code !== undefined) {
        country = input.country_code.trim().toLowerCase();
        if (!countries.includes(country)) throw ApiError.notAllowed('Shipping country not in region');
      } else if (countries.length === 1) {
        country = countries[0];
      }
      if (country) await this.addresses.setShippingCountry(cart, country, manager);

      for (const item of input.items ?? []) {
        await this.lineItems.add(cart, { variant_id: item.variant_id, quantity: Math.max(1, item.quantity) }, manager);
      }
      return this.loader.loadWithTotals(cart.id, {}, manager);
    });
  }

  /**
   * Updates a cart, in Medusa v1's order: customer (the logged-in one, else a guest for
   * `email`), region (items re-priced, unpriced ones removed; on a change: country,
   * shipping methods, discounts outside the region, gift cards and payment sessions
   * reset), billing and shipping addresses, sales channel, discounts, gift cards,
   * context. `customer_id` in the body may only name the logged-in customer.
   */
  async update(id: string, input: StorePostCartsCartReq, ctx: RequestContext): Promise<Cart> {
    return this.mutations.run(id, async (cart, manager) => {
      await this.updateCustomer(cart, input, ctx, manager);
      const regionChanged = await this.updateRegion(cart, input, manager);
      const region = await regionWithCountries(cart.region_id, manager);
      if (!region) throw ApiError.notFound(`Region with id: ${cart.region_id} was not found`);
      if (input.billing_address !== undefined) await this.addresses.setBilling(cart, input.billing_address, manager);
      if (input.shipping_address !== undefined) {
        await this.addresses.setShipping(cart, input.shipping_address, (region.countries ?? []).map((c) => c.iso_2), manager);
      }
      if (input.sales_channel_id !== undefined && input.sales_channel_id !== cart.sales_channel_id) {
        const channel = await this.salesChannel(input.sales_channel_id, manager);
        await this.lineItems.removeOutsideSalesChannel(cart.id, channel.id, manager);
        await manager.getRepository(Cart).update(cart.id, { sales_channel_id: channel.id });
        cart.sales_channel_id = channel.id;
        await this.shippingMethods.deleteAllForCart(cart.id, manager);
      }
      if (input.discounts !== undefined) await this.discounts.apply(cart, input.discounts.map((d) => d.code), manager);
      if (input.gift_cards !== undefined) await this.giftCards.replace(cart, input.gift_cards.map((g) => g.code), manager);
      if (input.context !== undefined) {
        await manager.getRepository(Cart).update(cart.id, { context: { ...(cart.context ?? {}), ...input.context } } as QueryDeepPartialEntity<Cart>);
      }
      await this.discounts.refreshAdjustments(cart, manager);
      if (!regionChanged) await this.followUps.refreshPaymentSessions(cart, manager);
    });
  }

  /**
   * The customer the update attaches: the logged-in one, else a guest customer for
   * `email` (found or created). A cart already belonging to another registered customer
   * is never taken over (400).
   */
  private async updateCustomer(cart: Cart, input: StorePostCartsCartReq, ctx: RequestContext, manager: EntityManager): Promise<void> {
    if (input.customer_id !== undefined && input.customer_id !== ctx.customerId) {
      throw ApiError.notAllowed('A cart can only be assigned to the logged-in customer');
    }
    let customer: Customer | undefined;
    if (ctx.customerId) customer = await this.customers.retrieve(ctx.customerId, [], manager);
    else if (input.email !== undefined) customer = await this.customers.findOrCreateGuest(input.email, manager);
    if (!customer) return;
    if (cart.customer_id && cart.customer_id !== customer.id) {
      const owner = await manager.getRepository(Customer).findOne({ where: { id: cart.customer_id } });
      if (owner?.has_account) throw ApiError.notAllowed('The cart belongs to another customer');
    }
    await manager.getRepository(Cart).update(cart.id, { customer_id: customer.id, email: customer.email });
    Object.assign(cart, { customer_id: customer.id, email: customer.email });
  }

  /** Applies `region_id` (re-pricing even when unchanged, as Medusa v1); returns whether the region changed. */
  private async updateRegion(cart: Cart, input: StorePostCartsCartReq, manager: EntityManager): Promise<boolean> {
    if (input.region_id === undefined) return false;
    const region = await regionWithCountries(input.region_id, manager);
    if (!region) throw ApiError.notFound(`Region with id: ${input.region_id} was not found`);
    const changed = region.id !== cart.region_id;
    if (changed && cart.payment_authorized_at) throw ApiError.notAllowed('Cannot change the region of a completed cart');
    await this.lineItems.repriceForRegion(cart, region.id, manager);
    if (!changed) return false;

    const countries = (region.countries ?? []).map((c) => c.iso_2);
    const shippingPayload = typeof input.shipping_address === 'object' && input.shipping_address !== null ? input.shipping_address : undefined;
    const requested = input.country_code ?? shippingPayload?.country_code;
    let country: string | null = null;
    if (requested !== undefined) {
      country = requested.trim().toLowerCase();
      if (!countries.includes(country)) throw ApiError.notAllowed('Country not available in region');
    } else if (countries.length === 1) {
      country = countries[0];
    }
    await manager.getRepository(Cart).update(cart.id, { region_id: region.id });
    cart.region_id = region.id;
    await this.addresses.setShippingCountry(cart, country, manager);
    await this.shippingMethods.deleteAllForCart(cart.id, manager);
    await this.discounts.dropOutsideRegion(cart, region.id, manager);
    await this.giftCards.clear(cart.id, manager);
    await this.paymentSessions.deleteAll(cart.id, manager);
    return true;
  }

  private async regionForNewCart(regionId: string | undefined, manager: EntityManager): Promise<Region> {
    const repo = manager.getRepository(Region);
    if (regionId !== undefined) {
      const region = await regionWithCountries(regionId, manager);
      if (!region) throw ApiError.notFound(`Region with id: ${regionId} was not found`);
      return region;
    }
    const [first] = await repo.find({ order: { created_at: 'ASC', id: 'ASC' }, take: 1, relations: { countries: true } });
    if (!first) throw ApiError.invalid('A region is required to create a cart');
    return first;
  }

  private async salesChannel(id: string, manager: EntityManager): Promise<SalesChannel> {
    const channel = await manager.getRepository(SalesChannel).findOne({ where: { id } });
    if (!channel) throw ApiError.notFound(`Sales channel with id: ${id} was not found`);
    if (channel.is_disabled) throw ApiError.notAllowed(`Unable to assign the cart to a disabled Sales Channel "${channel.name}"`);
    return channel;
  }
}

/** The region with its countries in one joined query (`find`, not `findOne`: no DISTINCT paging query). */
async function regionWithCountries(id: string, manager: EntityManager): Promise<Region | null> {
  const [region] = await manager.getRepository(Region).find({ where: { id }, relations: { countries: true } });
  return region ?? null;
}
